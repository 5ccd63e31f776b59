// What the metrics tab hands its sub-tabs: the time window to query, a refresh counter that the
// auto-refresh (or the refresh button) bumps, and where a chart reports when its data was fetched, so
// the tab's "Last updated" shows the oldest copy on screen.
import { createContext, useContext } from 'react'
import type { TimeWindow } from './time-range'

export type MetricsScope = {
  window: TimeWindow
  /** Bumped by each refresh; a chart refreshes its entries when it changes. */
  tick: number
  /** A chart's fetch time under its query key; undefined removes it. */
  report: (key: string, updatedAt: Date | undefined) => void
}

export const MetricsContext = createContext<MetricsScope | null>(null)

export function useMetricsScope(): MetricsScope {
  const scope = useContext(MetricsContext)
  if (!scope) throw new Error('a metrics sub-tab renders inside the metrics tab')
  return scope
}
