// The IP pool screens' own rules: the range form's messages by the pool's version, how counts of
// addresses read, and the values the pool form starts from.
import { describe, expect, it } from 'vitest'
import { S } from '../strings'
import { formatAddressCount, poolFormValues, rangeErrors, usage, wrongVersion } from './ip-pool'
import { check, IP, RANGE_DESCENDING, RANGE_MIXED_VERSIONS, requiredIp } from './validation'

describe('rangeErrors', () => {
  it('takes addresses with spaces around them as the addresses', () => {
    expect(check(requiredIp('First'), ' 10.201.0.1 ')).toBeUndefined()
    expect(check(requiredIp('First'), '  ')).toBe('First is required')
    expect(rangeErrors({ first: ' 192.0.2.1 ', last: '192.0.2.9 ' }, 'v4')).toEqual({})
    expect(rangeErrors({ first: ' 192.0.2.9', last: '192.0.2.1 ' }, 'v4')).toEqual({ last: RANGE_DESCENDING })
  })

  it('an IPv4 pool refuses IPv6 ends, on the field that has one', () => {
    expect(rangeErrors({ first: '2001:db8::1', last: '192.0.2.9' }, 'v4')).toEqual({
      first: wrongVersion('v4'),
    })
    expect(rangeErrors({ first: '192.0.2.1', last: '2001:db8::1' }, 'v4')).toEqual({
      last: wrongVersion('v4'),
    })
    expect(wrongVersion('v4')).toBe('This pool holds IPv4 addresses: enter an IPv4 address')
  })

  it('an IPv6 pool refuses IPv4 ends', () => {
    expect(rangeErrors({ first: '192.0.2.1', last: '192.0.2.9' }, 'v6')).toEqual({
      first: wrongVersion('v6'),
      last: wrongVersion('v6'),
    })
  })

  it('says the range is descending on the last address', () => {
    expect(rangeErrors({ first: '192.0.2.9', last: '192.0.2.1' }, 'v4')).toEqual({ last: RANGE_DESCENDING })
    expect(rangeErrors({ first: '2001:db8::2', last: '2001:db8::1' }, 'v6')).toEqual({
      last: RANGE_DESCENDING,
    })
  })

  it('accepts a range of the pool version, a single address included', () => {
    expect(rangeErrors({ first: '192.0.2.1', last: '192.0.2.9' }, 'v4')).toEqual({})
    expect(rangeErrors({ first: '192.0.2.1', last: '192.0.2.1' }, 'v4')).toEqual({})
    expect(rangeErrors({ first: '2001:db8::1', last: '2001:db8::ff' }, 'v6')).toEqual({})
  })

  it('leaves a malformed address to the IP rule ("Not a valid IP address")', () => {
    expect(rangeErrors({ first: '192.0.2', last: '192.0.2.9' }, 'v4')).toEqual({})
    expect(check(IP, '192.0.2')).toBe(S.invalidIp)
    expect(S.invalidIp).toBe('Not a valid IP address')
  })

  it('mixed versions are caught by the pool version first', () => {
    const errors = rangeErrors({ first: '192.0.2.1', last: '::1' }, 'v4')
    expect(errors).toEqual({ last: wrongVersion('v4') })
    expect(Object.values(errors)).not.toContain(RANGE_MIXED_VERSIONS)
  })
})

describe('counts of addresses', () => {
  it('groups digits, and rounds what a double cannot hold exactly', () => {
    expect(formatAddressCount(0)).toBe('0')
    expect(formatAddressCount(253)).toBe('253')
    expect(formatAddressCount(65_535)).toBe('65,535')
    expect(formatAddressCount(2 ** 64)).toBe('≈ 1.84 × 10^19')
  })

  it('used is capacity minus remaining', () => {
    expect(usage({ capacity: 284, remaining: 270 })).toEqual({ used: '14', remaining: '270' })
  })
})

describe('poolFormValues', () => {
  it('a new pool starts as an IPv4 unicast pool', () => {
    expect(poolFormValues()).toEqual({ name: '', description: '', ipVersion: 'v4', poolType: 'unicast' })
  })
})
