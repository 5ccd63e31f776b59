import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { vIpNet, vL4PortRange, vName, vNameOrId } from '../api/__generated__/schemas'
import { S } from '../strings'
import {
  check,
  type FieldRule,
  gibRule,
  IP,
  IP_NET,
  NAME,
  NAME_OR_ID,
  PORT_RANGE,
  parsePortRange,
  required,
  requiredIp,
} from './validation'

// Strings near the edges of each rule, so random runs hit both sides often.
const nameish = fc.oneof(
  fc.string({ maxLength: 70 }),
  fc.stringMatching(/^[a-zA-Z0-9-]{0,66}$/),
  fc.uuid(),
  fc.uuid().map((u) => u.toUpperCase()),
)
const ipish = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.ipV4Extended(),
  fc.string({ maxLength: 20 }),
  fc.stringMatching(/^[0-9a-f:.]{0,24}$/),
)

/** A rule accepts exactly what the generated schema accepts, over `runs` random strings. */
function agrees(rule: FieldRule, schema: v.GenericSchema, strings: fc.Arbitrary<string>, runs: number) {
  fc.assert(
    fc.property(strings, (s) => {
      expect(check(rule, s) === undefined).toBe(v.is(schema, s))
    }),
    { numRuns: runs },
  )
}

describe('NAME: the contract rule, with our messages', () => {
  it('accepts what nexus.json allows, including uppercase after the first letter', () => {
    for (const ok of ['a', 'data-1', 'disK', 'myDisk2', 'a'.repeat(63), 'abc-0123'])
      expect(check(NAME, ok)).toBe(undefined)
  })
  it('explains each refusal', () => {
    expect(check(NAME, '')).toBe('Name is required')
    expect(check(NAME, 'a'.repeat(64))).toBe('Name must be at most 63 characters')
    expect(check(NAME, '1disk')).toBe('Name must start with a lowercase letter')
    expect(check(NAME, 'Disk')).toBe('Name must start with a lowercase letter')
    expect(check(NAME, 'disk_1')).toBe('Name may contain only letters, digits and hyphens')
    expect(check(NAME, 'disk-')).toBe('Name must not end with a hyphen')
    expect(check(NAME, 'abcdef01-2345-6789-abcd-ef0123456789')).toBe('Name must not be a UUID')
  })
  it('property: agrees with the generated Name schema on random strings', () => {
    agrees(NAME, vName, nameish, 2000)
  })
  it('property: NAME_OR_ID agrees with the generated NameOrId schema', () => {
    agrees(NAME_OR_ID, vNameOrId, nameish, 1000)
  })
})

describe('IP and IP network (spec 5 messages)', () => {
  it('uses the spec wording', () => {
    expect(check(IP, '10.0.0.1')).toBe(undefined)
    expect(check(IP, 'fd00::1')).toBe(undefined)
    expect(check(IP, '10.0.0.256')).toBe(S.invalidIp)
    expect(check(IP_NET, '10.0.0.0/24')).toBe(undefined)
    expect(check(IP_NET, 'fd00::/64')).toBe(undefined)
    expect(check(IP_NET, '10.0.0.0')).toBe(S.networkNeedsWidth)
    expect(check(IP_NET, '10.0.0.0/x')).toBe(S.widthInteger)
    expect(check(IP_NET, '10.0.0.0/33')).toBe(S.maxWidthV4)
    expect(check(IP_NET, 'fd00::/129')).toBe(S.maxWidthV6)
    expect(check(IP_NET, '10.0.300.0/8')).toBe(S.invalidIp)
  })
  it('property: IP_NET agrees with the generated IpNet schema', () => {
    const net = fc.oneof(
      fc.tuple(fc.oneof(fc.ipV4(), fc.ipV6(), ipish), fc.nat(140)).map(([a, w]) => `${a}/${w}`),
      ipish,
    )
    agrees(IP_NET, vIpNet, net, 2000)
  })
})

describe('PORT_RANGE', () => {
  it('trims, takes a single port or a range, and refuses a reversed range', () => {
    expect(parsePortRange(' 22 ')).toEqual({ start: 22, end: 22 })
    expect(parsePortRange('8000-8080')).toEqual({ start: 8000, end: 8080 })
    expect(parsePortRange('80-22')).toBe(undefined)
    expect(check(PORT_RANGE, ' 8000-8080 ')).toBe(undefined)
    expect(check(PORT_RANGE, '80-22')).toMatch(/below its start/)
    expect(check(PORT_RANGE, '22-')).toMatch(/like 22 or 8000-8080/)
  })
  it('property: accepted values are the contract L4PortRange (trimmed) with start <= end <= 65535', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^ ?[0-9]{1,6}(-[0-9]{0,6})? ?$/), fc.string()), (s) => {
        const r = /^(\d+)(?:-(\d+))?$/.exec(s.trim())
        const end = Number(r?.[2] ?? r?.[1])
        const expected = v.is(vL4PortRange, s.trim()) && r !== null && end >= Number(r[1]) && end <= 65535
        expect(check(PORT_RANGE, s) === undefined).toBe(expected)
      }),
    )
  })
})

describe('sizes and required text', () => {
  // Whole GiB from 1 to the cap; each refusal says what is wrong with the text typed.
  it.each([
    ['1', undefined],
    ['1023', undefined],
    ['0', 'Size must be at least 1 GiB'],
    ['-5', 'Size must be at least 1 GiB'],
    ['1024', 'Size must be at most 1023 GiB'],
    ['1.5', 'Size must be a whole number of GiB'],
    ['-1.5', 'Size must be a whole number of GiB'],
    ['', 'Size is required'],
    ['  ', 'Size is required'],
  ])('a size of %j: %s', (typed, message) => {
    expect(check(gibRule(1023), typed)).toBe(message)
  })
  it('a required address names the blank field, and holds the rest to the IP rule', () => {
    const last = requiredIp('Last')
    expect(check(last, '')).toBe('Last is required')
    expect(check(last, '10.0.0.300')).toBe('Not a valid IP address')
    expect(check(last, '10.0.0.3')).toBe(undefined)
  })
  it('required refuses blank text', () => {
    expect(check(required('Public key'), '  ')).toBe('Public key is required')
    expect(check(required('Public key'), 'ssh-ed25519 AAAA')).toBe(undefined)
  })
})
