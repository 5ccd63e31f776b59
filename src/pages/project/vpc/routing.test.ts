// The pure rules of the subnet, router, route and gateway screens: read-only routers and routes with
// their reasons, the subnet blocks with every IP network message of spec section 5, the route form's
// values and bodies, the routes to a gateway, and what an empty tab says.
import { describe, expect, it } from 'vitest'
import { S, T } from '../../../strings'
import {
  describeEnd,
  emptyOf,
  IPV4_ONLY,
  IPV6_ONLY,
  type Route,
  routeEnds,
  routeErrors,
  routeFormValues,
  routeRefusal,
  routerRefusal,
  routesTo,
  SYSTEM_ROUTER_REASON,
  subnetBlockErrors,
  subnetCreateBody,
  subnetUpdateBody,
} from './routing'

const route = (over: Partial<Route>): Route => ({
  id: 'r1',
  name: 'r1',
  description: '',
  kind: 'custom',
  vpcRouterId: 'router',
  destination: { type: 'ip_net', value: '0.0.0.0/0' },
  target: { type: 'internet_gateway', value: 'default' },
  timeCreated: new Date(0),
  timeModified: new Date(0),
  ...over,
})

describe('read-only routers and routes', () => {
  it('refuses every change to the system router and its routes, with the reason', () => {
    expect(routerRefusal({ kind: 'system' })).toBe(SYSTEM_ROUTER_REASON)
    expect(routerRefusal({ kind: 'custom' })).toBeNull()
    expect(routeRefusal({ kind: 'system' })).toBe(SYSTEM_ROUTER_REASON)
    expect(routeRefusal({ kind: 'system' }, { kind: 'custom' })).toBe(SYSTEM_ROUTER_REASON)
  })

  it('lets a custom router change its custom routes only', () => {
    expect(routeRefusal({ kind: 'custom' })).toBeNull()
    expect(routeRefusal({ kind: 'custom' }, { kind: 'custom' })).toBeNull()
    expect(routeRefusal({ kind: 'custom' }, { kind: 'vpc_subnet' })).toBe(
      'A VPC subnet route cannot be changed',
    )
  })
})

describe('subnet blocks', () => {
  const blocks = (ipv4Block: string, ipv6Block = '') => subnetBlockErrors({ ipv4Block, ipv6Block })

  it('words each IP network refusal as spec section 5 does', () => {
    expect(blocks('10.0.0.0').ipv4Block).toBe(S.networkNeedsWidth)
    expect(blocks('10.0.0.0/x').ipv4Block).toBe(S.widthInteger)
    expect(blocks('10.0.0.0/33').ipv4Block).toBe(S.maxWidthV4)
    expect(blocks('banana/24').ipv4Block).toBe(S.invalidIp)
    expect(blocks('10.0.0.0/24', 'fd00::/129').ipv6Block).toBe(S.maxWidthV6)
  })

  it('requires the IPv4 block, allows no IPv6 block, and keeps each block to its family', () => {
    expect(blocks('')).toEqual({ ipv4Block: S.networkNeedsWidth })
    expect(blocks('10.0.0.0/24')).toEqual({})
    expect(blocks(' 10.0.0.0/24 ', 'fd00:1::/64')).toEqual({})
    expect(blocks('fd00::/64').ipv4Block).toBe(IPV4_ONLY)
    expect(blocks('10.0.0.0/24', '10.1.0.0/24').ipv6Block).toBe(IPV6_ONLY)
  })

  it('sends no IPv6 block when none is given, and always sends the router on update (a PUT)', () => {
    const values = {
      name: 's',
      description: 'd',
      ipv4Block: ' 10.0.0.0/24 ',
      ipv6Block: '',
      customRouter: '',
    }
    expect(subnetCreateBody(values)).toEqual({
      name: 's',
      description: 'd',
      ipv4Block: '10.0.0.0/24',
      customRouter: null,
    })
    expect(subnetCreateBody({ ...values, ipv6Block: 'fd00::/64', customRouter: 'id' })).toMatchObject({
      ipv6Block: 'fd00::/64',
      customRouter: 'id',
    })
    expect(subnetUpdateBody(values)).toEqual({ name: 's', description: 'd', customRouter: null })
  })
})

describe('the route form', () => {
  it('starts from a route and gives back the same destination and target', () => {
    const r = route({
      destination: { type: 'ip', value: '10.20.30.40' },
      target: { type: 'instance', value: 'db1' },
    })
    const values = routeFormValues(r)
    expect(values).toMatchObject({
      destinationType: 'ip',
      destinationValue: '10.20.30.40',
      targetValue: 'db1',
    })
    expect(routeEnds(values)).toEqual({ destination: r.destination, target: r.target })
  })

  it('sends drop without a value', () => {
    const values = { ...routeFormValues(route({ target: { type: 'drop' } })), targetValue: 'stale' }
    expect(routeEnds(values).target).toEqual({ type: 'drop' })
    expect(routeErrors({ ...values, destinationValue: '10.0.0.0/8' })).toEqual({})
  })

  it('checks addresses by spec section 5 and asks for a choice where the type names a resource', () => {
    const blank = routeFormValues()
    expect(routeErrors(blank)).toEqual({
      destinationValue: S.networkNeedsWidth,
      targetValue: 'Choose an internet gateway',
    })
    expect(
      routeErrors({ ...blank, destinationType: 'ip', destinationValue: '300.1.1.1' }).destinationValue,
    ).toBe(S.invalidIp)
    expect(
      routeErrors({ ...blank, destinationValue: '::/200', targetType: 'ip', targetValue: '::1' }),
    ).toEqual({
      destinationValue: S.maxWidthV6,
    })
    expect(routeErrors({ ...blank, destinationType: 'subnet', destinationValue: '' }).destinationValue).toBe(
      'Choose a subnet',
    )
  })

  it('describes each end by its type and value', () => {
    expect(describeEnd({ type: 'internet_gateway', value: 'default' })).toEqual({
      type: 'Internet gateway',
      value: 'default',
    })
    expect(describeEnd({ type: 'drop' })).toEqual({ type: 'Drop', value: '' })
  })
})

describe('routes to a gateway', () => {
  it('finds the routes whose target names the gateway by name or by id', () => {
    const gw = { id: 'gw-id', name: 'mock-gateway' }
    const byName = route({ id: 'a', target: { type: 'internet_gateway', value: 'mock-gateway' } })
    const byId = route({ id: 'b', target: { type: 'internet_gateway', value: 'gw-id' } })
    const other = route({ id: 'c', target: { type: 'internet_gateway', value: 'default' } })
    const instance = route({ id: 'd', target: { type: 'instance', value: 'mock-gateway' } })
    expect(routesTo(gw, [byName, byId, other, instance]).map((r) => r.id)).toEqual(['a', 'b'])
  })
})

describe('an empty tab', () => {
  const empty = { icon: 'icon', title: 'No subnets', body: 'none yet' }
  const list = { data: undefined, error: undefined, isOffline: false, isLoading: false }

  it('says it is offline when nothing is cached, and shows the error otherwise', () => {
    expect(emptyOf({ ...list, isOffline: true }, 'subnets of this VPC', empty)).toMatchObject({
      title: T.offline,
      body: 'The subnets of this VPC are not cached on this device yet.',
    })
    expect(emptyOf({ ...list, error: { message: 'boom' } }, 'subnets', empty)).toMatchObject({
      title: 'Could not load the subnets',
      body: 'boom',
    })
  })

  it('shows its own empty state once the list is known, offline or not', () => {
    expect(emptyOf({ ...list, data: { items: [] }, isOffline: true }, 'subnets', empty)).toBe(empty)
  })
})
