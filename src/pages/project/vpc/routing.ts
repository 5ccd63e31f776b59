// Pure helpers of the subnet, router, route and internet gateway screens (issue 14): why a router or
// route is read-only, how a destination or target reads, the route and subnet forms' values, bodies
// and cross-field checks (built on the spec section 5 validators), and which routes send traffic to a
// gateway. Unit-tested in routing.test.ts.
import { createElement, type ReactNode } from 'react'
import type { ApiResponse, Schema } from '../../../api/types'
import { CloudOffIcon } from '../../../components/icons'
import { check, IP, IP_NET } from '../../../forms/validation'
import { T } from '../../../strings'

export type Router = ApiResponse<'vpcRouterView'>
export type Route = ApiResponse<'vpcRouterRouteView'>
export type Subnet = ApiResponse<'vpcSubnetView'>
export type Gateway = ApiResponse<'internetGatewayView'>
type Destination = Schema<'RouteDestination'>
type Target = Schema<'RouteTarget'>
export type DestinationType = Destination['type']
export type TargetType = Target['type']

export type VpcRef = { project: string; vpc: string }

/** The system router belongs to the VPC: the API refuses every change to it and its routes. */
export const SYSTEM_ROUTER_REASON = 'The system router cannot be changed'

/** Why a router cannot be edited or deleted, or null. */
export function routerRefusal(router: Pick<Router, 'kind'>): string | null {
  return router.kind === 'system' ? SYSTEM_ROUTER_REASON : null
}

/** Why a route cannot be added to, edited in or deleted from `router`, or null. */
export function routeRefusal(router: Pick<Router, 'kind'>, route?: Pick<Route, 'kind'>): string | null {
  if (router.kind === 'system') return SYSTEM_ROUTER_REASON
  // RouterRouteKind: only custom routes are the user's; the others follow subnets and peering.
  if (route && route.kind !== 'custom') return `A ${kindLabel(route.kind)} route cannot be changed`
  return null
}

const KIND_LABELS: Record<Route['kind'], string> = {
  default: 'default',
  vpc_subnet: 'VPC subnet',
  vpc_peering: 'VPC peering',
  custom: 'custom',
}
export const kindLabel = (kind: Route['kind']): string => KIND_LABELS[kind]

export const TYPE_LABELS: Record<DestinationType | TargetType, string> = {
  ip: 'IP',
  ip_net: 'IP network',
  vpc: 'VPC',
  subnet: 'Subnet',
  instance: 'Instance',
  internet_gateway: 'Internet gateway',
  drop: 'Drop',
}

export const DESTINATION_TYPES: readonly DestinationType[] = ['ip', 'ip_net', 'vpc', 'subnet']
export const TARGET_TYPES: readonly TargetType[] = [
  'ip',
  'vpc',
  'subnet',
  'instance',
  'internet_gateway',
  'drop',
]

/**
 * Targets the API reserves for the routes it makes itself (a subnet's route in the system router):
 * offered, but disabled with this reason, so the choice is explained rather than hidden.
 */
export const SYSTEM_ONLY_TARGETS: ReadonlySet<TargetType> = new Set(['vpc', 'subnet'])
export const SYSTEM_ONLY_TARGET_NOTE = 'only on routes the system makes'

/** A destination or target as a table shows it: its type's label and its value (drop has none). */
export function describeEnd(end: Destination | Target): { type: string; value: string } {
  return { type: TYPE_LABELS[end.type], value: 'value' in end ? end.value : '' }
}

// ---------------------------------------------------------------------------------------------
// The route form

export type RouteValues = {
  name: string
  description: string
  destinationType: DestinationType
  destinationValue: string
  targetType: TargetType
  targetValue: string
}

export function routeFormValues(route?: Route): RouteValues {
  if (!route)
    return {
      name: '',
      description: '',
      destinationType: 'ip_net',
      destinationValue: '',
      targetType: 'internet_gateway',
      targetValue: '',
    }
  return {
    name: route.name,
    description: route.description,
    destinationType: route.destination.type,
    destinationValue: route.destination.value,
    targetType: route.target.type,
    targetValue: 'value' in route.target ? route.target.value : '',
  }
}

/** What the value of each end names, for the message of an empty choice. */
const CHOOSE: Partial<Record<DestinationType | TargetType, string>> = {
  vpc: 'Choose a VPC',
  subnet: 'Choose a subnet',
  instance: 'Choose an instance',
  internet_gateway: 'Choose an internet gateway',
}

function endError(type: DestinationType | TargetType, value: string): string | undefined {
  if (type === 'drop') return undefined
  if (type === 'ip') return check(IP, value)
  if (type === 'ip_net') return check(IP_NET, value)
  return value === '' ? CHOOSE[type] : undefined
}

/** The messages of a route's destination and target values (spec section 5 for addresses). */
export function routeErrors(values: RouteValues): Partial<Record<keyof RouteValues, string>> {
  const out: Partial<Record<keyof RouteValues, string>> = {}
  const destination = endError(values.destinationType, values.destinationValue.trim())
  const target = endError(values.targetType, values.targetValue.trim())
  if (destination) out.destinationValue = destination
  if (target) out.targetValue = target
  return out
}

/** The destination and target of a route as the API takes them (RouteDestination, RouteTarget). */
export function routeEnds(values: RouteValues): { destination: Destination; target: Target } {
  const destination = { type: values.destinationType, value: values.destinationValue.trim() } as Destination
  const target: Target =
    values.targetType === 'drop'
      ? { type: 'drop' }
      : ({ type: values.targetType, value: values.targetValue.trim() } as Target)
  return { destination, target }
}

// ---------------------------------------------------------------------------------------------
// The subnet form

export type SubnetValues = {
  name: string
  description: string
  ipv4Block: string
  ipv6Block: string
  customRouter: string
}

export const IPV4_ONLY = 'Must be an IPv4 network, like 10.0.0.0/24'
export const IPV6_ONLY = 'Must be an IPv6 network, like fd00:1122:3344:100::/64'

/**
 * The blocks' messages: the IP network rule of spec section 5 first, then the block's family (the
 * IPv4 block is required, the IPv6 one optional: the API picks a /64 of the VPC's prefix without it).
 */
export function subnetBlockErrors(values: Pick<SubnetValues, 'ipv4Block' | 'ipv6Block'>) {
  const out: Partial<Record<'ipv4Block' | 'ipv6Block', string>> = {}
  const v4 = values.ipv4Block.trim()
  const v6 = values.ipv6Block.trim()
  const v4Error = check(IP_NET, v4) ?? (v4.includes(':') ? IPV4_ONLY : undefined)
  if (v4Error) out.ipv4Block = v4Error
  const v6Error = v6 === '' ? undefined : (check(IP_NET, v6) ?? (v6.includes(':') ? undefined : IPV6_ONLY))
  if (v6Error) out.ipv6Block = v6Error
  return out
}

export function subnetFormValues(subnet?: Subnet): SubnetValues {
  return {
    name: subnet?.name ?? '',
    description: subnet?.description ?? '',
    ipv4Block: subnet?.ipv4Block ?? '',
    ipv6Block: subnet?.ipv6Block ?? '',
    customRouter: subnet?.customRouterId ?? '',
  }
}

/** VpcSubnetCreate; an empty IPv6 block or router is left to the API (none). */
export function subnetCreateBody(values: SubnetValues) {
  return {
    name: values.name,
    description: values.description,
    ipv4Block: values.ipv4Block.trim(),
    ...(values.ipv6Block.trim() ? { ipv6Block: values.ipv6Block.trim() } : {}),
    customRouter: values.customRouter || null,
  }
}

/** VpcSubnetUpdate: a PUT, so the router is always sent (null detaches it); the blocks are fixed. */
export function subnetUpdateBody(values: SubnetValues) {
  return { name: values.name, description: values.description, customRouter: values.customRouter || null }
}

// ---------------------------------------------------------------------------------------------
// Gateways and lists

/** The routes that send traffic to `gateway` (a target names it by name or by id). */
export function routesTo<R extends Pick<Route, 'target'>>(
  gateway: Pick<Gateway, 'id' | 'name'>,
  routes: readonly R[],
) {
  return routes.filter(
    (r) =>
      r.target.type === 'internet_gateway' &&
      (r.target.value === gateway.name || r.target.value === gateway.id),
  )
}

type ListState = {
  data: unknown
  error: { message: string } | undefined
  isOffline: boolean
  isLoading: boolean
}

/**
 * What a tab's table says when it has no rows: why nothing could be read (offline with nothing
 * cached, or the error), else the table's own empty state. TabTable's `empty` as it is.
 */
export function emptyOf(
  list: ListState,
  what: string,
  empty: { icon: ReactNode; title: string; body: string },
): { icon: ReactNode; title: string; body: string } {
  if (list.data !== undefined || list.isLoading) return empty
  if (list.error) return { ...empty, title: `Could not load the ${what}`, body: list.error.message }
  if (list.isOffline)
    return {
      icon: createElement(CloudOffIcon),
      title: T.offline,
      body: `The ${what} are not cached on this device yet.`,
    }
  return empty
}
