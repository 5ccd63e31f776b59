// Auto-refresh of the metric charts (the instance's metrics tab and the utilization pages): one list of
// intervals, one control, and the timer behind it. The choice lives in the URL query (`?refresh=10s`,
// "off" stays out of it), so a reload keeps it. The timer only ticks while the interval is on and the
// console is online (offline a re-read cannot answer; the cache revalidates what is on screen on
// reconnect), and stops when the screen unmounts. What a tick re-reads is up to the screen: it goes
// through the cache's own refresh, so what it learns reaches IndexedDB like any other answer.
import { useCallback, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { useConnectivity } from '../../../storage'
import { Select } from '../../components/FormField'

const MIN = 60_000

export const REFRESH_INTERVALS = [
  { id: 'off', label: 'Off', ms: 0 },
  { id: '10s', label: '10 seconds', ms: 10_000 },
  { id: '1m', label: '1 minute', ms: MIN },
  { id: '2m', label: '2 minutes', ms: 2 * MIN },
  { id: '5m', label: '5 minutes', ms: 5 * MIN },
] as const

export type RefreshId = (typeof REFRESH_INTERVALS)[number]['id']
export const DEFAULT_REFRESH: RefreshId = 'off'

/** The interval a URL value names; anything unknown (or absent) is off. */
export function parseRefresh(value: string | null | undefined): RefreshId {
  return REFRESH_INTERVALS.find((r) => r.id === value)?.id ?? DEFAULT_REFRESH
}

/** The interval's period in ms; 0 when it is off. */
export const refreshMs = (id: RefreshId): number => REFRESH_INTERVALS.find((r) => r.id === id)?.ms ?? 0

/**
 * A tick count that goes up every `ms` while online (never when `ms` is 0), and `bump` to move it now
 * (a Refresh button). The timer stops offline and on unmount, and starts a whole period again when the
 * interval changes or the console comes back online.
 */
export function useRefreshTick(ms: number): { tick: number; bump: () => void } {
  const [tick, setTick] = useState(0)
  const bump = useCallback(() => setTick((t) => t + 1), [])
  const { online } = useConnectivity()
  useEffect(() => {
    if (!ms || !online) return
    const id = setInterval(bump, ms)
    return () => clearInterval(id)
  }, [ms, online, bump])
  return { tick, bump }
}

/** Calls `refresh` whenever `tick` moves on from the value it had at mount (not at mount itself). */
export function useRefreshOnTick(tick: number, refresh: () => unknown): void {
  const seen = useRef(tick)
  useEffect(() => {
    if (seen.current === tick) return
    seen.current = tick
    void refresh()
  }, [tick, refresh])
}

/**
 * When the data on screen was fetched: each source reports its time under a key (undefined when it
 * goes away), and the oldest of them is what the screen says.
 */
export function useLastUpdated(): {
  oldest: Date | undefined
  report: (key: string, at: Date | undefined) => void
} {
  const [updated, setUpdated] = useState<ReadonlyMap<string, Date>>(new Map())
  const report = useCallback((key: string, at: Date | undefined) => {
    setUpdated((m) => {
      if (m.get(key)?.getTime() === at?.getTime()) return m
      const next = new Map(m)
      if (at) next.set(key, at)
      else next.delete(key)
      return next
    })
  }, [])
  const oldest = [...updated.values()].reduce<Date | undefined>((a, d) => (a && a < d ? a : d), undefined)
  return { oldest, report }
}

const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '4' })
const updatedClass = css({ fontSize: 'xs', color: 'fg.muted', pb: '5' })
const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' })

/** "Last updated 10:37:12", or nothing before anything is on screen. */
export const lastUpdatedText = (at: Date | undefined): string =>
  at ? `Last updated ${clock.format(at)}` : ''

/** The interval picker ("Auto-refresh") and when the data on screen was last fetched. */
export function AutoRefreshControl({
  value,
  onChange,
  updatedAt,
}: {
  value: RefreshId
  onChange: (id: RefreshId) => void
  updatedAt: Date | undefined
}) {
  return (
    <div className={row}>
      <Select
        label="Auto-refresh"
        value={value}
        options={REFRESH_INTERVALS.map((r) => ({ value: r.id, label: r.label }))}
        onChange={(e) => onChange(parseRefresh(e.currentTarget.value))}
      />
      <span className={updatedClass} aria-live="polite">
        {lastUpdatedText(updatedAt)}
      </span>
    </div>
  )
}
