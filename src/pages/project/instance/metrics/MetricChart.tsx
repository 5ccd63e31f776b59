// One chart of a metrics sub-tab: a timeseries query per metric, read through storage (so it paints
// from IndexedDB on a revisit and offline), drawn by the shared TimeSeriesChart (loaded lazily, so visx
// is only in the chunks of routes that draw). While a new window's key loads, the previous series stay
// on screen; a refresh of the tab refreshes each entry; a failure shows the catalogue message.
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { type QueryResult, useResource } from '../../../../../storage'
import type { ApiResponse } from '../../../../api/types'
import { ChartNotice } from '../../../../components/charts/ChartNotice'
import type { ChartSeries } from '../../../../components/charts/TimeSeriesChart'
import { Skeleton } from '../../../../components/Skeleton'
import { S, T } from '../../../../strings'
import {
  fieldOf,
  isGroupByAlignError,
  type OxqlResult,
  ratePoints,
  timeseriesOf,
} from '../../../../util/oxql'
import { useRefreshOnTick } from '../../../utilization/auto-refresh'
import { useMetricsScope } from './metrics-context'
import { type MetricQuery, timeseriesParams } from './queries'
import type { TimeWindow } from './time-range'

const TimeSeriesChart = lazy(() => import('../../../../components/charts/TimeSeriesChart'))

export type ChartSpec = {
  title: string
  queries: readonly MetricQuery[]
  formatValue: (v: number) => string
  /** The values are bytes per second: the axis steps in binary units. */
  binary?: boolean
  /** From the per-second rate to what the chart shows (e.g. CPU nanoseconds per second to percent). */
  scale?: (v: number) => number
  kind?: 'line' | 'area'
  yMax?: number
}

type Result = QueryResult<ApiResponse<'timeseriesQuery'>>
/** What is on screen: the series, the answers and window they were drawn from. */
type Shown = { series: ChartSeries[]; data: readonly (OxqlResult | undefined)[]; window: TimeWindow }
const HEIGHT = 200

const titleClass = css({ fontSize: 'sm', fontWeight: 'medium' })

/** One query's entry, refreshed with the tab and reporting its fetch time to the tab. */
function useTimeseries(project: string, q: MetricQuery, w: TimeWindow): Result {
  const params = timeseriesParams(project, q, w)
  const key = params.body.query
  const result = useResource('timeseriesQuery', params)
  const { tick, report } = useMetricsScope()
  const { refresh, updatedAt } = result
  useRefreshOnTick(tick, refresh)
  useEffect(() => {
    report(key, updatedAt)
  }, [report, key, updatedAt])
  useEffect(() => () => report(key, undefined), [report, key])
  return result
}

/** Reads each query with its own hook, one level per query, and hands the results on together. */
function Queries({
  project,
  queries,
  window,
  done = [],
  children,
}: {
  project: string
  queries: readonly MetricQuery[]
  window: TimeWindow
  done?: readonly Result[]
  children: (results: readonly Result[]) => ReactNode
}) {
  const [first, ...rest] = queries
  if (!first) return children(done)
  return (
    <Query project={project} query={first} window={window}>
      {(r) => (
        <Queries project={project} queries={rest} window={window} done={[...done, r]}>
          {children}
        </Queries>
      )}
    </Query>
  )
}

function Query(props: {
  project: string
  query: MetricQuery
  window: TimeWindow
  children: (r: Result) => ReactNode
}) {
  return props.children(useTimeseries(props.project, props.query, props.window))
}

/** The series of the results: one per query, or one per group when the query groups. */
export function seriesOf(
  queries: readonly MetricQuery[],
  data: readonly (OxqlResult | undefined)[],
  scale: (v: number) => number = (v) => v,
): ChartSeries[] {
  return queries.flatMap((q, i) => {
    const all = timeseriesOf(data[i])
    const group = q.groupBy?.[0]
    const scaled = (ts: (typeof all)[number]) => ratePoints(ts).map((p) => ({ t: p.t, v: scale(p.v) }))
    if (group) return all.map((ts) => ({ label: fieldOf(ts, group) ?? q.label, points: scaled(ts) }))
    return [{ label: q.label, points: all[0] ? scaled(all[0]) : [] }]
  })
}

/** Spec 8: the group_by alignment error in the catalogue's words; any other message as it is. */
export const metricsErrorMessage = (message: string) =>
  isGroupByAlignError(message) ? S.groupByAligned : message

export function MetricChart({ project, spec }: { project: string; spec: ChartSpec }) {
  const { window } = useMetricsScope()
  return (
    <Queries project={project} queries={spec.queries} window={window}>
      {(results) => <ChartView spec={spec} results={results} window={window} />}
    </Queries>
  )
}

function ChartView({
  spec,
  results,
  window,
}: {
  spec: ChartSpec
  results: readonly Result[]
  window: TimeWindow
}) {
  const ready = results.every((r) => r.data !== undefined)
  const shown = useRef<Shown | null>(null)
  if (ready) {
    const data = results.map((r) => r.data as OxqlResult | undefined)
    // Only a new answer or a new window makes new series (the chart's memos key on the array).
    const prev = shown.current
    const same = prev?.window === window && prev.data.every((d, i) => d === data[i])
    if (!same) shown.current = { data, window, series: seriesOf(spec.queries, data, spec.scale) }
  }
  const error = results.find((r) => r.error)?.error
  const current = shown.current
  if (!current) {
    let body: ReactNode
    if (error) body = <span role="alert">{metricsErrorMessage(error.message)}</span>
    else if (results.some((r) => r.isOffline && !r.isLoading))
      body = `${T.offline}: this chart is not cached on this device yet.`
    else body = <Skeleton h={`${HEIGHT - 40}px`} />
    return (
      <section aria-label={spec.title} aria-busy={!error && !ready}>
        {/* Straight under the page's h1 (the tabs have no heading): h2, as the chart's own. */}
        <h2 className={titleClass}>{spec.title}</h2>
        <ChartNotice height={HEIGHT}>{body}</ChartNotice>
      </section>
    )
  }
  return (
    <div>
      <Suspense fallback={<Skeleton h={`${HEIGHT}px`} />}>
        <TimeSeriesChart
          level={2}
          title={spec.title}
          series={current.series}
          start={current.window.start}
          end={current.window.end}
          formatValue={spec.formatValue}
          binary={spec.binary ?? false}
          kind={spec.kind}
          yMax={spec.yMax}
          height={HEIGHT}
        />
      </Suspense>
      {error && (
        <p role="alert" className={css({ fontSize: 'xs', color: 'danger.fg' })}>
          {metricsErrorMessage(error.message)}
        </p>
      )}
    </div>
  )
}
