// The IP range rule next to the IP rule (spec section 5): both ends one version, the last not below
// the first. Orders are checked against an independent reading of the address (Node's URL parser
// writes every IPv6 spelling the same canonical way).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { S } from '../strings'
import { check, IP, ipRangeError, parseIp, RANGE_DESCENDING, RANGE_MIXED_VERSIONS } from './validation'

const v4Number = (s: string) => s.split('.').reduce((acc, o) => acc * 256 + Number(o), 0)
const canonicalV6 = (s: string) => new URL(`http://[${s}]/`).hostname.slice(1, -1)

describe('parseIp', () => {
  it('reads IPv4 and IPv6 addresses as numbers', () => {
    expect(parseIp('0.0.0.0')).toEqual({ version: 4, value: 0n })
    expect(parseIp('192.0.2.1')).toEqual({ version: 4, value: 0xc0000201n })
    expect(parseIp('::')).toEqual({ version: 6, value: 0n })
    expect(parseIp('::1')).toEqual({ version: 6, value: 1n })
    expect(parseIp('1::')).toEqual({ version: 6, value: 1n << 112n })
    expect(parseIp('2001:db8::ffff')).toEqual({ version: 6, value: (0x20010db8n << 96n) | 0xffffn })
    expect(parseIp('::ffff:192.0.2.1')).toEqual({ version: 6, value: 0xffffc0000201n })
    expect(parseIp('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toEqual({
      version: 6,
      value: (1n << 128n) - 1n,
    })
  })

  it('refuses what the IP rule refuses', () => {
    for (const bad of ['', '256.1.1.1', '1.2.3', 'fe80::1%eth0', 'not-an-ip', '1:2:3']) {
      expect(check(IP, bad)).toBe(S.invalidIp)
      expect(parseIp(bad)).toBeUndefined()
    }
  })

  it('an IPv6 address and its canonical spelling are the same number', () => {
    fc.assert(
      fc.property(fc.ipV6(), (a) => {
        fc.pre(parseIp(a) !== undefined)
        expect(parseIp(canonicalV6(a))).toEqual(parseIp(a))
      }),
    )
  })
})

describe('ipRangeError', () => {
  it('says nothing until both ends are addresses (their own fields say why)', () => {
    expect(ipRangeError('bad', '192.0.2.1')).toBeUndefined()
    expect(ipRangeError('192.0.2.9', '')).toBeUndefined()
  })

  it('refuses mixed versions whatever the order', () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.ipV6(), fc.boolean(), (v4, v6, swap) => {
        fc.pre(parseIp(v6) !== undefined)
        expect(swap ? ipRangeError(v6, v4) : ipRangeError(v4, v6)).toBe(RANGE_MIXED_VERSIONS)
      }),
    )
  })

  it('an IPv4 range is accepted exactly when last is not below first', () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.ipV4(), (a, b) => {
        expect(ipRangeError(a, b)).toBe(v4Number(b) >= v4Number(a) ? undefined : RANGE_DESCENDING)
      }),
    )
  })

  it('of two distinct IPv6 addresses exactly one order is a range; one address is a range', () => {
    fc.assert(
      fc.property(fc.ipV6(), fc.ipV6(), (a, b) => {
        const pa = parseIp(a)
        const pb = parseIp(b)
        fc.pre(pa !== undefined && pb !== undefined)
        expect(ipRangeError(a, a)).toBeUndefined()
        const forward = ipRangeError(a, b) === undefined
        const backward = ipRangeError(b, a) === undefined
        if (pa?.value === pb?.value) expect(forward && backward).toBe(true)
        else expect(forward).not.toBe(backward)
      }),
    )
  })

  it('examples', () => {
    expect(ipRangeError('192.0.2.10', '192.0.2.9')).toBe(RANGE_DESCENDING)
    expect(ipRangeError('192.0.2.9', '192.0.2.10')).toBeUndefined()
    expect(ipRangeError('2001:db8::10', '2001:db8::f')).toBe(RANGE_DESCENDING)
    expect(ipRangeError('2001:db8::f', '2001:db8:0:0:0:0:0:10')).toBeUndefined()
  })
})
