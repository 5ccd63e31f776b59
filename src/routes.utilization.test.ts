// The utilization routes (issue 16): the silo's /utilization for any silo user, the fleet's
// /system/utilization behind the fleet guard, both in the sidebar, and a warm-up that reads exactly
// what the screens' capacity figures read.
import { describe, expect, it } from 'vitest'
import { paths } from './paths'
import { breadcrumbs, type DataReader, matchPath, navEntries, warmMatch } from './routes'

function reads(pathname: string): unknown[][] {
  const match = matchPath(pathname)
  if (!match) throw new Error(`no match for ${pathname}`)
  const out: unknown[][] = []
  const reader: DataReader = {
    list: (endpoint, params, pageToken) => out.push(['list', endpoint, params, pageToken ?? null]),
    resource: (endpoint, params) => out.push(['resource', endpoint, params]),
  }
  warmMatch(match, '', reader)
  return out
}

describe('utilization routes', () => {
  it('matches both screens by name and builds their paths', () => {
    expect(matchPath('/utilization')?.route.name).toBe('siloUtilization')
    expect(matchPath('/system/utilization')?.route.name).toBe('systemUtilization')
    expect(paths.siloUtilization()).toBe('/utilization')
    expect(paths.systemUtilization()).toBe('/system/utilization')
  })

  it('puts only the system screen behind the fleet guard', () => {
    expect(matchPath('/system/utilization')?.chain.some((n) => n.guard === 'fleet')).toBe(true)
    expect(matchPath('/utilization')?.chain.some((n) => n.guard === 'fleet')).toBe(false)
  })

  it('lists each in its sidebar section with a Utilization breadcrumb', () => {
    expect(navEntries('silo').map((e) => [e.label, e.href])).toContainEqual(['Utilization', '/utilization'])
    expect(navEntries('system').map((e) => [e.label, e.href])).toContainEqual([
      'Utilization',
      '/system/utilization',
    ])
    expect(breadcrumbs(matchPath('/system/utilization')).at(-1)?.label).toBe('Utilization')
  })

  // The keys the pages' hooks read: useResource('utilizationView', {}) on the silo page;
  // useList('sledList' | 'siloUtilizationList', { query: { limit: 1000 } }) on the system page.
  it('warms the capacity figures each screen paints first', () => {
    expect(reads('/utilization')).toContainEqual(['resource', 'utilizationView', {}])
    const system = reads('/system/utilization')
    expect(system).toContainEqual(['list', 'sledList', { query: { limit: 1000 } }, null])
    expect(system).toContainEqual(['list', 'siloUtilizationList', { query: { limit: 1000 } }, null])
  })
})
