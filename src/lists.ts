// What each list screen, each tab's table and each resource's page reads, written once (issue 10): its
// kind, its endpoint and the params it builds from the route's params. The route node's prefetch and
// the page's <ResourceList list={…}> (<ListTable list={…}>, <ResourcePage resource={…}>) both take it, so the warm-up at
// match time and on hover reads exactly the key the screen's hook reads (RouteNode.prefetch asks for
// that; lists.test.tsx holds every declaration to it). Small and free of page code: routes.tsx, in the
// main chunk, imports it.
import type { ApiParams, ListOperationName, OperationName } from './api/types'
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from './components/page-size'
import type { DataReader, Params } from './routes'
import { type Kind, kinds } from './ui/kinds'

/** A list's page as its URL names it (`?page=<token>&limit=<n>`, read alike by a list's hook and its node's prefetch). */
export type ListPosition = { limit: number; pageToken: string | null }

export function listPosition(search: string): ListPosition {
  const sp = new URLSearchParams(search)
  const limit = Number(sp.get('limit'))
  return {
    limit: (PAGE_SIZE_OPTIONS as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    pageToken: sp.get('page'),
  }
}

export interface ListSource<N extends ListOperationName> {
  /** The list's title and icon, and what a row is. */
  readonly kind: Kind
  readonly endpoint: N
  /** What the list reads besides its page (the URL's page size and token are added to it). */
  readonly params: (route: Params) => ApiParams<N>
  /** The list node's prefetch: the same read, at the page the URL names. */
  readonly prefetch: (route: Params, read: DataReader, at: ListPosition) => void
}

/** A list's params at one page size: the limit joins the list's own query (and the API's order where
 * one is asked for), as hooks/use-list-page.ts asks for each page. */
export function atPageSize<N extends ListOperationName>(
  params: ApiParams<N>,
  limit: number,
  order: object = {},
): ApiParams<N> {
  const own = params as { query?: object }
  return { ...own, query: { ...own.query, limit, ...order } } as unknown as ApiParams<N>
}

function list<N extends ListOperationName>(
  kind: Kind,
  endpoint: N,
  params: (route: Params) => ApiParams<N> = () => ({}) as ApiParams<N>,
): ListSource<N> {
  return {
    kind,
    endpoint,
    params,
    prefetch: (route, read, at) => read.list(endpoint, atPageSize<N>(params(route), at.limit), at.pageToken),
  }
}

const inProject = (route: Params) => ({ query: { project: route.project ?? '' } })
const onSled = (route: Params) => ({ path: { sledId: route.sledId ?? '' } })

export const lists = {
  projects: list(kinds.project, 'projectList'),
  instances: list(kinds.instance, 'instanceList', inProject),
  disks: list(kinds.disk, 'diskList', inProject),
  snapshots: list(kinds.snapshot, 'snapshotList', inProject),
  // A project's images and the silo's are one endpoint, with and without the project.
  images: list(kinds.image, 'imageList', inProject),
  siloImages: list(kinds.siloImage, 'imageList'),
  vpcs: list(kinds.vpc, 'vpcList', inProject),
  floatingIps: list(kinds.floatingIp, 'floatingIpList', inProject),
  antiAffinityGroups: list(kinds.antiAffinityGroup, 'antiAffinityGroupList', inProject),
  sshKeys: list(kinds.sshKey, 'currentUserSshKeyList'),
  accessTokens: list(kinds.accessToken, 'currentUserAccessTokenList'),
  silos: list(kinds.silo, 'siloList'),
  ipPools: list(kinds.ipPool, 'systemIpPoolList'),
  sleds: list(kinds.sled, 'sledList'),
  switches: list(kinds.switch, 'switchList'),
  physicalDisks: list(kinds.physicalDisk, 'physicalDiskList'),
  sledInstances: list(kinds.instance, 'sledInstanceList', onSled),
  sledPhysicalDisks: list(kinds.physicalDisk, 'sledPhysicalDiskList', onSled),
} as const

/**
 * A tab's table or a form's picker: the whole list in one page of this size (none comes near it).
 * Every such read, and the prefetch of the route that shows it, uses this limit, so one list is one
 * cache entry, read once and shared (the instance create form and the disk forms offer the same disks).
 */
export const TABLE_LIMIT = 100
/** A form's picker's read of a list: `{ query: { project, ...PICK } }`. */
export const PICK = { limit: TABLE_LIMIT } as const
/** Every item at once, where a screen needs them all (utilization's sleds and silos, access's users). */
export const ALL = { limit: 1000 } as const

export interface TableSource<N extends ListOperationName> {
  /** What a row is: the table's heading, empty state and each write's words. */
  readonly kind: Kind
  readonly endpoint: N
  /** The whole read, its limit included: a table has no pages. */
  readonly params: (route: Params) => ApiParams<N>
  /** The prefetch of the node that shows the table: the same read. */
  readonly prefetch: (route: Params, read: DataReader) => void
}

/** A table's declaration; a table whose rows follow a choice on the page rather than the route (the
 * interfaces of the subnet a row opened) declares its own where it is shown. */
export function table<N extends ListOperationName>(
  kind: Kind,
  endpoint: N,
  params: (route: Params) => ApiParams<N>,
): TableSource<N> {
  return { kind, endpoint, params, prefetch: (route, read) => read.list(endpoint, params(route)) }
}

const vpcOf = (route: Params) => ({ project: route.project ?? '', vpc: route.vpc ?? '' })
const inVpc = (route: Params) => ({ query: { ...vpcOf(route), limit: TABLE_LIMIT } })
const ofGateway = (route: Params) => ({
  query: { ...vpcOf(route), gateway: route.gateway ?? '', limit: TABLE_LIMIT },
})

export const tables = {
  subnets: table(kinds.subnet, 'vpcSubnetList', inVpc),
  routers: table(kinds.router, 'vpcRouterList', inVpc),
  internetGateways: table(kinds.internetGateway, 'internetGatewayList', inVpc),
  gatewayIpPools: table(kinds.gatewayIpPool, 'internetGatewayIpPoolList', ofGateway),
  gatewayIpAddresses: table(kinds.gatewayIpAddress, 'internetGatewayIpAddressList', ofGateway),
  routes: table(kinds.route, 'vpcRouterRouteList', (route) => ({
    query: { ...vpcOf(route), router: route.router ?? '', limit: TABLE_LIMIT },
  })),
  ipPoolRanges: table(kinds.ipPoolRange, 'systemIpPoolRangeList', (route) => ({
    path: { pool: route.pool ?? '' },
    query: { limit: TABLE_LIMIT },
  })),
  // The releases uploaded to the rack, newest first (the API's order: versions, not names).
  releases: table(kinds.release, 'systemUpdateRepositoryList', () => ({
    query: { limit: TABLE_LIMIT, sortBy: 'version_descending' as const },
  })),
  identityProviders: table(kinds.identityProvider, 'siloIdentityProviderList', (route) => ({
    query: { silo: route.silo ?? '', limit: TABLE_LIMIT },
  })),
} as const

export interface ViewSource<N extends OperationName, K extends string = string> {
  /** What the resource is: the page's header, its Edit and Delete. */
  readonly kind: Kind
  readonly endpoint: N
  /** The route's param naming the resource (its page's, and its edit form's prop of the same name). */
  readonly name: K
  /** The resource's params; the one parameter of its path is its name (or ID) in the URL. */
  readonly params: (route: Params) => ApiParams<N>
  /** The prefetch of the resource's page: the same read. */
  readonly prefetch: (route: Params, read: DataReader) => void
}

function view<N extends OperationName, K extends string>(
  kind: Kind,
  endpoint: N,
  name: K,
  params: (route: Params) => ApiParams<N>,
): ViewSource<N, K> {
  return { kind, endpoint, name, params, prefetch: (route, read) => read.resource(endpoint, params(route)) }
}

const project = (route: Params) => ({ project: route.project ?? '' })

/** An anti-affinity group's members, its page's table, in one page: the API caps a group at 32. */
export const memberListParams = (project: string, antiAffinityGroup: string) => ({
  path: { antiAffinityGroup },
  query: { project, limit: 50 },
})

/**
 * One resource's read, by the route's params: a resource page reads it, and so does the edit form of
 * the resource (forms/when-loaded.tsx), whose props are named as the route's params are.
 */
export const views = {
  project: view(kinds.project, 'projectView', 'project', (route) => ({ path: project(route) })),
  instance: view(kinds.instance, 'instanceView', 'instance', (route) => ({
    path: { instance: route.instance ?? '' },
    query: project(route),
  })),
  antiAffinityGroup: view(kinds.antiAffinityGroup, 'antiAffinityGroupView', 'antiAffinityGroup', (route) => ({
    path: { antiAffinityGroup: route.antiAffinityGroup ?? '' },
    query: project(route),
  })),
  floatingIp: view(kinds.floatingIp, 'floatingIpView', 'floatingIp', (route) => ({
    path: { floatingIp: route.floatingIp ?? '' },
    query: project(route),
  })),
  vpc: view(kinds.vpc, 'vpcView', 'vpc', (route) => ({
    path: { vpc: route.vpc ?? '' },
    query: project(route),
  })),
  subnet: view(kinds.subnet, 'vpcSubnetView', 'subnet', (route) => ({
    path: { subnet: route.subnet ?? '' },
    query: vpcOf(route),
  })),
  router: view(kinds.router, 'vpcRouterView', 'router', (route) => ({
    path: { router: route.router ?? '' },
    query: vpcOf(route),
  })),
  route: view(kinds.route, 'vpcRouterRouteView', 'route', (route) => ({
    path: { route: route.route ?? '' },
    query: { ...vpcOf(route), router: route.router ?? '' },
  })),
  ipPool: view(kinds.ipPool, 'systemIpPoolView', 'pool', (route) => ({ path: { pool: route.pool ?? '' } })),
  silo: view(kinds.silo, 'siloView', 'silo', (route) => ({ path: { silo: route.silo ?? '' } })),
  sled: view(kinds.sled, 'sledView', 'sledId', (route) => ({ path: { sledId: route.sledId ?? '' } })),
} as const
