// Instances and their sub-resources (spec sections 4 and 7). Which state allows which action follows
// spec section 4; state changes caused by requests move on by timers (starting -> running about 3 s,
// stopping -> stopped, rebooting -> running, creating -> stopped/running, disks attaching ->
// attached, detaching -> detached).
import type { HttpHandler } from 'msw'
import { type Db, type Disk, type Instance, db as liveDb, type S } from '../db'
import { requireProject } from '../lib/auth'
import { invalidRequest, isUuid, notFound } from '../lib/errors'
import { type Ctx, handle } from '../lib/handle'
import { now, randomId } from '../lib/ids'
import { allocatePrivateIp } from '../lib/ip'
import { assertNameFree, lookupInProject, lookupProject } from '../lib/lookup'
import { paginate } from '../lib/paginate'
import { after } from '../lib/timers'
import { createDisk } from './storage'
import { allocateIp, defaultPool, lookupSiloPool } from './system'

type AnyCtx = Ctx<import('../../src/api/__generated__/operations').OperationName>

const GiB = 1024 ** 3
/** Limits of the platform (spec section 9 constants 64 and 1536; 12 disks, 8 NICs per instance). */
export const MAX_VCPUS = 64
export const MAX_MEMORY = 1536 * GiB
export const MIN_MEMORY = GiB
export const MAX_DISKS = 12
export const MAX_NICS = 8

/** nexus.json, InstanceCreate.user_data: "Maximum 32 KiB unencoded data". */
export const MAX_USER_DATA = 32 * 1024

/** The decoded length of padded standard base64 (RFC 4648 section 4), or undefined when it is not that. */
export function base64Bytes(text: string): number | undefined {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0
  return (text.length / 4) * 3 - padding
}

/** Durations of request-caused transitions, in ms at time scale 1. */
export const TRANSITION_MS = { create: 1000, start: 3000, stop: 2000, reboot: 3000, disk: 1000 }

export function lookupInstance(ctx: AnyCtx, value: string): Instance {
  return lookupInProject(ctx, 'instance', ctx.db.instances, value)
}

/** Move an instance to `next` if it is (still) in `from`, when the timer fires. */
function transitionLater(
  db: () => Db,
  id: string,
  from: S['InstanceState'],
  next: S['InstanceState'],
  ms: number,
  then?: () => void,
): void {
  after(
    ms,
    () => {
      const i = db().instances.find((x) => x.id === id)
      if (!i || i.run_state !== from) return
      setRunState(i, next)
      then?.()
    },
    id,
  )
}

export function setRunState(i: Instance, state: S['InstanceState']): void {
  i.run_state = state
  i.time_run_state_updated = now()
}

function diskLater(
  db: () => Db,
  id: string,
  from: S['DiskState']['state'],
  next: () => S['DiskState'],
  ms: number,
): void {
  after(
    ms,
    () => {
      const d = db().disks.find((x) => x.id === id)
      if (!d || d.state.state !== from) return
      d.state = next()
      d.time_modified = now()
    },
    id,
  )
}

const attachedTo = (d: Disk, instanceId: string) =>
  (d.state.state === 'attached' || d.state.state === 'attaching' || d.state.state === 'detaching') &&
  d.state.instance === instanceId

function checkSize(ncpus: number, memory: number): void {
  if (ncpus < 1) throw invalidRequest('An instance must have at least 1 vCPU')
  if (ncpus > MAX_VCPUS) throw invalidRequest(`cannot have more than ${MAX_VCPUS} vCPUs per instance`)
  if (memory < MIN_MEMORY) throw invalidRequest('memory must be at least 1 GiB')
  if (memory > MAX_MEMORY) throw invalidRequest('memory must be less than or equal to 1536 GiB')
  if (memory % (1024 * 1024) !== 0) throw invalidRequest('memory must be divisible by 1 MiB')
}

/**
 * The pool of an ephemeral IP (nexus.json, PoolSelector): the named one (linked to the silo), or the
 * silo's default unicast pool of the asked IP version; with no version asked, the one default, and a
 * refusal when the silo has an IPv4 and an IPv6 default ("Required if both IPv4 and IPv6 default
 * pools are configured").
 */
function ephemeralPool(db: Db, siloId: string, selector: S['PoolSelector'] | undefined): S['IpPool'] {
  if (selector?.type === 'explicit') return lookupSiloPool(db, siloId, selector.pool)
  const version = selector?.ip_version ?? null
  if (!version && defaultPool(db, siloId, 'v4') && defaultPool(db, siloId, 'v6'))
    throw invalidRequest('ip_version is required: the silo has a default IPv4 and a default IPv6 pool')
  const pool = defaultPool(db, siloId, version)
  if (!pool)
    throw invalidRequest(
      version
        ? `No default ${version} IP pool is configured for this silo`
        : 'No default IP pool is configured for this silo',
    )
  return pool
}

const ipVersionOf = (address: string): S['IpVersion'] => (address.includes(':') ? 'v6' : 'v4')

function badState(action: string, i: Instance): never {
  throw invalidRequest(`cannot ${action} instance in state "${i.run_state}"`)
}

/** Timers read the live db (a reset swaps it; `db` is a live ES-module binding). */
const currentDb = (): Db => liveDb

export const instanceHandlers: HttpHandler[] = [
  handle('instanceList', (ctx) => {
    const project = lookupProject(ctx, ctx.query.get('project'))
    return paginate(
      ctx,
      ctx.db.instances.filter((i) => i.project_id === project.id),
    )
  }),

  handle('instanceCreate', (ctx) => {
    const { db, body } = ctx
    const project = lookupProject(ctx, ctx.query.get('project'))
    requireProject(db, ctx.user, project.id, 'limited_collaborator')
    assertNameFree(
      'instance',
      db.instances.filter((i) => i.project_id === project.id),
      body.name,
    )
    checkSize(body.ncpus, body.memory)
    if (body.user_data) {
      const bytes = base64Bytes(body.user_data)
      if (bytes === undefined) throw invalidRequest('user data must be base64 (RFC 4648 section 4, padded)')
      if (bytes > MAX_USER_DATA) throw invalidRequest('user data must be at most 32 KiB before encoding')
    }
    const attachments = [...(body.boot_disk ? [body.boot_disk] : []), ...(body.disks ?? [])]
    if (attachments.length > MAX_DISKS)
      throw invalidRequest(`cannot attach more than ${MAX_DISKS} disks to an instance`)
    const names = attachments.map((a) => a.name)
    if (new Set(names).size !== names.length) throw invalidRequest('disks must be attached at most once')

    const t = now()
    const id = randomId()
    // Validate everything that can fail before mutating anything.
    const toAttach = attachments
      .filter((a): a is Extract<typeof a, { type: 'attach' }> => a.type === 'attach')
      .map((a) => {
        const d = lookupInProject(ctx, 'disk', db.disks, a.name, project.id)
        if (d.state.state !== 'detached')
          throw invalidRequest(`disk "${d.name}" is not detached (state: ${d.state.state})`)
        return d
      })
    for (const a of attachments) {
      if (a.type === 'create') {
        assertNameFree(
          'disk',
          db.disks.filter((d) => d.project_id === project.id),
          a.name,
        )
      }
    }
    const floating = (body.external_ips ?? [])
      .filter((e): e is Extract<typeof e, { type: 'floating' }> => e.type === 'floating')
      .map((e) => {
        const f = lookupInProject(ctx, 'floating-ip', db.floatingIps, e.floating_ip, project.id)
        if (f.instance_id) throw invalidRequest(`floating IP "${f.name}" is already attached`)
        return f
      })
    // An instance holds at most one ephemeral IP of each version (nexus.json,
    // instance_ephemeral_ip_detach: "When an instance has both IPv4 and IPv6 ephemeral IPs").
    const ephemeralPools = (body.external_ips ?? [])
      .filter((e): e is Extract<typeof e, { type: 'ephemeral' }> => e.type === 'ephemeral')
      .map((e) => ephemeralPool(db, ctx.user.silo_id, e.pool_selector))
    for (const version of ['v4', 'v6'] as const)
      if (ephemeralPools.filter((p) => p.ip_version === version).length > 1)
        throw invalidRequest(`an instance may have at most one ${version} ephemeral IP address`)
    const ephemeralIps = ephemeralPools.map((pool): S['ExternalIp'] => {
      const ip = allocateIp(db, pool.id)
      if (!ip) throw invalidRequest(`No external IP addresses available in IP pool ${pool.name}`)
      return { kind: 'ephemeral', ip, ip_pool_id: pool.id }
    })
    const sshKeys =
      body.ssh_public_keys == null
        ? db.sshKeys.filter((k) => k.silo_user_id === ctx.user.id).map((k) => k.id)
        : body.ssh_public_keys.map((v) => {
            const k = db.sshKeys.find(
              (x) => x.silo_user_id === ctx.user.id && (isUuid(v) ? x.id === v : x.name === v),
            )
            if (!k) throw notFound('ssh-key', v)
            return k.id
          })
    const antiAffinity = (body.anti_affinity_groups ?? []).map(
      (v) => lookupInProject(ctx, 'anti-affinity-group', db.antiAffinityGroups, v, project.id).id,
    )
    const nics = planNics(ctx, project.id, body.network_interfaces ?? { type: 'default_ipv4' })

    let bootDiskId: string | null = null
    for (const a of attachments) {
      let disk: Disk
      if (a.type === 'create') {
        disk = createDisk(ctx, project.id, {
          name: a.name,
          description: a.description,
          size: a.size,
          disk_backend: a.disk_backend,
        })
      } else {
        disk = toAttach.find((d) => d.name === a.name) as Disk
      }
      disk.state = { state: 'attached', instance: id }
      disk.time_modified = t
      if (a === body.boot_disk) bootDiskId = disk.id
    }
    const instance: Instance = {
      id,
      name: body.name,
      description: body.description,
      project_id: project.id,
      hostname: body.hostname,
      memory: body.memory,
      ncpus: body.ncpus,
      run_state: 'creating',
      auto_restart_enabled: body.auto_restart_policy !== 'never',
      auto_restart_policy: body.auto_restart_policy ?? null,
      auto_restart_cooldown_expiration: null,
      time_last_auto_restarted: null,
      boot_disk_id: bootDiskId,
      cpu_platform: body.cpu_platform ?? null,
      enable_jumbo_frames: body.enable_jumbo_frames ?? false,
      time_created: t,
      time_modified: t,
      time_run_state_updated: t,
    }
    db.instances.push(instance)
    db.instanceSshKeys.set(id, sshKeys)
    for (const g of antiAffinity) db.antiAffinityGroupMembers.push({ group_id: g, instance_id: id })
    for (const f of floating) f.instance_id = id
    if (ephemeralIps.length) db.externalIps.set(id, ephemeralIps)
    for (const nic of nics) createNic(db, id, nic, t)

    const dbNow = currentDb
    if (body.start ?? true) {
      transitionLater(dbNow, id, 'creating', 'starting', TRANSITION_MS.create, () =>
        transitionLater(dbNow, id, 'starting', 'running', TRANSITION_MS.start),
      )
    } else {
      transitionLater(dbNow, id, 'creating', 'stopped', TRANSITION_MS.create)
    }
    return instance
  }),

  handle('instanceView', (ctx) => lookupInstance(ctx, ctx.path.instance)),

  // Resizing and changing the boot disk need the instance stopped, failed or creating (spec 4).
  handle('instanceUpdate', (ctx) => {
    const i = lookupInstance(ctx, ctx.path.instance)
    requireProject(ctx.db, ctx.user, i.project_id, 'limited_collaborator')
    const b = ctx.body
    const resizing = b.ncpus !== i.ncpus || b.memory !== i.memory
    const bootId =
      b.boot_disk == null
        ? null
        : lookupInProject(ctx, 'disk', ctx.db.disks, b.boot_disk, isUuid(b.boot_disk) ? null : i.project_id)
            .id
    const rebooting = bootId !== (i.boot_disk_id ?? null)
    if ((resizing || rebooting) && !['stopped', 'failed', 'creating'].includes(i.run_state)) {
      throw invalidRequest(`instance must be stopped to be updated (state: "${i.run_state}")`)
    }
    if (resizing) checkSize(b.ncpus, b.memory)
    if (bootId) {
      const d = ctx.db.disks.find((x) => x.id === bootId) as Disk
      if (!attachedTo(d, i.id)) throw invalidRequest(`boot disk "${d.name}" must be attached to the instance`)
    }
    i.ncpus = b.ncpus
    i.memory = b.memory
    i.boot_disk_id = bootId
    i.auto_restart_policy = b.auto_restart_policy ?? null
    i.auto_restart_enabled = b.auto_restart_policy !== 'never'
    i.cpu_platform = b.cpu_platform ?? null
    i.enable_jumbo_frames = b.enable_jumbo_frames
    i.time_modified = now()
    return i
  }),

  // Delete needs stopped or failed (spec 4). Disks are detached, not deleted; addresses are freed.
  handle('instanceDelete', (ctx) => {
    const { db } = ctx
    const i = lookupInstance(ctx, ctx.path.instance)
    requireProject(db, ctx.user, i.project_id, 'limited_collaborator')
    if (i.run_state !== 'stopped' && i.run_state !== 'failed') {
      throw invalidRequest(
        `cannot delete instance: instance is in state "${i.run_state}" and must be stopped or failed`,
      )
    }
    const t = now()
    for (const d of db.disks) {
      if (attachedTo(d, i.id)) {
        d.state = { state: 'detached' }
        d.time_modified = t
      }
    }
    for (const f of db.floatingIps) if (f.instance_id === i.id) f.instance_id = null
    db.externalIps.delete(i.id)
    db.instanceSshKeys.delete(i.id)
    db.instanceSled.delete(i.id)
    db.networkInterfaces = db.networkInterfaces.filter((n) => n.instance_id !== i.id)
    db.affinityGroupMembers = db.affinityGroupMembers.filter((m) => m.instance_id !== i.id)
    db.antiAffinityGroupMembers = db.antiAffinityGroupMembers.filter((m) => m.instance_id !== i.id)
    db.instances = db.instances.filter((x) => x !== i)
    return undefined
  }),

  // Start from stopped or failed (spec 4); already running or starting is a no-op, as on the rack.
  handle('instanceStart', (ctx) => {
    const i = lookupInstance(ctx, ctx.path.instance)
    requireProject(ctx.db, ctx.user, i.project_id, 'limited_collaborator')
    if (i.run_state === 'running' || i.run_state === 'starting') return i
    if (i.run_state !== 'stopped' && i.run_state !== 'failed') badState('start', i)
    setRunState(i, 'starting')
    transitionLater(currentDb, i.id, 'starting', 'running', TRANSITION_MS.start)
    return i
  }),

  // Stop from running, starting, rebooting or failed (spec 4); stopped or stopping is a no-op.
  handle('instanceStop', (ctx) => {
    const i = lookupInstance(ctx, ctx.path.instance)
    requireProject(ctx.db, ctx.user, i.project_id, 'limited_collaborator')
    if (i.run_state === 'stopped' || i.run_state === 'stopping') return i
    if (!['running', 'starting', 'rebooting', 'failed'].includes(i.run_state)) badState('stop', i)
    setRunState(i, 'stopping')
    transitionLater(currentDb, i.id, 'stopping', 'stopped', TRANSITION_MS.stop)
    return i
  }),

  // Reboot only from running (spec 4).
  handle('instanceReboot', (ctx) => {
    const i = lookupInstance(ctx, ctx.path.instance)
    requireProject(ctx.db, ctx.user, i.project_id, 'limited_collaborator')
    if (i.run_state !== 'running') badState('reboot', i)
    setRunState(i, 'rebooting')
    transitionLater(currentDb, i.id, 'rebooting', 'running', TRANSITION_MS.reboot)
    return i
  }),

  handle('instanceDiskList', (ctx) => {
    const i = lookupInstance(ctx, ctx.path.instance)
    return paginate(
      ctx,
      ctx.db.disks.filter((d) => attachedTo(d, i.id)),
    )
  }),

  // Attach needs the instance creating or stopped and the disk creating or detached (spec 4).
  handle('instanceDiskAttach', (ctx) => {
    const { db } = ctx
    const i = lookupInstance(ctx, ctx.path.instance)
    requireProject(db, ctx.user, i.project_id, 'limited_collaborator')
    const d = lookupInProject(
      ctx,
      'disk',
      db.disks,
      ctx.body.disk,
      isUuid(ctx.body.disk) ? null : i.project_id,
    )
    if (d.project_id !== i.project_id) throw invalidRequest('disk and instance must be in the same project')
    if (i.run_state !== 'creating' && i.run_state !== 'stopped') {
      throw invalidRequest(`cannot attach disk: instance is in state "${i.run_state}" and must be stopped`)
    }
    if (d.state.state !== 'detached' && d.state.state !== 'creating') {
      throw invalidRequest(`cannot attach disk "${d.name}": disk is in state "${d.state.state}"`)
    }
    if (db.disks.filter((x) => attachedTo(x, i.id)).length >= MAX_DISKS) {
      throw invalidRequest(`cannot attach more than ${MAX_DISKS} disks to an instance`)
    }
    d.state = { state: 'attaching', instance: i.id }
    d.time_modified = now()
    diskLater(currentDb, d.id, 'attaching', () => ({ state: 'attached', instance: i.id }), TRANSITION_MS.disk)
    return d
  }),

  // Detach needs the instance creating, stopped or failed and the disk attached (spec 4).
  handle('instanceDiskDetach', (ctx) => {
    const { db } = ctx
    const i = lookupInstance(ctx, ctx.path.instance)
    requireProject(db, ctx.user, i.project_id, 'limited_collaborator')
    const d = lookupInProject(
      ctx,
      'disk',
      db.disks,
      ctx.body.disk,
      isUuid(ctx.body.disk) ? null : i.project_id,
    )
    if (!['creating', 'stopped', 'failed'].includes(i.run_state)) {
      throw invalidRequest(`cannot detach disk: instance is in state "${i.run_state}" and must be stopped`)
    }
    if (d.state.state !== 'attached' || d.state.instance !== i.id) {
      throw invalidRequest(`disk "${d.name}" is not attached to instance "${i.name}"`)
    }
    if (i.boot_disk_id === d.id)
      throw invalidRequest('boot disk cannot be detached; unset it as boot disk first')
    d.state = { state: 'detaching', instance: i.id }
    d.time_modified = now()
    diskLater(currentDb, d.id, 'detaching', () => ({ state: 'detached' }), TRANSITION_MS.disk)
    return d
  }),

  handle('instanceExternalIpList', (ctx) => {
    const i = lookupInstance(ctx, ctx.path.instance)
    const floating: S['ExternalIp'][] = ctx.db.floatingIps
      .filter((f) => f.instance_id === i.id)
      .map((f) => ({ ...f, kind: 'floating' as const }))
    return { items: [...(ctx.db.externalIps.get(i.id) ?? []), ...floating], next_page: null }
  }),

  handle('instanceEphemeralIpAttach', (ctx) => {
    const { db } = ctx
    const i = lookupInstance(ctx, ctx.path.instance)
    requireProject(db, ctx.user, i.project_id, 'collaborator')
    const ips = db.externalIps.get(i.id) ?? []
    // One ephemeral IP of each version (as at create).
    const pool = ephemeralPool(db, ctx.user.silo_id, ctx.body.pool_selector)
    if (ips.some((x) => x.kind === 'ephemeral' && ipVersionOf(x.ip) === pool.ip_version))
      throw invalidRequest(`instance already has an ephemeral ${pool.ip_version} IP address`)
    const address = allocateIp(db, pool.id)
    if (!address) throw invalidRequest(`No external IP addresses available in IP pool ${pool.name}`)
    const ip: S['ExternalIp'] = { kind: 'ephemeral', ip: address, ip_pool_id: pool.id }
    db.externalIps.set(i.id, [...ips, ip])
    return ip
  }),

  handle('instanceEphemeralIpDetach', (ctx) => {
    const i = lookupInstance(ctx, ctx.path.instance)
    requireProject(ctx.db, ctx.user, i.project_id, 'collaborator')
    const ips = ctx.db.externalIps.get(i.id) ?? []
    const version = ctx.query.get('ip_version')
    const ephemeral = ips.filter((x) => x.kind === 'ephemeral' && (!version || ipVersionOf(x.ip) === version))
    if (ephemeral.length === 0) throw invalidRequest('instance has no ephemeral IP address')
    // nexus.json: "When an instance has both IPv4 and IPv6 ephemeral IPs, the ip_version query
    // parameter must be specified".
    if (ephemeral.length > 1)
      throw invalidRequest('ip_version is required: the instance has two ephemeral IPs')
    ctx.db.externalIps.set(
      i.id,
      ips.filter((x) => x !== ephemeral[0]),
    )
    return undefined
  }),

  handle('instanceSshPublicKeyList', (ctx) => {
    const i = lookupInstance(ctx, ctx.path.instance)
    const ids = new Set(ctx.db.instanceSshKeys.get(i.id) ?? [])
    return paginate(
      ctx,
      ctx.db.sshKeys.filter((k) => ids.has(k.id)),
    )
  }),

  handle('instanceAffinityGroupList', (ctx) => {
    const i = lookupInstance(ctx, ctx.path.instance)
    const ids = new Set(
      ctx.db.affinityGroupMembers.filter((m) => m.instance_id === i.id).map((m) => m.group_id),
    )
    return paginate(
      ctx,
      ctx.db.affinityGroups.filter((g) => ids.has(g.id)),
    )
  }),

  handle('instanceAntiAffinityGroupList', (ctx) => {
    const i = lookupInstance(ctx, ctx.path.instance)
    const ids = new Set(
      ctx.db.antiAffinityGroupMembers.filter((m) => m.instance_id === i.id).map((m) => m.group_id),
    )
    return paginate(
      ctx,
      ctx.db.antiAffinityGroups.filter((g) => ids.has(g.id)),
    )
  }),

  // The serial console buffer is readable in running, rebooting, migrating or repairing (spec 4).
  handle('instanceSerialConsole', (ctx) => {
    const i = lookupInstance(ctx, ctx.path.instance)
    if (!['running', 'rebooting', 'migrating', 'repairing'].includes(i.run_state)) {
      throw invalidRequest(`instance "${i.name}" is not running (state: "${i.run_state}")`)
    }
    const bytes = Array.from(new TextEncoder().encode(bootLog(i)))
    const max = Number(ctx.query.get('max_bytes') ?? bytes.length) || bytes.length
    const fromStart = ctx.query.get('from_start')
    const mostRecent = ctx.query.get('most_recent')
    let start = 0
    if (fromStart !== null) start = Math.min(Number(fromStart) || 0, bytes.length)
    else if (mostRecent !== null) start = Math.max(0, bytes.length - (Number(mostRecent) || 0))
    else throw invalidRequest('Exactly one of from_start or most_recent must be specified')
    const data = bytes.slice(start, start + max)
    return { data, last_byte_offset: start + data.length }
  }),
]

export function bootLog(i: Instance): string {
  return [
    `Booting ${i.hostname}...`,
    `[    0.000000] Linux version 6.1.0 (mock@rack) #1 SMP`,
    `[    0.100000] CPU: ${i.ncpus} vCPUs, ${Math.round(i.memory / GiB)} GiB memory`,
    '[    1.200000] systemd[1]: Reached target Multi-User System.',
    '',
    `${i.hostname} login: `,
  ].join('\r\n')
}

type NicPlan = {
  name: string
  description: string
  vpcId: string
  subnetId: string
  dual: boolean
  primary: boolean
}

/**
 * The network interfaces an instance create asks for. `default_*` uses the project's VPC named
 * `default` (created with every project), falling back to its first VPC (so seeded projects without
 * one still work); `create` names VPCs and subnets explicitly.
 */
function planNics(ctx: AnyCtx, projectId: string, spec: S['InstanceNetworkInterfaceAttachment']): NicPlan[] {
  const { db } = ctx
  if (spec.type === 'none') return []
  if (spec.type === 'create') {
    if (spec.params.length > MAX_NICS)
      throw invalidRequest(`cannot have more than ${MAX_NICS} network interfaces`)
    return spec.params.map((p, n) => {
      const vpc = db.vpcs.find((v) => v.project_id === projectId && v.name === p.vpc_name)
      if (!vpc) throw notFound('vpc', p.vpc_name)
      const subnet = db.vpcSubnets.find((s) => s.vpc_id === vpc.id && s.name === p.subnet_name)
      if (!subnet) throw notFound('vpc-subnet', p.subnet_name)
      return {
        name: p.name,
        description: p.description,
        vpcId: vpc.id,
        subnetId: subnet.id,
        dual: p.ip_config.type === 'dual_stack',
        primary: n === 0,
      }
    })
  }
  const vpcs = db.vpcs.filter((v) => v.project_id === projectId)
  const vpc = vpcs.find((v) => v.name === 'default') ?? vpcs[0]
  const subnet =
    vpc &&
    (db.vpcSubnets.find((s) => s.vpc_id === vpc.id && s.name === 'default') ??
      db.vpcSubnets.find((s) => s.vpc_id === vpc.id))
  if (!vpc || !subnet) throw notFound('vpc', 'default')
  return [
    {
      name: 'net0',
      description: 'default primary interface',
      vpcId: vpc.id,
      subnetId: subnet.id,
      dual: spec.type === 'default_dual_stack',
      primary: true,
    },
  ]
}

function createNic(db: Db, instanceId: string, p: NicPlan, t: string): void {
  const v4 = { ip: allocatePrivateIp(db, p.subnetId), transit_ips: [] }
  const n = db.networkInterfaces.length
  const mac = `a8:40:25:f${(n >> 16) & 0xf}:${((n >> 8) & 0xff).toString(16).padStart(2, '0')}:${(n & 0xff).toString(16).padStart(2, '0')}`
  db.networkInterfaces.push({
    id: randomId(),
    name: p.name,
    description: p.description,
    instance_id: instanceId,
    vpc_id: p.vpcId,
    subnet_id: p.subnetId,
    primary: p.primary,
    mac,
    ip_stack: p.dual
      ? { type: 'dual_stack', value: { v4, v6: { ip: `fd00::${(n + 5).toString(16)}`, transit_ips: [] } } }
      : { type: 'v4', value: v4 },
    time_created: t,
    time_modified: t,
  })
}
