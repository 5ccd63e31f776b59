import { describe, expect, it } from 'vitest'
import { S } from '../strings'
import { followName } from './fields'
import { check } from './validation'
import { IPV6_PREFIX, PREFIX_NOT_V6, PREFIX_NOT_VPC } from './vpc'

describe('a new VPC', () => {
  it('keeps its DNS name on its name until the DNS name is typed (the rule of every field that follows a name)', () => {
    expect(followName('', '', 'w')).toBe('w')
    expect(followName('web', 'web', 'web-')).toBe('web-')
    expect(followName('www', 'web', 'web2')).toBe('www')
    // Typed back to the name, it follows again; emptied, it follows again too.
    expect(followName('web2', 'web2', 'web3')).toBe('web3')
    expect(followName('', 'web', 'web4')).toBe('web4')
  })

  it('takes no IPv6 prefix, or a /48 of fd00::/8', () => {
    for (const ok of ['', 'fd12:3456:789a::/48', 'FD00::/48', 'fdff:0:0:0:0:0:0:0/48'])
      expect(check(IPV6_PREFIX, ok), ok).toBeUndefined()
    // Spaces around it are not part of it; spaces alone are blank.
    for (const ok of ['   ', ' fd12:3456:789a::/48 ']) expect(check(IPV6_PREFIX, ok), ok).toBeUndefined()
  })

  it('words a refused prefix with the IP network messages of spec section 5, then the VPC rule', () => {
    expect(check(IPV6_PREFIX, 'fd00::')).toBe(S.networkNeedsWidth)
    expect(check(IPV6_PREFIX, 'fd00::/4x')).toBe(S.widthInteger)
    expect(check(IPV6_PREFIX, 'fd00::/129')).toBe(S.maxWidthV6)
    expect(check(IPV6_PREFIX, 'fd0g::/48')).toBe(S.invalidIp)
    expect(check(IPV6_PREFIX, '10.0.0.0/8')).toBe(PREFIX_NOT_V6)
    expect(check(IPV6_PREFIX, 'fd00::/64')).toBe(PREFIX_NOT_VPC)
    expect(check(IPV6_PREFIX, '2001:db8::/48')).toBe(PREFIX_NOT_VPC)
    // fd::/48 is 00fd::/48, outside the unique local range.
    expect(check(IPV6_PREFIX, 'fd::/48')).toBe(PREFIX_NOT_VPC)
  })
})
