// The IP pool subtree (issue 15, spec section 2): /system/networking redirects to the list, a pool to
// its ranges; the forms sit where the tabs claim them; a silo's IP pools tab; the crumbs. The prefetch
// of each node names exactly the keys its screen reads (forms/ip-pool.ts).
import { describe, expect, it } from 'vitest'
import { selectedTab } from './components/Tabs'
import { allSilosParams, poolSilosParams, poolViewParams, siloPoolsParams } from './forms/ip-pool'
import { poolTabs } from './pages/system/ip-pool/IpPoolPage'
import { paths } from './paths'
import { breadcrumbs, matchPath, warmMatch } from './routes'

const names = (pathname: string) => matchPath(pathname)?.route.name
const P = '/system/networking/ip-pools'

describe('ip pool routes', () => {
  it('matches every path to its node', () => {
    expect(names(P)).toBe('ipPools')
    expect(names('/system/networking/ip-pools-new')).toBe('ipPoolsNew')
    expect(names(`${P}/ip-pool-1/edit`)).toBe('ipPoolEdit')
    expect(names(`${P}/ip-pool-1/ranges`)).toBe('ipPoolRanges')
    expect(names(`${P}/ip-pool-1/ranges-add`)).toBe('ipPoolRangesAdd')
    expect(names(`${P}/ip-pool-1/silos`)).toBe('ipPoolSilos')
    expect(names('/system/silos/other-silo/ip-pools')).toBe('siloIpPools')
  })

  it('the ranges tab stays selected while its add form is open', () => {
    const tabs = poolTabs('ip-pool-1')
    expect(selectedTab(tabs, paths.ipPoolRangesAdd({ pool: 'ip-pool-1' }))).toBe(0)
    expect(selectedTab(tabs, paths.ipPoolSilos({ pool: 'ip-pool-1' }))).toBe(1)
  })

  it('crumbs name the list, the pool and the tab', () => {
    const crumbs = breadcrumbs(matchPath(`${P}/ip-pool-1/ranges-add`))
    expect(crumbs.map((c) => c.label)).toEqual(['IP Pools', 'ip-pool-1', 'Ranges', 'Add range'])
    expect(crumbs[1]?.href).toBe(`${P}/ip-pool-1`)
  })
})

describe('ip pool prefetch', () => {
  const readsOf = (pathname: string, search = '') => {
    const read: { endpoint: string; params: unknown }[] = []
    const record = (endpoint: string, params: unknown) => void read.push({ endpoint, params })
    const m = matchPath(pathname)
    if (!m) throw new Error(`no route for ${pathname}`)
    // The layout's own read (the signed-in user) is not the screen's.
    warmMatch(m, search, { list: record, resource: record })
    return read.filter((r) => r.endpoint !== 'currentUserView')
  }

  it('the list reads its page of pools', () => {
    expect(readsOf(P, '?limit=25')).toEqual([
      { endpoint: 'systemIpPoolList', params: { query: { limit: 25 } } },
    ])
  })

  it('a pool tab reads the pool and the tab list', () => {
    const pool = 'ip-pool-1'
    expect(readsOf(`${P}/${pool}/ranges`)).toEqual([
      { endpoint: 'systemIpPoolView', params: poolViewParams(pool) },
      { endpoint: 'systemIpPoolRangeList', params: { path: { pool }, query: { limit: 100 } } },
    ])
    expect(readsOf(`${P}/${pool}/silos`)).toEqual([
      { endpoint: 'systemIpPoolView', params: poolViewParams(pool) },
      { endpoint: 'systemIpPoolSiloList', params: poolSilosParams(pool) },
      { endpoint: 'siloList', params: allSilosParams },
    ])
  })

  it("a silo's IP pools tab reads the silo's pools", () => {
    expect(readsOf('/system/silos/other-silo/ip-pools')).toContainEqual({
      endpoint: 'siloIpPoolList',
      params: siloPoolsParams('other-silo'),
    })
  })
})
