import { describe, expect, it } from 'vitest'
import { S } from '../../../strings'
import { TRANSIT_IP_TAKEN, transitIpProblem } from './NicForm'

describe('transitIpProblem', () => {
  it('takes IPv4 and IPv6 networks, and nothing typed', () => {
    expect(transitIpProblem('10.1.2.0/24', [])).toBeUndefined()
    expect(transitIpProblem(' fd12:3456::/64 ', [])).toBeUndefined()
    expect(transitIpProblem('', ['10.1.2.0/24'])).toBeUndefined()
    expect(transitIpProblem('   ', [])).toBeUndefined()
  })

  it("words a refused network with spec 5's messages", () => {
    expect(transitIpProblem('nonsense', [])).toBe(S.networkNeedsWidth)
    expect(transitIpProblem('10.0.0.1', [])).toBe(S.networkNeedsWidth)
    expect(transitIpProblem('10.0.0.1/33', [])).toBe(S.maxWidthV4)
    expect(transitIpProblem('fd00::/129', [])).toBe(S.maxWidthV6)
    expect(transitIpProblem('10.0.0.1/x', [])).toBe(S.widthInteger)
    expect(transitIpProblem('300.0.0.0/8', [])).toBe(S.invalidIp)
  })

  it('refuses a network already listed, however it is spelled', () => {
    const list = ['10.1.2.0/24', 'fd12:3456::/64']
    expect(transitIpProblem('10.1.2.0/24', list)).toBe(TRANSIT_IP_TAKEN)
    expect(transitIpProblem('10.1.2.7/24', list)).toBe(TRANSIT_IP_TAKEN)
    expect(transitIpProblem('FD12:3456:0::/64', list)).toBe(TRANSIT_IP_TAKEN)
    // Another width is another network.
    expect(transitIpProblem('10.1.2.0/25', list)).toBeUndefined()
    expect(transitIpProblem('fd12:3456::/48', list)).toBeUndefined()
  })

  it('refuses a version the interface has no stack for', () => {
    expect(transitIpProblem('fd00::/64', [], 'v4')).toMatch(/IPv4 only/)
    expect(transitIpProblem('10.0.0.0/8', [], 'v6')).toMatch(/IPv6 only/)
    expect(transitIpProblem('10.0.0.0/8', [], 'dual_stack')).toBeUndefined()
    expect(transitIpProblem('fd00::/64', [], 'dual_stack')).toBeUndefined()
  })
})
