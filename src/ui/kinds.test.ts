import { describe, expect, it } from 'vitest'
import { inSentence, kinds } from './kinds'

describe('inSentence', () => {
  it('lower-cases a noun inside a sentence but keeps an abbreviation at its start', () => {
    expect(inSentence(kinds.project)).toBe('project')
    expect(inSentence(kinds.antiAffinityGroup)).toBe('anti-affinity group')
    expect(inSentence(kinds.floatingIp)).toBe('floating IP')
    expect(inSentence(kinds.vpc)).toBe('VPC')
    expect(inSentence(kinds.ipPool)).toBe('IP pool')
    expect(inSentence(kinds.sshKey)).toBe('SSH key')
  })
})
