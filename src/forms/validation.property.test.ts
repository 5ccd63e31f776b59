// Property tests of the spec 5 validators over random and hostile strings: no input makes a rule
// throw, and no accepted value breaks the rule. The oracles are independent of the code under test:
// Node's own address parser (node:net) for IPs, the WHATWG URL parser to canonicalise IPv6, plain
// regular expressions for ports and names.
import { isIP } from 'node:net'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { S } from '../strings'
import { check, type FieldRule, IP, IP_NET, NAME, PORT_RANGE, parsePortRange } from './validation'

const RUNS = { numRuns: 3000 }

// Inputs a user (or a paste) can bring: any Unicode, control characters, lone surrogates, very long
// strings, and strings near each rule's edges.
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 5000 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    '{{7*7}}',
    '1e400',
    'NaN',
    '-0',
    '0x10',
    '١٢٣',
  ),
)
const ipish = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.ipV4Extended(),
  fc.stringMatching(/^[0-9a-fA-F:.%]{0,40}$/),
  fc.tuple(fc.ipV6(), fc.stringMatching(/^%[a-z0-9]{1,5}$/)).map(([a, zone]) => a + zone),
  fc
    .tuple(fc.constantFrom('::ffff:', '1::', '::'), fc.array(fc.nat(300), { minLength: 4, maxLength: 4 }))
    .map(([head, octets]) => head + octets.map((o) => (o % 3 === 0 ? `0${o}` : `${o}`)).join('.')),
)
const netish = fc.oneof(
  fc
    .tuple(ipish, fc.oneof(fc.nat(200).map(String), fc.stringMatching(/^[0-9a-z+-. ]{0,5}$/)))
    .map(([a, w]) => `${a}/${w}`),
  fc.stringMatching(/^[0-9a-fA-F:.%/]{0,44}$/),
  hostile,
)
const portish = fc.oneof(
  fc.stringMatching(/^\s{0,2}[0-9]{1,6}(-[0-9]{0,6})?\s{0,2}$/),
  fc.tuple(fc.nat(70000), fc.nat(70000)).map(([a, b]) => `${a}-${b}`),
  fc.nat(99999).map(String),
  hostile,
)
const nameish = fc.oneof(
  fc.stringMatching(/^[a-zA-Z0-9_-]{0,66}$/),
  fc.uuid(),
  fc.uuid().map((u) => u.toUpperCase()),
  hostile,
)

/** A rule's verdict: the message, or undefined when accepted. Must never throw, whatever the input. */
function verdict(rule: FieldRule, s: string): string | undefined {
  const message = check(rule, s)
  if (message !== undefined) expect(typeof message === 'string' && message.length > 0).toBe(true)
  return message
}

/** An IP address to Node: four decimal octets without leading zeros, or IPv6 (no zone ids here). */
const isAddress = (s: string) => isIP(s) !== 0 && !s.includes('%')

/** IPv6 in its canonical text (the URL parser's), which every IPv6 validator must take. */
const canonicalV6 = (s: string) => new URL(`http://[${s}]`).hostname.slice(1, -1)

describe('IP (spec 5: "Not a valid IP address")', () => {
  it('property: never throws, and accepts only what is an IPv4 or IPv6 address', () => {
    fc.assert(
      fc.property(fc.oneof(ipish, hostile), (s) => {
        const message = verdict(IP, s)
        if (message === undefined) expect(isAddress(s)).toBe(true)
        else expect(message).toBe(S.invalidIp)
      }),
      RUNS,
    )
  })
  it('property: accepts every IPv4 address and every IPv6 address in canonical form', () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.ipV6(), (v4, v6) => {
        expect(verdict(IP, v4)).toBe(undefined)
        expect(verdict(IP, canonicalV6(v6))).toBe(undefined)
      }),
      RUNS,
    )
  })
  it('refuses what the address parser of the API refuses though the ip() format takes it', () => {
    // Found by the properties above: valibot's ip() takes a zone id and leading-zero embedded octets.
    for (const s of ['fe80::1%eth0', '::ffff:01.2.3.4', '1::1.02.3.4']) expect(check(IP, s)).toBe(S.invalidIp)
    for (const s of ['::ffff:1.2.3.4', '2001:0db8::0123', '0.0.0.0', '::'])
      expect(check(IP, s)).toBe(undefined)
  })
})

describe('IP network (spec 5 messages)', () => {
  const messages: string[] = [S.networkNeedsWidth, S.widthInteger, S.maxWidthV4, S.maxWidthV6, S.invalidIp]

  it('property: never throws; an accepted network re-parses to an address and a width within limits', () => {
    fc.assert(
      fc.property(netish, (s) => {
        const message = verdict(IP_NET, s)
        if (message !== undefined) {
          expect(messages).toContain(message)
          return
        }
        const parts = s.split('/')
        expect(parts).toHaveLength(2)
        const [address = '', width = ''] = parts
        expect(width).toMatch(/^\d+$/)
        expect(check(IP, address)).toBe(undefined)
        const family = isIP(address)
        expect(family === 4 || family === 6).toBe(true)
        expect(Number(width)).toBeLessThanOrEqual(family === 4 ? 32 : 128)
      }),
      RUNS,
    )
  })
  it('property: the message names what is wrong, in the order of spec 5', () => {
    fc.assert(
      fc.property(netish, (s) => {
        const message = check(IP_NET, s)
        if (!s.includes('/')) expect(message).toBe(S.networkNeedsWidth)
        else if (!/^\d+$/.test(s.slice(s.indexOf('/') + 1))) expect(message).toBe(S.widthInteger)
      }),
      RUNS,
    )
  })
  it('accepts every IPv4 network and every canonical IPv6 network', () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.nat(32), fc.ipV6(), fc.nat(128), (v4, w4, v6, w6) => {
        expect(check(IP_NET, `${v4}/${w4}`)).toBe(undefined)
        expect(check(IP_NET, `${canonicalV6(v6)}/${w6}`)).toBe(undefined)
      }),
      RUNS,
    )
  })
  it('refuses a network whose address the API would not parse', () => {
    expect(check(IP_NET, 'fe80::1%eth0/64')).toBe(S.invalidIp)
    expect(check(IP_NET, '::ffff:01.2.3.4/64')).toBe(S.invalidIp)
  })
})

describe('port or port range (spec 5)', () => {
  it('property: never throws; an accepted value yields start <= end <= 65535 and matches the input', () => {
    fc.assert(
      fc.property(portish, (s) => {
        const message = verdict(PORT_RANGE, s)
        const parsed = parsePortRange(s)
        expect(message === undefined).toBe(parsed !== undefined)
        if (!parsed) return
        expect(Number.isInteger(parsed.start) && Number.isInteger(parsed.end)).toBe(true)
        expect(0 <= parsed.start && parsed.start <= parsed.end && parsed.end <= 65535).toBe(true)
        const [start, end = start] = s.trim().split('-')
        expect([Number(start), Number(end)]).toEqual([parsed.start, parsed.end])
      }),
      RUNS,
    )
  })
  it('property: every port and every ordered pair of ports is accepted, with spaces around', () => {
    fc.assert(
      fc.property(fc.nat(65535), fc.nat(65535), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a]
        expect(parsePortRange(` ${lo}-${hi}\t`)).toEqual({ start: lo, end: hi })
        expect(parsePortRange(String(a))).toEqual({ start: a, end: a })
      }),
      RUNS,
    )
  })
  it('refuses ports above 65535, which five digits can spell', () => {
    // Found by the property above: the contract's pattern takes up to 99999.
    expect(parsePortRange('65536')).toBe(undefined)
    expect(check(PORT_RANGE, '70000')).toBe('Ports go from 0 to 65535')
    expect(check(PORT_RANGE, '80-99999')).toBe('Ports go from 0 to 65535')
    expect(check(PORT_RANGE, '65535')).toBe(undefined)
    expect(check(PORT_RANGE, '8080-80')).toBe('The end of a port range must not be below its start')
  })
})

describe('names (the contract Name: a lowercase letter first, letters, digits and hyphens, at most 63)', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

  it('property: never throws; an accepted name matches the rule and is not a UUID', () => {
    fc.assert(
      fc.property(nameish, (s) => {
        if (verdict(NAME, s) !== undefined) return
        expect(s).toMatch(/^[a-z][a-zA-Z0-9-]{0,62}$/)
        expect(s).not.toMatch(UUID)
        expect(s.endsWith('-')).toBe(false)
      }),
      RUNS,
    )
  })
  it('property: every name built by the rule is accepted', () => {
    const valid = fc
      .stringMatching(/^[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/)
      .filter((s) => s.length <= 63 && !UUID.test(s))
    fc.assert(
      fc.property(valid, (s) => {
        expect(check(NAME, s)).toBe(undefined)
      }),
      RUNS,
    )
  })
  it('takes uppercase after the first letter, as the contract does (issue 10: one rule)', () => {
    expect(check(NAME, 'myDisk')).toBe(undefined)
    expect(check(NAME, 'Disk')).toBe('Name must start with a lowercase letter')
  })
})
