import { describe, expect, it } from 'vitest'
import { inSentence, kinds, withArticle } from './kinds'

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
