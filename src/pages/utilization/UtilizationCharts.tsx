// Provisioned CPU, memory and storage over time, for a silo or one of its projects (siloMetric) or for
// the fleet or one of its silos (systemMetric), over a range the operator picks, re-read on the
// auto-refresh interval chosen beside it (`?refresh=`, the same control as the instance's metrics). The
// chart code (visx) loads only here.
import { lazy, type ReactNode, Suspense, useEffect } from 'react'
import { css } from 'styled-system/css'
import { type QueryResult, useList } from '../../../storage'
import type { ApiParams, ApiResponse } from '../../api/types'
import { RadioGroup } from '../../components/FormField'
import { Skeleton } from '../../components/Skeleton'
import { formatDateTime } from '../../util/date'
import {
  AutoRefreshControl,
  DEFAULT_REFRESH,
  parseRefresh,
  refreshMs,
  useLastUpdated,
  useRefreshOnTick,
  useRefreshTick,
} from './auto-refresh'
import { CustomRange } from './CustomRange'
import type { Counts, UtilResource } from './resources'
import { RESOURCES } from './resources'
import { CUSTOM_RANGE, RANGES, type TimeWindow, useSearchParam, useTimeWindow } from './time-window'

const TimeSeriesChart = lazy(() => import('../../components/charts/TimeSeriesChart'))

/** Where the series come from: the user's silo (optionally one project), or the fleet (optionally one silo). */
export type MetricScope =
  | { endpoint: 'siloMetric'; project?: string | undefined }
  | { endpoint: 'systemMetric'; silo?: string | undefined }

// Enough points for a smooth line at any range; the newest first, so a long range that the API
// cuts at the limit keeps the present rather than the distant past.
const POINTS = 1000
const HEIGHT = 200

type Page = ApiResponse<'siloMetric'>

const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(22rem, 1fr))', gap: '4' })
const card = css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '4', m: '0' })
const caption = css({ color: 'fg.muted', fontSize: 'xs', mt: '2' })
const heading = css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' })
const controlRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: '8' })
const chartTitle = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2' })

/** Chart points, oldest first, from a page of measurements (numeric data only). */
export function toPoints(page: Page | undefined): { t: number; v: number }[] {
  const out: { t: number; v: number }[] = []
  for (const m of page?.items ?? []) {
    const v = m.datum.datum
    if (typeof v === 'number') out.push({ t: new Date(m.timestamp).getTime(), v })
  }
  return out.sort((a, b) => a.t - b.t)
}

/** The filter of a scope as query parameters: `silo` (system) or `project` (silo), when one is chosen. */
export function scopeQuery(
  scope: MetricScope,
): { silo: string } | { project: string } | Record<never, never> {
  if (scope.endpoint === 'systemMetric') return scope.silo ? { silo: scope.silo } : {}
  return scope.project ? { project: scope.project } : {}
}

function useMetric(scope: MetricScope, resource: UtilResource, w: TimeWindow): QueryResult<Page> {
  const params = {
    path: { metricName: resource.metric },
    query: { startTime: w.start, endTime: w.end, limit: POINTS, order: 'descending', ...scopeQuery(scope) },
  } as const
  return useList(scope.endpoint, params as ApiParams<'systemMetric'> & ApiParams<'siloMetric'>)
}

function MetricChart({
  scope,
  resource,
  window: w,
  quota,
  tick,
  report,
}: {
  scope: MetricScope
  resource: UtilResource
  window: TimeWindow
  quota: number | undefined
  /** Moves on every auto-refresh: the chart re-reads its entry through the cache. */
  tick: number
  /** Tells the section when this chart's data was fetched. */
  report: (key: string, at: Date | undefined) => void
}) {
  const res = useMetric(scope, resource, w)
  const { answered } = w
  const hasData = res.data !== undefined
  useEffect(() => {
    if (hasData) answered()
  }, [hasData, answered])
  useRefreshOnTick(tick, res.refresh)
  const { updatedAt } = res
  useEffect(() => {
    report(resource.key, updatedAt)
  }, [report, resource.key, updatedAt])
  useEffect(() => () => report(resource.key, undefined), [report, resource.key])
  const points = toPoints(res.data)
  const title = `${resource.title} provisioned`
  let body: ReactNode
  if (res.data) {
    body = (
      <Suspense fallback={<Skeleton h={`${HEIGHT}px`} />}>
        <TimeSeriesChart
          title={title}
          series={[{ label: 'Provisioned', points }]}
          start={w.start.getTime()}
          end={w.end.getTime()}
          formatValue={resource.format}
          binary={resource.binary ?? false}
          kind="area"
          height={HEIGHT}
          {...(quota === undefined ? {} : { yMax: Math.max(quota, ...points.map((p) => p.v)) })}
        />
      </Suspense>
    )
  } else if (res.error) {
    body = <p role="alert">{res.error.message}</p>
  } else if (res.isOffline && !res.isLoading) {
    body = <p>You are offline, and this range is not cached on this device.</p>
  } else {
    body = <Skeleton h={`${HEIGHT}px`} />
  }
  // The chart carries the title, summary and table; this line adds what it cannot know.
  return (
    <div className={card} aria-busy={res.isLoading || undefined}>
      {res.data ? null : <h3 className={chartTitle}>{title}</h3>}
      {body}
      <p className={caption}>
        {quota !== undefined && <>Quota {resource.format(quota)}</>}
        {quota !== undefined && res.updatedAt && ' · '}
        {res.updatedAt && <>Data as of {formatDateTime(res.updatedAt)}</>}
      </p>
    </div>
  )
}

/**
 * The range, filter and auto-refresh controls and one chart per resource; `view` keeps each screen's
 * window apart. The auto-refresh re-reads every chart's entry on its interval (while online).
 */
export function UtilizationCharts({
  view,
  scope,
  quota,
  controls,
  subject,
}: {
  view: string
  scope: MetricScope
  /** The limit each chart's scale reaches: the silo's quota, or the quotas of the silos shown. */
  quota: Counts | undefined
  /** More filters beside the range (the system's silo filter, the silo's project filter). */
  controls?: ReactNode
  /** What the charts are of, for the heading ("All projects", "Project web"). */
  subject?: string | undefined
}) {
  const [refreshParam, setRefreshParam] = useSearchParam('refresh')
  const refresh = parseRefresh(refreshParam)
  const { tick } = useRefreshTick(refreshMs(refresh))
  const w = useTimeWindow(view, tick)
  const { oldest, report } = useLastUpdated()
  return (
    <section aria-labelledby="utilization-over-time">
      <h2 id="utilization-over-time" className={heading}>
        {subject ? `Over time: ${subject}` : 'Over time'}
      </h2>
      <div className={controlRow}>
        <RadioGroup
          legend="Time range"
          name="utilization-range"
          value={w.range}
          options={[...RANGES, CUSTOM_RANGE]}
          onChange={w.setRange}
        />
        {w.custom && (
          <CustomRange
            key={`${w.custom.start}/${w.custom.end}`}
            start={w.custom.start}
            end={w.custom.end}
            onApply={w.setCustom}
            showProblem={!w.custom.usable}
          />
        )}
        {controls}
        <AutoRefreshControl
          value={refresh}
          // Off, the default, stays out of the URL.
          onChange={(id) => setRefreshParam(id === DEFAULT_REFRESH ? null : id)}
          updatedAt={oldest}
        />
      </div>
      <div className={grid}>
        {RESOURCES.map((r) => (
          <MetricChart
            key={r.key}
            scope={scope}
            resource={r}
            window={w}
            quota={quota?.[r.key]}
            tick={tick}
            report={report}
          />
        ))}
      </div>
    </section>
  )
}
