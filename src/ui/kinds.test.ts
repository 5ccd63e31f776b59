import { describe, expect, it } from 'vitest'
import { inSentence, kinds, manyInSentence, noneOf, withArticle } from './kinds'

describe('inSentence and withArticle', () => {
  it.each([
    ['project', kinds.project, 'a project'],
    ['anti-affinity group', kinds.antiAffinityGroup, 'an anti-affinity group'],
    ['floating IP', kinds.floatingIp, 'a floating IP'],
    ['VPC', kinds.vpc, 'a VPC'],
    ['IP pool', kinds.ipPool, 'an IP pool'],
    ['SSH key', kinds.sshKey, 'an SSH key'],
  ])('lower-cases a noun inside a sentence but keeps an abbreviation at its start: %s', (noun, kind, a) => {
    expect(inSentence(kind)).toBe(noun)
    expect(withArticle(kind)).toBe(a)
  })
})

describe('manyInSentence', () => {
  it.each([
    ['routes', kinds.route],
    ['internet gateways', kinds.internetGateway],
    ['IP pools', kinds.gatewayIpPool],
    ['IP addresses', kinds.gatewayIpAddress],
    ['IP pools', kinds.ipPool],
  ])('says the list title inside a sentence by the same rule: %s', (many, kind) => {
    expect(manyInSentence(kind)).toBe(many)
  })
})

describe('noneOf', () => {
  it('titles an empty list by its list title inside a sentence', () => {
    expect(noneOf(kinds.ipPool)).toBe('No IP pools')
    expect(noneOf(kinds.antiAffinityGroup)).toBe('No anti-affinity groups')
    expect(noneOf(kinds.accessToken)).toBe('No access tokens')
  })
})
