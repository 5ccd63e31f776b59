// Networking operations (project scope): VPCs with their subnets, routers, routes and firewall rules,
// internet gateways with their IP pools and addresses, floating IPs, instance network interfaces,
// affinity and anti-affinity groups. Resources are selected by name under their parent selector
// (`project`, `vpc`, `router`, `gateway`, `instance`) or by id without one, as on the real API.
// Reading needs a role on the project; VPC-level networking needs collaborator, while floating IPs,
// interfaces and affinity groups are open to limited collaborators too.
import type { HttpHandler } from 'msw'
import type { OperationName } from '../../src/api/__generated__/operations'
import type { Db, Instance, S } from '../db'
import { projectRole, requireProject } from '../lib/auth'
import { alreadyExists, invalidRequest, isUuid, notFound } from '../lib/errors'
import { type Ctx, handle } from '../lib/handle'
import { now, randomId } from '../lib/ids'
import { assertNameFree, lookupChild, lookupInProject, lookupProject } from '../lib/lookup'
import { paginate } from '../lib/paginate'
import {
  allocateIp,
  canonicalIp,
  defaultPool,
  formatIp,
  formatNet,
  isIpUsed,
  lookupSiloPool,
  type Net,
  netContains,
  netsOverlap,
  parseIp,
  parseNet,
  rangeOf,
} from './system'

type C = Ctx<OperationName>
type Vpc = S['Vpc']
type Nic = S['InstanceNetworkInterface']

const q = (ctx: C, key: string) => ctx.query.get(key)

// ---------------------------------------------------------------------------------------------
// Lookups

function projectReadable(ctx: C, projectId: string): boolean {
  return ctx.db.projectSilo.get(projectId) === ctx.user.silo_id && !!projectRole(ctx.db, ctx.user, projectId)
}

function vpcProject(db: Db, vpcId: string): string {
  return db.vpcs.find((v) => v.id === vpcId)?.project_id ?? ''
}

/** By id, no ancestor selector may be given (not just the immediate parent). */
function noAncestorsById(ctx: C, kind: string, value: string, ancestors: string[]): void {
  if (!isUuid(value)) return
  for (const a of ancestors) {
    if (q(ctx, a)) throw invalidRequest(`when providing ${kind} as an ID ${a} should not be specified`)
  }
}

function lookupVpc(ctx: C, value: string | null | undefined): Vpc {
  if (!value) throw invalidRequest('vpc must be specified')
  return lookupInProject(ctx, 'vpc', ctx.db.vpcs, value, q(ctx, 'project'))
}

function lookupInVpc<T extends { id: string; name: string; vpc_id: string }>(
  ctx: C,
  kind: string,
  rows: readonly T[],
  value: string,
): T {
  noAncestorsById(ctx, kind, value, ['project'])
  return lookupChild({
    kind,
    rows,
    value,
    parentKind: 'vpc',
    parentValue: q(ctx, 'vpc'),
    parentOf: (r) => r.vpc_id,
    resolveParent: (v) => lookupVpc(ctx, v).id,
    check: (r) => projectReadable(ctx, vpcProject(ctx.db, r.vpc_id)),
  })
}

const lookupSubnet = (ctx: C, value: string) => lookupInVpc(ctx, 'vpc-subnet', ctx.db.vpcSubnets, value)
const lookupRouter = (ctx: C, value: string) => lookupInVpc(ctx, 'vpc-router', ctx.db.vpcRouters, value)
const lookupGateway = (ctx: C, value: string) =>
  lookupInVpc(ctx, 'internet-gateway', ctx.db.internetGateways, value)

function routerProject(db: Db, routerId: string): string {
  return vpcProject(db, db.vpcRouters.find((r) => r.id === routerId)?.vpc_id ?? '')
}

function gatewayProject(db: Db, gatewayId: string): string {
  return vpcProject(db, db.internetGateways.find((g) => g.id === gatewayId)?.vpc_id ?? '')
}

function lookupRoute(ctx: C, value: string): S['RouterRoute'] {
  noAncestorsById(ctx, 'route', value, ['vpc', 'project'])
  return lookupChild({
    kind: 'router-route',
    rows: ctx.db.routerRoutes,
    value,
    parentKind: 'router',
    parentValue: q(ctx, 'router'),
    parentOf: (r) => r.vpc_router_id,
    resolveParent: (v) => lookupRouter(ctx, v).id,
    check: (r) => projectReadable(ctx, routerProject(ctx.db, r.vpc_router_id)),
  })
}

function lookupInGateway<T extends { id: string; name: string; internet_gateway_id: string }>(
  ctx: C,
  kind: string,
  rows: readonly T[],
  value: string,
): T {
  noAncestorsById(ctx, kind, value, ['vpc', 'project'])
  return lookupChild({
    kind,
    rows,
    value,
    parentKind: 'gateway',
    parentValue: q(ctx, 'gateway'),
    parentOf: (r) => r.internet_gateway_id,
    resolveParent: (v) => lookupGateway(ctx, v).id,
    check: (r) => projectReadable(ctx, gatewayProject(ctx.db, r.internet_gateway_id)),
  })
}

function lookupInstance(ctx: C, value: string | null | undefined): Instance {
  if (!value) throw invalidRequest('instance must be specified')
  return lookupInProject(ctx, 'instance', ctx.db.instances, value, q(ctx, 'project'))
}

function instanceProject(db: Db, instanceId: string): string {
  return db.instances.find((i) => i.id === instanceId)?.project_id ?? ''
}

function lookupNic(ctx: C, value: string): Nic {
  noAncestorsById(ctx, 'interface', value, ['project'])
  return lookupChild({
    kind: 'instance-network-interface',
    rows: ctx.db.networkInterfaces,
    value,
    parentKind: 'instance',
    parentValue: q(ctx, 'instance'),
    parentOf: (r) => r.instance_id,
    resolveParent: (v) => lookupInstance(ctx, v).id,
    check: (r) => projectReadable(ctx, instanceProject(ctx.db, r.instance_id)),
  })
}

/** Project of a resource, for role checks on writes (the row was found readable already). */
const canWrite = (
  ctx: C,
  projectId: string,
  role: 'collaborator' | 'limited_collaborator' = 'collaborator',
) => requireProject(ctx.db, ctx.user, projectId, role)

function touch<T extends { time_modified: string }>(row: T): T {
  row.time_modified = now()
  return row
}

// ---------------------------------------------------------------------------------------------
// VPC defaults (what the real API creates with a VPC)

function randomUlaPrefix(): string {
  const a = new Uint8Array(5)
  globalThis.crypto.getRandomValues(a)
  const h = (i: number) => (a[i] ?? 0).toString(16).padStart(2, '0')
  return canonicalNet(`fd${h(0)}:${h(1)}${h(2)}:${h(3)}${h(4)}::/48`)
}

function canonicalNet(s: string): string {
  const n = parseNet(s)
  return n ? formatNet(n) : s
}

/** The n-th /64 of a VPC's /48 prefix. */
function ipv6SubnetOf(prefix: string, index: number): string {
  const net = parseNet(prefix)
  if (!net) return prefix
  return formatNet({ v: 6, base: net.base + (BigInt(index) << 64n), len: 64, size: 1n << 64n })
}

function nextIpv6Block(db: Db, vpc: Vpc): string {
  const taken = new Set(
    db.vpcSubnets.filter((s) => s.vpc_id === vpc.id).map((s) => canonicalNet(s.ipv6_block)),
  )
  for (let i = 0; i < 65536; i++) {
    const block = ipv6SubnetOf(vpc.ipv6_prefix, i)
    if (!taken.has(block)) return block
  }
  throw invalidRequest('no IPv6 subnet blocks left in the VPC prefix')
}

export function defaultFirewallRules(vpc: Vpc, t: string): S['VpcFirewallRule'][] {
  const base = {
    vpc_id: vpc.id,
    status: 'enabled' as const,
    direction: 'inbound' as const,
    action: 'allow' as const,
    priority: 65534,
    targets: [{ type: 'vpc' as const, value: vpc.name }],
    time_created: t,
    time_modified: t,
  }
  return [
    {
      ...base,
      id: randomId(),
      name: 'allow-internal-inbound',
      description: 'allow inbound traffic to all instances within the VPC if originated within the VPC',
      filters: { hosts: [{ type: 'vpc', value: vpc.name }], ports: null, protocols: null },
    },
    {
      ...base,
      id: randomId(),
      name: 'allow-ssh',
      description: 'allow inbound TCP connections on port 22 from anywhere',
      filters: { hosts: null, ports: ['22'], protocols: [{ type: 'tcp' }] },
    },
    {
      ...base,
      id: randomId(),
      name: 'allow-icmp',
      description: 'allow inbound ICMP traffic from anywhere',
      filters: { hosts: null, ports: null, protocols: [{ type: 'icmp', value: null }] },
    },
  ]
}

/** The system router's route to a subnet (kind vpc_subnet), kept in step with the subnets. */
export function subnetRoute(
  routerId: string,
  subnet: S['VpcSubnet'],
  id: string,
  t: string,
): S['RouterRoute'] {
  return {
    id,
    name: subnet.name,
    description: `VPC Subnet route for '${subnet.name}'`,
    vpc_router_id: routerId,
    kind: 'vpc_subnet',
    destination: { type: 'subnet', value: subnet.name },
    target: { type: 'subnet', value: subnet.name },
    time_created: t,
    time_modified: t,
  }
}

export function defaultRoutes(
  routerId: string,
  t: string,
  ids: [string, string] = [randomId(), randomId()],
): S['RouterRoute'][] {
  return (['v4', 'v6'] as const).map((v, i) => ({
    id: ids[i] ?? randomId(),
    name: `default-${v}`,
    description: `The default route of a vpc`,
    vpc_router_id: routerId,
    kind: 'default' as const,
    destination: { type: 'ip_net' as const, value: v === 'v4' ? '0.0.0.0/0' : '::/0' },
    target: { type: 'internet_gateway' as const, value: 'default' },
    time_created: t,
    time_modified: t,
  }))
}

function systemRouterOf(db: Db, vpcId: string): S['VpcRouter'] | undefined {
  return db.vpcRouters.find((r) => r.vpc_id === vpcId && r.kind === 'system')
}

/** RFC 1918 space: where subnet IPv4 blocks must come from. */
const PRIVATE_V4 = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'].map((s) => parseNet(s) as Net)

function checkSubnetBlocks(db: Db, vpc: Vpc, ipv4: string, ipv6: string, exceptId?: string): void {
  const v4 = parseNet(ipv4)
  if (v4?.v !== 4) throw invalidRequest(`invalid IPv4 block "${ipv4}"`)
  if (v4.len < 8 || v4.len > 26) {
    throw invalidRequest('VPC Subnet IPv4 address ranges must have prefix length between 8 and 26, inclusive')
  }
  if (!PRIVATE_V4.some((p) => p.base <= v4.base && v4.base + v4.size <= p.base + p.size)) {
    throw invalidRequest('VPC Subnet IPv4 address ranges must be from a private range')
  }
  const v6 = parseNet(ipv6)
  const prefix = parseNet(vpc.ipv6_prefix)
  if (v6?.v !== 6 || v6.len !== 64) throw invalidRequest('VPC Subnet IPv6 address ranges must be /64 subnets')
  if (prefix && !netContains(prefix, { v: 6, n: v6.base })) {
    throw invalidRequest(`IPv6 block "${ipv6}" is not within the VPC's prefix ${vpc.ipv6_prefix}`)
  }
  for (const other of db.vpcSubnets) {
    if (other.vpc_id !== vpc.id || other.id === exceptId) continue
    const o4 = parseNet(other.ipv4_block)
    const o6 = parseNet(other.ipv6_block)
    if (o4 && netsOverlap(v4, o4))
      throw invalidRequest(`IPv4 block '${ipv4}' overlaps with existing VPC Subnet IP address ranges`)
    if (o6 && netsOverlap(v6, o6))
      throw invalidRequest(`IPv6 block '${ipv6}' overlaps with existing VPC Subnet IP address ranges`)
  }
}

function resolveCustomRouter(ctx: C, vpc: Vpc, value: string | null | undefined): string | null {
  if (!value) return null
  const router = ctx.db.vpcRouters.find(
    (r) => r.vpc_id === vpc.id && (isUuid(value) ? r.id === value : r.name === value),
  )
  if (!router) throw notFound('vpc-router', value)
  if (router.kind === 'system') throw invalidRequest('a subnet cannot be attached to the system router')
  return router.id
}

// ---------------------------------------------------------------------------------------------
// Network interfaces: address allocation inside a subnet

/** Nexus keeps the first five addresses of a subnet and its last (broadcast) one. */
const RESERVED_AT_START = 5n

function nicIps(nic: Nic): { v4?: string; v6?: string } {
  const s = nic.ip_stack
  if (s.type === 'v4') return { v4: s.value.ip }
  if (s.type === 'v6') return { v6: s.value.ip }
  return { v4: s.value.v4.ip, v6: s.value.v6.ip }
}

function allocateInSubnet(db: Db, subnet: S['VpcSubnet'], version: 4 | 6, explicit?: string): string {
  const net = parseNet(version === 4 ? subnet.ipv4_block : subnet.ipv6_block)
  if (!net) throw invalidRequest('subnet has no address block')
  const taken = new Set<string>()
  for (const n of db.networkInterfaces) {
    if (n.subnet_id !== subnet.id) continue
    const ips = nicIps(n)
    const ip = version === 4 ? ips.v4 : ips.v6
    if (ip) taken.add(canonicalIp(ip))
  }
  const first = net.base + RESERVED_AT_START
  const last = net.base + net.size - 2n
  if (explicit) {
    const ip = parseIp(explicit)
    if (!ip || ip.v !== version || ip.n < first || ip.n > last) {
      throw invalidRequest(`IP address ${explicit} is not available in subnet ${subnet.name}`)
    }
    if (taken.has(formatIp(ip))) throw invalidRequest(`IP address ${explicit} is already in use`)
    return formatIp(ip)
  }
  for (let n = first; n <= last && n < first + 100_000n; n++) {
    const s = formatIp({ v: version, n })
    if (!taken.has(s)) return s
  }
  throw invalidRequest(`No available IP addresses in subnet ${subnet.name}`)
}

function randomMac(db: Db): string {
  // Oxide's guest MAC range: A8:40:25:F0:00:00 - A8:40:25:FE:FF:FF.
  const used = new Set(db.networkInterfaces.map((n) => n.mac.toUpperCase()))
  for (;;) {
    const a = new Uint8Array(3)
    globalThis.crypto.getRandomValues(a)
    const b0 = 0xf0 + ((a[0] ?? 0) % 15)
    const mac = ['A8', '40', '25', b0, a[1] ?? 0, a[2] ?? 0]
      .map((x) => (typeof x === 'string' ? x : x.toString(16).toUpperCase().padStart(2, '0')))
      .join(':')
    if (!used.has(mac)) return mac
  }
}

const MAX_NICS = 8

/**
 * Create an interface for an instance (also usable by the instance-create handler). Checks the
 * subnet, the one-VPC rule and the interface limit, allocates addresses and a MAC; the first
 * interface of an instance is its primary.
 */
export function createNetworkInterface(
  db: Db,
  instance: Instance,
  params: S['InstanceNetworkInterfaceCreate'],
  t: string = now(),
): Nic {
  const vpc = db.vpcs.find((v) => v.project_id === instance.project_id && v.name === params.vpc_name)
  if (!vpc) throw notFound('vpc', params.vpc_name)
  const subnet = db.vpcSubnets.find((s) => s.vpc_id === vpc.id && s.name === params.subnet_name)
  if (!subnet) throw notFound('vpc-subnet', params.subnet_name)
  const existing = db.networkInterfaces.filter((n) => n.instance_id === instance.id)
  assertNameFree('instance-network-interface', existing, params.name)
  if (existing.length >= MAX_NICS)
    throw invalidRequest(`Instances may not have more than ${MAX_NICS} network interfaces`)
  if (existing.some((n) => n.vpc_id !== vpc.id)) {
    throw invalidRequest('Network interfaces must all be attached to the same VPC')
  }
  const cfg = params.ip_config ?? {
    type: 'dual_stack',
    value: { v4: { ip: { type: 'auto' }, transit_ips: [] }, v6: { ip: { type: 'auto' }, transit_ips: [] } },
  }
  const v4 = (c: S['PrivateIpv4StackCreate']): S['PrivateIpv4Stack'] => ({
    ip: allocateInSubnet(db, subnet, 4, c.ip.type === 'explicit' ? c.ip.value : undefined),
    transit_ips: (c.transit_ips ?? []).map(canonicalNet),
  })
  const v6 = (c: S['PrivateIpv6StackCreate']): S['PrivateIpv6Stack'] => ({
    ip: allocateInSubnet(db, subnet, 6, c.ip.type === 'explicit' ? c.ip.value : undefined),
    transit_ips: (c.transit_ips ?? []).map(canonicalNet),
  })
  const ip_stack: S['PrivateIpStack'] =
    cfg.type === 'v4'
      ? { type: 'v4', value: v4(cfg.value) }
      : cfg.type === 'v6'
        ? { type: 'v6', value: v6(cfg.value) }
        : { type: 'dual_stack', value: { v4: v4(cfg.value.v4), v6: v6(cfg.value.v6) } }
  const nic: Nic = {
    id: randomId(),
    name: params.name,
    description: params.description,
    instance_id: instance.id,
    vpc_id: vpc.id,
    subnet_id: subnet.id,
    ip_stack,
    mac: randomMac(db),
    primary: existing.length === 0,
    time_created: t,
    time_modified: t,
  }
  db.networkInterfaces.push(nic)
  return nic
}

// ---------------------------------------------------------------------------------------------
// Routes

function checkRoute(destination: S['RouteDestination'], target: S['RouteTarget']): void {
  if (target.type === 'vpc' || target.type === 'subnet') {
    throw invalidRequest(`${target.type} is not a valid target for a custom route`)
  }
  const family = (s: string) => parseIp(s.split('/')[0] ?? '')?.v
  if (target.type === 'ip' && (destination.type === 'ip' || destination.type === 'ip_net')) {
    const d = family(destination.value)
    const tv = family(target.value)
    if (d && tv && d !== tv)
      throw invalidRequest('route destination and target must be of the same IP version')
  }
}

// ---------------------------------------------------------------------------------------------
// Affinity groups (the two kinds share everything but their tables)

type GroupKind = 'affinity' | 'anti-affinity'
type Group = S['AffinityGroup'] | S['AntiAffinityGroup']

function groupsOf(db: Db, kind: GroupKind): Group[] {
  return kind === 'affinity' ? db.affinityGroups : db.antiAffinityGroups
}

function membersOf(db: Db, kind: GroupKind): { group_id: string; instance_id: string }[] {
  return kind === 'affinity' ? db.affinityGroupMembers : db.antiAffinityGroupMembers
}

function member(i: Instance): S['AffinityGroupMember'] {
  return { type: 'instance', value: { id: i.id, name: i.name, run_state: i.run_state } }
}

/** The member instance named in the path: by id anywhere in the group's project, by name in it. */
function memberInstance(ctx: C, group: Group, value: string): Instance {
  const inst = ctx.db.instances.find(
    (i) => i.project_id === group.project_id && (isUuid(value) ? i.id === value : i.name === value),
  )
  if (!inst) throw notFound('instance', value)
  return inst
}

function affinityHandlers(kind: GroupKind): HttpHandler[] {
  const k = kind === 'affinity' ? 'affinity-group' : 'anti-affinity-group'
  const lookup = (ctx: C, value: string) => lookupInProject(ctx, k, groupsOf(ctx.db, kind), value)
  const pathKey = kind === 'affinity' ? 'affinity_group' : 'anti_affinity_group'
  const groupParam = (ctx: C) => (ctx.path as Record<string, string>)[pathKey] ?? ''
  const setGroups = (db: Db, rows: Group[]) => {
    if (kind === 'affinity') db.affinityGroups = rows
    else db.antiAffinityGroups = rows
  }
  const setMembers = (db: Db, rows: { group_id: string; instance_id: string }[]) => {
    if (kind === 'affinity') db.affinityGroupMembers = rows
    else db.antiAffinityGroupMembers = rows
  }
  const memberInstances = (db: Db, group: Group) => {
    const ids = new Set(
      membersOf(db, kind)
        .filter((m) => m.group_id === group.id)
        .map((m) => m.instance_id),
    )
    return db.instances.filter((i) => ids.has(i.id))
  }

  const list = (ctx: C) => {
    const project = lookupProject(ctx, q(ctx, 'project'))
    return paginate(
      ctx,
      groupsOf(ctx.db, kind).filter((g) => g.project_id === project.id),
    )
  }
  const create = (ctx: C, body: S['AffinityGroupCreate']) => {
    const project = lookupProject(ctx, q(ctx, 'project'))
    canWrite(ctx, project.id, 'limited_collaborator')
    const rows = groupsOf(ctx.db, kind)
    assertNameFree(
      k,
      rows.filter((g) => g.project_id === project.id),
      body.name,
    )
    const t = now()
    const group: Group = {
      id: randomId(),
      name: body.name,
      description: body.description,
      project_id: project.id,
      policy: body.policy,
      failure_domain: body.failure_domain,
      time_created: t,
      time_modified: t,
    }
    rows.push(group)
    return group
  }
  const update = (ctx: C, body: S['AffinityGroupUpdate']) => {
    const group = lookup(ctx, groupParam(ctx))
    canWrite(ctx, group.project_id, 'limited_collaborator')
    if (body.name != null) {
      assertNameFree(
        k,
        groupsOf(ctx.db, kind).filter((g) => g.project_id === group.project_id),
        body.name,
        group.id,
      )
      group.name = body.name
    }
    if (body.description != null) group.description = body.description
    return touch(group)
  }
  const del = (ctx: C) => {
    const group = lookup(ctx, groupParam(ctx))
    canWrite(ctx, group.project_id, 'limited_collaborator')
    setGroups(
      ctx.db,
      groupsOf(ctx.db, kind).filter((g) => g.id !== group.id),
    )
    setMembers(
      ctx.db,
      membersOf(ctx.db, kind).filter((m) => m.group_id !== group.id),
    )
    return undefined
  }
  const memberList = (ctx: C) => {
    const group = lookup(ctx, groupParam(ctx))
    const page = paginate(ctx, memberInstances(ctx.db, group))
    return { items: page.items.map(member), next_page: page.next_page }
  }
  const memberView = (ctx: C) => {
    const group = lookup(ctx, groupParam(ctx))
    const inst = memberInstance(ctx, group, (ctx.path as Record<string, string>).instance ?? '')
    if (!membersOf(ctx.db, kind).some((m) => m.group_id === group.id && m.instance_id === inst.id)) {
      throw notFound(`${k}-member`, inst.name)
    }
    return member(inst)
  }
  const memberAdd = (ctx: C) => {
    const group = lookup(ctx, groupParam(ctx))
    canWrite(ctx, group.project_id, 'limited_collaborator')
    const inst = memberInstance(ctx, group, (ctx.path as Record<string, string>).instance ?? '')
    const members = membersOf(ctx.db, kind)
    if (members.some((m) => m.group_id === group.id && m.instance_id === inst.id)) {
      throw alreadyExists(`${k}-member`, inst.name)
    }
    // Spec section 4: an instance joins an affinity group only while stopped (it holds no sled).
    if (inst.run_state !== 'stopped') {
      throw invalidRequest(
        `Instance cannot be added to ${k.replaceAll('-', ' ')} while in state ${inst.run_state}`,
      )
    }
    members.push({ group_id: group.id, instance_id: inst.id })
    return member(inst)
  }
  const memberDelete = (ctx: C) => {
    const group = lookup(ctx, groupParam(ctx))
    canWrite(ctx, group.project_id, 'limited_collaborator')
    const inst = memberInstance(ctx, group, (ctx.path as Record<string, string>).instance ?? '')
    const members = membersOf(ctx.db, kind)
    if (!members.some((m) => m.group_id === group.id && m.instance_id === inst.id))
      throw notFound(`${k}-member`, inst.name)
    setMembers(
      ctx.db,
      members.filter((m) => !(m.group_id === group.id && m.instance_id === inst.id)),
    )
    return undefined
  }
  if (kind === 'affinity') {
    return [
      handle('affinityGroupList', list),
      handle('affinityGroupCreate', (ctx) => create(ctx, ctx.body)),
      handle('affinityGroupView', (ctx) => lookup(ctx, ctx.path.affinity_group)),
      handle('affinityGroupUpdate', (ctx) => update(ctx, ctx.body)),
      handle('affinityGroupDelete', del),
      handle('affinityGroupMemberList', memberList),
      handle('affinityGroupMemberInstanceView', memberView),
      handle('affinityGroupMemberInstanceAdd', memberAdd),
      handle('affinityGroupMemberInstanceDelete', memberDelete),
    ]
  }
  return [
    handle('antiAffinityGroupList', list),
    handle('antiAffinityGroupCreate', (ctx) => create(ctx, ctx.body)),
    handle('antiAffinityGroupView', (ctx) => lookup(ctx, ctx.path.anti_affinity_group)),
    handle('antiAffinityGroupUpdate', (ctx) => update(ctx, ctx.body)),
    handle('antiAffinityGroupDelete', del),
    handle('antiAffinityGroupMemberList', memberList),
    handle('antiAffinityGroupMemberInstanceView', memberView),
    handle('antiAffinityGroupMemberInstanceAdd', memberAdd),
    handle('antiAffinityGroupMemberInstanceDelete', memberDelete),
  ]
}

// ---------------------------------------------------------------------------------------------
// Floating IPs

function floatingIpAddress(
  ctx: C,
  projectId: string,
  allocator: S['AddressAllocator'],
): { ip: string; poolId: string } {
  const siloId = ctx.db.projectSilo.get(projectId) ?? ctx.user.silo_id
  if (allocator.type === 'explicit') {
    const range = rangeOf(ctx.db, allocator.ip)
    const linked =
      range && ctx.db.ipPoolSiloLinks.some((l) => l.ip_pool_id === range.ip_pool_id && l.silo_id === siloId)
    if (!range || !linked)
      throw invalidRequest(`IP address ${allocator.ip} is not in a pool linked to the current silo`)
    if (isIpUsed(ctx.db, allocator.ip)) throw invalidRequest(`IP address ${allocator.ip} is already in use`)
    return { ip: canonicalIp(allocator.ip), poolId: range.ip_pool_id }
  }
  const sel = allocator.pool_selector ?? { type: 'auto', ip_version: null }
  const pool =
    sel.type === 'explicit'
      ? lookupSiloPool(ctx.db, siloId, sel.pool)
      : (defaultPool(ctx.db, siloId, sel.ip_version ?? null) ??
        (() => {
          throw notFound('ip-pool', 'default')
        })())
  const ip = allocateIp(ctx.db, pool.id)
  if (!ip) throw invalidRequest(`No external IP addresses available in IP pool ${pool.name}`)
  return { ip, poolId: pool.id }
}

// ---------------------------------------------------------------------------------------------

export const networkingHandlers: HttpHandler[] = [
  // VPCs

  handle('vpcList', (ctx) => {
    const project = lookupProject(ctx, q(ctx, 'project'))
    return paginate(
      ctx,
      ctx.db.vpcs.filter((v) => v.project_id === project.id),
    )
  }),

  handle('vpcCreate', (ctx) => {
    const project = lookupProject(ctx, q(ctx, 'project'))
    canWrite(ctx, project.id)
    const b = ctx.body
    const db = ctx.db
    assertNameFree(
      'vpc',
      db.vpcs.filter((v) => v.project_id === project.id),
      b.name,
    )
    let prefix = randomUlaPrefix()
    if (b.ipv6_prefix) {
      const net = parseNet(b.ipv6_prefix)
      const ula = parseNet('fd00::/8') as Net
      if (net?.v !== 6 || net.len !== 48 || !netContains(ula, { v: 6, n: net.base })) {
        throw invalidRequest(
          'VPC IPv6 address prefixes must be in the Unique Local Address range `fd00::/48`',
        )
      }
      prefix = formatNet(net)
    }
    const t = now()
    const vpc: Vpc = {
      id: randomId(),
      name: b.name,
      description: b.description,
      dns_name: b.dns_name,
      ipv6_prefix: prefix,
      project_id: project.id,
      system_router_id: randomId(),
      time_created: t,
      time_modified: t,
    }
    db.vpcs.push(vpc)
    db.vpcRouters.push({
      id: vpc.system_router_id,
      name: 'system',
      description: 'Routes are automatically added to this router as vpc subnets are created',
      kind: 'system',
      vpc_id: vpc.id,
      time_created: t,
      time_modified: t,
    })
    const subnet: S['VpcSubnet'] = {
      id: randomId(),
      name: 'default',
      description: `The default subnet for ${vpc.name}`,
      vpc_id: vpc.id,
      ipv4_block: '172.30.0.0/22',
      ipv6_block: ipv6SubnetOf(prefix, 0),
      custom_router_id: null,
      time_created: t,
      time_modified: t,
    }
    db.vpcSubnets.push(subnet)
    db.routerRoutes.push(
      ...defaultRoutes(vpc.system_router_id, t),
      subnetRoute(vpc.system_router_id, subnet, randomId(), t),
    )
    db.firewallRules.push(...defaultFirewallRules(vpc, t))
    // The default routes point at the VPC's `default` internet gateway, which gets the silo's
    // default pool (when there is one).
    const gateway: S['InternetGateway'] = {
      id: randomId(),
      name: 'default',
      description: 'Default VPC gateway',
      vpc_id: vpc.id,
      time_created: t,
      time_modified: t,
    }
    db.internetGateways.push(gateway)
    const pool = defaultPool(db, db.projectSilo.get(project.id) ?? ctx.user.silo_id, 'v4')
    if (pool) {
      db.internetGatewayIpPools.push({
        id: randomId(),
        name: 'default',
        description: 'Default internet gateway ip pool',
        internet_gateway_id: gateway.id,
        ip_pool_id: pool.id,
        time_created: t,
        time_modified: t,
      })
    }
    return vpc
  }),

  handle('vpcView', (ctx) => lookupVpc(ctx, ctx.path.vpc)),

  handle('vpcUpdate', (ctx) => {
    const vpc = lookupVpc(ctx, ctx.path.vpc)
    canWrite(ctx, vpc.project_id)
    const b = ctx.body
    if (b.name != null && b.name !== vpc.name) {
      assertNameFree(
        'vpc',
        ctx.db.vpcs.filter((v) => v.project_id === vpc.project_id),
        b.name,
        vpc.id,
      )
      vpc.name = b.name
    }
    if (b.description != null) vpc.description = b.description
    if (b.dns_name != null) vpc.dns_name = b.dns_name
    return touch(vpc)
  }),

  handle('vpcDelete', (ctx) => {
    const vpc = lookupVpc(ctx, ctx.path.vpc)
    canWrite(ctx, vpc.project_id)
    const db = ctx.db
    if (db.networkInterfaces.some((n) => n.vpc_id === vpc.id)) {
      throw invalidRequest('VPC cannot be deleted while network interfaces in its subnets exist')
    }
    const routers = new Set(db.vpcRouters.filter((r) => r.vpc_id === vpc.id).map((r) => r.id))
    const gateways = new Set(db.internetGateways.filter((g) => g.vpc_id === vpc.id).map((g) => g.id))
    db.vpcs = db.vpcs.filter((v) => v.id !== vpc.id)
    db.vpcSubnets = db.vpcSubnets.filter((s) => s.vpc_id !== vpc.id)
    db.vpcRouters = db.vpcRouters.filter((r) => r.vpc_id !== vpc.id)
    db.routerRoutes = db.routerRoutes.filter((r) => !routers.has(r.vpc_router_id))
    db.firewallRules = db.firewallRules.filter((r) => r.vpc_id !== vpc.id)
    db.internetGateways = db.internetGateways.filter((g) => g.vpc_id !== vpc.id)
    db.internetGatewayIpPools = db.internetGatewayIpPools.filter((p) => !gateways.has(p.internet_gateway_id))
    db.internetGatewayIpAddresses = db.internetGatewayIpAddresses.filter(
      (a) => !gateways.has(a.internet_gateway_id),
    )
    return undefined
  }),

  // Subnets

  handle('vpcSubnetList', (ctx) => {
    const vpc = lookupVpc(ctx, q(ctx, 'vpc'))
    return paginate(
      ctx,
      ctx.db.vpcSubnets.filter((s) => s.vpc_id === vpc.id),
    )
  }),

  handle('vpcSubnetCreate', (ctx) => {
    const vpc = lookupVpc(ctx, q(ctx, 'vpc'))
    canWrite(ctx, vpc.project_id)
    const db = ctx.db
    const b = ctx.body
    assertNameFree(
      'vpc-subnet',
      db.vpcSubnets.filter((s) => s.vpc_id === vpc.id),
      b.name,
    )
    const ipv4 = canonicalNet(b.ipv4_block)
    const ipv6 = b.ipv6_block ? canonicalNet(b.ipv6_block) : nextIpv6Block(db, vpc)
    checkSubnetBlocks(db, vpc, ipv4, ipv6)
    const t = now()
    const subnet: S['VpcSubnet'] = {
      id: randomId(),
      name: b.name,
      description: b.description,
      vpc_id: vpc.id,
      ipv4_block: ipv4,
      ipv6_block: ipv6,
      custom_router_id: resolveCustomRouter(ctx, vpc, b.custom_router),
      time_created: t,
      time_modified: t,
    }
    db.vpcSubnets.push(subnet)
    const system = systemRouterOf(db, vpc.id)
    if (system) db.routerRoutes.push(subnetRoute(system.id, subnet, randomId(), t))
    return subnet
  }),

  handle('vpcSubnetView', (ctx) => lookupSubnet(ctx, ctx.path.subnet)),

  handle('vpcSubnetUpdate', (ctx) => {
    const subnet = lookupSubnet(ctx, ctx.path.subnet)
    const db = ctx.db
    const vpc = db.vpcs.find((v) => v.id === subnet.vpc_id) as Vpc
    canWrite(ctx, vpc.project_id)
    const b = ctx.body
    const oldName = subnet.name
    if (b.name != null && b.name !== subnet.name) {
      assertNameFree(
        'vpc-subnet',
        db.vpcSubnets.filter((s) => s.vpc_id === vpc.id),
        b.name,
        subnet.id,
      )
      subnet.name = b.name
    }
    if (b.description != null) subnet.description = b.description
    // PUT semantics: leaving custom_router out detaches the subnet from its custom router.
    subnet.custom_router_id = resolveCustomRouter(ctx, vpc, b.custom_router)
    if (subnet.name !== oldName) {
      // Keep the system router's subnet route named after (and pointing at) the subnet.
      for (const r of db.routerRoutes) {
        if (r.kind === 'vpc_subnet' && r.vpc_router_id === vpc.system_router_id && r.name === oldName) {
          r.name = subnet.name
          r.description = `VPC Subnet route for '${subnet.name}'`
          r.destination = { type: 'subnet', value: subnet.name }
          r.target = { type: 'subnet', value: subnet.name }
          touch(r)
        }
      }
    }
    return touch(subnet)
  }),

  handle('vpcSubnetDelete', (ctx) => {
    const subnet = lookupSubnet(ctx, ctx.path.subnet)
    const db = ctx.db
    const vpc = db.vpcs.find((v) => v.id === subnet.vpc_id) as Vpc
    canWrite(ctx, vpc.project_id)
    if (db.networkInterfaces.some((n) => n.subnet_id === subnet.id)) {
      throw invalidRequest('VPC Subnet cannot be deleted while network interfaces in the subnet exist')
    }
    db.vpcSubnets = db.vpcSubnets.filter((s) => s.id !== subnet.id)
    db.routerRoutes = db.routerRoutes.filter(
      (r) => !(r.kind === 'vpc_subnet' && r.vpc_router_id === vpc.system_router_id && r.name === subnet.name),
    )
    return undefined
  }),

  handle('vpcSubnetListNetworkInterfaces', (ctx) => {
    const subnet = lookupSubnet(ctx, ctx.path.subnet)
    return paginate(
      ctx,
      ctx.db.networkInterfaces.filter((n) => n.subnet_id === subnet.id),
    )
  }),

  // Routers

  handle('vpcRouterList', (ctx) => {
    const vpc = lookupVpc(ctx, q(ctx, 'vpc'))
    return paginate(
      ctx,
      ctx.db.vpcRouters.filter((r) => r.vpc_id === vpc.id),
    )
  }),

  handle('vpcRouterCreate', (ctx) => {
    const vpc = lookupVpc(ctx, q(ctx, 'vpc'))
    canWrite(ctx, vpc.project_id)
    assertNameFree(
      'vpc-router',
      ctx.db.vpcRouters.filter((r) => r.vpc_id === vpc.id),
      ctx.body.name,
    )
    const t = now()
    const router: S['VpcRouter'] = {
      id: randomId(),
      name: ctx.body.name,
      description: ctx.body.description,
      kind: 'custom',
      vpc_id: vpc.id,
      time_created: t,
      time_modified: t,
    }
    ctx.db.vpcRouters.push(router)
    return router
  }),

  handle('vpcRouterView', (ctx) => lookupRouter(ctx, ctx.path.router)),

  handle('vpcRouterUpdate', (ctx) => {
    const router = lookupRouter(ctx, ctx.path.router)
    canWrite(ctx, vpcProject(ctx.db, router.vpc_id))
    if (router.kind === 'system') throw invalidRequest('cannot update system router')
    const b = ctx.body
    if (b.name != null) {
      assertNameFree(
        'vpc-router',
        ctx.db.vpcRouters.filter((r) => r.vpc_id === router.vpc_id),
        b.name,
        router.id,
      )
      router.name = b.name
    }
    if (b.description != null) router.description = b.description
    return touch(router)
  }),

  handle('vpcRouterDelete', (ctx) => {
    const router = lookupRouter(ctx, ctx.path.router)
    canWrite(ctx, vpcProject(ctx.db, router.vpc_id))
    if (router.kind === 'system') throw invalidRequest('cannot delete system router')
    if (ctx.db.vpcSubnets.some((s) => s.custom_router_id === router.id)) {
      throw invalidRequest('router is still attached to one or more subnets')
    }
    ctx.db.vpcRouters = ctx.db.vpcRouters.filter((r) => r.id !== router.id)
    ctx.db.routerRoutes = ctx.db.routerRoutes.filter((r) => r.vpc_router_id !== router.id)
    return undefined
  }),

  // Routes

  handle('vpcRouterRouteList', (ctx) => {
    const routerParam = q(ctx, 'router')
    if (!routerParam) throw invalidRequest('router must be specified')
    const router = lookupRouter(ctx, routerParam)
    return paginate(
      ctx,
      ctx.db.routerRoutes.filter((r) => r.vpc_router_id === router.id),
    )
  }),

  handle('vpcRouterRouteCreate', (ctx) => {
    const router = lookupRouter(ctx, q(ctx, 'router') ?? '')
    canWrite(ctx, vpcProject(ctx.db, router.vpc_id))
    if (router.kind === 'system') throw invalidRequest('cannot add routes to the system router')
    const b = ctx.body
    assertNameFree(
      'router-route',
      ctx.db.routerRoutes.filter((r) => r.vpc_router_id === router.id),
      b.name,
    )
    checkRoute(b.destination, b.target)
    const t = now()
    const route: S['RouterRoute'] = {
      id: randomId(),
      name: b.name,
      description: b.description,
      vpc_router_id: router.id,
      kind: 'custom',
      destination: b.destination,
      target: b.target,
      time_created: t,
      time_modified: t,
    }
    ctx.db.routerRoutes.push(route)
    return route
  }),

  handle('vpcRouterRouteView', (ctx) => lookupRoute(ctx, ctx.path.route)),

  handle('vpcRouterRouteUpdate', (ctx) => {
    const route = lookupRoute(ctx, ctx.path.route)
    canWrite(ctx, routerProject(ctx.db, route.vpc_router_id))
    if (route.kind !== 'custom') throw invalidRequest(`routes of kind ${route.kind} cannot be modified`)
    const b = ctx.body
    checkRoute(b.destination, b.target)
    if (b.name != null) {
      assertNameFree(
        'router-route',
        ctx.db.routerRoutes.filter((r) => r.vpc_router_id === route.vpc_router_id),
        b.name,
        route.id,
      )
      route.name = b.name
    }
    if (b.description != null) route.description = b.description
    route.destination = b.destination
    route.target = b.target
    return touch(route)
  }),

  handle('vpcRouterRouteDelete', (ctx) => {
    const route = lookupRoute(ctx, ctx.path.route)
    canWrite(ctx, routerProject(ctx.db, route.vpc_router_id))
    if (route.kind !== 'custom') throw invalidRequest(`routes of kind ${route.kind} cannot be deleted`)
    ctx.db.routerRoutes = ctx.db.routerRoutes.filter((r) => r.id !== route.id)
    return undefined
  }),

  // Firewall rules: the whole set is read and replaced at once.

  handle('vpcFirewallRulesView', (ctx) => {
    const vpc = lookupVpc(ctx, q(ctx, 'vpc'))
    return { rules: ctx.db.firewallRules.filter((r) => r.vpc_id === vpc.id) }
  }),

  handle('vpcFirewallRulesUpdate', (ctx) => {
    const vpc = lookupVpc(ctx, q(ctx, 'vpc'))
    canWrite(ctx, vpc.project_id)
    const rules = ctx.body.rules ?? []
    const names = new Set<string>()
    for (const r of rules) {
      if (names.has(r.name))
        throw invalidRequest(`firewall rule names must be unique, "${r.name}" appears more than once`)
      names.add(r.name)
    }
    const t = now()
    const next: S['VpcFirewallRule'][] = rules.map((r) => ({
      id: randomId(),
      name: r.name,
      description: r.description,
      vpc_id: vpc.id,
      status: r.status,
      direction: r.direction,
      action: r.action,
      priority: r.priority,
      targets: r.targets,
      filters: {
        hosts: r.filters.hosts ?? null,
        ports: r.filters.ports ?? null,
        protocols: r.filters.protocols ?? null,
      },
      time_created: t,
      time_modified: t,
    }))
    ctx.db.firewallRules = [...ctx.db.firewallRules.filter((r) => r.vpc_id !== vpc.id), ...next]
    return { rules: next }
  }),

  // Internet gateways

  handle('internetGatewayList', (ctx) => {
    const vpc = lookupVpc(ctx, q(ctx, 'vpc'))
    return paginate(
      ctx,
      ctx.db.internetGateways.filter((g) => g.vpc_id === vpc.id),
    )
  }),

  handle('internetGatewayCreate', (ctx) => {
    const vpc = lookupVpc(ctx, q(ctx, 'vpc'))
    canWrite(ctx, vpc.project_id)
    assertNameFree(
      'internet-gateway',
      ctx.db.internetGateways.filter((g) => g.vpc_id === vpc.id),
      ctx.body.name,
    )
    const t = now()
    const gateway: S['InternetGateway'] = {
      id: randomId(),
      name: ctx.body.name,
      description: ctx.body.description,
      vpc_id: vpc.id,
      time_created: t,
      time_modified: t,
    }
    ctx.db.internetGateways.push(gateway)
    return gateway
  }),

  handle('internetGatewayView', (ctx) => lookupGateway(ctx, ctx.path.gateway)),

  handle('internetGatewayDelete', (ctx) => {
    const gateway = lookupGateway(ctx, ctx.path.gateway)
    canWrite(ctx, vpcProject(ctx.db, gateway.vpc_id))
    const db = ctx.db
    const hasChildren =
      db.internetGatewayIpPools.some((p) => p.internet_gateway_id === gateway.id) ||
      db.internetGatewayIpAddresses.some((a) => a.internet_gateway_id === gateway.id)
    if (hasChildren && q(ctx, 'cascade') !== 'true') {
      throw invalidRequest(
        'internet gateway has IP pools or addresses attached; delete them first or use cascade',
      )
    }
    db.internetGateways = db.internetGateways.filter((g) => g.id !== gateway.id)
    db.internetGatewayIpPools = db.internetGatewayIpPools.filter((p) => p.internet_gateway_id !== gateway.id)
    db.internetGatewayIpAddresses = db.internetGatewayIpAddresses.filter(
      (a) => a.internet_gateway_id !== gateway.id,
    )
    return undefined
  }),

  handle('internetGatewayIpPoolList', (ctx) => {
    const gateway = lookupGateway(ctx, q(ctx, 'gateway') ?? '')
    return paginate(
      ctx,
      ctx.db.internetGatewayIpPools.filter((p) => p.internet_gateway_id === gateway.id),
    )
  }),

  handle('internetGatewayIpPoolCreate', (ctx) => {
    const gateway = lookupGateway(ctx, q(ctx, 'gateway') ?? '')
    const projectId = vpcProject(ctx.db, gateway.vpc_id)
    canWrite(ctx, projectId)
    const siblings = ctx.db.internetGatewayIpPools.filter((p) => p.internet_gateway_id === gateway.id)
    assertNameFree('internet-gateway-ip-pool', siblings, ctx.body.name)
    const pool = lookupSiloPool(
      ctx.db,
      ctx.db.projectSilo.get(projectId) ?? ctx.user.silo_id,
      ctx.body.ip_pool,
    )
    if (siblings.some((p) => p.ip_pool_id === pool.id))
      throw alreadyExists('internet-gateway-ip-pool', pool.name)
    const t = now()
    const row: S['InternetGatewayIpPool'] = {
      id: randomId(),
      name: ctx.body.name,
      description: ctx.body.description,
      internet_gateway_id: gateway.id,
      ip_pool_id: pool.id,
      time_created: t,
      time_modified: t,
    }
    ctx.db.internetGatewayIpPools.push(row)
    return row
  }),

  handle('internetGatewayIpPoolDelete', (ctx) => {
    const row = lookupInGateway(ctx, 'internet-gateway-ip-pool', ctx.db.internetGatewayIpPools, ctx.path.pool)
    canWrite(ctx, gatewayProject(ctx.db, row.internet_gateway_id))
    ctx.db.internetGatewayIpPools = ctx.db.internetGatewayIpPools.filter((p) => p.id !== row.id)
    return undefined
  }),

  handle('internetGatewayIpAddressList', (ctx) => {
    const gateway = lookupGateway(ctx, q(ctx, 'gateway') ?? '')
    return paginate(
      ctx,
      ctx.db.internetGatewayIpAddresses.filter((a) => a.internet_gateway_id === gateway.id),
    )
  }),

  handle('internetGatewayIpAddressCreate', (ctx) => {
    const gateway = lookupGateway(ctx, q(ctx, 'gateway') ?? '')
    canWrite(ctx, vpcProject(ctx.db, gateway.vpc_id))
    const siblings = ctx.db.internetGatewayIpAddresses.filter((a) => a.internet_gateway_id === gateway.id)
    assertNameFree('internet-gateway-ip-address', siblings, ctx.body.name)
    const address = canonicalIp(ctx.body.address)
    if (siblings.some((a) => canonicalIp(a.address) === address))
      throw alreadyExists('internet-gateway-ip-address', address)
    const t = now()
    const row: S['InternetGatewayIpAddress'] = {
      id: randomId(),
      name: ctx.body.name,
      description: ctx.body.description,
      internet_gateway_id: gateway.id,
      address,
      time_created: t,
      time_modified: t,
    }
    ctx.db.internetGatewayIpAddresses.push(row)
    return row
  }),

  handle('internetGatewayIpAddressDelete', (ctx) => {
    const row = lookupInGateway(
      ctx,
      'internet-gateway-ip-address',
      ctx.db.internetGatewayIpAddresses,
      ctx.path.address,
    )
    canWrite(ctx, gatewayProject(ctx.db, row.internet_gateway_id))
    ctx.db.internetGatewayIpAddresses = ctx.db.internetGatewayIpAddresses.filter((a) => a.id !== row.id)
    return undefined
  }),

  // Floating IPs

  handle('floatingIpList', (ctx) => {
    const project = lookupProject(ctx, q(ctx, 'project'))
    return paginate(
      ctx,
      ctx.db.floatingIps.filter((f) => f.project_id === project.id),
    )
  }),

  handle('floatingIpCreate', (ctx) => {
    const project = lookupProject(ctx, q(ctx, 'project'))
    canWrite(ctx, project.id, 'limited_collaborator')
    assertNameFree(
      'floating-ip',
      ctx.db.floatingIps.filter((f) => f.project_id === project.id),
      ctx.body.name,
    )
    const { ip, poolId } = floatingIpAddress(ctx, project.id, ctx.body.address_allocator ?? { type: 'auto' })
    const t = now()
    const fip: S['FloatingIp'] = {
      id: randomId(),
      name: ctx.body.name,
      description: ctx.body.description,
      project_id: project.id,
      ip,
      ip_pool_id: poolId,
      instance_id: null,
      time_created: t,
      time_modified: t,
    }
    ctx.db.floatingIps.push(fip)
    return fip
  }),

  handle('floatingIpView', (ctx) =>
    lookupInProject(ctx, 'floating-ip', ctx.db.floatingIps, ctx.path.floating_ip),
  ),

  handle('floatingIpUpdate', (ctx) => {
    const fip = lookupInProject(ctx, 'floating-ip', ctx.db.floatingIps, ctx.path.floating_ip)
    canWrite(ctx, fip.project_id, 'limited_collaborator')
    const b = ctx.body
    if (b.name != null) {
      assertNameFree(
        'floating-ip',
        ctx.db.floatingIps.filter((f) => f.project_id === fip.project_id),
        b.name,
        fip.id,
      )
      fip.name = b.name
    }
    if (b.description != null) fip.description = b.description
    return touch(fip)
  }),

  handle('floatingIpDelete', (ctx) => {
    const fip = lookupInProject(ctx, 'floating-ip', ctx.db.floatingIps, ctx.path.floating_ip)
    canWrite(ctx, fip.project_id, 'limited_collaborator')
    if (fip.instance_id) throw invalidRequest('Floating IP cannot be deleted while attached to an instance')
    ctx.db.floatingIps = ctx.db.floatingIps.filter((f) => f.id !== fip.id)
    return undefined
  }),

  handle('floatingIpAttach', (ctx) => {
    const fip = lookupInProject(ctx, 'floating-ip', ctx.db.floatingIps, ctx.path.floating_ip)
    canWrite(ctx, fip.project_id, 'limited_collaborator')
    const parent = ctx.body.parent
    const inst = ctx.db.instances.find(
      (i) => i.project_id === fip.project_id && (isUuid(parent) ? i.id === parent : i.name === parent),
    )
    if (!inst) throw notFound('instance', parent)
    if (fip.instance_id) {
      throw invalidRequest(
        fip.instance_id === inst.id
          ? 'floating IP is already attached to this instance'
          : 'floating IP cannot be attached to one instance while still attached to another',
      )
    }
    if (!['running', 'stopped', 'starting', 'stopping', 'rebooting'].includes(inst.run_state)) {
      throw invalidRequest(`cannot attach a floating IP to an instance in state ${inst.run_state}`)
    }
    fip.instance_id = inst.id
    return touch(fip)
  }),

  handle('floatingIpDetach', (ctx) => {
    const fip = lookupInProject(ctx, 'floating-ip', ctx.db.floatingIps, ctx.path.floating_ip)
    canWrite(ctx, fip.project_id, 'limited_collaborator')
    if (!fip.instance_id) throw invalidRequest('Floating IP is not attached to an instance')
    fip.instance_id = null
    return touch(fip)
  }),

  // Instance network interfaces

  handle('instanceNetworkInterfaceList', (ctx) => {
    const inst = lookupInstance(ctx, q(ctx, 'instance'))
    return paginate(
      ctx,
      ctx.db.networkInterfaces.filter((n) => n.instance_id === inst.id),
    )
  }),

  handle('instanceNetworkInterfaceCreate', (ctx) => {
    const inst = lookupInstance(ctx, q(ctx, 'instance'))
    canWrite(ctx, inst.project_id, 'limited_collaborator')
    if (inst.run_state !== 'stopped' && inst.run_state !== 'creating') {
      throw invalidRequest('Instance must be stopped to attach a new network interface')
    }
    return createNetworkInterface(ctx.db, inst, ctx.body)
  }),

  handle('instanceNetworkInterfaceView', (ctx) => lookupNic(ctx, ctx.path.interface)),

  handle('instanceNetworkInterfaceUpdate', (ctx) => {
    const nic = lookupNic(ctx, ctx.path.interface)
    const db = ctx.db
    const inst = db.instances.find((i) => i.id === nic.instance_id) as Instance
    canWrite(ctx, inst.project_id, 'limited_collaborator')
    const b = ctx.body
    const makePrimary = b.primary === true && !nic.primary
    const transit = (b.transit_ips ?? []).map(canonicalNet)
    const current =
      nic.ip_stack.type === 'dual_stack'
        ? [...nic.ip_stack.value.v4.transit_ips, ...nic.ip_stack.value.v6.transit_ips]
        : nic.ip_stack.value.transit_ips
    const transitChanged = transit.length !== current.length || transit.some((t, i) => t !== current[i])
    // Spec section 4: updating a network interface needs a stopped instance.
    if ((makePrimary || transitChanged) && inst.run_state !== 'stopped') {
      throw invalidRequest('Instance must be stopped to update its network interfaces')
    }
    if (b.name != null) {
      assertNameFree(
        'instance-network-interface',
        db.networkInterfaces.filter((n) => n.instance_id === inst.id),
        b.name,
        nic.id,
      )
      nic.name = b.name
    }
    if (b.description != null) nic.description = b.description
    if (transitChanged) {
      const v4 = transit.filter((t) => parseNet(t)?.v === 4)
      const v6 = transit.filter((t) => parseNet(t)?.v === 6)
      const s = nic.ip_stack
      if ((s.type === 'v4' && v6.length) || (s.type === 'v6' && v4.length)) {
        throw invalidRequest('transit IPs must match the IP version of the interface')
      }
      if (s.type === 'v4') s.value.transit_ips = v4
      else if (s.type === 'v6') s.value.transit_ips = v6
      else {
        s.value.v4.transit_ips = v4
        s.value.v6.transit_ips = v6
      }
    }
    if (makePrimary) {
      for (const n of db.networkInterfaces) if (n.instance_id === inst.id) n.primary = n.id === nic.id
    }
    return touch(nic)
  }),

  handle('instanceNetworkInterfaceDelete', (ctx) => {
    const nic = lookupNic(ctx, ctx.path.interface)
    const db = ctx.db
    const inst = db.instances.find((i) => i.id === nic.instance_id) as Instance
    canWrite(ctx, inst.project_id, 'limited_collaborator')
    if (inst.run_state !== 'stopped')
      throw invalidRequest('Instance must be stopped to detach a network interface')
    const siblings = db.networkInterfaces.filter((n) => n.instance_id === inst.id && n.id !== nic.id)
    if (nic.primary && siblings.length > 0) {
      throw invalidRequest(
        'The primary interface for an instance may not be deleted while secondary interfaces are still attached',
      )
    }
    db.networkInterfaces = db.networkInterfaces.filter((n) => n.id !== nic.id)
    return undefined
  }),

  // Affinity and anti-affinity groups

  ...affinityHandlers('affinity'),
  ...affinityHandlers('anti-affinity'),
]
