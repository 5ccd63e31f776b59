// The instance metrics subtree (issue 16, spec section 2): metrics redirects to cpu; cpu, disk and
// network are its sub-tabs with their crumbs; the sub-tabs that choose a disk or NIC warm that list.
import { describe, expect, it } from 'vitest'
import { instanceDisksParams, instanceNicsParams } from './pages/project/instance/metrics/queries'
import { paths } from './paths'
import { breadcrumbs, matchPath } from './routes'

const M = '/projects/mock-project/instances/db1/metrics'
const ref = { project: 'mock-project', instance: 'db1' }

describe('instance metrics routes', () => {
  it('has the cpu, disk and network sub-tabs with their crumbs', () => {
    expect(paths.instanceMetricsCpu(ref)).toBe(`${M}/cpu`)
    expect(paths.instanceMetricsDisk(ref)).toBe(`${M}/disk`)
    expect(paths.instanceMetricsNetwork(ref)).toBe(`${M}/network`)
    expect(breadcrumbs(matchPath(`${M}/disk`)).map((c) => c.label)).toEqual([
      'Projects',
      'mock-project',
      'Instances',
      'db1',
      'Metrics',
      'Disk',
    ])
    expect(matchPath(`${M}/gpu`)).toBeNull()
  })

  it('the disk and network sub-tabs warm the list they choose from', () => {
    const reads: { endpoint: string; params: unknown }[] = []
    const reader = {
      list: (endpoint: string, params: unknown) => void reads.push({ endpoint, params }),
      resource: (endpoint: string, params: unknown) => void reads.push({ endpoint, params }),
    }
    const readsOf = (pathname: string) => {
      reads.length = 0
      const m = matchPath(pathname)
      m?.route.prefetch?.(m.params, reader as never, { limit: 10, pageToken: null })
      return [...reads]
    }
    expect(readsOf(`${M}/disk`)).toEqual([{ endpoint: 'instanceDiskList', params: instanceDisksParams(ref) }])
    expect(readsOf(`${M}/network`)).toEqual([
      { endpoint: 'instanceNetworkInterfaceList', params: instanceNicsParams(ref) },
    ])
  })
})
