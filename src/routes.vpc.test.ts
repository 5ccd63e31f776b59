// The VPC subtree (issue 14, spec section 2): the list with its form, a VPC's page whose index is the
// firewall-rules tab, tab forms that open over their tab (the clone form's rule is optional), and a
// router's own page beside the tabs.
import { describe, expect, it } from 'vitest'
import { paths } from './paths'
import { breadcrumbs, matchPath, namedPatterns, type RouteNode, routeTree } from './routes'

const P = '/projects/p/vpcs'
const names = (pathname: string) => matchPath(pathname)?.route.name

describe('vpc routes', () => {
  it('matches every path of spec section 2 to its node', () => {
    expect(names(P)).toBe('vpcs')
    expect(names('/projects/p/vpcs-new')).toBe('vpcsNew')
    expect(names(`${P}/v1/edit`)).toBe('vpcEdit')
    expect(names(`${P}/v1/firewall-rules`)).toBe('vpcFirewallRules')
    expect(names(`${P}/v1/firewall-rules-new`)).toBe('vpcFirewallRulesNew')
    expect(matchPath(`${P}/v1/firewall-rules-new/allow-ssh`)?.params).toMatchObject({ rule: 'allow-ssh' })
    expect(names(`${P}/v1/firewall-rules/allow-ssh/edit`)).toBe('vpcFirewallRuleEdit')
    expect(names(`${P}/v1/subnets`)).toBe('vpcSubnets')
    expect(names(`${P}/v1/subnets-new`)).toBe('vpcSubnetsNew')
    expect(names(`${P}/v1/subnets/s1/edit`)).toBe('vpcSubnetEdit')
    expect(names(`${P}/v1/routers`)).toBe('vpcRouters')
    expect(names(`${P}/v1/routers-new`)).toBe('vpcRoutersNew')
    expect(names(`${P}/v1/routers/r1/edit`)).toBe('vpcRouterEdit')
    expect(names(`${P}/v1/routers/r1`)).toBe('vpcRouter')
    expect(names(`${P}/v1/routers/r1/routes-new`)).toBe('vpcRouteNew')
    expect(names(`${P}/v1/routers/r1/routes/default-v4/edit`)).toBe('vpcRouteEdit')
    expect(names(`${P}/v1/internet-gateways`)).toBe('vpcGateways')
    expect(names(`${P}/v1/internet-gateways/g1`)).toBe('vpcGateway')
  })

  it("a router's page is under its VPC and the Routers tab in the crumbs, a route's form under Routes", () => {
    const crumbs = (pathname: string) => breadcrumbs(matchPath(pathname)).map((c) => `${c.label} ${c.href}`)
    const under = [
      'Projects /projects',
      'p /projects/p',
      `VPCs ${P}`,
      `v1 ${P}/v1`,
      `Routers ${P}/v1/routers`,
    ]
    expect(crumbs(`${P}/v1/routers/r1`)).toEqual([...under, `r1 ${P}/v1/routers/r1`])
    expect(crumbs(`${P}/v1/routers/r1/routes-new`)).toEqual([
      ...under,
      `r1 ${P}/v1/routers/r1`,
      `New route ${P}/v1/routers/r1/routes-new`,
    ])
    expect(crumbs(`${P}/v1/routers/r1/routes/default-v4/edit`)).toEqual([
      ...under,
      `r1 ${P}/v1/routers/r1`,
      `Routes ${P}/v1/routers/r1`,
      `default-v4 ${P}/v1/routers/r1/routes/default-v4/edit`,
    ])
  })

  it('every crumbTo names a node of the tree', () => {
    const targets: string[] = []
    const walk = (nodes: readonly RouteNode[]) => {
      for (const n of nodes) {
        if (n.crumbTo !== undefined) targets.push(n.crumbTo)
        walk(n.children ?? [])
      }
    }
    walk(routeTree)
    expect(targets.length).toBeGreaterThan(0)
    for (const t of targets) expect(namedPatterns.has(t), t).toBe(true)
  })

  it('builds the clone URL with and without its optional rule', () => {
    expect(paths.vpcFirewallRulesNew({ project: 'p', vpc: 'v1' })).toBe(`${P}/v1/firewall-rules-new`)
    expect(paths.vpcFirewallRulesNew({ project: 'p', vpc: 'v1', rule: 'a b' })).toBe(
      `${P}/v1/firewall-rules-new/a%20b`,
    )
  })
})

describe('vpc prefetch', () => {
  // What the match warms (every node of the chain): the keys the VPC screens read (SubnetsTab,
  // RoutersTab, GatewaysTab, RouterPage), so a hover or a revisit paints them from the cache.
  const readsOf = (pathname: string) => {
    const read: { endpoint: string; params: unknown }[] = []
    const push = (endpoint: string, params: unknown) => void read.push({ endpoint, params })
    const m = matchPath(pathname)
    for (const node of m?.chain ?? []) {
      node.prefetch?.(m?.params ?? {}, { list: push, resource: push } as never, {
        limit: 10,
        pageToken: null,
      })
    }
    return read.filter((r) => r.endpoint !== 'vpcView' && r.endpoint !== 'projectView')
  }
  const ref = { project: 'p', vpc: 'v1' }

  it("warms each tab's list and the router page with its routes", () => {
    expect(readsOf(`${P}/v1/subnets`)).toEqual([
      { endpoint: 'vpcSubnetList', params: { query: { ...ref, limit: 100 } } },
    ])
    expect(readsOf(`${P}/v1/routers`)).toEqual([
      { endpoint: 'vpcRouterList', params: { query: { ...ref, limit: 100 } } },
    ])
    expect(readsOf(`${P}/v1/internet-gateways`)).toEqual([
      { endpoint: 'internetGatewayList', params: { query: { ...ref, limit: 100 } } },
    ])
    expect(readsOf(`${P}/v1/internet-gateways/g1`)).toEqual([
      { endpoint: 'internetGatewayList', params: { query: { ...ref, limit: 100 } } },
      { endpoint: 'internetGatewayView', params: { path: { gateway: 'g1' }, query: ref } },
      // The gateway's side sheet: its attached pools and addresses.
      { endpoint: 'internetGatewayIpPoolList', params: { query: { ...ref, gateway: 'g1', limit: 100 } } },
      { endpoint: 'internetGatewayIpAddressList', params: { query: { ...ref, gateway: 'g1', limit: 100 } } },
    ])
    expect(readsOf(`${P}/v1/routers/r1`)).toEqual([
      { endpoint: 'vpcRouterView', params: { path: { router: 'r1' }, query: ref } },
      { endpoint: 'vpcRouterRouteList', params: { query: { ...ref, router: 'r1', limit: 100 } } },
    ])
  })
})
