// The inventory subtree (issue 15, spec section 2): /system/inventory redirects to its sleds tab, a
// sled to its instances tab, /system/issues is a page; crumbs; and each node's prefetch reads exactly
// what its screen reads (ResourceList adds the URL's page size to a list's params).
import { describe, expect, it } from 'vitest'
import { sledViewParams } from './pages/system/inventory/sled'
import { paths } from './paths'
import { breadcrumbs, matchPath } from './routes'

const SLED = '0c1bdd6f-8b3e-4e5f-9a10-2b3c4d5e6f70'
const names = (pathname: string) => matchPath(pathname)?.route.name

describe('inventory routes', () => {
  it('matches every tab and the issues page, under the fleet guard', () => {
    expect(names('/system/inventory/sleds')).toBe('inventorySleds')
    expect(names('/system/inventory/disks')).toBe('inventoryDisks')
    expect(names('/system/inventory/switches')).toBe('inventorySwitches')
    expect(names(`/system/inventory/sleds/${SLED}/instances`)).toBe('sledInstances')
    expect(names(`/system/inventory/sleds/${SLED}/disks`)).toBe('sledDisks')
    expect(matchPath(`/system/inventory/sleds/${SLED}`)?.params).toEqual({ sledId: SLED })
    expect(names('/system/issues')).toBe('systemIssues')
    for (const p of ['/system/inventory/sleds', `/system/inventory/sleds/${SLED}/disks`, '/system/issues']) {
      expect(matchPath(p)?.chain.some((n) => n.guard === 'fleet')).toBe(true)
    }
    expect(paths.sledDisks({ sledId: SLED })).toBe(`/system/inventory/sleds/${SLED}/disks`)
  })

  it('crumbs: Inventory, then the tab or the sled (spec: Inventory, Sleds)', () => {
    expect(breadcrumbs(matchPath('/system/inventory/sleds')).map((c) => c.label)).toEqual([
      'Inventory',
      'Sleds',
    ])
    const crumbs = breadcrumbs(matchPath(`/system/inventory/sleds/${SLED}/instances`))
    expect(crumbs.map((c) => c.label)).toEqual(['Inventory', 'Sleds', SLED, 'Instances'])
    expect(crumbs[1]?.href).toBe('/system/inventory/sleds')
    expect(crumbs[2]?.href).toBe(`/system/inventory/sleds/${SLED}`)
  })
})

describe('inventory prefetch', () => {
  const readsOf = (pathname: string, at = { limit: 25, pageToken: 'p2' as string | null }) => {
    const read: { endpoint: string; params: unknown; pageToken?: string | null }[] = []
    const reader = {
      list: (endpoint: string, params: unknown, pageToken?: string | null) =>
        void read.push({ endpoint, params, pageToken }),
      resource: (endpoint: string, params: unknown) => void read.push({ endpoint, params }),
    }
    const m = matchPath(pathname)
    for (const node of m?.chain ?? []) node.prefetch?.(m?.params ?? {}, reader as never, at)
    return read
  }

  it('the tabs read their list at the URL page', () => {
    expect(readsOf('/system/inventory/sleds')).toEqual([
      { endpoint: 'sledList', params: { query: { limit: 25 } }, pageToken: 'p2' },
    ])
    expect(readsOf('/system/inventory/disks')).toEqual([
      { endpoint: 'physicalDiskList', params: { query: { limit: 25 } }, pageToken: 'p2' },
    ])
    expect(readsOf('/system/inventory/switches')).toEqual([
      { endpoint: 'switchList', params: { query: { limit: 25 } }, pageToken: 'p2' },
    ])
  })

  it('a sled tab reads the sled and its list', () => {
    expect(readsOf(`/system/inventory/sleds/${SLED}/instances`)).toEqual([
      { endpoint: 'sledView', params: sledViewParams(SLED) },
      {
        endpoint: 'sledInstanceList',
        params: { path: { sledId: SLED }, query: { limit: 25 } },
        pageToken: 'p2',
      },
    ])
    expect(readsOf(`/system/inventory/sleds/${SLED}/disks`)).toEqual([
      { endpoint: 'sledView', params: sledViewParams(SLED) },
      {
        endpoint: 'sledPhysicalDiskList',
        params: { path: { sledId: SLED }, query: { limit: 25 } },
        pageToken: 'p2',
      },
    ])
  })
})
