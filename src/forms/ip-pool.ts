// What the IP pool screens decide and send (issue 15): the cache keys the list, the pool page, its tabs,
// a silo's pools tab and the route prefetches share; how a version and a count of addresses read; the
// range form's rules (spec section 5's IP rule, one version, non-decreasing, and the pool's version);
// and every write, each through storage's `mutate` with the cached entries it changes.
import { mutate } from '../../storage'
import { unwrap } from '../api/errors'
import type { ApiResponse, ApiResult, Schema } from '../api/types'
import { toast } from '../components/toast-queue'
import { TABLE_LIMIT, views } from '../lists'
import { rowDelete } from '../ui/delete'
import { kinds } from '../ui/kinds'
import { ipRangeError, parseIp } from './validation'

export type IpPool = ApiResponse<'systemIpPoolView'>
export type IpPoolRange = ApiResponse<'systemIpPoolRangeAdd'>
export type IpPoolSiloLink = ApiResponse<'systemIpPoolSiloLink'>
export type SiloIpPool = ApiResponse<'siloIpPoolList'>['items'][number]
export type IpVersion = Schema<'IpVersion'>
export type IpPoolType = Schema<'IpPoolType'>
export type IpRange = Schema<'IpRange'>

// The keys every reader shares (the pages, the forms and the routes' prefetch: routes.ip-pools.test.ts).
export const poolViewParams = (pool: string) => views.ipPool.params({ pool })
export const poolUtilizationParams = (pool: string) => ({ path: { pool } })
export const poolSilosParams = (pool: string) => ({ path: { pool }, query: { limit: TABLE_LIMIT } })
export const siloPoolsParams = (silo: string) => ({ path: { silo }, query: { limit: TABLE_LIMIT } })
/** The link form's choices: every silo, every pool. */
export const allSilosParams = { query: { limit: TABLE_LIMIT } }
export const allPoolsParams = { query: { limit: TABLE_LIMIT } }

export const VERSION_LABELS: Record<IpVersion, string> = { v4: 'IPv4', v6: 'IPv6' }
export const POOL_TYPE_LABELS: Record<IpPoolType, string> = { unicast: 'Unicast', multicast: 'Multicast' }

/**
 * A count of addresses: grouped digits, or for the IPv6 sizes beyond what a double holds exactly
 * (IpPoolUtilization says so) a rounded power of ten.
 */
export function formatAddressCount(n: number): string {
  if (n < 1e15) return Math.round(n).toLocaleString('en-US')
  return `≈ ${n.toExponential(2).replace('e+', ' × 10^')}`
}

/** Addresses used and remaining of a pool (the utilization answers capacity and remaining). */
export function usage(u: { capacity: number; remaining: number }): { used: string; remaining: string } {
  return { used: formatAddressCount(u.capacity - u.remaining), remaining: formatAddressCount(u.remaining) }
}

/** A range as one line of text: `192.0.2.1 – 192.0.2.9`. */
export const rangeText = (r: IpRange) => `${r.first} – ${r.last}`

// ---------------------------------------------------------------------------------------------
// The forms

export type PoolValues = { name: string; description: string; ipVersion: IpVersion; poolType: IpPoolType }

export const poolFormValues = (pool?: IpPool): PoolValues => ({
  name: pool?.name ?? '',
  description: pool?.description ?? '',
  ipVersion: pool?.ipVersion ?? 'v4',
  poolType: pool?.poolType ?? 'unicast',
})

export type RangeValues = { first: string; last: string }

export const wrongVersion = (version: IpVersion) =>
  `This pool holds ${VERSION_LABELS[version]} addresses: enter an ${VERSION_LABELS[version]} address`

/**
 * What the range's ends need beyond each being an address (the fields' own IP rule): the pool's
 * version decides which addresses are allowed, then both ends are one version and last is not below
 * first. Only valid addresses are judged here, so an address's own message is never covered up.
 */
export function rangeErrors(values: RangeValues, version: IpVersion): Partial<RangeValues> {
  const want = version === 'v4' ? 4 : 6
  const out: Partial<RangeValues> = {}
  for (const key of ['first', 'last'] as const) {
    const ip = parseIp(values[key].trim())
    if (ip && ip.version !== want) out[key] = wrongVersion(version)
  }
  if (out.first || out.last) return out
  const order = ipRangeError(values.first.trim(), values.last.trim())
  return order ? { last: order } : {}
}

// ---------------------------------------------------------------------------------------------
// Writes

/** Rejects with the catalogue's message (the confirm dialog shows it) unless the call succeeded. */
async function orThrow<R>(call: Promise<ApiResult<R>>, done: string): Promise<R> {
  const data = unwrap(await call)
  toast.success(done)
  return data
}

const poolLists = [{ endpoint: 'systemIpPoolList' as const }]
/** A link changes both sides: the pool's silos and the silo's pools. */
const linkLists = [{ endpoint: 'systemIpPoolSiloList' as const }, { endpoint: 'siloIpPoolList' as const }]

/** A pool made here is for silos to link (system services' pools are the rack's own). */
export const createPool = (values: PoolValues) =>
  mutate('systemIpPoolCreate', { body: { ...values, assignment: 'silos' } }, { invalidates: poolLists })

/**
 * By id; the view under the new name is refreshed, the one under the old name left alone (the page
 * showing it is being left for the new name's). A silo's pools show the name too.
 */
export const updatePool = (
  current: IpPool,
  { name, description }: Pick<PoolValues, 'name' | 'description'>,
) =>
  mutate(
    'systemIpPoolUpdate',
    { path: { pool: current.id }, body: { name, description } },
    {
      invalidates: [
        ...poolLists,
        { endpoint: 'siloIpPoolList' },
        { endpoint: 'systemIpPoolView', params: poolViewParams(name) },
      ],
    },
  )

/** A pool that still has ranges is refused: the rejection carries the server's message. */
export const deletePool = rowDelete(
  kinds.ipPool,
  'systemIpPoolDelete',
  'systemIpPoolList',
  (pool: Pick<IpPool, 'id' | 'name'>) => ({ path: { pool: pool.id } }),
)

const rangeChanges = (pool: string) => [
  { endpoint: 'systemIpPoolRangeList' as const, params: { path: { pool } } },
  { endpoint: 'systemIpPoolUtilizationView' as const },
]

export const addRange = (pool: string, { first, last }: RangeValues) =>
  mutate(
    'systemIpPoolRangeAdd',
    { path: { pool }, body: { first: first.trim(), last: last.trim() } },
    { invalidates: rangeChanges(pool) },
  )

/** Refused while addresses of the range are in use; the rejection carries the server's message. */
export const removeRange = (pool: string, range: IpPoolRange) =>
  orThrow(
    mutate(
      'systemIpPoolRangeRemove',
      { path: { pool }, body: range.range },
      { removes: { id: range.id }, invalidates: rangeChanges(pool) },
    ),
    `Range ${rangeText(range.range)} removed`,
  )

/** A pool and a silo, each by name or id. */
export type LinkEnds = { pool: string; silo: string }

/** The side a link is made from (its tab); the form picks the other side. */
export type LinkFrom = { pool: string } | { silo: string }

export const linkPool = ({ pool, silo }: LinkEnds, isDefault: boolean) =>
  mutate('systemIpPoolSiloLink', { path: { pool }, body: { silo, isDefault } }, { invalidates: linkLists })

/**
 * Makes the link the silo's default (the previous default pool of that version and type stays
 * linked, no longer the default), or clears it: the link stays, and until another pool is made
 * default the silo's addresses come from the pool only when it is named.
 */
export const setDefault = ({ pool, silo }: LinkEnds, isDefault: boolean, done: string) =>
  orThrow(
    mutate(
      'systemIpPoolSiloUpdate',
      { path: { pool, silo }, body: { isDefault } },
      { invalidates: linkLists },
    ),
    done,
  )

/** Refused while addresses of the pool are in use in the silo. */
export const unlinkPool = ({ pool, silo }: LinkEnds, done: string) =>
  orThrow(mutate('systemIpPoolSiloUnlink', { path: { pool, silo } }, { invalidates: linkLists }), done)
