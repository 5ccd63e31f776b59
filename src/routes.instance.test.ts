// The instance's nodes of the route tree (spec section 2): the tabs are real routes with their crumbs,
// both lookup URLs match, and each node prefetches exactly what its screen reads. Its index redirect
// is in paths.test.ts with the others.
import { describe, expect, it } from 'vitest'
import {
  instanceAntiAffinityParams,
  instanceDisksParams,
  instanceExternalIpsParams,
  instanceNicsParams,
  instanceViewParams,
} from './pages/project/instance/queries'
import { paths } from './paths'
import { breadcrumbs, matchPath } from './routes'

describe('instance routes', () => {
  it('has the tabs of issues 12 and 16', () => {
    const ref = { project: 'mock-project', instance: 'db1' }
    expect(paths.instanceStorage(ref)).toBe('/projects/mock-project/instances/db1/storage')
    expect(paths.instanceNetworking(ref)).toBe('/projects/mock-project/instances/db1/networking')
    expect(paths.instanceConnect(ref)).toBe('/projects/mock-project/instances/db1/connect')
    expect(paths.instanceSettings(ref)).toBe('/projects/mock-project/instances/db1/settings')
    expect(paths.instanceMetrics(ref)).toBe('/projects/mock-project/instances/db1/metrics')
  })

  it('crumbs are the project, the instances list, the instance name and the tab', () => {
    const crumbs = breadcrumbs(matchPath('/projects/mock-project/instances/db1/networking'))
    expect(crumbs.map((c) => c.label)).toEqual(['Projects', 'mock-project', 'Instances', 'db1', 'Networking'])
    expect(crumbs[2]?.href).toBe('/projects/mock-project/instances')
    expect(crumbs[3]?.href).toBe('/projects/mock-project/instances/db1')
  })

  it("the serial console's crumbs name the instance, linked to its page", () => {
    const match = matchPath('/projects/mock-project/instances/db1/serial-console')
    expect(match?.route.name).toBe('serialConsole')
    const crumbs = breadcrumbs(match)
    expect(crumbs.map((c) => c.label)).toEqual([
      'Projects',
      'mock-project',
      'Instances',
      'db1',
      'Serial console',
    ])
    expect(crumbs[3]?.href).toBe('/projects/mock-project/instances/db1')
    expect(crumbs[4]?.href).toBe('/projects/mock-project/instances/db1/serial-console')
  })

  it('the instance list is still its own route', () => {
    expect(matchPath('/projects/mock-project/instances')?.route.name).toBe('instances')
  })

  it('both lookup URLs match with the instance param', () => {
    const id = '0b9a0e7f-2d4c-4f1a-9c3e-1d2e3f4a5b6c'
    expect(matchPath(`/lookup/instances/${id}`)?.params).toEqual({ instance: id })
    expect(matchPath(`/lookup/i/${id}`)?.params).toEqual({ instance: id })
    expect(matchPath(`/lookup/i/${id}`)?.layout).toBe('auth')
  })
})

describe('instance prefetch', () => {
  it('reads exactly the keys the page and its tabs read', () => {
    const read: { endpoint: string; params: unknown }[] = []
    const reader = {
      list: (endpoint: string, params: unknown) => void read.push({ endpoint, params }),
      resource: (endpoint: string, params: unknown) => void read.push({ endpoint, params }),
    }
    const ref = { project: 'mock-project', instance: 'db1' }
    const at = { limit: 10, pageToken: null }
    const readsOf = (pathname: string) => {
      read.length = 0
      const m = matchPath(pathname)
      const node = m?.route
      node?.prefetch?.(m?.params ?? {}, reader as never, at)
      return [...read]
    }
    expect(readsOf('/projects/mock-project/instances/db1')).toEqual([
      { endpoint: 'instanceView', params: instanceViewParams(ref) },
    ])
    expect(readsOf('/projects/mock-project/instances/db1/storage')).toEqual([
      { endpoint: 'instanceDiskList', params: instanceDisksParams(ref) },
    ])
    expect(readsOf('/projects/mock-project/instances/db1/networking')).toEqual([
      { endpoint: 'instanceNetworkInterfaceList', params: instanceNicsParams(ref) },
      { endpoint: 'instanceExternalIpList', params: instanceExternalIpsParams(ref) },
    ])
    expect(readsOf('/projects/mock-project/instances/db1/settings')).toEqual([
      { endpoint: 'instanceAntiAffinityGroupList', params: instanceAntiAffinityParams(ref) },
    ])
  })
})
