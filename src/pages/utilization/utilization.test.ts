// The pure pieces of the utilization screens: shares and what is left of a limit, silo totals, the
// step the chart window's end moves by, and measurements turned into chart points.
import { describe, expect, it } from 'vitest'
import { available, formatShare, RESOURCES, sumCounts } from './resources'
import { anchorAt, pickFilter } from './time-window'
import { scopeQuery, toPoints } from './UtilizationCharts'

describe('utilization figures', () => {
  it('writes shares as percentages and has nothing to compare with a zero whole', () => {
    expect(formatShare(16_672, 20_000)).toBe('83.4%')
    expect(formatShare(3, 0)).toBe('—')
  })

  it('never offers less than nothing when a limit is overcommitted', () => {
    expect(available(64, 12)).toBe(52)
    expect(available(10, 12)).toBe(0)
  })

  it('sums silos and formats each resource in its unit (bytes in powers of 1024)', () => {
    const total = sumCounts([
      { cpus: 2, memory: 1024 ** 3, storage: 1024 ** 4 },
      { cpus: 1, memory: 1024 ** 3, storage: 0 },
    ])
    expect(total).toEqual({ cpus: 3, memory: 2 * 1024 ** 3, storage: 1024 ** 4 })
    expect(RESOURCES.map((r) => r.format(total[r.key]))).toEqual(['3 vCPUs', '2 GiB', '1 TiB'])
  })
})

describe('chart window and points', () => {
  it('moves the end of the window by whole steps, never before now', () => {
    const step = 5 * 60_000
    expect(anchorAt(10 * step, step)).toBe(10 * step)
    expect(anchorAt(10 * step + 1, step)).toBe(11 * step)
  })

  it('orders measurements oldest first and skips non-numeric data', () => {
    const points = toPoints({
      items: [
        { timestamp: new Date(2000), datum: { type: 'i64', datum: 7 } },
        { timestamp: new Date(1000), datum: { type: 'i64', datum: 5 } },
        { timestamp: new Date(1500), datum: { type: 'string', datum: 'x' } },
      ],
    })
    expect(points).toEqual([
      { t: 1000, v: 5 },
      { t: 2000, v: 7 },
    ])
  })
})

describe('chart filters', () => {
  it("scopes to the URL's project or silo once the list has it, all of them when it has not", () => {
    expect(pickFilter('web', ['db', 'web'])).toBe('web')
    expect(pickFilter('gone', ['db', 'web'])).toBeUndefined()
    expect(pickFilter(null, ['db'])).toBeUndefined()
    // The list not at hand yet (or offline and not cached): the URL's choice stands.
    expect(pickFilter('web', undefined)).toBe('web')
  })

  it('asks the silo endpoint for a project and the system endpoint for a silo', () => {
    expect(scopeQuery({ endpoint: 'siloMetric', project: 'web' })).toEqual({ project: 'web' })
    expect(scopeQuery({ endpoint: 'siloMetric' })).toEqual({})
    expect(scopeQuery({ endpoint: 'systemMetric', silo: 'default-silo' })).toEqual({ silo: 'default-silo' })
    expect(scopeQuery({ endpoint: 'systemMetric', silo: undefined })).toEqual({})
  })
})
