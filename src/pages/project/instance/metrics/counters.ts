// The charts of a source's counters (a disk's, a NIC's): each a title and the counters it draws, one
// query per counter filtered to the source; bytes are drawn as areas of bytes per second, counts as
// lines of counts per second.
import type { OxqlFilter } from '../../../../util/oxql'
import type { ChartSpec } from './MetricChart'
import { bytesPerSecond, perSecond } from './units'

export type CounterChart = {
  title: string
  unit: 'bytes' | 'count'
  /** Series label -> the counter's name in the target's timeseries, in the order of the series. */
  counters: Readonly<Record<string, string>>
}

/** `target`: the timeseries' target ("virtual_disk"); `filters` pick the source. */
export function counterCharts(
  target: string,
  filters: readonly OxqlFilter[],
  charts: readonly CounterChart[],
): ChartSpec[] {
  return charts.map(({ title, unit, counters }) => ({
    title,
    queries: Object.entries(counters).map(([label, name]) => ({
      label,
      metric: `${target}:${name}`,
      filters,
    })),
    ...(unit === 'bytes'
      ? { formatValue: bytesPerSecond, binary: true, kind: 'area' as const }
      : { formatValue: perSecond }),
  }))
}
