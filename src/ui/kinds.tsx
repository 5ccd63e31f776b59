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
  /** The list's title (and its sidebar entry's label where it has one). */
  readonly many: string
  readonly icon: ReactNode
}

export const kinds = {
  project: { one: 'Project', many: S.crumbs.projects, icon: <FolderIcon /> },
  instance: { one: 'Instance', many: S.crumbs.instances, icon: <InstancesIcon /> },
  disk: { one: 'Disk', many: 'Disks', icon: <DisksIcon /> },
  snapshot: { one: 'Snapshot', many: 'Snapshots', icon: <SnapshotsIcon /> },
  image: { one: 'Image', many: 'Images', icon: <ImagesIcon /> },
  siloImage: { one: 'Image', many: 'Silo images', icon: <ImagesIcon /> },
  vpc: { one: 'VPC', many: S.crumbs.vpcs, icon: <NetworkingIcon /> },
  router: { one: 'Router', many: S.crumbs.routers, icon: <NetworkingIcon /> },
  floatingIp: { one: 'Floating IP', many: 'Floating IPs', icon: <NetworkingIcon /> },
  antiAffinityGroup: { one: 'Anti-affinity group', many: 'Anti-affinity groups', icon: <ServerIcon /> },
  sshKey: { one: 'SSH key', many: 'SSH keys', icon: <KeyIcon /> },
  accessToken: { one: 'Token', many: 'Access tokens', icon: <KeyIcon /> },
  silo: { one: 'Silo', many: S.crumbs.silos, icon: <CloudIcon /> },
  ipPool: { one: 'IP pool', many: S.crumbs.ipPools, icon: <NetworkingIcon /> },
  sled: { one: 'Sled', many: S.crumbs.sleds, icon: <ServerIcon /> },
  switch: { one: 'Switch', many: 'Switches', icon: <NetworkingIcon /> },
  physicalDisk: { one: 'Physical disk', many: 'Physical disks', icon: <DisksIcon /> },
} as const satisfies Record<string, Kind>

/** The noun inside a sentence ("Delete anti-affinity group web"): lower case, unless it starts with an
 * abbreviation ("VPC", "IP pool", "SSH key"). */
export function inSentence(kind: Kind): string {
  const second = kind.one.charAt(1)
  return second !== second.toLowerCase() ? kind.one : kind.one.charAt(0).toLowerCase() + kind.one.slice(1)
}
