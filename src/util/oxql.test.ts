import { describe, expect, it } from 'vitest'
import { oxqlQuery as mockAnswer } from '../../mocks/handlers/silo'
import { toCamel } from '../api/casing'
import {
  alignFor,
  buildOxql,
  fieldOf,
  isGroupByAlignError,
  type OxqlResult,
  type OxqlTimeseries,
  ratePoints,
  timeseriesOf,
} from './oxql'

const START = Date.UTC(2025, 0, 1, 12, 0)
const END = START + 3_600_000
const ID = '0b9a0e7f-2d4c-4f1a-9c3e-1d2e3f4a5b6c'

describe('buildOxql', () => {
  it('writes get, the time bounds and the filters', () => {
    expect(
      buildOxql({
        metric: 'virtual_disk:bytes_read',
        start: START,
        end: END,
        filters: [{ field: 'disk_id', value: ID }],
      }),
    ).toBe(
      `get virtual_disk:bytes_read | filter timestamp >= @2025-01-01T12:00:00.000Z && timestamp < @2025-01-01T13:00:00.000Z && disk_id == "${ID}"`,
    )
  })

  it('aligns in whole seconds and groups after the alignment', () => {
    expect(
      buildOxql({
        metric: 'virtual_machine:vcpu_usage',
        start: START,
        end: END,
        filters: [{ field: 'instance_id', value: ID }],
        alignMs: 60_000,
        groupBy: ['state'],
      }),
    ).toBe(
      `get virtual_machine:vcpu_usage | filter timestamp >= @2025-01-01T12:00:00.000Z && timestamp < @2025-01-01T13:00:00.000Z && instance_id == "${ID}" | align mean_within(60s) | group_by [state], sum`,
    )
  })

  it('quotes values so they cannot change the query', () => {
    const q = buildOxql({
      metric: 'virtual_machine:vcpu_usage',
      start: START,
      end: END,
      filters: [{ field: 'state', value: 'run" || state == "idle' }],
    })
    expect(q).toContain('state == "run\\" || state == \\"idle"')
  })

  it('refuses what is not a query', () => {
    const base = { metric: 'virtual_machine:vcpu_usage', start: START, end: END }
    expect(() => buildOxql({ ...base, metric: 'vcpu_usage; drop' })).toThrow(/metric/)
    expect(() => buildOxql({ ...base, filters: [{ field: 'a b', value: 'x' }] })).toThrow(/field/)
    expect(() => buildOxql({ ...base, start: END, end: START })).toThrow(/start < end/)
    expect(() => buildOxql({ ...base, groupBy: ['state'] })).toThrow(/aligned/)
  })

  it('picks a round alignment window for each preset range', () => {
    expect(alignFor(3_600_000)).toBe(30_000)
    expect(alignFor(3 * 3_600_000)).toBe(120_000)
    expect(alignFor(24 * 3_600_000)).toBe(900_000)
    expect(alignFor(7 * 24 * 3_600_000)).toBe(7_200_000)
  })

  it('is understood by the mock: its time bounds and ids select the answer', () => {
    const q = buildOxql({
      metric: 'virtual_machine:vcpu_usage',
      start: START,
      end: END,
      filters: [{ field: 'instance_id', value: ID }],
      alignMs: 60_000,
      groupBy: ['state'],
    })
    const result = toCamel(mockAnswer(q, ID)) as unknown as OxqlResult
    const series = timeseriesOf(result)
    expect(series.map((s) => fieldOf(s, 'state'))).toEqual(['run', 'idle', 'waiting', 'emulation'])
    const first = series[0] as OxqlTimeseries
    expect(fieldOf(first, 'instance_id')).toBe(ID)
    const points = ratePoints(first)
    expect(points.length).toBeGreaterThan(10)
    expect(points.every((p) => p.t >= START && p.t < END)).toBe(true)
  })
})

describe('ratePoints', () => {
  const ts = (metricType: string, values: (number | null)[], startTimes?: string[]): OxqlTimeseries => ({
    fields: {},
    points: {
      timestamps: values.map((_, i) => new Date(START + i * 10_000).toISOString()),
      startTimes: startTimes ?? null,
      values: [{ metricType, values: { type: 'double', values } }],
    },
  })

  it('turns a cumulative counter into a per-second rate', () => {
    expect(ratePoints(ts('cumulative', [100, 200, 400])).map((p) => p.v)).toEqual([10, 20])
  })

  it('skips a counter reset and a missing value', () => {
    expect(ratePoints(ts('cumulative', [100, 200, 50, 150, null, 250])).map((p) => p.v)).toEqual([10, 10])
  })

  it('divides a delta by its own interval', () => {
    const starts = [0, 1].map((i) => new Date(START + i * 10_000 - 5_000).toISOString())
    expect(ratePoints(ts('delta', [50, 100], starts)).map((p) => p.v)).toEqual([10, 20])
  })

  it('keeps a gauge as it is', () => {
    expect(ratePoints(ts('gauge', [1.5, null, 3])).map((p) => p.v)).toEqual([1.5, 3])
  })

  it('reads integer values that arrive as bigints', () => {
    const s = ts('cumulative', [])
    const big: OxqlTimeseries = {
      ...s,
      points: {
        timestamps: [START, START + 1000].map((t) => new Date(t).toISOString()),
        values: [{ metricType: 'cumulative', values: { type: 'integer', values: [10n, 30n] } }],
      },
    }
    expect(ratePoints(big)).toEqual([{ t: START + 1000, v: 20 }])
  })
})

describe('the group_by error', () => {
  it('is recognised in the platform message', () => {
    expect(isGroupByAlignError('Input tables to a `group_by` must be aligned')).toBe(true)
    expect(isGroupByAlignError('Timeseries not found for: a:b')).toBe(false)
  })
})
