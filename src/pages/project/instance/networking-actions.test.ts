import { describe, expect, it } from 'vitest'
import {
  ephemeralIpRefusal,
  ephemeralPoolSelector,
  ephemeralVersionLeft,
  groupsToJoin,
  type Nic,
  nicCreateBody,
  nicIpConfig,
  nicTransitIps,
  nicUpdateBody,
  unattachedFloatingIps,
  unicastPools,
} from './networking-actions'

const stack = (v4: string[], v6: string[]): Nic['ipStack'] => ({
  type: 'dual_stack',
  value: { v4: { ip: '172.30.0.5', transitIps: v4 }, v6: { ip: 'fd00::5', transitIps: v6 } },
})

const nic = (over: Partial<Nic> = {}): Nic => ({
  id: 'b4b0c1f2-0000-4000-8000-000000000001',
  name: 'net1',
  description: 'second',
  instanceId: 'b4b0c1f2-0000-4000-8000-000000000002',
  vpcId: 'b4b0c1f2-0000-4000-8000-000000000003',
  subnetId: 'b4b0c1f2-0000-4000-8000-000000000004',
  mac: 'A8:40:25:F0:00:01',
  primary: false,
  ipStack: stack(['10.9.0.0/24'], ['fd10::/64']),
  timeCreated: new Date(0),
  timeModified: new Date(0),
  ...over,
})

describe('nicUpdateBody', () => {
  it('sends back what the change does not name, transit IPs of both stacks included', () => {
    expect(nicUpdateBody(nic(), { name: 'renamed' })).toEqual({
      name: 'renamed',
      description: 'second',
      primary: false,
      transitIps: ['10.9.0.0/24', 'fd10::/64'],
    })
  })

  it('makes a secondary primary without dropping its transit IPs', () => {
    const body = nicUpdateBody(nic(), { primary: true })
    expect(body.primary).toBe(true)
    expect(body.transitIps).toEqual(['10.9.0.0/24', 'fd10::/64'])
  })

  it('keeps a primary interface primary on a rename (the API refuses demoting one)', () => {
    expect(nicUpdateBody(nic({ primary: true }), { description: 'x' }).primary).toBe(true)
  })
})

describe('nicTransitIps', () => {
  it('reads a single-stack interface', () => {
    expect(
      nicTransitIps({ ipStack: { type: 'v4', value: { ip: '10.0.0.5', transitIps: ['10.1.0.0/16'] } } }),
    ).toEqual(['10.1.0.0/16'])
  })
})

describe('nicIpConfig', () => {
  const auto = { ip: { type: 'auto' }, transitIps: [] }
  it('is the API default (dual stack, both picked) without an address', () => {
    expect(nicIpConfig('  ')).toEqual({ type: 'dual_stack', value: { v4: auto, v6: auto } })
  })

  it('pins a typed IPv4 address and leaves IPv6 to the subnet', () => {
    expect(nicIpConfig(' 172.30.0.20 ')).toEqual({
      type: 'dual_stack',
      value: { v4: { ip: { type: 'explicit', value: '172.30.0.20' }, transitIps: [] }, v6: auto },
    })
  })

  it('pins a typed IPv6 address and leaves IPv4 to the subnet', () => {
    expect(nicIpConfig('fd00::20')).toEqual({
      type: 'dual_stack',
      value: { v4: auto, v6: { ip: { type: 'explicit', value: 'fd00::20' }, transitIps: [] } },
    })
  })
})

describe('nicCreateBody', () => {
  /** The add-interface form's values: an interface `net0` in subnet `s` of VPC `v`, with `over`. */
  const nicValues = (over: Partial<Parameters<typeof nicCreateBody>[0]>) => ({
    name: 'net0',
    description: '',
    vpc: 'v',
    subnet: 's',
    ip: '',
    transitIps: [],
    ...over,
  })

  it('names the VPC and subnet', () => {
    const body = nicCreateBody(nicValues({ name: 'net2', vpc: 'mock-vpc', subnet: 'mock-subnet' }))
    expect(body).toMatchObject({ name: 'net2', vpcName: 'mock-vpc', subnetName: 'mock-subnet' })
  })

  it('puts each transit network on the stack of its version, beside a typed private IP', () => {
    const body = nicCreateBody(
      nicValues({ ip: '172.30.0.9', transitIps: ['10.1.0.0/16', 'fd00:1::/64', '10.2.0.0/16'] }),
    )
    expect(body.ipConfig).toEqual({
      type: 'dual_stack',
      value: {
        v4: { ip: { type: 'explicit', value: '172.30.0.9' }, transitIps: ['10.1.0.0/16', '10.2.0.0/16'] },
        v6: { ip: { type: 'auto' }, transitIps: ['fd00:1::/64'] },
      },
    })
  })
})

describe('ephemeralPoolSelector', () => {
  const v4 = { name: 'ip-pool-1', isDefault: true, ipVersion: 'v4', poolType: 'unicast' } as const
  const v6 = { name: 'ip-pool-3', isDefault: true, ipVersion: 'v6', poolType: 'unicast' } as const
  const multicast = { name: 'mc', isDefault: true, ipVersion: 'v4', poolType: 'multicast' } as const

  it('names a chosen pool', () => {
    expect(ephemeralPoolSelector('ip-pool-3', [v4, v6])).toEqual({ type: 'explicit', pool: 'ip-pool-3' })
  })

  it('asks for IPv4 when the silo has a default pool of each version', () => {
    expect(ephemeralPoolSelector('', [v4, v6])).toEqual({ type: 'auto', ipVersion: 'v4' })
  })

  it('leaves the version to the API with one default (a multicast default does not count)', () => {
    expect(ephemeralPoolSelector('', [v4, multicast])).toEqual({ type: 'auto', ipVersion: null })
    // An instance holding an IPv4 one asks for the IPv6 default.
    expect(ephemeralPoolSelector('', [v4, v6], 'v6')).toEqual({ type: 'auto', ipVersion: 'v6' })
    expect(unicastPools([v4, multicast])).toEqual([v4])
  })
})

describe('the choices offered', () => {
  it('offers only floating IPs attached to nothing', () => {
    const free = { name: 'cola', instanceId: null }
    expect(unattachedFloatingIps([{ name: 'rootbeer', instanceId: 'x' }, free])).toEqual([free])
  })

  it('offers only groups the instance is not in', () => {
    const a = { id: 'a', name: 'romulus-remus' }
    const b = { id: 'b', name: 'oil-water' }
    expect(groupsToJoin([a, b], [{ id: 'a' }])).toEqual([b])
  })

  it('takes one ephemeral IP of each version: the one left is offered, a third refused', () => {
    const v4 = { kind: 'ephemeral', ip: '192.0.2.9', ipPoolId: 'p' } as const
    const v6 = { kind: 'ephemeral', ip: 'fd00::9', ipPoolId: 'q' } as const
    const snat = { kind: 'snat', ip: '192.0.2.10', ipPoolId: 'p', firstPort: 0, lastPort: 16383 } as const
    expect(ephemeralIpRefusal([v4])).toBeNull()
    expect(ephemeralVersionLeft([v4, snat])).toBe('v6')
    expect(ephemeralVersionLeft([v6])).toBe('v4')
    expect(ephemeralVersionLeft([snat])).toBeUndefined()
    expect(ephemeralVersionLeft(undefined)).toBeUndefined()
    expect(ephemeralIpRefusal([v4, v6])).toBe('This instance already has an ephemeral IPv4 and IPv6 address')
    expect(ephemeralIpRefusal([snat])).toBeNull()
    expect(ephemeralIpRefusal(undefined)).toBeNull()
  })
})
