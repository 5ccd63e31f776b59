// Plausible, deterministic metric series: the same query over the same time range always yields the
// same numbers, so screenshots and tests are stable. Values come from a hash of (series key, time
// bucket) smoothed with a slow sine, in a range typical for the metric.
import { invalidRequest } from './errors'
import { uuidFor } from './ids'
import { parseLimit } from './paginate'

/** A pseudo-random number in [0, 1) from a key (stable across runs). */
export function unit(key: string): number {
  const hex = uuidFor(key).replaceAll('-', '').slice(0, 8)
  return Number.parseInt(hex, 16) / 0x1_0000_0000
}

/** Value of a series at time `t` (ms): `base` plus a wave and jitter, never negative. */
export function wave(seriesKey: string, t: number, base: number, amplitude: number): number {
  const phase = unit(`${seriesKey}:phase`) * Math.PI * 2
  const hour = t / 3_600_000
  const jitter = unit(`${seriesKey}:${Math.floor(t / 60_000)}`) - 0.5
  return Math.max(0, base + amplitude * (0.6 * Math.sin(hour * 1.3 + phase) + 0.4 * jitter))
}

/** Evenly spaced timestamps in [start, end), at most `max`. */
export function timestamps(start: number, end: number, max: number): number[] {
  if (!(end > start)) return []
  const step = Math.max(1000, Math.ceil((end - start) / max / 1000) * 1000)
  const first = Math.ceil(start / step) * step
  const out: number[] = []
  for (let t = first; t < end && out.length < max; t += step) out.push(t)
  return out
}

/**
 * A page of utilization history (GET /v1/metrics/{metric} and /v1/system/metrics/{metric}): one
 * measurement per step between start_time and end_time (default: the last day), around `current`
 * (what is provisioned now, which the newest one up to now is), in the order asked for.
 */
export function measurementsPage(query: URLSearchParams, seriesKey: string, current: number) {
  const end = Date.parse(query.get('end_time') ?? '') || Date.now()
  const start = Date.parse(query.get('start_time') ?? '') || end - 86_400_000
  if (start >= end) throw invalidRequest('start time must be before end time')
  const times = timestamps(start, end, Math.min(parseLimit(query), 1000))
  if (query.get('order') === 'descending') times.reverse()
  // The newest measurement up to now is what is provisioned now, so a chart's latest value agrees with
  // the capacity cards beside it; the history before it wanders around that.
  const now = Date.now()
  const newest = Math.max(...times.filter((t) => t <= now))
  const items = times.map((t) => ({
    timestamp: new Date(t).toISOString(),
    datum: {
      type: 'i64' as const,
      datum: t === newest ? current : Math.round(wave(seriesKey, t, current * 0.85, current * 0.15)),
    },
  }))
  return { items, next_page: null }
}

/** The current value a provisioning metric's history hovers around. */
export function provisionedMetric(metric: string, counts: { cpus: number; memory: number; storage: number }) {
  return metric === 'cpus_provisioned'
    ? counts.cpus
    : metric === 'ram_provisioned'
      ? counts.memory
      : counts.storage
}
