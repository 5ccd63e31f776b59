// The time window of the utilization charts: a range from the URL (`?range=week`, so a reload or a
// shared link keeps it) ending at an anchor, or a custom range's own bounds (`?start=&end=`, local
// datetime values as the metrics tab takes them). The anchor moves in steps, not with every render, so the
// metric requests keep the same cache key for a while; offline it stays where the last answered
// request put it, so a revisit without a network paints the series that are in the cache.
import { useCallback, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useConnectivity } from '../../../storage'
import { withSearch } from '../../paths'
import { customRangeProblem, parseLocal, toLocalInput } from './local-time'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

export const RANGES = [
  { value: 'day', label: 'Last day', ms: DAY, step: 5 * MIN },
  { value: 'week', label: 'Last week', ms: 7 * DAY, step: HOUR },
  { value: 'month', label: 'Last month', ms: 30 * DAY, step: 6 * HOUR },
] as const

/** The radio beside the presets: the fields of a custom range open under the controls. */
export const CUSTOM_RANGE = { value: 'custom', label: 'Custom' } as const

export type RangeName = (typeof RANGES)[number]['value'] | typeof CUSTOM_RANGE.value

/** The URL's search parameters as state: `set` changes some of them at once (null removes one),
 * replacing the history entry (a filter is not a page). */
function useSearchParams(): [URLSearchParams, (change: Record<string, string | null>) => void] {
  const [pathname, navigate] = useLocation()
  const search = useSearch()
  const set = useCallback(
    (change: Record<string, string | null>) => {
      const sp = new URLSearchParams(search)
      for (const [k, v] of Object.entries(change)) {
        if (v === null) sp.delete(k)
        else sp.set(k, v)
      }
      navigate(withSearch(pathname, sp), { replace: true })
    },
    [pathname, search, navigate],
  )
  return [new URLSearchParams(search), set]
}

/** A search parameter as state; setting it replaces the history entry. */
export function useSearchParam(name: string): [string | null, (v: string | null) => void] {
  const [params, set] = useSearchParams()
  return [params.get(name), useCallback((v: string | null) => set({ [name]: v }), [name, set])]
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
  /** A preset drops the custom bounds; Custom starts from the window on screen. */
  setRange: (r: RangeName) => void
  /** The custom range's bounds (datetime-local values) while the range is custom; `usable` is false
   * for a link's range that cannot be applied (the charts then show the URL's preset, else the default). */
  custom: { start: string; end: string; usable: boolean } | undefined
  setCustom: (start: string, end: string) => void
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
  const [params, setParams] = useSearchParams()
  const spec = RANGES.find((r) => r.value === params.get('range')) ?? RANGES[0]
  const [customStart, customEnd] = [params.get('start'), params.get('end')]
  // A link's custom range that cannot be used stays chosen, with its fields saying why; until it is
  // put right the charts show the preset the URL names (else the default).
  const asked = customStart !== null || customEnd !== null
  const usable = asked && customRangeProblem(customStart ?? '', customEnd ?? '') === undefined
  const custom = asked ? { start: customStart ?? '', end: customEnd ?? '', usable } : undefined
  const applied = custom?.usable ? custom : undefined
  const { online } = useConnectivity()
  const key = `${view}:${spec.value}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tick is a new "now".
  const presetEnd = useMemo(
    () => (online ? undefined : loadAnchor(key)) ?? anchorAt(Date.now(), spec.step),
    [online, key, spec.step, tick],
  )
  // A custom range's bounds are its own: no anchor to keep for an offline revisit.
  const isCustom = applied !== undefined
  const answered = useCallback(() => {
    if (!isCustom) saveAnchor(key, presetEnd)
  }, [isCustom, key, presetEnd])
  const [start, end] = applied
    ? [parseLocal(applied.start), parseLocal(applied.end)]
    : [presetEnd - spec.ms, presetEnd]
  const setRange = useCallback(
    (r: RangeName) =>
      r === CUSTOM_RANGE.value
        ? setParams({ range: null, start: toLocalInput(start), end: toLocalInput(end) })
        : // The default range stays out of the URL.
          setParams({ start: null, end: null, range: r === RANGES[0].value ? null : r }),
    [setParams, start, end],
  )
  const setCustom = useCallback(
    (s: string, e: string) => setParams({ range: null, start: s, end: e }),
    [setParams],
  )
  return {
    range: custom ? CUSTOM_RANGE.value : spec.value,
    setRange,
    custom,
    setCustom,
    start: new Date(start),
    end: new Date(end),
    answered,
  }
}
