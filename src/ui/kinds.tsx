// What the console calls each kind of resource and the icon it shows for it, in one place (issue 10):
// a list's title and header icon, a resource page's header icon and noun ("VPC web" names its tabs),
// the noun of a row's "… ID copied", and the sidebar entry of a list all read the same fact here, so
// the Disks entry of the sidebar and the Disks list cannot drift apart.
import type { ReactNode } from 'react'
import {
  CloudIcon,
  DisksIcon,
  FolderIcon,
  ImagesIcon,
  InstancesIcon,
  KeyIcon,
  NetworkingIcon,
  ServerIcon,
  SnapshotsIcon,
} from '../components/icons'
import { S } from '../strings'

export interface Kind {
  /** One of them, as a sentence starts: "VPC", "Anti-affinity group". */
  readonly one: string
  /** The article of one of them inside a sentence: "an anti-affinity group", "a VPC". */
  readonly article: 'a' | 'an'
  /** The list's title (and its sidebar entry's label where it has one). */
  readonly many: string
  readonly icon: ReactNode
}

export const kinds = {
  project: { one: 'Project', article: 'a', many: S.crumbs.projects, icon: <FolderIcon /> },
  instance: { one: 'Instance', article: 'an', many: S.crumbs.instances, icon: <InstancesIcon /> },
  disk: { one: 'Disk', article: 'a', many: 'Disks', icon: <DisksIcon /> },
  snapshot: { one: 'Snapshot', article: 'a', many: 'Snapshots', icon: <SnapshotsIcon /> },
  image: { one: 'Image', article: 'an', many: 'Images', icon: <ImagesIcon /> },
  siloImage: { one: 'Image', article: 'an', many: 'Silo images', icon: <ImagesIcon /> },
  vpc: { one: 'VPC', article: 'a', many: S.crumbs.vpcs, icon: <NetworkingIcon /> },
  router: { one: 'Router', article: 'a', many: S.crumbs.routers, icon: <NetworkingIcon /> },
  route: { one: 'Route', article: 'a', many: 'Routes', icon: <NetworkingIcon /> },
  subnet: { one: 'Subnet', article: 'a', many: 'Subnets', icon: <NetworkingIcon /> },
  floatingIp: { one: 'Floating IP', article: 'a', many: 'Floating IPs', icon: <NetworkingIcon /> },
  antiAffinityGroup: {
    one: 'Anti-affinity group',
    article: 'an',
    many: 'Anti-affinity groups',
    icon: <ServerIcon />,
  },
  sshKey: { one: 'SSH key', article: 'an', many: 'SSH keys', icon: <KeyIcon /> },
  accessToken: { one: 'Token', article: 'a', many: 'Access tokens', icon: <KeyIcon /> },
  silo: { one: 'Silo', article: 'a', many: S.crumbs.silos, icon: <CloudIcon /> },
  ipPool: { one: 'IP pool', article: 'an', many: S.crumbs.ipPools, icon: <NetworkingIcon /> },
  sled: { one: 'Sled', article: 'a', many: S.crumbs.sleds, icon: <ServerIcon /> },
  switch: { one: 'Switch', article: 'a', many: 'Switches', icon: <NetworkingIcon /> },
  physicalDisk: { one: 'Physical disk', article: 'a', many: 'Physical disks', icon: <DisksIcon /> },
  internetGateway: {
    one: 'Internet gateway',
    article: 'an',
    many: 'Internet gateways',
    icon: <NetworkingIcon />,
  },
  // What is attached to an internet gateway: pools to take outbound addresses from, or single addresses.
  gatewayIpPool: { one: 'IP pool', article: 'an', many: 'IP pools', icon: <NetworkingIcon /> },
  gatewayIpAddress: { one: 'IP address', article: 'an', many: 'IP addresses', icon: <NetworkingIcon /> },
  networkInterface: {
    one: 'Network interface',
    article: 'a',
    many: 'Network interfaces',
    icon: <NetworkingIcon />,
  },
  ipPoolRange: { one: 'Range', article: 'a', many: 'Ranges', icon: <NetworkingIcon /> },
  identityProvider: {
    one: 'Identity provider',
    article: 'an',
    many: 'Identity providers',
    icon: <KeyIcon />,
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
