// System operations (fleet scope): silos with their policy, quotas, IP pools and identity providers,
// local users, system IP pools with ranges and silo links, hardware inventory (racks, sleds, physical
// disks, switches), utilization, the fleet policy and built-in users. Reads need a fleet viewer,
// writes a fleet admin; a user without a fleet role gets 403 here (spec section 6). (The silo's own
// view of its pools, /v1/ip-pools, is in handlers/silo.ts.)
//
// Also the IP address arithmetic that pools, ranges and floating IPs need (exported for
// handlers/networking.ts).
import type { HttpHandler } from 'msw'
import type { OperationName } from '../../src/api/__generated__/operations'
import type { Db, Instance, S, User } from '../db'
import { requireFleet } from '../lib/auth'
import { alreadyExists, badRequest, invalidRequest, isUuid, notFound } from '../lib/errors'
import { type Ctx, handle } from '../lib/handle'
import { now, randomId } from '../lib/ids'
import { assertNameFree } from '../lib/lookup'
import { measurementsPage, provisionedMetric } from '../lib/metrics'
import { paginate } from '../lib/paginate'
import { provisionedIn } from './silo'

type C = Ctx<OperationName>

// ---------------------------------------------------------------------------------------------
// IP arithmetic

export type Ip = { v: 4 | 6; n: bigint }

const V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

export function parseIp(s: string): Ip | undefined {
  if (V4.test(s)) return { v: 4, n: s.split('.').reduce((acc, o) => (acc << 8n) | BigInt(o), 0n) }
  if (!s.includes(':')) return undefined
  const halves = s.split('::')
  if (halves.length > 2) return undefined
  const groups = (part: string | undefined): number[] | undefined => {
    if (!part) return []
    const out: number[] = []
    const pieces = part.split(':')
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i] ?? ''
      if (i === pieces.length - 1 && V4.test(p)) {
        const v4 = parseIp(p)
        if (!v4) return undefined
        out.push(Number(v4.n >> 16n), Number(v4.n & 0xffffn))
      } else if (/^[0-9a-fA-F]{1,4}$/.test(p)) out.push(Number.parseInt(p, 16))
      else return undefined
    }
    return out
  }
  const head = groups(halves[0])
  const tail = groups(halves[1])
  if (!head || !tail) return undefined
  let all: number[]
  if (halves.length === 2) {
    const fill = 8 - head.length - tail.length
    if (fill < 1) return undefined
    all = [...head, ...Array<number>(fill).fill(0), ...tail]
  } else all = head
  if (all.length !== 8) return undefined
  return { v: 6, n: all.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n) }
}

export function formatIp(ip: Ip): string {
  if (ip.v === 4) return [24n, 16n, 8n, 0n].map((sh) => String((ip.n >> sh) & 0xffn)).join('.')
  const g = Array.from({ length: 8 }, (_, i) => Number((ip.n >> BigInt(112 - 16 * i)) & 0xffffn))
  // Compress the longest run of two or more zero groups (RFC 5952).
  let best = -1
  let bestLen = 1
  for (let i = 0; i < 8; ) {
    if (g[i] !== 0) {
      i++
      continue
    }
    let j = i
    while (j < 8 && g[j] === 0) j++
    if (j - i > bestLen) {
      best = i
      bestLen = j - i
    }
    i = j
  }
  const hex = (xs: number[]) => xs.map((x) => x.toString(16)).join(':')
  if (best < 0) return hex(g)
  return `${hex(g.slice(0, best))}::${hex(g.slice(best + bestLen))}`
}

/** Canonical text of an address (so `fd00::01` and `fd00::1` compare equal). */
export function canonicalIp(s: string): string {
  const ip = parseIp(s)
  return ip ? formatIp(ip) : s
}

export type Net = { v: 4 | 6; base: bigint; len: number; size: bigint }

/** `a.b.c.d/n` or `x::/n`, normalised to its network address. */
export function parseNet(s: string): Net | undefined {
  const [addr, width, ...rest] = s.split('/')
  if (!addr || width === undefined || rest.length || !/^\d{1,3}$/.test(width)) return undefined
  const ip = parseIp(addr)
  const len = Number(width)
  if (!ip) return undefined
  const bits = ip.v === 4 ? 32 : 128
  if (len > bits) return undefined
  const size = 1n << BigInt(bits - len)
  return { v: ip.v, base: ip.n - (ip.n % size), len, size }
}

export function formatNet(net: Net): string {
  return `${formatIp({ v: net.v, n: net.base })}/${net.len}`
}

export function netsOverlap(a: Net, b: Net): boolean {
  return a.v === b.v && a.base < b.base + b.size && b.base < a.base + a.size
}

export function netContains(net: Net, ip: Ip): boolean {
  return net.v === ip.v && ip.n >= net.base && ip.n < net.base + net.size
}

type Range = { v: 4 | 6; first: bigint; last: bigint }

function parseRange(r: S['IpRange']): Range | undefined {
  const a = parseIp(r.first)
  const b = parseIp(r.last)
  if (!a || !b || a.v !== b.v) return undefined
  return { v: a.v, first: a.n, last: b.n }
}

const ipKey = (ip: Ip) => `${ip.v}:${ip.n}`

/** Addresses handed out from a pool: floating, ephemeral and SNAT IPs and gateway addresses. */
export function usedIps(db: Db): Map<string, string> {
  const used = new Map<string, string>()
  const add = (s: string, poolId: string) => {
    const ip = parseIp(s)
    if (ip) used.set(ipKey(ip), poolId)
  }
  for (const f of db.floatingIps) add(f.ip, f.ip_pool_id)
  for (const list of db.externalIps.values()) for (const e of list) add(e.ip, e.ip_pool_id)
  for (const a of db.internetGatewayIpAddresses) {
    const ip = parseIp(a.address)
    const range = ip && db.ipPoolRanges.find((r) => inRange(r.range, ip))
    if (ip && range) used.set(ipKey(ip), range.ip_pool_id)
  }
  return used
}

function inRange(r: S['IpRange'], ip: Ip): boolean {
  const range = parseRange(r)
  return !!range && range.v === ip.v && ip.n >= range.first && ip.n <= range.last
}

/** The pool range holding an address, if any. */
export function rangeOf(db: Db, address: string): S['IpPoolRange'] | undefined {
  const ip = parseIp(address)
  return ip ? db.ipPoolRanges.find((r) => inRange(r.range, ip)) : undefined
}

export function isIpUsed(db: Db, address: string): boolean {
  const ip = parseIp(address)
  return !!ip && usedIps(db).has(ipKey(ip))
}

/** The first free address of a pool (ranges in order of creation), or undefined when exhausted. */
export function allocateIp(db: Db, poolId: string): string | undefined {
  const used = usedIps(db)
  for (const r of db.ipPoolRanges.filter((x) => x.ip_pool_id === poolId)) {
    const range = parseRange(r.range)
    if (!range) continue
    // Bounded scan: a pool with more used addresses than this is not something the mock seeds.
    for (let n = range.first, i = 0; n <= range.last && i < 1_000_000; n++, i++) {
      const ip: Ip = { v: range.v, n }
      if (!used.has(ipKey(ip))) return formatIp(ip)
    }
  }
  return undefined
}

function poolUtilization(db: Db, poolId: string): S['IpPoolUtilization'] {
  let capacity = 0n
  let inUse = 0
  const used = usedIps(db)
  const ranges = db.ipPoolRanges.filter((r) => r.ip_pool_id === poolId)
  for (const r of ranges) {
    const range = parseRange(r.range)
    if (range) capacity += range.last - range.first + 1n
  }
  for (const key of used.keys()) {
    const [v, n] = key.split(':')
    const ip: Ip = { v: v === '4' ? 4 : 6, n: BigInt(n ?? 0) }
    if (ranges.some((r) => inRange(r.range, ip))) inUse++
  }
  return { capacity: Number(capacity), remaining: Number(capacity) - inUse }
}

// ---------------------------------------------------------------------------------------------
// Pools as a silo sees them

export function siloPoolLinks(db: Db, siloId: string): { pool: S['IpPool']; link: S['IpPoolSiloLink'] }[] {
  const out: { pool: S['IpPool']; link: S['IpPoolSiloLink'] }[] = []
  for (const link of db.ipPoolSiloLinks) {
    if (link.silo_id !== siloId) continue
    const pool = db.ipPools.find((p) => p.id === link.ip_pool_id)
    if (pool) out.push({ pool, link })
  }
  return out
}

function siloIpPool(pool: S['IpPool'], isDefault: boolean): S['SiloIpPool'] {
  return {
    id: pool.id,
    name: pool.name,
    description: pool.description,
    ip_version: pool.ip_version,
    pool_type: pool.pool_type,
    is_default: isDefault,
    time_created: pool.time_created,
    time_modified: pool.time_modified,
  }
}

/** The silo's default unicast pool of a version (IPv4 first when no version is asked for). */
export function defaultPool(
  db: Db,
  siloId: string,
  version?: S['IpVersion'] | null,
): S['IpPool'] | undefined {
  const defaults = siloPoolLinks(db, siloId).filter(
    (x) => x.link.is_default && x.pool.pool_type === 'unicast',
  )
  if (version) return defaults.find((x) => x.pool.ip_version === version)?.pool
  return (defaults.find((x) => x.pool.ip_version === 'v4') ?? defaults[0])?.pool
}

/** A pool linked to the silo, by name or id; 404 when it is not linked (the silo cannot see it). */
export function lookupSiloPool(db: Db, siloId: string, nameOrId: string): S['IpPool'] {
  const found = siloPoolLinks(db, siloId).find(
    (x) => (isUuid(nameOrId) ? x.pool.id : x.pool.name) === nameOrId,
  )
  if (!found) throw notFound('ip-pool', nameOrId)
  return found.pool
}

// ---------------------------------------------------------------------------------------------
// Utilization (spec section 3: allocated and provisioned, each with cpus, memory, storage)

/** Instance states with a running VMM: they hold CPUs and memory on a sled. (Provisioned counts come
 * from handlers/silo.ts `provisionedIn`, shared with /v1/utilization.) */
export const ACTIVE_STATES: ReadonlySet<S['InstanceState']> = new Set([
  'starting',
  'running',
  'stopping',
  'rebooting',
  'migrating',
  'repairing',
])

export function siloAllocated(db: Db, siloId: string): S['VirtualResourceCounts'] {
  const q = db.siloQuotas.find((x) => x.silo_id === siloId)
  return { cpus: q?.cpus ?? 0, memory: q?.memory ?? 0, storage: q?.storage ?? 0 }
}

function siloUtilization(db: Db, silo: S['Silo']): S['SiloUtilization'] {
  return {
    silo_id: silo.id,
    silo_name: silo.name,
    provisioned: provisionedIn(db, silo.id),
    allocated: siloAllocated(db, silo.id),
  }
}

// ---------------------------------------------------------------------------------------------
// Sleds and the instances on them

/**
 * The sled an active instance runs on: recorded in `instanceSled`, else placed on one of the
 * provisionable in-service sleds and recorded there, so a later change of a sled's provision policy
 * does not move running instances (it only steers new placements, as on a real rack).
 */
export function sledOf(db: Db, instance: Instance): string | undefined {
  if (!ACTIVE_STATES.has(instance.run_state)) return undefined
  const recorded = db.instanceSled.get(instance.id)
  if (recorded) return recorded
  const sleds = db.sleds.filter(
    (s) => s.policy.kind === 'in_service' && s.policy.provision_policy === 'provisionable',
  )
  if (sleds.length === 0) return undefined
  let h = 0
  for (let i = 0; i < instance.id.length; i++) h = (h * 31 + instance.id.charCodeAt(i)) >>> 0
  const placed = sleds[h % sleds.length]?.id
  if (placed) db.instanceSled.set(instance.id, placed)
  return placed
}

function lookupSled(db: Db, id: string): S['Sled'] {
  const sled = isUuid(id) ? db.sleds.find((s) => s.id === id) : undefined
  if (!sled) throw notFound('sled', id)
  return sled
}

// ---------------------------------------------------------------------------------------------
// Lookups

function lookupSilo(db: Db, nameOrId: string | null | undefined): S['Silo'] {
  if (!nameOrId) throw invalidRequest('silo must be specified')
  const silo = db.silos.find((s) => (isUuid(nameOrId) ? s.id === nameOrId : s.name === nameOrId))
  if (!silo) throw notFound('silo', nameOrId)
  return silo
}

function lookupPool(db: Db, nameOrId: string): S['IpPool'] {
  const pool = db.ipPools.find((p) => (isUuid(nameOrId) ? p.id === nameOrId : p.name === nameOrId))
  if (!pool) throw notFound('ip-pool', nameOrId)
  return pool
}

function lookupSiloUser(db: Db, silo: S['Silo'], userId: string): User {
  const user = isUuid(userId) ? db.users.find((u) => u.id === userId && u.silo_id === silo.id) : undefined
  if (!user) throw notFound('silo-user', userId)
  return user
}

const fleetRead = (ctx: C) => requireFleet(ctx.db, ctx.user, 'viewer')
const fleetWrite = (ctx: C) => requireFleet(ctx.db, ctx.user, 'admin')

/** Paginate rows keyed by another field (quotas and links have no `id`), then strip the key. */
function paginateBy<T>(
  ctx: C,
  rows: readonly T[],
  key: (row: T) => string,
): { items: T[]; next_page: string | null } {
  const page = paginate(
    ctx,
    rows.map((row) => ({ id: key(row), row })),
  )
  return { items: page.items.map((x) => x.row), next_page: page.next_page }
}

/** Built-in users of the control plane (fixed ids, as on a real rack). */
export const builtinUsers: S['UserBuiltin'][] = [
  ['001de000-05e4-4000-8000-000000000001', 'db-init', 'used for seeding initial database data'],
  [
    '001de000-05e4-4000-8000-000000000002',
    'internal-api',
    'used by Nexus when handling internal API requests',
  ],
  [
    '001de000-05e4-4000-8000-000000000003',
    'external-authn',
    'used by Nexus when authenticating external requests',
  ],
  [
    '001de000-05e4-4000-8000-000000000004',
    'internal-read',
    'used by Nexus to read privileged control plane data',
  ],
  [
    '001de000-05e4-4000-8000-000000000005',
    'saml-authn',
    'used by Nexus when authenticating SAML identity provider requests',
  ],
  ['001de000-05e4-4000-8000-000000000006', 'service-balancer', 'used by Nexus for service balancing'],
].map(([id, name, description]) => ({
  id: id as string,
  name: name as string,
  description: description as string,
  time_created: '2023-01-01T00:00:00.000Z',
  time_modified: '2023-01-01T00:00:00.000Z',
}))

function removeUser(db: Db, userId: string): void {
  db.users = db.users.filter((u) => u.id !== userId)
  db.passwords.delete(userId)
  db.groupMembers = db.groupMembers.filter((m) => m.user_id !== userId)
  db.sessions = db.sessions.filter((s) => s.user_id !== userId)
  db.accessTokens = db.accessTokens.filter((t) => t.user_id !== userId)
  db.sshKeys = db.sshKeys.filter((k) => k.silo_user_id !== userId)
  for (const [k, v] of db.siloPolicies)
    db.siloPolicies.set(
      k,
      v.filter((a) => a.identity_id !== userId),
    )
  for (const [k, v] of db.projectPolicies)
    db.projectPolicies.set(
      k,
      v.filter((a) => a.identity_id !== userId),
    )
  db.fleetPolicy = {
    role_assignments: db.fleetPolicy.role_assignments.filter((a) => a.identity_id !== userId),
  }
}

function rangeText(r: S['IpRange']): string {
  return `${r.first}-${r.last}`
}

// ---------------------------------------------------------------------------------------------

export const systemHandlers: HttpHandler[] = [
  // Silos

  handle('siloList', (ctx) => {
    fleetRead(ctx)
    return paginate(ctx, ctx.db.silos)
  }),

  handle('siloCreate', (ctx) => {
    fleetWrite(ctx)
    const b = ctx.body
    assertNameFree('silo', ctx.db.silos, b.name)
    for (const q of [b.quotas.cpus, b.quotas.memory, b.quotas.storage]) {
      if (q < 0) throw invalidRequest('quotas must not be negative')
    }
    const t = now()
    const silo: S['Silo'] = {
      id: randomId(),
      name: b.name,
      description: b.description,
      discoverable: b.discoverable,
      identity_mode: b.identity_mode,
      mapped_fleet_roles: b.mapped_fleet_roles ?? {},
      admin_group_name: b.admin_group_name ?? null,
      time_created: t,
      time_modified: t,
    }
    ctx.db.silos.push(silo)
    ctx.db.siloQuotas.push({
      silo_id: silo.id,
      cpus: b.quotas.cpus,
      memory: b.quotas.memory,
      storage: b.quotas.storage,
    })
    ctx.db.siloPolicies.set(silo.id, [])
    // As the real API does: the named admin group is created in the new silo and made its admin.
    if (b.admin_group_name) {
      const group: S['Group'] = {
        id: randomId(),
        display_name: b.admin_group_name,
        silo_id: silo.id,
        time_created: t,
        time_modified: t,
      }
      ctx.db.groups.push(group)
      ctx.db.siloPolicies.set(silo.id, [
        { identity_id: group.id, identity_type: 'silo_group', role_name: 'admin' },
      ])
    }
    return silo
  }),

  handle('siloView', (ctx) => {
    fleetRead(ctx)
    return lookupSilo(ctx.db, ctx.path.silo)
  }),

  handle('siloDelete', (ctx) => {
    fleetWrite(ctx)
    const silo = lookupSilo(ctx.db, ctx.path.silo)
    const db = ctx.db
    if (db.projects.some((p) => db.projectSilo.get(p.id) === silo.id)) {
      throw invalidRequest('silo to be deleted contains a project')
    }
    db.silos = db.silos.filter((s) => s.id !== silo.id)
    db.siloQuotas = db.siloQuotas.filter((q) => q.silo_id !== silo.id)
    db.siloPolicies.delete(silo.id)
    db.ipPoolSiloLinks = db.ipPoolSiloLinks.filter((l) => l.silo_id !== silo.id)
    const idps = new Set([...db.idpSilo].filter(([, s]) => s === silo.id).map(([id]) => id))
    db.identityProviders = db.identityProviders.filter((p) => !idps.has(p.id))
    for (const id of idps) db.idpSilo.delete(id)
    for (const u of db.users.filter((x) => x.silo_id === silo.id)) removeUser(db, u.id)
    const groups = new Set(db.groups.filter((g) => g.silo_id === silo.id).map((g) => g.id))
    db.groups = db.groups.filter((g) => !groups.has(g.id))
    db.groupMembers = db.groupMembers.filter((m) => !groups.has(m.group_id))
    db.fleetPolicy = {
      role_assignments: db.fleetPolicy.role_assignments.filter((a) => !groups.has(a.identity_id)),
    }
    for (const [id, silo_id] of db.imageSilo) {
      if (silo_id === silo.id) {
        db.imageSilo.delete(id)
        db.images = db.images.filter((i) => i.id !== id)
      }
    }
    return undefined
  }),

  handle('siloIpPoolList', (ctx) => {
    fleetRead(ctx)
    const silo = lookupSilo(ctx.db, ctx.path.silo)
    return paginate(
      ctx,
      siloPoolLinks(ctx.db, silo.id).map((x) => siloIpPool(x.pool, x.link.is_default)),
    )
  }),

  handle('siloPolicyView', (ctx) => {
    fleetRead(ctx)
    const silo = lookupSilo(ctx.db, ctx.path.silo)
    return { role_assignments: ctx.db.siloPolicies.get(silo.id) ?? [] }
  }),

  handle('siloPolicyUpdate', (ctx) => {
    fleetWrite(ctx)
    const silo = lookupSilo(ctx.db, ctx.path.silo)
    const assignments = ctx.body.role_assignments
    for (const a of assignments) {
      const exists =
        a.identity_type === 'silo_user'
          ? ctx.db.users.some((u) => u.id === a.identity_id && u.silo_id === silo.id)
          : ctx.db.groups.some((g) => g.id === a.identity_id && g.silo_id === silo.id)
      if (!exists) throw notFound(a.identity_type === 'silo_user' ? 'silo-user' : 'silo-group', a.identity_id)
    }
    ctx.db.siloPolicies.set(silo.id, assignments)
    return { role_assignments: assignments }
  }),

  handle('siloQuotasView', (ctx) => {
    fleetRead(ctx)
    const silo = lookupSilo(ctx.db, ctx.path.silo)
    const q = ctx.db.siloQuotas.find((x) => x.silo_id === silo.id)
    return q ?? { silo_id: silo.id, cpus: 0, memory: 0, storage: 0 }
  }),

  handle('siloQuotasUpdate', (ctx) => {
    fleetWrite(ctx)
    const silo = lookupSilo(ctx.db, ctx.path.silo)
    let q = ctx.db.siloQuotas.find((x) => x.silo_id === silo.id)
    if (!q) {
      q = { silo_id: silo.id, cpus: 0, memory: 0, storage: 0 }
      ctx.db.siloQuotas.push(q)
    }
    const b = ctx.body
    if ((b.cpus ?? 0) < 0 || (b.memory ?? 0) < 0 || (b.storage ?? 0) < 0)
      throw invalidRequest('quotas must not be negative')
    if (b.cpus != null) q.cpus = b.cpus
    if (b.memory != null) q.memory = b.memory
    if (b.storage != null) q.storage = b.storage
    return q
  }),

  handle('systemQuotasList', (ctx) => {
    fleetRead(ctx)
    return paginateBy(ctx, ctx.db.siloQuotas, (q) => q.silo_id)
  }),

  // Identity providers and local users

  handle('siloIdentityProviderList', (ctx) => {
    fleetRead(ctx)
    const silo = lookupSilo(ctx.db, ctx.query.get('silo'))
    const rows: S['IdentityProvider'][] = ctx.db.identityProviders
      .filter((p) => ctx.db.idpSilo.get(p.id) === silo.id)
      .map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        provider_type: 'saml',
        time_created: p.time_created,
        time_modified: p.time_modified,
      }))
    return paginate(ctx, rows)
  }),

  handle('samlIdentityProviderCreate', (ctx) => {
    fleetWrite(ctx)
    const silo = lookupSilo(ctx.db, ctx.query.get('silo'))
    const b = ctx.body
    assertNameFree(
      'saml-identity-provider',
      ctx.db.identityProviders.filter((p) => ctx.db.idpSilo.get(p.id) === silo.id),
      b.name,
    )
    if (b.idp_metadata_source.type === 'url' && !/^https?:\/\//.test(b.idp_metadata_source.url)) {
      throw invalidRequest('idp_metadata_source url must be an http(s) URL')
    }
    if (b.idp_metadata_source.type === 'base64_encoded_xml') {
      try {
        atob(b.idp_metadata_source.data)
      } catch {
        throw badRequest('unable to parse JSON body: idp_metadata_source.data is not valid base64')
      }
    }
    const t = now()
    const idp: S['SamlIdentityProvider'] = {
      id: randomId(),
      name: b.name,
      description: b.description,
      acs_url: b.acs_url,
      slo_url: b.slo_url,
      idp_entity_id: b.idp_entity_id,
      sp_client_id: b.sp_client_id,
      technical_contact_email: b.technical_contact_email,
      group_attribute_name: b.group_attribute_name ?? null,
      public_cert: b.signing_keypair?.public_cert ?? null,
      time_created: t,
      time_modified: t,
    }
    ctx.db.identityProviders.push(idp)
    ctx.db.idpSilo.set(idp.id, silo.id)
    return idp
  }),

  handle('samlIdentityProviderView', (ctx) => {
    fleetRead(ctx)
    const v = ctx.path.provider
    const siloParam = ctx.query.get('silo')
    let idp: S['SamlIdentityProvider'] | undefined
    if (isUuid(v)) {
      if (siloParam) throw invalidRequest('when providing provider as an ID silo should not be specified')
      idp = ctx.db.identityProviders.find((p) => p.id === v)
    } else {
      if (!siloParam) throw invalidRequest('provider should either be UUID or silo should be specified')
      const silo = lookupSilo(ctx.db, siloParam)
      idp = ctx.db.identityProviders.find((p) => p.name === v && ctx.db.idpSilo.get(p.id) === silo.id)
    }
    if (!idp) throw notFound('saml-identity-provider', v)
    return idp
  }),

  handle('localIdpUserCreate', (ctx) => {
    fleetWrite(ctx)
    const silo = lookupSilo(ctx.db, ctx.query.get('silo'))
    if (silo.identity_mode !== 'local_only') {
      throw invalidRequest('cannot create users in this kind of silo')
    }
    const name = ctx.body.external_id
    if (ctx.db.users.some((u) => u.silo_id === silo.id && u.display_name === name))
      throw alreadyExists('silo-user', name)
    const t = now()
    const user: User = {
      id: randomId(),
      display_name: name,
      silo_id: silo.id,
      time_created: t,
      time_modified: t,
    }
    ctx.db.users.push(user)
    if (ctx.body.password.mode === 'password') ctx.db.passwords.set(user.id, ctx.body.password.value)
    return user
  }),

  handle('localIdpUserDelete', (ctx) => {
    fleetWrite(ctx)
    const silo = lookupSilo(ctx.db, ctx.query.get('silo'))
    const user = lookupSiloUser(ctx.db, silo, ctx.path.user_id)
    removeUser(ctx.db, user.id)
    return undefined
  }),

  handle('localIdpUserSetPassword', (ctx) => {
    fleetWrite(ctx)
    const silo = lookupSilo(ctx.db, ctx.query.get('silo'))
    if (silo.identity_mode !== 'local_only') throw invalidRequest('cannot set passwords in this kind of silo')
    const user = lookupSiloUser(ctx.db, silo, ctx.path.user_id)
    if (ctx.body.mode === 'password') ctx.db.passwords.set(user.id, ctx.body.value)
    else ctx.db.passwords.delete(user.id)
    return undefined
  }),

  handle('siloUserList', (ctx) => {
    fleetRead(ctx)
    const silo = lookupSilo(ctx.db, ctx.query.get('silo'))
    return paginate(
      ctx,
      ctx.db.users.filter((u) => u.silo_id === silo.id),
    )
  }),

  handle('siloUserView', (ctx) => {
    fleetRead(ctx)
    const silo = lookupSilo(ctx.db, ctx.query.get('silo'))
    return lookupSiloUser(ctx.db, silo, ctx.path.user_id)
  }),

  handle('userBuiltinList', (ctx) => {
    fleetRead(ctx)
    return paginate(ctx, builtinUsers)
  }),

  handle('userBuiltinView', (ctx) => {
    fleetRead(ctx)
    const v = ctx.path.user
    const u = builtinUsers.find((x) => (isUuid(v) ? x.id === v : x.name === v))
    if (!u) throw notFound('user-builtin', v)
    return u
  }),

  // Fleet policy

  handle('systemPolicyView', (ctx) => {
    fleetRead(ctx)
    return ctx.db.fleetPolicy
  }),

  handle('systemPolicyUpdate', (ctx) => {
    fleetWrite(ctx)
    for (const a of ctx.body.role_assignments) {
      const exists =
        a.identity_type === 'silo_user'
          ? ctx.db.users.some((u) => u.id === a.identity_id)
          : ctx.db.groups.some((g) => g.id === a.identity_id)
      if (!exists) throw notFound(a.identity_type === 'silo_user' ? 'silo-user' : 'silo-group', a.identity_id)
    }
    ctx.db.fleetPolicy = { role_assignments: ctx.body.role_assignments }
    return ctx.db.fleetPolicy
  }),

  // System IP pools

  handle('systemIpPoolList', (ctx) => {
    fleetRead(ctx)
    const assignment = ctx.query.get('assignment')
    const version = ctx.query.get('ip_version')
    const type = ctx.query.get('pool_type')
    return paginate(
      ctx,
      ctx.db.ipPools.filter(
        (p) =>
          (!assignment || p.assignment === assignment) &&
          (!version || p.ip_version === version) &&
          (!type || p.pool_type === type),
      ),
    )
  }),

  handle('systemIpPoolCreate', (ctx) => {
    fleetWrite(ctx)
    const b = ctx.body
    assertNameFree('ip-pool', ctx.db.ipPools, b.name)
    const t = now()
    const pool: S['IpPool'] = {
      id: randomId(),
      name: b.name,
      description: b.description,
      ip_version: b.ip_version ?? 'v4',
      pool_type: b.pool_type ?? 'unicast',
      assignment: b.assignment ?? 'silos',
      time_created: t,
      time_modified: t,
    }
    ctx.db.ipPools.push(pool)
    return pool
  }),

  handle('systemIpPoolView', (ctx) => {
    fleetRead(ctx)
    return lookupPool(ctx.db, ctx.path.pool)
  }),

  handle('systemIpPoolUpdate', (ctx) => {
    fleetWrite(ctx)
    const pool = lookupPool(ctx.db, ctx.path.pool)
    const b = ctx.body
    if (b.name != null) {
      assertNameFree('ip-pool', ctx.db.ipPools, b.name, pool.id)
      pool.name = b.name
    }
    if (b.description != null) pool.description = b.description
    pool.time_modified = now()
    return pool
  }),

  handle('systemIpPoolDelete', (ctx) => {
    fleetWrite(ctx)
    const pool = lookupPool(ctx.db, ctx.path.pool)
    if (ctx.db.ipPoolRanges.some((r) => r.ip_pool_id === pool.id)) {
      throw invalidRequest('IP Pool cannot be deleted while it contains IP ranges')
    }
    ctx.db.ipPools = ctx.db.ipPools.filter((p) => p.id !== pool.id)
    ctx.db.ipPoolSiloLinks = ctx.db.ipPoolSiloLinks.filter((l) => l.ip_pool_id !== pool.id)
    return undefined
  }),

  handle('systemIpPoolAssign', (ctx) => {
    fleetWrite(ctx)
    const pool = lookupPool(ctx.db, ctx.path.pool)
    const next = ctx.body.assignment
    if (next !== pool.assignment) {
      if (next === 'system_services' && ctx.db.ipPoolSiloLinks.some((l) => l.ip_pool_id === pool.id)) {
        throw invalidRequest('IP Pool is linked to silos; unlink it before assigning it to system services')
      }
      pool.assignment = next
      pool.time_modified = now()
    }
    return pool
  }),

  handle('systemIpPoolRangeList', (ctx) => {
    fleetRead(ctx)
    const pool = lookupPool(ctx.db, ctx.path.pool)
    return paginate(
      ctx,
      ctx.db.ipPoolRanges.filter((r) => r.ip_pool_id === pool.id),
    )
  }),

  handle('systemIpPoolRangeAdd', (ctx) => {
    fleetWrite(ctx)
    const pool = lookupPool(ctx.db, ctx.path.pool)
    const range = parseRange(ctx.body)
    if (!range)
      throw badRequest('unable to parse JSON body: first and last must be addresses of the same IP version')
    if (range.first > range.last) throw invalidRequest('IP address range must be non-decreasing')
    const want = pool.ip_version === 'v4' ? 4 : 6
    if (range.v !== want) {
      throw invalidRequest(`Cannot add IPv${range.v} address range to IPv${want} pool`)
    }
    for (const r of ctx.db.ipPoolRanges) {
      const other = parseRange(r.range)
      if (other && other.v === range.v && range.first <= other.last && other.first <= range.last) {
        throw invalidRequest(`The provided IP range ${rangeText(ctx.body)} overlaps with an existing range`)
      }
    }
    const row: S['IpPoolRange'] = {
      id: randomId(),
      ip_pool_id: pool.id,
      range: {
        first: formatIp({ v: range.v, n: range.first }),
        last: formatIp({ v: range.v, n: range.last }),
      },
      time_created: now(),
    }
    ctx.db.ipPoolRanges.push(row)
    return row
  }),

  handle('systemIpPoolRangeRemove', (ctx) => {
    fleetWrite(ctx)
    const pool = lookupPool(ctx.db, ctx.path.pool)
    const range = parseRange(ctx.body)
    if (!range)
      throw badRequest('unable to parse JSON body: first and last must be addresses of the same IP version')
    const row = ctx.db.ipPoolRanges.find((r) => {
      const x = parseRange(r.range)
      return (
        r.ip_pool_id === pool.id && x && x.v === range.v && x.first === range.first && x.last === range.last
      )
    })
    if (!row) throw notFound('ip-pool-range', rangeText(ctx.body))
    for (const key of usedIps(ctx.db).keys()) {
      const [v, n] = key.split(':')
      if (inRange(row.range, { v: v === '4' ? 4 : 6, n: BigInt(n ?? 0) })) {
        throw invalidRequest(
          'IP pool ranges cannot be deleted while external IP addresses are allocated from them',
        )
      }
    }
    ctx.db.ipPoolRanges = ctx.db.ipPoolRanges.filter((r) => r.id !== row.id)
    return undefined
  }),

  handle('systemIpPoolSiloList', (ctx) => {
    fleetRead(ctx)
    const pool = lookupPool(ctx.db, ctx.path.pool)
    return paginateBy(
      ctx,
      ctx.db.ipPoolSiloLinks.filter((l) => l.ip_pool_id === pool.id),
      (l) => l.silo_id,
    )
  }),

  handle('systemIpPoolSiloLink', (ctx) => {
    fleetWrite(ctx)
    const pool = lookupPool(ctx.db, ctx.path.pool)
    const silo = lookupSilo(ctx.db, ctx.body.silo)
    if (pool.assignment !== 'silos')
      throw invalidRequest('IP Pool is reserved for system services and cannot be linked to a silo')
    if (ctx.db.ipPoolSiloLinks.some((l) => l.ip_pool_id === pool.id && l.silo_id === silo.id)) {
      throw alreadyExists('ip-pool-resource', `${pool.name}/${silo.name}`)
    }
    if (ctx.body.is_default) {
      const clash = siloPoolLinks(ctx.db, silo.id).find(
        (x) =>
          x.link.is_default && x.pool.ip_version === pool.ip_version && x.pool.pool_type === pool.pool_type,
      )
      // One default pool per silo, version and type (a unique index on the real server).
      if (clash)
        throw alreadyExists('ip-pool-resource', `default ${pool.ip_version} pool of silo ${silo.name}`)
    }
    const link: S['IpPoolSiloLink'] = {
      ip_pool_id: pool.id,
      silo_id: silo.id,
      is_default: ctx.body.is_default,
    }
    ctx.db.ipPoolSiloLinks.push(link)
    return link
  }),

  handle('systemIpPoolSiloUpdate', (ctx) => {
    fleetWrite(ctx)
    const pool = lookupPool(ctx.db, ctx.path.pool)
    const silo = lookupSilo(ctx.db, ctx.path.silo)
    const link = ctx.db.ipPoolSiloLinks.find((l) => l.ip_pool_id === pool.id && l.silo_id === silo.id)
    if (!link) throw notFound('ip-pool-resource', `${pool.name}/${silo.name}`)
    if (ctx.body.is_default && !link.is_default) {
      // Making a pool the default takes the flag from the silo's previous default of that version.
      for (const x of siloPoolLinks(ctx.db, silo.id)) {
        if (x.link.is_default && x.pool.ip_version === pool.ip_version && x.pool.pool_type === pool.pool_type)
          x.link.is_default = false
      }
    }
    link.is_default = ctx.body.is_default
    return link
  }),

  handle('systemIpPoolSiloUnlink', (ctx) => {
    fleetWrite(ctx)
    const pool = lookupPool(ctx.db, ctx.path.pool)
    const silo = lookupSilo(ctx.db, ctx.path.silo)
    const link = ctx.db.ipPoolSiloLinks.find((l) => l.ip_pool_id === pool.id && l.silo_id === silo.id)
    if (!link) throw notFound('ip-pool-resource', `${pool.name}/${silo.name}`)
    const db = ctx.db
    const siloProjects = new Set(
      db.projects.filter((p) => db.projectSilo.get(p.id) === silo.id).map((p) => p.id),
    )
    const inUse =
      db.floatingIps.some((f) => f.ip_pool_id === pool.id && siloProjects.has(f.project_id)) ||
      db.instances.some(
        (i) =>
          siloProjects.has(i.project_id) &&
          (db.externalIps.get(i.id) ?? []).some((e) => e.ip_pool_id === pool.id),
      )
    if (inUse) throw invalidRequest('IP addresses from this pool are in use in the linked silo')
    db.ipPoolSiloLinks = db.ipPoolSiloLinks.filter((l) => l !== link)
    return undefined
  }),

  handle('systemIpPoolUtilizationView', (ctx) => {
    fleetRead(ctx)
    const pool = lookupPool(ctx.db, ctx.path.pool)
    return poolUtilization(ctx.db, pool.id)
  }),

  // Hardware

  handle('rackList', (ctx) => {
    fleetRead(ctx)
    return paginate(ctx, ctx.db.racks)
  }),

  handle('rackView', (ctx) => {
    fleetRead(ctx)
    const id = ctx.path.rack_id
    const rack = isUuid(id) ? ctx.db.racks.find((r) => r.id === id) : undefined
    if (!rack) throw notFound('rack', id)
    return rack
  }),

  handle('sledList', (ctx) => {
    fleetRead(ctx)
    return paginate(ctx, ctx.db.sleds)
  }),

  handle('sledView', (ctx) => {
    fleetRead(ctx)
    return lookupSled(ctx.db, ctx.path.sled_id)
  }),

  handle('sledPhysicalDiskList', (ctx) => {
    fleetRead(ctx)
    const sled = lookupSled(ctx.db, ctx.path.sled_id)
    return paginate(
      ctx,
      ctx.db.physicalDisks.filter((d) => d.sled_id === sled.id),
    )
  }),

  handle('sledInstanceList', (ctx) => {
    fleetRead(ctx)
    const db = ctx.db
    const sled = lookupSled(db, ctx.path.sled_id)
    const projects = new Map(db.projects.map((p) => [p.id, p]))
    const silos = new Map(db.silos.map((s) => [s.id, s]))
    const rows: S['SledInstance'][] = []
    for (const i of db.instances) {
      if (sledOf(db, i) !== sled.id) continue
      const project = projects.get(i.project_id)
      const silo = project && silos.get(db.projectSilo.get(project.id) ?? '')
      if (!project || !silo) continue
      rows.push({
        id: i.id,
        name: i.name,
        active_sled_id: sled.id,
        migration_id: null,
        memory: i.memory,
        ncpus: i.ncpus,
        project_name: project.name,
        silo_name: silo.name,
        state: i.run_state,
        time_created: i.time_created,
        time_modified: i.time_modified,
      })
    }
    return paginate(ctx, rows)
  }),

  handle('sledSetProvisionPolicy', (ctx) => {
    fleetWrite(ctx)
    const sled = lookupSled(ctx.db, ctx.path.sled_id)
    if (sled.policy.kind !== 'in_service') {
      throw invalidRequest('cannot set the provision policy of an expunged sled')
    }
    const old_state = sled.policy.provision_policy
    sled.policy = { kind: 'in_service', provision_policy: ctx.body.state }
    if (old_state !== ctx.body.state) sled.time_modified = now()
    return { old_state, new_state: ctx.body.state }
  }),

  handle('sledListUninitialized', (ctx) => {
    fleetRead(ctx)
    // Cubbies with a sled that has not been added to the rack yet (seeded in mocks/seed/system.ts).
    return { items: uninitializedSleds(ctx.db), next_page: null }
  }),

  handle('physicalDiskList', (ctx) => {
    fleetRead(ctx)
    return paginate(ctx, ctx.db.physicalDisks)
  }),

  handle('physicalDiskView', (ctx) => {
    fleetRead(ctx)
    const id = ctx.path.disk_id
    const disk = isUuid(id) ? ctx.db.physicalDisks.find((d) => d.id === id) : undefined
    if (!disk) throw notFound('physical-disk', id)
    return disk
  }),

  handle('switchList', (ctx) => {
    fleetRead(ctx)
    return paginate(ctx, ctx.db.switches)
  }),

  handle('switchView', (ctx) => {
    fleetRead(ctx)
    const id = ctx.path.switch_id
    const sw = isUuid(id) ? ctx.db.switches.find((s) => s.id === id) : undefined
    if (!sw) throw notFound('switch', id)
    return sw
  }),

  // Utilization

  handle('siloUtilizationList', (ctx) => {
    fleetRead(ctx)
    const rows = ctx.db.silos.map((s) => ({ id: s.id, name: s.name, u: siloUtilization(ctx.db, s) }))
    const page = paginate(ctx, rows)
    return { items: page.items.map((x) => x.u), next_page: page.next_page }
  }),

  handle('siloUtilizationView', (ctx) => {
    fleetRead(ctx)
    return siloUtilization(ctx.db, lookupSilo(ctx.db, ctx.path.silo))
  }),

  // Utilization history of one silo, or of every silo summed when none is named.
  handle('systemMetric', (ctx) => {
    fleetRead(ctx)
    const metric = ctx.path.metric_name
    const nameOrId = ctx.query.get('silo')
    const silos = nameOrId ? [lookupSilo(ctx.db, nameOrId)] : ctx.db.silos
    const current = silos.reduce((n, s) => n + provisionedMetric(metric, provisionedIn(ctx.db, s.id)), 0)
    return measurementsPage(ctx.query, `${metric}:${nameOrId ? silos[0]?.id : 'fleet'}`, current)
  }),
]

/** Sleds present in a cubby but not yet part of the control plane: the seed's free cubbies 30, 31. */
function uninitializedSleds(db: Db): S['UninitializedSled'][] {
  const rack = db.racks[0]
  if (!rack) return []
  const taken = new Set(db.sleds.map((s) => s.slot))
  return [30, 31]
    .filter((c) => !taken.has(c))
    .map((cubby) => ({
      rack_id: rack.id,
      cubby,
      baseboard: { part: '913-0000019', revision: 6, serial: `BRM4222${String(cubby).padStart(4, '0')}` },
    }))
}
