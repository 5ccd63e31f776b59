// @vitest-environment jsdom
// Every list screen reads, in its first render, exactly the key its route node warms (at match time and
// on link hover), at the URL's page size and page token: the page itself is rendered at its URL and
// what its hooks ask the cache for is compared with what the node's prefetch read. A page reading
// another declaration than its node (or another page size, or no page token) fails here. Each tab's
// table is warmed by the node that shows it, for that node's params (ListTable reads its declaration
// for the same params: list-table.test.tsx).
import './components/test-helpers'
import { cleanup, render, screen } from '@testing-library/react'
import type { ComponentType } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cacheKey } from '../storage/keys'
import { lists, tables, views } from './lists'
import type { RouteName } from './paths'
import { OutletContext, RouteParamsContext } from './route-context'
import { type DataReader, fillPattern, matchPath, namedPatterns, warmMatch, warmRoute } from './routes'

const calls = vi.hoisted(() => ({ hook: [] as string[], hover: [] as string[] }))

vi.mock('../storage', async () => {
  const { cacheKey } = await import('../storage/keys')
  const empty = {
    data: undefined,
    isLoading: true,
    error: undefined,
    isRevalidating: false,
    isOffline: false,
    isStale: false,
    updatedAt: undefined,
    refresh: async () => 'fresh',
  }
  return {
    // Every list is empty, so each screen shows its empty state.
    useList: (endpoint: string, params: unknown, pageToken?: string | null) => {
      calls.hook.push(cacheKey('', endpoint, params, pageToken))
      return { ...empty, isLoading: false, data: { items: [], nextPage: null } }
    },
    useResource: () => empty,
    useListPoll: () => false,
    useResourcePoll: () => false,
    IDLE_POLL_MS: 60_000,
    useConnectivity: () => ({ online: true }),
    prefetchList: async (endpoint: string, params: unknown, pageToken?: string | null) => {
      calls.hover.push(cacheKey('', endpoint, params, pageToken))
    },
    prefetchResource: async () => undefined,
    warmList: async () => undefined,
    warmResource: async () => undefined,
  }
})

/** The URL of each declared list's screen (the record must name every declaration), and the title of
 * its empty state, derived from its kind. */
const screens = {
  projects: ['projects', 'No projects'],
  instances: ['instances', 'No instances'],
  disks: ['disks', 'No disks'],
  snapshots: ['snapshots', 'No snapshots'],
  images: ['images', 'No images'],
  siloImages: ['siloImages', 'No images'],
  vpcs: ['vpcs', 'No VPCs'],
  floatingIps: ['floatingIps', 'No floating IPs'],
  antiAffinityGroups: ['affinity', 'No anti-affinity groups'],
  sshKeys: ['sshKeys', 'No SSH keys'],
  accessTokens: ['accessTokens', 'No access tokens'],
  silos: ['silos', 'No silos'],
  ipPools: ['ipPools', 'No IP pools'],
  sleds: ['inventorySleds', 'No sleds'],
  switches: ['inventorySwitches', 'No switches'],
  physicalDisks: ['inventoryDisks', 'No physical disks'],
  sledInstances: ['sledInstances', 'No instances'],
  sledPhysicalDisks: ['sledDisks', 'No physical disks'],
} as const satisfies Record<keyof typeof lists, readonly [RouteName, string]>

const SEARCH = 'page=tok-2&limit=25'

afterEach(cleanup)

describe('list declarations', () => {
  it('name every list screen, each on the route node of its screen', () => {
    expect(Object.keys(screens).sort()).toEqual(Object.keys(lists).sort())
    for (const [name, [route]] of Object.entries(screens)) {
      const match = matchPath(fillPattern(namedPatterns.get(route) ?? '', { project: 'p', sledId: 's' }))
      const prefetches = match?.chain.map((n) => n.prefetch) ?? []
      expect(prefetches, name).toContain(lists[name as keyof typeof lists].prefetch)
    }
  })

  it.each(Object.entries(screens))(
    '%s: the page reads the key its node warms, with the URL page size and token',
    async (_, [route, none]) => {
      const pathname = fillPattern(namedPatterns.get(route) ?? '', {
        project: 'mock-project',
        sledId: 'sled-1',
      })
      const match = matchPath(pathname)
      if (!match) throw new Error(`no match for ${pathname}`)

      const warmed: string[] = []
      const reader: DataReader = {
        list: (endpoint, params, pageToken) => void warmed.push(cacheKey('', endpoint, params, pageToken)),
        resource: () => undefined,
      }
      warmMatch(match, SEARCH, reader)
      calls.hover = []
      warmRoute(`${pathname}?${SEARCH}`)

      // The screen is the innermost page of the chain (a list URL has no form open over it).
      const load = match.chain.flatMap((n) => (n.page ? [n.page] : [])).at(-1)
      if (!load) throw new Error(`no page for ${pathname}`)
      const Page: ComponentType = (await load()).default
      window.history.replaceState(null, '', `${pathname}?${SEARCH}`)
      calls.hook = []
      render(
        <RouteParamsContext.Provider value={match.params}>
          <OutletContext.Provider value={null}>
            <Page />
          </OutletContext.Provider>
        </RouteParamsContext.Provider>,
      )
      // The list's page: the reads that carry the URL's page token.
      const pageReads = calls.hook.filter((k) => k.endsWith(',"tok-2"]'))
      expect(pageReads.length).toBeGreaterThan(0)
      for (const key of pageReads) {
        expect(JSON.parse(JSON.parse(key)[2])).toMatchObject({ query: { limit: 25 } })
        expect(warmed).toContain(key)
        expect(calls.hover).toContain(key)
      }
      expect(screen.getByRole('heading', { name: none }).textContent).toBe(none)
    },
  )
})

/** The node that shows each declared table (the record must name every declaration). */
const tableScreens = {
  subnets: 'vpcSubnets',
  routers: 'vpcRouters',
  internetGateways: 'vpcGateways',
  gatewayIpPools: 'vpcGateway',
  gatewayIpAddresses: 'vpcGateway',
  routes: 'vpcRouter',
  ipPoolRanges: 'ipPoolRanges',
  identityProviders: 'siloIdps',
  releases: 'systemUpdate',
} as const satisfies Record<keyof typeof tables, RouteName>

/** The node that shows each declared resource page; the rest are read only by their edit forms. */
const viewScreens = {
  instance: 'instance',
  antiAffinityGroup: 'affinityGroup',
  vpc: 'vpc',
  router: 'vpcRouter',
  ipPool: 'ipPool',
  silo: 'silo',
  sled: 'sled',
} as const satisfies Partial<Record<keyof typeof views, RouteName>>

/** What the node of `route` warms, and its params. */
function warmedAt(route: RouteName) {
  const pathname = fillPattern(namedPatterns.get(route) ?? '', {
    project: 'mock-project',
    instance: 'db1',
    antiAffinityGroup: 'spread',
    vpc: 'mock-vpc',
    gateway: 'gw',
    router: 'r1',
    pool: 'ip-pool-1',
    silo: 'research',
    sledId: 'sled-1',
  })
  const match = matchPath(pathname)
  if (!match) throw new Error(`no match for ${pathname}`)
  const warmed: string[] = []
  warmMatch(match, '', {
    list: (endpoint, params, pageToken) => void warmed.push(cacheKey('', endpoint, params, pageToken)),
    resource: (endpoint, params) => void warmed.push(cacheKey('', endpoint, params)),
  })
  return { warmed, params: match.params }
}

describe('table and resource page declarations', () => {
  it.each(Object.entries(tableScreens))('table %s is warmed by the node of its screen', (name, route) => {
    const { warmed, params } = warmedAt(route)
    const table = tables[name as keyof typeof tables]
    expect(warmed).toContain(cacheKey('', table.endpoint, table.params(params)))
  })

  it.each(Object.keys(views))('view %s is named by a route param, the one its path takes', (name) => {
    const view = views[name as keyof typeof views]
    // An edit form's props are named as the route's params, and its read is the view's by those names.
    expect([...namedPatterns.values()].some((p) => p.split('/').includes(`:${view.name}`))).toBe(true)
    const scope = { project: 'p', vpc: 'v', router: 'r' }
    const params = view.params({ ...scope, [view.name]: 'the-one' }) as { path: Record<string, string> }
    expect(params.path).toEqual({ [view.name]: 'the-one' })
  })

  it.each(Object.entries(viewScreens))('resource page %s is warmed by its node', (name, route) => {
    const { warmed, params } = warmedAt(route)
    const view = views[name as keyof typeof views]
    expect(warmed).toContain(cacheKey('', view.endpoint, view.params(params)))
  })
})
