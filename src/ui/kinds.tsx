// What the console calls each kind of resource and the icon it shows for it, in one place (issue 10):
// a list's title and header icon, a resource page's header icon and noun ("VPC web" names its tabs),
// the noun of a row's "… ID copied", and the sidebar entry of a list all read the same fact here, so
// the Disks entry of the sidebar and the Disks list cannot drift apart. Who may write each kind is
// declared here too (`writes`), so every write control of a kind asks for the same role.
import type { ReactNode } from 'react'
import {
  CloudIcon,
  DisksIcon,
  FolderIcon,
  ImagesIcon,
  InstancesIcon,
  KeyIcon,
  NetworkingIcon,
  RefreshIcon,
  ServerIcon,
  SnapshotsIcon,
} from '../components/icons'
import { S } from '../strings'
import type { RoleName } from '../util/roles'

/**
 * Who may write a kind, as the API decides (the mock mirrors it in mocks/handlers): the least role, in
 * the project the route names (a project inherits the silo's roles), at the silo or on the fleet.
 * `own` things (SSH keys, tokens) are the user's and need no role.
 */
export type WriteRule =
  | { readonly at: 'project' | 'silo' | 'fleet'; readonly role: RoleName }
  | { readonly at: 'own' }

/** A project's storage and networking: collaborator. */
const projectWrite = { at: 'project', role: 'collaborator' } as const
/** Instances and what only they use (floating IPs, anti-affinity groups): limited collaborator. */
const instanceWrite = { at: 'project', role: 'limited_collaborator' } as const
const siloWrite = { at: 'silo', role: 'collaborator' } as const
const fleetWrite = { at: 'fleet', role: 'admin' } as const
const own = { at: 'own' } as const

export interface Kind {
  /** One of them, as a sentence starts: "VPC", "Anti-affinity group". */
  readonly one: string
  /** The article of one of them inside a sentence: "an anti-affinity group", "a VPC". */
  readonly article: 'a' | 'an'
  /** The list's title (and its sidebar entry's label where it has one). */
  readonly many: string
  readonly icon: ReactNode
  readonly writes: WriteRule
}

export const kinds = {
  project: { one: 'Project', article: 'a', many: S.crumbs.projects, icon: <FolderIcon />, writes: siloWrite },
  instance: {
    one: 'Instance',
    article: 'an',
    many: S.crumbs.instances,
    icon: <InstancesIcon />,
    writes: instanceWrite,
  },
  disk: { one: 'Disk', article: 'a', many: 'Disks', icon: <DisksIcon />, writes: projectWrite },
  snapshot: {
    one: 'Snapshot',
    article: 'a',
    many: 'Snapshots',
    icon: <SnapshotsIcon />,
    writes: projectWrite,
  },
  image: { one: 'Image', article: 'an', many: 'Images', icon: <ImagesIcon />, writes: projectWrite },
  siloImage: { one: 'Image', article: 'an', many: 'Silo images', icon: <ImagesIcon />, writes: siloWrite },
  vpc: { one: 'VPC', article: 'a', many: S.crumbs.vpcs, icon: <NetworkingIcon />, writes: projectWrite },
  router: {
    one: 'Router',
    article: 'a',
    many: S.crumbs.routers,
    icon: <NetworkingIcon />,
    writes: projectWrite,
  },
  route: { one: 'Route', article: 'a', many: 'Routes', icon: <NetworkingIcon />, writes: projectWrite },
  subnet: { one: 'Subnet', article: 'a', many: 'Subnets', icon: <NetworkingIcon />, writes: projectWrite },
  floatingIp: {
    one: 'Floating IP',
    article: 'a',
    many: 'Floating IPs',
    icon: <NetworkingIcon />,
    writes: instanceWrite,
  },
  antiAffinityGroup: {
    one: 'Anti-affinity group',
    article: 'an',
    many: 'Anti-affinity groups',
    icon: <ServerIcon />,
    writes: instanceWrite,
  },
  sshKey: { one: 'SSH key', article: 'an', many: 'SSH keys', icon: <KeyIcon />, writes: own },
  accessToken: { one: 'Token', article: 'a', many: 'Access tokens', icon: <KeyIcon />, writes: own },
  silo: { one: 'Silo', article: 'a', many: S.crumbs.silos, icon: <CloudIcon />, writes: fleetWrite },
  ipPool: {
    one: 'IP pool',
    article: 'an',
    many: S.crumbs.ipPools,
    icon: <NetworkingIcon />,
    writes: fleetWrite,
  },
  sled: { one: 'Sled', article: 'a', many: S.crumbs.sleds, icon: <ServerIcon />, writes: fleetWrite },
  switch: { one: 'Switch', article: 'a', many: 'Switches', icon: <NetworkingIcon />, writes: fleetWrite },
  physicalDisk: {
    one: 'Physical disk',
    article: 'a',
    many: 'Physical disks',
    icon: <DisksIcon />,
    writes: fleetWrite,
  },
  internetGateway: {
    one: 'Internet gateway',
    article: 'an',
    many: 'Internet gateways',
    icon: <NetworkingIcon />,
    writes: projectWrite,
  },
  // What is attached to an internet gateway: pools to take outbound addresses from, or single addresses.
  gatewayIpPool: {
    one: 'IP pool',
    article: 'an',
    many: 'IP pools',
    icon: <NetworkingIcon />,
    writes: projectWrite,
  },
  gatewayIpAddress: {
    one: 'IP address',
    article: 'an',
    many: 'IP addresses',
    icon: <NetworkingIcon />,
    writes: projectWrite,
  },
  networkInterface: {
    one: 'Network interface',
    article: 'a',
    many: 'Network interfaces',
    icon: <NetworkingIcon />,
    writes: projectWrite,
  },
  // A release of the system software, uploaded to the rack as a TUF repository (the system update screen).
  release: { one: 'Release', article: 'a', many: 'Releases', icon: <RefreshIcon />, writes: fleetWrite },
  ipPoolRange: { one: 'Range', article: 'a', many: 'Ranges', icon: <NetworkingIcon />, writes: fleetWrite },
  identityProvider: {
    one: 'Identity provider',
    article: 'an',
    many: 'Identity providers',
    icon: <KeyIcon />,
    writes: fleetWrite,
  },
} as const satisfies Record<string, Kind>

/** The noun inside a sentence ("Delete anti-affinity group web"): lower case, unless it starts with an
 * abbreviation ("VPC", "IP pool", "SSH key"). */
export function inSentence(kind: Kind): string {
  return lowerStart(kind.one)
}

/** Many of them inside a sentence ("No routes", "the IP pools of this gateway"), by the same rule
 * word by word, since a list title capitalises each ("IP Pools" says "No IP pools"). */
export function manyInSentence(kind: Kind): string {
  return kind.many.split(' ').map(lowerStart).join(' ')
}

/** What opens a new one's form, and that form's title: "New route", "New IP pool". */
export const newOf = (kind: Kind) => `New ${inSentence(kind)}`

/** An empty list's title, in a list or a tab's table alike: "No routes", "No IP pools". */
export const noneOf = (kind: Kind) => `No ${manyInSentence(kind)}`

function lowerStart(noun: string): string {
  const second = noun.charAt(1)
  return second !== second.toLowerCase() ? noun : noun.charAt(0).toLowerCase() + noun.slice(1)
}

/** One of them inside a sentence, with its article: "an anti-affinity group", "a VPC". */
export function withArticle(kind: Kind): string {
  return `${kind.article} ${inSentence(kind)}`
}

/** A write the kit asks a reason about (a list's, a table's, a page's or a form's). */
export type Write = 'creating' | 'editing' | 'deleting' | 'changing'

/** The write a role reason names: "creating an anti-affinity group", "deleting a VPC". */
export const writing = (write: Write, kind: Kind) => `${write} ${withArticle(kind)}`
