// What the floating IP screens decide and send: which row actions a floating IP allows now (there is
// no lifecycle machine for it: only its attachment decides), which instances it may go to, the address
// allocator of a new one, and the writes, each through storage's `mutate` with every list it changes
// (the instance page's external IPs show floating IPs too, so they follow an attach or a rename).
import { mutate } from '../../storage'
import { unwrap } from '../api/errors'
import type { ApiParams, FloatingIp, Instance, ListItem, Schema } from '../api/types'
import { ephemeralPoolSelector } from '../pages/project/instance/networking-actions'
import { rowDelete } from '../ui/delete'
import { kinds } from '../ui/kinds'
import { VERSION_LABELS } from './ip-pool'
import { check, IP } from './validation'

export type Pool = ListItem<'ipPoolList'>
type AddressAllocator = Schema<'AddressAllocator'>

export const DETACH_BEFORE_DELETE = 'Detach the floating IP before deleting it'
export const DETACH_BEFORE_ATTACH = 'Detach the floating IP before attaching it to another instance'
export const NOT_ATTACHED = 'This floating IP is not attached to an instance'

export type FloatingIpAction = 'attach' | 'detach' | 'delete'

/** Why `action` is refused for this floating IP now (a floating IP sits on one instance at a time). */
export function floatingIpRefusal(
  fip: Pick<FloatingIp, 'instanceId'>,
  action: FloatingIpAction,
): string | null {
  const attached = Boolean(fip.instanceId)
  if (action === 'detach') return attached ? null : NOT_ATTACHED
  if (!attached) return null
  return action === 'delete' ? DETACH_BEFORE_DELETE : DETACH_BEFORE_ATTACH
}

/** The rule: a floating IP goes to a running or stopped instance of its project. */
const ATTACHABLE: readonly Instance['runState'][] = ['running', 'stopped']

export const attachableInstances = <I extends Pick<Instance, 'runState'>>(instances: readonly I[]): I[] =>
  instances.filter((i) => ATTACHABLE.includes(i.runState))

/**
 * Why a typed address cannot be asked for: not an IP (spec 5), or not of the chosen pool's family
 * (a pool holds addresses of one version). Blank is fine: the pool picks the next free one.
 */
export function addressProblem(address: string, pool: Pool | undefined): string | undefined {
  const ip = address.trim()
  if (!ip) return undefined
  const invalid = check(IP, ip)
  if (invalid) return invalid
  const family = ip.includes(':') ? 'v6' : 'v4'
  if (pool && pool.ipVersion !== family)
    return `Pool ${pool.name} holds ${VERSION_LABELS[pool.ipVersion]} addresses: enter an ${VERSION_LABELS[pool.ipVersion]} address`
  return undefined
}

/**
 * A typed address is reserved as it is (the API infers its pool, as pools never overlap); otherwise
 * the chosen pool, or the silo's default (of IPv4 when the silo has a default of each version, which
 * the API would otherwise refuse), hands out the next free one.
 */
export function addressAllocator(address: string, pool: string, pools: readonly Pool[]): AddressAllocator {
  const ip = address.trim()
  if (ip) return { type: 'explicit', ip }
  return { type: 'auto', poolSelector: ephemeralPoolSelector(pool, pools) }
}

export type FloatingIpValues = { name: string; description: string; pool: string; address: string }

// Every cached copy: the list, the edit form's view (by name), the instance page's external IPs.
const touched = [
  { endpoint: 'floatingIpList' as const },
  { endpoint: 'floatingIpView' as const },
  { endpoint: 'instanceExternalIpList' as const },
]

export const createFloatingIp = (project: string, values: FloatingIpValues, pools: readonly Pool[]) =>
  mutate(
    'floatingIpCreate',
    {
      query: { project },
      body: {
        name: values.name,
        description: values.description,
        addressAllocator: addressAllocator(values.address, values.pool, pools),
      },
    },
    { invalidates: touched },
  )

export const updateFloatingIp = (current: FloatingIp, body: ApiParams<'floatingIpUpdate'>['body']) =>
  mutate('floatingIpUpdate', { path: { floatingIp: current.id }, body }, { invalidates: touched })

export const attachFloatingIpTo = (fip: FloatingIp, instance: Pick<Instance, 'id'>) =>
  mutate(
    'floatingIpAttach',
    { path: { floatingIp: fip.id }, body: { kind: 'instance', parent: instance.id } },
    { invalidates: touched },
  )

/** Rejects with the catalogue's message (the confirm dialog shows it). */
export async function detachFloatingIp(fip: FloatingIp): Promise<FloatingIp> {
  return unwrap(await mutate('floatingIpDetach', { path: { floatingIp: fip.id } }, { invalidates: touched }))
}

export const deleteFloatingIp = rowDelete(
  kinds.floatingIp,
  'floatingIpDelete',
  'floatingIpList',
  (fip: FloatingIp) => ({ path: { floatingIp: fip.id } }),
)
