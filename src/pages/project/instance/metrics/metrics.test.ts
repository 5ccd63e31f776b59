import { describe, expect, it } from 'vitest'
import { S } from '../../../../strings'
import type { OxqlResult, OxqlTimeseries } from '../../../../util/oxql'
import { customRangeError, customRangeProblem } from '../../../utilization/local-time'
import { metricsErrorMessage, seriesOf } from './MetricChart'
import { readRange, readRefresh, windowOf, writeRange } from './time-range'
import { cpuShare, cpuTime } from './units'

const HOUR = 3_600_000
const NOW = Date.UTC(2025, 2, 2, 10, 37, 12)

describe('time range', () => {
  it('ends a preset at now rounded down to its step, so revisits within it share a query', () => {
    expect(windowOf({ kind: 'preset', preset: '7d' }, NOW)).toEqual({
      start: Date.UTC(2025, 2, 2, 10) - 7 * 24 * HOUR,
      end: Date.UTC(2025, 2, 2, 10),
    })
    const hour = windowOf({ kind: 'preset', preset: '1h' }, NOW)
    expect(hour.end - hour.start).toBe(HOUR)
    expect(windowOf({ kind: 'preset', preset: '1h' }, NOW + 1000)).toEqual(hour)
  })

  it('queries a custom range with exactly its bounds, in local time', () => {
    expect(windowOf({ kind: 'custom', start: '2025-03-02T10:00', end: '2025-03-02T12:00' }, NOW)).toEqual({
      start: new Date('2025-03-02T10:00').getTime(),
      end: new Date('2025-03-02T12:00').getTime(),
    })
  })

  it('refuses a custom range that is empty, backwards or unreadable', () => {
    expect(customRangeError('2025-03-02T10:00', '2025-03-02T09:00')).toBe('Start must be before end')
    expect(customRangeError('2025-03-02T10:00', '2025-03-02T10:00')).toBe('Start must be before end')
    expect(customRangeError('', '2025-03-02T10:00')).toBe('Enter a start date and time')
    expect(customRangeError('2025-03-02T10:00', 'soon')).toBe('Enter an end date and time')
    expect(customRangeError('2025-03-02T10:00', '2025-03-02T11:00')).toBeUndefined()
    // Each reason names the field it is about.
    expect(customRangeProblem('', '')?.field).toBe('start')
    expect(customRangeProblem('2025-03-02T10:00', '2025-02-30')?.field).toBe('end')
    expect(customRangeProblem('2025-03-02T10:00', '2025-03-02T09:00')?.field).toBe('end')
  })

  it('round-trips through the URL, keeping the other parameters and the default out of it', () => {
    const custom = { kind: 'custom', start: '2025-03-02T10:00', end: '2025-03-02T12:00' } as const
    const search = writeRange('?disk=db1-boot&range=3h', custom, '1m')
    expect(readRange(search)).toEqual(custom)
    expect(readRefresh(search)).toBe('1m')
    expect(new URLSearchParams(search).get('disk')).toBe('db1-boot')
    expect(writeRange('?range=7d', { kind: 'preset', preset: '1h' }, 'off')).toBe('')
  })

  it('reads anything it does not know as the last hour, without refresh', () => {
    expect(readRange('?range=2w')).toEqual({ kind: 'preset', preset: '1h' })
    expect(readRange('?start=2025-03-02T12:00&end=2025-03-02T10:00')).toEqual({
      kind: 'preset',
      preset: '1h',
    })
    expect(readRefresh('?refresh=1s')).toBe('off')
  })
})

describe('metric charts', () => {
  const gauge = (state: string, values: number[]): OxqlTimeseries => ({
    fields: { state: { type: 'string', value: state } },
    points: {
      timestamps: values.map((_, i) => new Date(NOW + i * 60_000).toISOString()),
      values: [{ metricType: 'gauge', values: { type: 'double', values } }],
    },
  })
  const result = (...timeseries: OxqlTimeseries[]): OxqlResult => ({ tables: [{ name: 't', timeseries }] })

  it('draws a grouped query as one series per group, scaled for display', () => {
    const q = { label: 'vCPU', metric: 'virtual_machine:vcpu_usage', filters: [], groupBy: ['state'] }
    // 2 vCPUs running 1e9 ns/s between them are 50% of the instance's vCPU time.
    const series = seriesOf([q], [result(gauge('run', [1e9]), gauge('idle', [5e8]))], cpuShare(2))
    expect(series.map((s) => [s.label, s.points[0]?.v])).toEqual([
      ['run', 50],
      ['idle', 25],
    ])
  })

  it('draws an ungrouped query under its label, empty when the answer has no series', () => {
    const q = (label: string) => ({ label, metric: 'virtual_disk:reads', filters: [] })
    const series = seriesOf([q('Reads'), q('Writes')], [result(gauge('x', [3])), undefined])
    expect(series).toEqual([
      { label: 'Reads', points: [{ t: NOW, v: 3 }] },
      { label: 'Writes', points: [] },
    ])
  })

  it('shows the group_by alignment error in the catalogue words, any other as it is', () => {
    expect(metricsErrorMessage('Input tables to a `group_by` must be aligned')).toBe(S.groupByAligned)
    expect(metricsErrorMessage('Timeseries not found for: a:b')).toBe('Timeseries not found for: a:b')
  })

  it('formats vCPU time per second in ms below a second', () => {
    expect(cpuTime(2.5e8)).toBe('250 ms/s')
    expect(cpuTime(1.5e9)).toBe('1.5 s/s')
  })
})
