import { describe, expect, it } from 'vitest'
import { toUserError } from '../api/errors'
import type { Instance } from '../api/types'
import { poolOption, unicastPools } from '../pages/project/instance/networking-actions'
import {
  addressAllocator,
  addressProblem,
  attachableInstances,
  DETACH_BEFORE_ATTACH,
  DETACH_BEFORE_DELETE,
  floatingIpRefusal,
  NOT_ATTACHED,
  type Pool,
} from './floating-ip'

const pool = (name: string, ipVersion: 'v4' | 'v6', isDefault = false, poolType = 'unicast'): Pool =>
  ({ id: name, name, ipVersion, isDefault, poolType, description: '' }) as unknown as Pool

const v4 = pool('ip-pool-1', 'v4', true)
const v4b = pool('ip-pool-2', 'v4')
const v6 = pool('ip-pool-3', 'v6', true)

describe('floating IP row actions', () => {
  it('attach and delete need a detached floating IP, detach an attached one, each saying why', () => {
    const attached = { instanceId: 'a6b1c0de-0000-4000-8000-000000000001' }
    const detached = { instanceId: null }
    expect(floatingIpRefusal(detached, 'attach')).toBeNull()
    expect(floatingIpRefusal(detached, 'delete')).toBeNull()
    expect(floatingIpRefusal(detached, 'detach')).toBe(NOT_ATTACHED)
    expect(floatingIpRefusal(attached, 'detach')).toBeNull()
    expect(floatingIpRefusal(attached, 'delete')).toBe(DETACH_BEFORE_DELETE)
    expect(floatingIpRefusal(attached, 'attach')).toBe(DETACH_BEFORE_ATTACH)
    // A list row without the field (the API leaves it out when detached) is detached.
    expect(floatingIpRefusal({}, 'delete')).toBeNull()
  })

  it('offers only running and stopped instances to attach to', () => {
    const states: Instance['runState'][] = [
      'running',
      'stopped',
      'starting',
      'creating',
      'failed',
      'stopping',
    ]
    const offered = attachableInstances(states.map((runState) => ({ runState })))
    expect(offered.map((i) => i.runState)).toEqual(['running', 'stopped'])
  })
})

describe('new floating IP', () => {
  it('names pools with their family and default, and leaves multicast pools out', () => {
    const label = (p: Pool) => poolOption(p).label
    expect(label(v4)).toBe('ip-pool-1 (IPv4, default)')
    expect(label(v6)).toBe('ip-pool-3 (IPv6, default)')
    expect(label(v4b)).toBe('ip-pool-2 (IPv4)')
    expect(unicastPools([v4, pool('mc', 'v4', false, 'multicast')]).map((p) => p.name)).toEqual(['ip-pool-1'])
  })

  it('checks a typed address is an IP of the chosen pool’s family; blank is fine', () => {
    expect(addressProblem('', v4)).toBeUndefined()
    expect(addressProblem('  ', undefined)).toBeUndefined()
    expect(addressProblem('192.0.2.30', v4)).toBeUndefined()
    expect(addressProblem(' 192.0.2.30 ', undefined)).toBeUndefined()
    expect(addressProblem('2001:db8:0:1::20', v6)).toBeUndefined()
    expect(addressProblem('2001:db8:0:1::20', undefined)).toBeUndefined()
    expect(addressProblem('192.0.2.300', undefined)).toBe('Not a valid IP address')
    expect(addressProblem('not-an-ip', v4)).toBe('Not a valid IP address')
    expect(addressProblem('2001:db8::1', v4)).toBe(
      'Pool ip-pool-1 holds IPv4 addresses: enter an IPv4 address',
    )
    expect(addressProblem('192.0.2.30', v6)).toBe(
      'Pool ip-pool-3 holds IPv6 addresses: enter an IPv6 address',
    )
  })

  it('reserves a typed address, or asks the chosen pool, or the silo default of IPv4 when both exist', () => {
    expect(addressAllocator(' 192.0.2.30 ', 'ip-pool-2', [v4, v4b, v6])).toEqual({
      type: 'explicit',
      ip: '192.0.2.30',
    })
    expect(addressAllocator('', 'ip-pool-2', [v4, v4b, v6])).toEqual({
      type: 'auto',
      poolSelector: { type: 'explicit', pool: 'ip-pool-2' },
    })
    // nexus.json, PoolSelector auto: with a default pool of each version the API needs the version.
    expect(addressAllocator('', '', [v4, v4b, v6])).toEqual({
      type: 'auto',
      poolSelector: { type: 'auto', ipVersion: 'v4' },
    })
    expect(addressAllocator('', '', [v4, v4b])).toEqual({
      type: 'auto',
      poolSelector: { type: 'auto', ipVersion: null },
    })
  })

  it('words a taken name as spec 8 asks, from the platform’s message', () => {
    const taken = {
      type: 'error' as const,
      response: new Response(null, { status: 400 }),
      data: {
        statusCode: 400,
        errorCode: 'ObjectAlreadyExists',
        message: 'already exists: floating-ip "cola-float"',
        requestId: 'r',
      },
    }
    expect(toUserError('floatingIpCreate', taken as never).message).toBe('Floating IP name already exists')
    expect(toUserError('floatingIpUpdate', taken as never).message).toBe('Floating IP name already exists')
  })
})
