// The mock's in-memory database: one table per resource kind of the console, holding rows in the
// API's wire format (snake_case, exactly the generated `components['schemas']` types), plus link
// tables for the relations the wire shapes do not carry (which silo a project is in, who owns a
// token, group membership...). `resetDb()` re-seeds deterministically (same rows on every start).
import type { components } from '../src/api/__generated__/nexus'
import { seedTime } from './lib/ids'
import { clearTimers } from './lib/timers'
import { seedCore } from './seed/core'
import { seedNetworking } from './seed/networking'
import { seedSystem } from './seed/system'

export type S = components['schemas']
export type Project = S['Project']
export type Instance = S['Instance']
export type Disk = S['Disk']
export type Snapshot = S['Snapshot']
export type Image = S['Image']
export type User = S['User']
export type Group = S['Group']
export type SshKey = S['SshKey']
export type Silo = S['Silo']
export type RoleName = S['SiloRole']

export type Session = {
  id: string
  token: string
  user_id: string
  time_created: string
  time_last_used: string
}
export type AccessToken = {
  id: string
  token: string
  user_id: string
  time_created: string
  time_expires: string | null
}
export type DeviceAuthRequest = {
  device_code: string
  user_code: string
  client_id: string
  ttl_seconds: number | null
  time_created: string
  time_expires: string
  /** Set by /device/confirm: who approved the code. */
  user_id?: string
  /** Set once /device/token handed out a token for this code. */
  token_id?: string
}

export interface Db {
  // Identity and access (mocks/seed/core.ts)
  silos: Silo[]
  users: User[]
  /** Local-login passwords by user id. */
  passwords: Map<string, string>
  groups: Group[]
  groupMembers: { group_id: string; user_id: string }[]
  siloPolicies: Map<string, S['SiloRoleRoleAssignment'][]>
  projectPolicies: Map<string, S['ProjectRoleRoleAssignment'][]>
  fleetPolicy: S['FleetRolePolicy']
  sessions: Session[]
  accessTokens: AccessToken[]
  deviceAuthRequests: DeviceAuthRequest[]
  sshKeys: SshKey[]

  // Projects and compute (mocks/seed/core.ts)
  projects: Project[]
  /** project id -> silo id */
  projectSilo: Map<string, string>
  instances: Instance[]
  /** instance id -> ssh key ids given at create time */
  instanceSshKeys: Map<string, string[]>
  disks: Disk[]
  /** Bytes written by bulk import, by disk id: offset -> chunk. */
  diskWrites: Map<string, Map<number, Uint8Array>>
  snapshots: Snapshot[]
  images: Image[]
  /** silo image id -> silo id (silo images have project_id null) */
  imageSilo: Map<string, string>
  /** ephemeral and SNAT external IPs by instance id (floating IPs live in floatingIps) */
  externalIps: Map<string, S['ExternalIp'][]>

  // Networking (mocks/seed/networking.ts)
  vpcs: S['Vpc'][]
  vpcSubnets: S['VpcSubnet'][]
  vpcRouters: S['VpcRouter'][]
  routerRoutes: S['RouterRoute'][]
  firewallRules: S['VpcFirewallRule'][]
  internetGateways: S['InternetGateway'][]
  internetGatewayIpPools: S['InternetGatewayIpPool'][]
  internetGatewayIpAddresses: S['InternetGatewayIpAddress'][]
  floatingIps: S['FloatingIp'][]
  networkInterfaces: S['InstanceNetworkInterface'][]
  affinityGroups: S['AffinityGroup'][]
  antiAffinityGroups: S['AntiAffinityGroup'][]
  affinityGroupMembers: { group_id: string; instance_id: string }[]
  antiAffinityGroupMembers: { group_id: string; instance_id: string }[]

  // System (mocks/seed/system.ts)
  identityProviders: S['SamlIdentityProvider'][]
  /** identity provider id -> silo id */
  idpSilo: Map<string, string>
  ipPools: S['IpPool'][]
  ipPoolRanges: S['IpPoolRange'][]
  ipPoolSiloLinks: S['IpPoolSiloLink'][]
  siloQuotas: S['SiloQuotas'][]
  racks: S['Rack'][]
  sleds: S['Sled'][]
  /** instance id -> sled id, for the sled instances tab */
  instanceSled: Map<string, string>
  physicalDisks: S['PhysicalDisk'][]
  switches: S['Switch'][]

  // System update (mocks/seed/system.ts, handlers/update.ts)
  /** Uploaded TUF repositories (system versions are unique). */
  tufRepos: S['TufRepo'][]
  /** What /v1/system/update/status reports: the target release (null until one is set) and progress. */
  updateStatus: S['UpdateStatus']
}

export function emptyDb(): Db {
  return {
    silos: [],
    users: [],
    passwords: new Map(),
    groups: [],
    groupMembers: [],
    siloPolicies: new Map(),
    projectPolicies: new Map(),
    fleetPolicy: { role_assignments: [] },
    sessions: [],
    accessTokens: [],
    deviceAuthRequests: [],
    sshKeys: [],
    projects: [],
    projectSilo: new Map(),
    instances: [],
    instanceSshKeys: new Map(),
    disks: [],
    diskWrites: new Map(),
    snapshots: [],
    images: [],
    imageSilo: new Map(),
    externalIps: new Map(),
    vpcs: [],
    vpcSubnets: [],
    vpcRouters: [],
    routerRoutes: [],
    firewallRules: [],
    internetGateways: [],
    internetGatewayIpPools: [],
    internetGatewayIpAddresses: [],
    floatingIps: [],
    networkInterfaces: [],
    affinityGroups: [],
    antiAffinityGroups: [],
    affinityGroupMembers: [],
    antiAffinityGroupMembers: [],
    identityProviders: [],
    idpSilo: new Map(),
    ipPools: [],
    ipPoolRanges: [],
    ipPoolSiloLinks: [],
    siloQuotas: [],
    racks: [],
    sleds: [],
    instanceSled: new Map(),
    physicalDisks: [],
    switches: [],
    tufRepos: [],
    updateStatus: {
      target_release: null,
      components_by_release_version: {},
      suspended: false,
      contact_support: false,
      time_last_step_planned: seedTime(0),
    },
  }
}

/** The live database. Handlers read and mutate it; `resetDb()` swaps in a fresh seeded one. */
export let db: Db = seeded()

function seeded(): Db {
  const d = emptyDb()
  // Order matters: system rows (IP pools, sleds) refer to the silo from the core seed, and
  // networking rows (VPCs, floating IPs) refer to projects, instances and pools.
  seedCore(d)
  seedSystem(d)
  seedNetworking(d)
  return d
}

/** Re-seed from scratch and cancel pending state timers. */
export function resetDb(): Db {
  clearTimers()
  db = seeded()
  return db
}
