// The time window of the utilization charts: a range from the URL (`?range=week`, so a reload or a
// shared link keeps it) ending at an anchor. The anchor moves in steps, not with every render, so the
// metric requests keep the same cache key for a while; offline it stays where the last answered
// request put it, so a revisit without a network paints the series that are in the cache.
import { useCallback, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useConnectivity } from '../../../storage'
import { withSearch } from '../../paths'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

export const RANGES = [
  { value: 'day', label: 'Last day', ms: DAY, step: 5 * MIN },
  { value: 'week', label: 'Last week', ms: 7 * DAY, step: HOUR },
  { value: 'month', label: 'Last month', ms: 30 * DAY, step: 6 * HOUR },
] as const

export type RangeName = (typeof RANGES)[number]['value']

/** A search parameter as state; setting it replaces the history entry (a filter is not a page). */
export function useSearchParam(name: string): [string | null, (v: string | null) => void] {
  const [pathname, navigate] = useLocation()
  const search = useSearch()
  const value = new URLSearchParams(search).get(name)
  const set = useCallback(
    (v: string | null) => {
      const sp = new URLSearchParams(search)
      if (v === null) sp.delete(name)
      else sp.set(name, v)
      navigate(withSearch(pathname, sp), { replace: true })
    },
    [name, pathname, search, navigate],
  )
  return [value, set]
}

/**
 * The value of a filter parameter (a silo, a project) the charts are scoped to: the URL's once the list
 * of choices confirms it (one that is not, or no longer, in the list scopes nothing: all of them), or
 * the URL's own while the list is not at hand (loading, or offline and not cached), so a reload asks
 * for the chosen one straight away rather than for all of them first.
 */
export function pickFilter(param: string | null, names: readonly string[] | undefined): string | undefined {
  if (!param) return undefined
  if (!names) return param
  return names.includes(param) ? param : undefined
}

const ANCHORS_KEY = 'rack-console:utilization-anchors'

function loadAnchor(key: string): number | undefined {
  try {
    const v = (JSON.parse(localStorage.getItem(ANCHORS_KEY) ?? '{}') as Record<string, unknown>)[key]
    return typeof v === 'number' ? v : undefined
  } catch {
    return undefined
  }
}

function saveAnchor(key: string, end: number): void {
  try {
    const all = JSON.parse(localStorage.getItem(ANCHORS_KEY) ?? '{}') as Record<string, number>
    if (all[key] === end) return
    localStorage.setItem(ANCHORS_KEY, JSON.stringify({ ...all, [key]: end }))
  } catch {
    // Storage full or unavailable: an offline revisit then shows the charts as not cached.
  }
}

/** The next step boundary at or after `now`: the window always includes the present. */
export const anchorAt = (now: number, step: number) => Math.ceil(now / step) * step

export type TimeWindow = {
  range: RangeName
  setRange: (r: RangeName) => void
  start: Date
  end: Date
  /** Call when a request for this window has answered: an offline revisit comes back to it. */
  answered: () => void
}

/**
 * `view` names the screen (and its filter): each remembers its own anchors. A new `tick` (an
 * auto-refresh) looks at the clock again: past a step boundary the window moves on to the present.
 */
export function useTimeWindow(view: string, tick = 0): TimeWindow {
  const [param, setParam] = useSearchParam('range')
  const spec = RANGES.find((r) => r.value === param) ?? RANGES[0]
  const { online } = useConnectivity()
  const key = `${view}:${spec.value}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tick is a new "now".
  const end = useMemo(
    () => (online ? undefined : loadAnchor(key)) ?? anchorAt(Date.now(), spec.step),
    [online, key, spec.step, tick],
  )
  const answered = useCallback(() => saveAnchor(key, end), [key, end])
  // The default range stays out of the URL.
  const setRange = useCallback((r: RangeName) => setParam(r === RANGES[0].value ? null : r), [setParam])
  return { range: spec.value, setRange, start: new Date(end - spec.ms), end: new Date(end), answered }
}
