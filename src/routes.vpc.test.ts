// The VPC subtree (issue 14, spec section 2): the list with its form, a VPC's page whose index is the
// firewall-rules tab, tab forms that open over their tab (the clone form's rule is optional), and a
// router's own page beside the tabs.
import { describe, expect, it } from 'vitest'
import { paths } from './paths'
import { indexRedirect, matchPath } from './routes'

const P = '/projects/p/vpcs'
const names = (pathname: string) => matchPath(pathname)?.route.name

describe('vpc routes', () => {
  it('a VPC redirects to its firewall rules', () => {
    const m = matchPath(`${P}/v1`)
    expect(m?.route.name).toBe('vpc')
    expect(m && indexRedirect(m)).toBe(`${P}/v1/firewall-rules`)
  })

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

  it('builds the clone URL with and without its optional rule', () => {
    expect(paths.vpcFirewallRulesNew({ project: 'p', vpc: 'v1' })).toBe(`${P}/v1/firewall-rules-new`)
    expect(paths.vpcFirewallRulesNew({ project: 'p', vpc: 'v1', rule: 'a b' })).toBe(
      `${P}/v1/firewall-rules-new/a%20b`,
    )
  })
})
