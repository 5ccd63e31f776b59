// What the networking and settings tabs send: request bodies built from what the instance and its
// interfaces have now (pure, unit-tested in networking-actions.test.ts), and the writes that are not
// machine events, each through storage's `mutate` with the lists it changes, so the tab (and any other
// view of the same lists) refetches what it shows.
import { mutate } from '../../../../storage'
import { unwrap } from '../../../api/errors'
import type { ApiParams, ApiResponse, Instance, ListItem, Schema } from '../../../api/types'
import { VERSION_LABELS } from '../../../forms/ip-pool'

export type Nic = ListItem<'instanceNetworkInterfaceList'>
export type ExternalIp = ApiResponse<'instanceExternalIpList'>['items'][number]
export type AntiAffinityGroup = ListItem<'antiAffinityGroupList'>
type NicUpdateBody = ApiParams<'instanceNetworkInterfaceUpdate'>['body']
type IpStackCreate = Schema<'PrivateIpStackCreate'>
type PoolSelector = Schema<'PoolSelector'>

/** The extra networks an interface may route (both stacks' on a dual-stack interface). */
export function nicTransitIps(nic: Pick<Nic, 'ipStack'>): string[] {
  const s = nic.ipStack
  return s.type === 'dual_stack' ? [...s.value.v4.transitIps, ...s.value.v6.transitIps] : s.value.transitIps
}

/**
 * The update is a whole-interface write: `transit_ips` left out means "none" to the API, so what the
 * change does not name is sent back as the interface has it (a rename keeps its transit IPs).
 */
export function nicUpdateBody(nic: Nic, change: Partial<NicUpdateBody>): NicUpdateBody {
  return {
    name: nic.name,
    description: nic.description,
    primary: nic.primary,
    transitIps: nicTransitIps(nic),
    ...change,
  }
}

/**
 * The IP stack of a new interface: the API's default (dual stack, both addresses picked from the
 * subnet) unless an address is typed; a typed one pins that family and the other is still picked.
 * Transit networks go to the stack of their version.
 */
export function nicIpConfig(ip: string, transitIps: readonly string[] = []): IpStackCreate {
  const address = ip.trim()
  const isV6 = (a: string) => a.includes(':')
  // The API takes transit networks per stack: each goes to the stack of its version.
  const stack = (v6: boolean) => ({
    ip:
      address && isV6(address) === v6
        ? { type: 'explicit' as const, value: address }
        : { type: 'auto' as const },
    transitIps: transitIps.filter((n) => isV6(n) === v6),
  })
  return { type: 'dual_stack', value: { v4: stack(false), v6: stack(true) } }
}

export type NicCreateValues = {
  name: string
  description: string
  vpc: string
  subnet: string
  ip: string
  transitIps: string[]
}

export const nicCreateBody = (v: NicCreateValues): ApiParams<'instanceNetworkInterfaceCreate'>['body'] => ({
  name: v.name,
  description: v.description,
  vpcName: v.vpc,
  subnetName: v.subnet,
  ipConfig: nicIpConfig(v.ip, v.transitIps),
})

type Pool = Pick<ListItem<'ipPoolList'>, 'name' | 'isDefault' | 'ipVersion' | 'poolType'>

/**
 * A pool an address may come from (an ephemeral IP, a floating IP), as a select offers it: its name,
 * family and whether it is the silo's default ("ip-pool-1 (IPv4, default)"), since a silo may have
 * a default pool of each version.
 */
export const poolOption = (p: Pool) => ({
  value: p.name,
  label: `${p.name} (${VERSION_LABELS[p.ipVersion]}${p.isDefault ? ', default' : ''})`,
})

/** The pools an instance's address can come from (multicast pools hold group addresses only). */
export const unicastPools = <P extends Pool>(pools: readonly P[]): P[] =>
  pools.filter((p) => p.poolType !== 'multicast')

/**
 * Where an ephemeral IP comes from: the chosen pool, or (none chosen) the silo's default. With a
 * default pool of each IP version the API needs the version (nexus.json, PoolSelector `auto`): IPv4.
 */
export function ephemeralPoolSelector(
  pool: string,
  pools: readonly Pool[],
  version?: IpVersion,
): PoolSelector {
  if (pool) return { type: 'explicit', pool }
  // The version still free on the instance, when it holds one already.
  if (version) return { type: 'auto', ipVersion: version }
  const defaults = unicastPools(pools).filter((p) => p.isDefault)
  return { type: 'auto', ipVersion: defaults.length > 1 ? 'v4' : null }
}

/** What a floating IP picker says when the project has none free. */
export const NO_FREE_FLOATING_IPS = 'No unattached floating IPs in this project.'

/** The project's floating IPs free to attach (a floating IP sits on one instance at a time). */
export const unattachedFloatingIps = <F extends { instanceId?: string | null }>(ips: readonly F[]): F[] =>
  ips.filter((f) => !f.instanceId)

/** The project's anti-affinity groups the instance is not in yet. */
export function groupsToJoin<G extends { id: string }>(
  all: readonly G[],
  joined: readonly { id: string }[],
): G[] {
  const member = new Set(joined.map((g) => g.id))
  return all.filter((g) => !member.has(g.id))
}

type IpVersion = NonNullable<Extract<PoolSelector, { type: 'auto' }>['ipVersion']>

const versionOf = (address: string): IpVersion => (address.includes(':') ? 'v6' : 'v4')

/** The versions of the instance's ephemeral IPs: the API holds one of each (nexus.json). */
export function ephemeralVersions(ips: readonly ExternalIp[] | undefined): Set<IpVersion> {
  return new Set((ips ?? []).filter((ip) => ip.kind === 'ephemeral').map((ip) => versionOf(ip.ip)))
}

/** The version an attach may still add: the one not held, or (none held) either. */
export function ephemeralVersionLeft(ips: readonly ExternalIp[] | undefined): IpVersion | undefined {
  const held = ephemeralVersions(ips)
  return held.size === 1 ? (held.has('v4') ? 'v6' : 'v4') : undefined
}

/** With an ephemeral IP of each version, a third attach is refused, so it is not offered. */
export function ephemeralIpRefusal(ips: readonly ExternalIp[] | undefined): string | null {
  return ephemeralVersions(ips).size >= 2
    ? 'This instance already has an ephemeral IPv4 and IPv6 address'
    : null
}

export const PRIMARY_NIC_REASON = 'This is already the primary interface'

const nicLists = [{ endpoint: 'instanceNetworkInterfaceList' as const }]
// Every cached copy: the tab reads by the route's name, the instances list by name, a lookup by id.
const ipLists = [{ endpoint: 'instanceExternalIpList' as const }]
const floatingLists = [...ipLists, { endpoint: 'floatingIpList' as const }]

export const createNic = (ref: { project: string; instance: string }, values: NicCreateValues) =>
  mutate(
    'instanceNetworkInterfaceCreate',
    { query: { project: ref.project, instance: ref.instance }, body: nicCreateBody(values) },
    { invalidates: nicLists },
  )

/** Rejects with the server's message (deleting the primary while others remain is refused). */
export async function deleteNic(nic: Nic): Promise<void> {
  unwrap(
    await mutate(
      'instanceNetworkInterfaceDelete',
      { path: { interface: nic.id } },
      { removes: { id: nic.id }, invalidates: nicLists },
    ),
  )
}

export const attachEphemeralIp = (instance: Instance, poolSelector: PoolSelector) =>
  mutate(
    'instanceEphemeralIpAttach',
    { path: { instance: instance.id }, body: { poolSelector } },
    { invalidates: ipLists },
  )

export const attachFloatingIp = (instance: Instance, floatingIp: string) =>
  mutate(
    'floatingIpAttach',
    { path: { floatingIp }, body: { kind: 'instance', parent: instance.id } },
    { invalidates: floatingLists },
  )

/** Detaches an ephemeral or floating IP (SNAT addresses are not the instance's to give back). */
export async function detachExternalIp(instance: Instance, ip: ExternalIp): Promise<void> {
  if (ip.kind === 'floating') {
    unwrap(await mutate('floatingIpDetach', { path: { floatingIp: ip.id } }, { invalidates: floatingLists }))
  } else {
    // Named by version: the API needs it when the instance holds one of each.
    unwrap(
      await mutate(
        'instanceEphemeralIpDetach',
        { path: { instance: instance.id }, query: { ipVersion: versionOf(ip.ip) } },
        { invalidates: ipLists },
      ),
    )
  }
}

/** Takes an instance out of a group (the instance page's settings tab and the group's members table). */
export async function leaveAntiAffinityGroup(
  instance: Pick<Instance, 'id'>,
  group: Pick<AntiAffinityGroup, 'id'>,
): Promise<void> {
  unwrap(
    await mutate(
      'antiAffinityGroupMemberInstanceDelete',
      { path: { antiAffinityGroup: group.id, instance: instance.id } },
      {
        invalidates: [
          { endpoint: 'instanceAntiAffinityGroupList' },
          { endpoint: 'antiAffinityGroupMemberList' },
        ],
      },
    ),
  )
}
