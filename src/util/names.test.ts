import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { vName } from '../api/__generated__/schemas'
import { generateName, MAX_NAME_LENGTH } from './names'

describe('generateName', () => {
  it('joins parts with a 6-character hex suffix', () => {
    const name = generateName(['db1', 'disk'])
    expect(name).toMatch(/^db1-disk-[0-9a-f]{6}$/)
  })
  it('keeps short names whole', () => {
    expect(generateName(['instance', 'snapshot'], 'abcdef')).toBe('instance-snapshot-abcdef')
  })
  it('truncates the longest part first so the total is exactly 63', () => {
    const name = generateName(['a'.repeat(60), 'boot'], 'abcdef')
    expect(name.length).toBe(MAX_NAME_LENGTH)
    expect(name.endsWith('-boot-abcdef')).toBe(true)
  })
  it('property: any parts give a name of at most 63 characters ending with -<6 hex>', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.stringMatching(/^[a-z][a-z0-9-]{0,80}$/).filter((s) => !s.includes('--')),
          { maxLength: 6 },
        ),
        (parts) => {
          const name = generateName(parts)
          expect(name.length).toBeLessThanOrEqual(MAX_NAME_LENGTH)
          expect(name).toMatch(/(^|-)[0-9a-f]{6}$/)
          expect(name).not.toMatch(/--/)
        },
      ),
    )
  })
  it('property: parts that fit are kept whole', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/), { minLength: 1, maxLength: 5 }),
        (parts) => {
          expect(generateName(parts, '012345')).toBe(`${parts.join('-')}-012345`)
        },
      ),
    )
  })
  it('property: names built from valid names are valid names under the contract (nexus.json Name)', () => {
    const name = fc.stringMatching(/^[a-z]([a-zA-Z0-9-]{0,70}[a-zA-Z0-9])?$/).filter((s) => s.length <= 63)
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 5 }), (parts) => {
        expect(v.is(vName, generateName(parts))).toBe(true)
      }),
    )
  })
})
