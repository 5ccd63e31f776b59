// The metrics tab's time range and auto-refresh, read from and written to the URL query (a reload or a
// shared link keeps them): `?range=1h|3h|24h|7d`, or `?start=&end=` (datetime-local values, local time)
// for a custom range, and `?refresh=off|10s|1m|2m|5m` (the intervals the utilization charts offer too:
// one list, in ../../../utilization/auto-refresh).
//
// A preset's end is "now" rounded down to a quantum that grows with the range. The query text (and so
// the cache key) holds the bounds, so every visit within one quantum asks the same key: a revisit paints
// from IndexedDB, offline too, instead of asking for a window a few seconds later.

import { DEFAULT_REFRESH, parseRefresh, type RefreshId } from '../../../utilization/auto-refresh'
import { customRangeError, parseLocal } from '../../../utilization/local-time'

const MIN = 60_000
const HOUR = 60 * MIN

export const PRESETS = [
  { id: '1h', label: 'Last hour', ms: HOUR, quantum: MIN },
  { id: '3h', label: 'Last 3 hours', ms: 3 * HOUR, quantum: 5 * MIN },
  { id: '24h', label: 'Last 24 hours', ms: 24 * HOUR, quantum: 15 * MIN },
  { id: '7d', label: 'Last 7 days', ms: 7 * 24 * HOUR, quantum: HOUR },
] as const

export type PresetId = (typeof PRESETS)[number]['id']
export const DEFAULT_PRESET: PresetId = '1h'

export type RangeChoice =
  | { kind: 'preset'; preset: PresetId }
  | { kind: 'custom'; start: string; end: string }

/** The range the URL names; anything unreadable is the default preset. */
export function readRange(search: string): RangeChoice {
  const sp = new URLSearchParams(search)
  const start = sp.get('start')
  const end = sp.get('end')
  if (start && end && customRangeError(start, end) === undefined) return { kind: 'custom', start, end }
  const preset = PRESETS.find((p) => p.id === sp.get('range'))
  return { kind: 'preset', preset: preset?.id ?? DEFAULT_PRESET }
}

export function readRefresh(search: string): RefreshId {
  return parseRefresh(new URLSearchParams(search).get('refresh'))
}

/** The query string for a range and refresh choice, keeping the page's other parameters (the disk, NIC). */
export function writeRange(search: string, range: RangeChoice, refresh: RefreshId): string {
  const sp = new URLSearchParams(search)
  for (const k of ['range', 'start', 'end', 'refresh']) sp.delete(k)
  if (range.kind === 'custom') {
    sp.set('start', range.start)
    sp.set('end', range.end)
  } else if (range.preset !== DEFAULT_PRESET) sp.set('range', range.preset)
  if (refresh !== DEFAULT_REFRESH) sp.set('refresh', refresh)
  const s = sp.toString()
  return s ? `?${s}` : ''
}

/** Sets one other parameter (`disk`, `nic`) of the query string. */
export function withParam(search: string, key: string, value: string): string {
  const sp = new URLSearchParams(search)
  sp.set(key, value)
  return `?${sp.toString()}`
}

export type TimeWindow = { start: number; end: number }

/** The bounds of a range at `now`: a preset's end rounded down to its quantum. */
export function windowOf(range: RangeChoice, now: number): TimeWindow {
  if (range.kind === 'custom') return { start: parseLocal(range.start), end: parseLocal(range.end) }
  const p = PRESETS.find((x) => x.id === range.preset) ?? PRESETS[0]
  const end = Math.floor(now / p.quantum) * p.quantum
  return { start: end - p.ms, end }
}
