// The three provisioned resources every utilization view shows, in one order with one formatter each:
// the capacity bars, the per-silo table and the charts over time all read this list.
import type { Schema } from '../../api/types'
import { formatBytes, formatNumber } from '../../util/bytes'

export type Counts = Schema<'VirtualResourceCounts'>
export type MetricName = Schema<'SystemMetricName'>

export type UtilResource = {
  key: keyof Counts
  title: string
  /** The metric whose history the charts draw. */
  metric: MetricName
  format: (v: number) => string
  /** Counted in bytes: a chart's axis steps in binary units. */
  binary?: boolean
}

const formatCpus = (n: number) => `${formatNumber(n)} vCPU${n === 1 ? '' : 's'}`

export const RESOURCES: readonly UtilResource[] = [
  { key: 'cpus', title: 'CPU', metric: 'cpus_provisioned', format: formatCpus },
  {
    key: 'memory',
    title: 'Memory',
    metric: 'ram_provisioned',
    format: (v) => formatBytes(v),
    binary: true,
  },
  {
    key: 'storage',
    title: 'Storage',
    metric: 'virtual_disk_space_provisioned',
    format: (v) => formatBytes(v),
    binary: true,
  },
]

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 })

/** "42.5%" of a whole; a dash when there is no whole to compare with. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? percent.format(part / whole) : '—'
}

/** What is left of `limit` after `used` (never below zero: an overcommitted quota has none left). */
export const available = (limit: number, used: number) => Math.max(0, limit - used)

/** The sum of several silos' counts. */
export function sumCounts(rows: readonly Counts[]): Counts {
  return rows.reduce(
    (t, r) => ({ cpus: t.cpus + r.cpus, memory: t.memory + r.memory, storage: t.storage + r.storage }),
    { cpus: 0, memory: 0, storage: 0 },
  )
}
