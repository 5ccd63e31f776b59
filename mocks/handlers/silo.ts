// Silo-level operations: users, groups, the silo policy, utilization, IP pools available to the silo,
// metrics and timeseries queries, ping.
import type { HttpHandler } from 'msw'
import type { S } from '../db'
import { requireProject, requireSilo, siloRole } from '../lib/auth'
import { forbidden, invalidRequest, isUuid, notFound } from '../lib/errors'
import { handle } from '../lib/handle'
import { lookupProject } from '../lib/lookup'
import { measurementsPage, provisionedMetric, timestamps, wave } from '../lib/metrics'
import { paginate } from '../lib/paginate'

const GiB = 1024 ** 3
const TiB = 1024 * GiB

/** Silo capacity when no quota row exists (the system author seeds quotas). */
export const DEFAULT_QUOTAS = { cpus: 512, memory: 4 * TiB, storage: 64 * TiB }

type Db = import('../db').Db

/**
 * Resources provisioned in a silo (or in one of its projects, when `projectId` is given): running
 * instances' CPUs and memory, and all disks' storage.
 */
export function provisionedIn(db: Db, siloId: string, projectId?: string): S['VirtualResourceCounts'] {
  const projects = new Set(
    db.projects
      .filter((p) => db.projectSilo.get(p.id) === siloId && (projectId === undefined || p.id === projectId))
      .map((p) => p.id),
  )
  let cpus = 0
  let memory = 0
  for (const i of db.instances) {
    if (!projects.has(i.project_id)) continue
    if (['running', 'starting', 'rebooting', 'migrating', 'stopping'].includes(i.run_state)) {
      cpus += i.ncpus
      memory += i.memory
    }
  }
  let storage = 0
  for (const d of db.disks) if (projects.has(d.project_id) && d.state.state !== 'destroyed') storage += d.size
  for (const s of db.snapshots) if (projects.has(s.project_id) && s.state !== 'destroyed') storage += s.size
  return { cpus, memory, storage }
}

function userById(db: Db, siloId: string, id: string) {
  const u = db.users.find((x) => x.id === id && x.silo_id === siloId)
  if (!u) throw notFound('silo-user', id)
  return u
}

/** A user's own data, or a silo admin's view of anyone in the silo. */
function requireSelfOrAdmin(db: Db, caller: S['User'], userId: string): void {
  if (caller.id !== userId && siloRole(db, caller) !== 'admin') throw forbidden()
}

function siloIpPools(db: Db, siloId: string): S['SiloIpPool'][] {
  const out: S['SiloIpPool'][] = []
  for (const link of db.ipPoolSiloLinks) {
    if (link.silo_id !== siloId) continue
    const pool = db.ipPools.find((p) => p.id === link.ip_pool_id)
    if (!pool) continue
    const { assignment: _assignment, ...rest } = pool
    out.push({ ...rest, is_default: link.is_default })
  }
  return out
}

export const siloHandlers: HttpHandler[] = [
  handle('ping', () => ({ status: 'ok' as const })),

  handle('userList', (ctx) => {
    const group = ctx.query.get('group')
    let users = ctx.db.users.filter((u) => u.silo_id === ctx.user.silo_id)
    if (group) {
      if (!ctx.db.groups.some((g) => g.id === group && g.silo_id === ctx.user.silo_id))
        throw notFound('silo-group', group)
      const members = new Set(ctx.db.groupMembers.filter((m) => m.group_id === group).map((m) => m.user_id))
      users = users.filter((u) => members.has(u.id))
    }
    return paginate(ctx, users)
  }),
  handle('userView', (ctx) => userById(ctx.db, ctx.user.silo_id, ctx.path.user_id)),
  handle('userTokenList', (ctx) => {
    const u = userById(ctx.db, ctx.user.silo_id, ctx.path.user_id)
    requireSelfOrAdmin(ctx.db, ctx.user, u.id)
    const tokens = ctx.db.accessTokens
      .filter((t) => t.user_id === u.id)
      .map((t) => ({ id: t.id, time_created: t.time_created, time_expires: t.time_expires }))
    return paginate(ctx, tokens)
  }),
  handle('userSessionList', (ctx) => {
    const u = userById(ctx.db, ctx.user.silo_id, ctx.path.user_id)
    requireSelfOrAdmin(ctx.db, ctx.user, u.id)
    const sessions = ctx.db.sessions
      .filter((s) => s.user_id === u.id)
      .map((s) => ({ id: s.id, time_created: s.time_created, time_last_used: s.time_last_used }))
    return paginate(ctx, sessions)
  }),
  // Signs the user out everywhere: their sessions and device tokens stop working.
  handle('userLogout', (ctx) => {
    const u = userById(ctx.db, ctx.user.silo_id, ctx.path.user_id)
    requireSilo(ctx.db, ctx.user, 'admin')
    ctx.db.sessions = ctx.db.sessions.filter((s) => s.user_id !== u.id)
    ctx.db.accessTokens = ctx.db.accessTokens.filter((t) => t.user_id !== u.id)
    return undefined
  }),

  handle('groupList', (ctx) =>
    paginate(
      ctx,
      ctx.db.groups.filter((g) => g.silo_id === ctx.user.silo_id),
    ),
  ),
  handle('groupView', (ctx) => {
    const g = ctx.db.groups.find((x) => x.id === ctx.path.group_id && x.silo_id === ctx.user.silo_id)
    if (!g) throw notFound('silo-group', ctx.path.group_id)
    return g
  }),

  handle('policyView', (ctx) => ({ role_assignments: ctx.db.siloPolicies.get(ctx.user.silo_id) ?? [] })),
  // Spec section 6: assigning replaces any existing assignment for that identity; the console
  // sends the whole list, so the list is stored as given (after checking the identities exist).
  handle('policyUpdate', (ctx) => {
    requireSilo(ctx.db, ctx.user, 'admin')
    const assignments = ctx.body.role_assignments
    for (const a of assignments) {
      const exists =
        a.identity_type === 'silo_user'
          ? ctx.db.users.some((u) => u.id === a.identity_id && u.silo_id === ctx.user.silo_id)
          : ctx.db.groups.some((g) => g.id === a.identity_id && g.silo_id === ctx.user.silo_id)
      if (!exists) throw notFound(a.identity_type === 'silo_user' ? 'silo-user' : 'silo-group', a.identity_id)
    }
    if (new Set(assignments.map((a) => a.identity_id)).size !== assignments.length) {
      throw invalidRequest('an identity may have at most one role on a resource')
    }
    ctx.db.siloPolicies.set(ctx.user.silo_id, assignments)
    return { role_assignments: assignments }
  }),

  handle('utilizationView', (ctx) => {
    const q = ctx.db.siloQuotas.find((x) => x.silo_id === ctx.user.silo_id)
    return {
      capacity: q ? { cpus: q.cpus, memory: q.memory, storage: q.storage } : DEFAULT_QUOTAS,
      provisioned: provisionedIn(ctx.db, ctx.user.silo_id),
    }
  }),

  handle('ipPoolList', (ctx) => {
    const v = ctx.query.get('ip_version')
    const t = ctx.query.get('pool_type')
    const pools = siloIpPools(ctx.db, ctx.user.silo_id).filter(
      (p) => (!v || p.ip_version === v) && (!t || p.pool_type === t),
    )
    return paginate(ctx, pools)
  }),
  handle('ipPoolView', (ctx) => {
    const v = ctx.path.pool
    const pool = siloIpPools(ctx.db, ctx.user.silo_id).find((p) => (isUuid(v) ? p.id === v : p.name === v))
    if (!pool) throw notFound('ip-pool', v)
    return pool
  }),

  // Utilization history of the silo, or of one project (by name or id) when given: the project's own
  // series, ending at what the project has provisioned.
  handle('siloMetric', (ctx) => {
    const nameOrId = ctx.query.get('project')
    const projectId = nameOrId ? lookupProject(ctx, nameOrId).id : undefined
    if (projectId) requireProject(ctx.db, ctx.user, projectId, 'viewer')
    const metric = ctx.path.metric_name
    const current = provisionedMetric(metric, provisionedIn(ctx.db, ctx.user.silo_id, projectId))
    return measurementsPage(ctx.query, `${metric}:${projectId ?? ctx.user.silo_id}`, current)
  }),

  handle('timeseriesQuery', (ctx) => {
    const project = lookupProject(ctx, ctx.query.get('project'))
    requireProject(ctx.db, ctx.user, project.id, 'viewer')
    return oxqlQuery(ctx.body.query, project.id)
  }),
]

/** Metrics the console charts (instance CPU, disk and network), with plausible magnitudes. */
const METRICS: Record<string, { base: number; amplitude: number; integer: boolean }> = {
  'virtual_machine:vcpu_usage': { base: 6e8, amplitude: 4e8, integer: false },
  'virtual_disk:bytes_read': { base: 4e6, amplitude: 3e6, integer: true },
  'virtual_disk:bytes_written': { base: 2e6, amplitude: 1.5e6, integer: true },
  'virtual_disk:reads': { base: 200, amplitude: 150, integer: true },
  'virtual_disk:writes': { base: 120, amplitude: 90, integer: true },
  'virtual_disk:flushes': { base: 8, amplitude: 6, integer: true },
  'virtual_disk:failed_reads': { base: 0.2, amplitude: 0.4, integer: true },
  'virtual_disk:failed_writes': { base: 0.2, amplitude: 0.4, integer: true },
  'virtual_disk:failed_flushes': { base: 0.1, amplitude: 0.2, integer: true },
  'instance_network_interface:bytes_sent': { base: 3e5, amplitude: 2e5, integer: true },
  'instance_network_interface:bytes_received': { base: 5e5, amplitude: 3e5, integer: true },
  'instance_network_interface:packets_sent': { base: 400, amplitude: 300, integer: true },
  'instance_network_interface:packets_received': { base: 600, amplitude: 400, integer: true },
  'instance_network_interface:packets_dropped': { base: 1, amplitude: 2, integer: true },
  'instance_network_interface:errors_sent': { base: 0.1, amplitude: 0.3, integer: true },
  'instance_network_interface:errors_received': { base: 0.1, amplitude: 0.3, integer: true },
}

const VCPU_STATES = ['run', 'idle', 'waiting', 'emulation']

/** Answer an OxQL query: the metric comes from `get <metric>`, the time range and ids from filters. */
export function oxqlQuery(query: string, projectId: string): S['OxqlQueryResult'] {
  const metric = query.match(/\bget\s+([a-z_]+:[a-z_]+)/)?.[1]
  if (!metric) throw invalidRequest('Query must start with a `get` table operation')
  const spec = METRICS[metric]
  if (!spec) throw invalidRequest(`Timeseries not found for: ${metric}`)
  const at = (op: string) =>
    Date.parse(query.match(new RegExp(`timestamp\\s*${op}\\s*@([0-9T:.\\-Z+]+)`))?.[1] ?? '') || undefined
  const end = at('<=?') ?? Date.now()
  const start = at('>=?') ?? end - 3_600_000
  const ids = (field: string) => query.match(new RegExp(`${field}\\s*==\\s*"([0-9a-f-]{36})"`))?.[1]
  const instanceId = ids('instance_id') ?? ids('attached_instance_id')
  const diskId = ids('disk_id')
  const aligned = /\|\s*align\b/.test(query)
  const state = query.match(/state\s*==\s*"([a-z]+)"/)?.[1]
  const states = metric === 'virtual_machine:vcpu_usage' ? (state ? [state] : VCPU_STATES) : [undefined]
  const times = timestamps(start, end, 60)
  const timeseries: S['Timeseries'][] = states.map((st) => {
    const fields: S['Timeseries']['fields'] = { project_id: { type: 'uuid', value: projectId } }
    if (instanceId) fields.instance_id = { type: 'uuid', value: instanceId }
    if (diskId) fields.disk_id = { type: 'uuid', value: diskId }
    if (st) fields.state = { type: 'string', value: st }
    const key = `${metric}:${instanceId ?? diskId ?? projectId}:${st ?? ''}`
    const scale = st === undefined || st === 'run' ? 1 : st === 'idle' ? 0.5 : 0.05
    const raw = times.map((t) => wave(key, t, spec.base * scale, spec.amplitude * scale))
    // Aligned queries yield gauges of doubles (rates); raw counters are cumulative integers.
    let cumulative = 0
    const values: S['Values'] = aligned
      ? { metric_type: 'gauge', values: { type: 'double', values: raw } }
      : {
          metric_type: 'cumulative',
          values: spec.integer
            ? { type: 'integer', values: raw.map((v) => (cumulative += Math.round(v))) }
            : { type: 'double', values: raw.map((v) => (cumulative += v)) },
        }
    return {
      fields,
      points: {
        timestamps: times.map((t) => new Date(t).toISOString()),
        start_times: aligned ? null : times.map(() => new Date(start).toISOString()),
        values: [values],
      },
    }
  })
  return { tables: [{ name: metric, timeseries }] }
}
