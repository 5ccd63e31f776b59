import { describe, expect, it } from 'vitest'
import { paths, withSearch } from './paths'
import {
  breadcrumbs,
  documentTitle,
  fillPattern,
  indexRedirect,
  matchPath,
  matchPattern,
  navEntries,
  type RouteNode,
  routeTree,
} from './routes'

describe('paths', () => {
  it('builds every URL from the route tree, params in place', () => {
    expect(paths.root()).toBe('/')
    expect(paths.projects()).toBe('/projects')
    expect(paths.instances({ project: 'mock-project' })).toBe('/projects/mock-project/instances')
    expect(paths.disksNew({ project: 'p' })).toBe('/projects/p/disks-new')
    expect(paths.sshKeyEdit({ sshKey: 'laptop' })).toBe('/settings/ssh-keys/laptop/edit')
    expect(paths.loginSaml({ silo: 's', provider: 'okta' })).toBe('/login/s/saml/okta')
  })

  it('encodes each param as one segment: spaces, slashes, percent signs, unicode', () => {
    expect(paths.sshKeyEdit({ sshKey: 'my key' })).toBe('/settings/ssh-keys/my%20key/edit')
    expect(paths.sshKeyEdit({ sshKey: 'a/b' })).toBe('/settings/ssh-keys/a%2Fb/edit')
    expect(paths.sshKeyEdit({ sshKey: '100%' })).toBe('/settings/ssh-keys/100%25/edit')
    expect(paths.sshKeyEdit({ sshKey: 'clé-🔑' })).toBe('/settings/ssh-keys/cl%C3%A9-%F0%9F%94%91/edit')
    expect(paths.disks({ project: '?#&' })).toBe('/projects/%3F%23%26/disks')
  })

  it('round-trips through the matcher: what is built matches back to the same params', () => {
    for (const sshKey of ['my key', 'a/b', '100%', 'clé-🔑', '%E0%A4%A']) {
      const m = matchPath(paths.sshKeyEdit({ sshKey }))
      expect(m?.route.name).toBe('sshKeyEdit')
      expect(m?.params).toEqual({ sshKey })
    }
  })

  it('optional segments: present when given, left out when absent or empty, one pattern for both', () => {
    const pattern = '/projects/:project/vpcs/:vpc/firewall-rules-new/:rule?'
    expect(fillPattern(pattern, { project: 'p', vpc: 'v', rule: 'allow ssh' })).toBe(
      '/projects/p/vpcs/v/firewall-rules-new/allow%20ssh',
    )
    expect(fillPattern(pattern, { project: 'p', vpc: 'v' })).toBe('/projects/p/vpcs/v/firewall-rules-new')
    expect(fillPattern(pattern, { project: 'p', vpc: 'v', rule: '' })).toBe(
      '/projects/p/vpcs/v/firewall-rules-new',
    )
    expect(() => fillPattern(pattern, { project: 'p' })).toThrow(/:vpc/)
    expect(matchPattern(pattern, '/projects/p/vpcs/v/firewall-rules-new')).toEqual({ project: 'p', vpc: 'v' })
    expect(matchPattern(pattern, '/projects/p/vpcs/v/firewall-rules-new/allow%20ssh')).toEqual({
      project: 'p',
      vpc: 'v',
      rule: 'allow ssh',
    })
    expect(matchPattern(pattern, '/projects/p/vpcs/v/firewall-rules-new/a/b')).toBeNull()
  })

  it('withSearch keeps a list query across a list and its forms', () => {
    expect(withSearch(paths.disks({ project: 'p' }), '?page=abc')).toBe('/projects/p/disks?page=abc')
    expect(withSearch(paths.disks({ project: 'p' }), '')).toBe('/projects/p/disks')
    expect(withSearch('/x', new URLSearchParams({ redirect_uri: '/a b' }))).toBe('/x?redirect_uri=%2Fa+b')
  })
})

describe('route tree', () => {
  it('a malformed percent-escape in a param matches nothing (Page not found), never throws', () => {
    expect(() => matchPath('/projects/%E0%A4%A/instances')).not.toThrow()
    expect(matchPath('/projects/%E0%A4%A/instances')).toBeNull()
  })

  it('unknown paths match nothing: a tab or segment the tree does not have is not a route', () => {
    expect(matchPath('/projects/mock-project/instances/db1/console')).toBeNull()
    expect(matchPath('/system/inventory/racks')).toBeNull()
    expect(matchPath('/no/such/place')).toBeNull()
  })

  // Every index redirect of the tree, in one table: a node that gains or loses one fails the count.
  const redirects: [from: string, node: string, to: string | null][] = [
    ['/', 'root', '/projects'],
    ['/projects/my%20project', 'project', '/projects/my%20project/instances'],
    ['/projects/p/instances/db1', 'instance', '/projects/p/instances/db1/storage'],
    ['/projects/p/instances/db1/metrics', 'instanceMetrics', '/projects/p/instances/db1/metrics/cpu'],
    ['/projects/p/vpcs/v1', 'vpc', '/projects/p/vpcs/v1/firewall-rules'],
    ['/system/silos/research', 'silo', '/system/silos/research/idps'],
    ['/system/inventory', 'inventory', '/system/inventory/sleds'],
    ['/system/inventory/sleds/s1', 'sled', '/system/inventory/sleds/s1/instances'],
    ['/system/networking', 'systemNetworking', '/system/networking/ip-pools'],
    ['/system/networking/ip-pools/ip-pool-1', 'ipPool', '/system/networking/ip-pools/ip-pool-1/ranges'],
    ['/settings', 'settings', '/settings/profile'],
    ['/settings/ssh-keys/a%2Fb', 'sshKey', '/settings/ssh-keys/a%2Fb/edit'],
    ['/projects/p/disks', 'disks', null],
    ['/projects/mock-project/edit', 'projectEdit', null],
  ]

  it.each(redirects)('index nodes redirect to their default child (spec section 2): %s', (from, node, to) => {
    const m = matchPath(from)
    expect(m?.route.name).toBe(node)
    expect(m && indexRedirect(m)).toBe(to)
  })

  it('the table above names every node of the tree that has an index', () => {
    const withIndex: string[] = []
    const walk = (nodes: readonly RouteNode[]) => {
      for (const n of nodes) {
        if (n.index !== undefined) withIndex.push(n.name ?? '(pathless)')
        walk(n.children ?? [])
      }
    }
    walk(routeTree)
    const tabled = redirects.filter(([, , to]) => to !== null).map(([, node]) => node)
    expect(withIndex.sort()).toEqual(tabled.sort())
  })

  it('a form route nests under its list: the list page stays in the chain, crumbs show every level', () => {
    const list = matchPath('/projects/p/disks')
    const form = matchPath('/projects/p/disks-new')
    const listPage = list?.chain.filter((n) => n.page)
    const formPages = form?.chain.filter((n) => n.page)
    expect(listPage).toHaveLength(1)
    expect(formPages).toHaveLength(2)
    expect(formPages?.[0]).toBe(listPage?.[0])
    expect(breadcrumbs(form)).toEqual([
      { label: 'Projects', href: '/projects' },
      { label: 'p', href: '/projects/p' },
      { label: 'Disks', href: '/projects/p/disks' },
      { label: 'New disk', href: '/projects/p/disks-new' },
    ])
    expect(breadcrumbs(matchPath('/settings/ssh-keys/my%20key/edit')).map((c) => c.label)).toEqual([
      'Settings',
      'SSH keys',
      'my key',
      'View',
    ])
  })

  it('the document title follows the breadcrumbs, innermost first', () => {
    expect(documentTitle(matchPath('/projects/mock-project/instances'))).toBe(
      'Instances / mock-project / Projects / Rack Console',
    )
    expect(documentTitle(matchPath('/login/default-silo/local'))).toBe('Rack Console')
    expect(documentTitle(null)).toBe('Page not found / Rack Console')
  })

  it('sidebar entries come from the tree, project ones filled with the current project', () => {
    expect(navEntries('project', { project: 'a b' }).map((e) => [e.label, e.href])).toEqual([
      ['Instances', '/projects/a%20b/instances'],
      ['Disks', '/projects/a%20b/disks'],
      ['Snapshots', '/projects/a%20b/snapshots'],
      ['Images', '/projects/a%20b/images'],
      ['VPCs', '/projects/a%20b/vpcs'],
      ['Floating IPs', '/projects/a%20b/floating-ips'],
      ['Affinity Groups', '/projects/a%20b/affinity'],
      ['Access', '/projects/a%20b/access'],
    ])
    expect(navEntries('project')).toEqual([])
    expect(navEntries('account').map((e) => e.href)).toEqual([
      '/settings/profile',
      '/settings/ssh-keys',
      '/settings/access-tokens',
    ])
  })
})
