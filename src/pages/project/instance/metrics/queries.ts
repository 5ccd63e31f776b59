// The reads of the metrics sub-tabs: the instance's disks and NICs to choose from (the same keys as the
// storage and networking tabs, so they are usually cached already), and one timeseries query per metric.
import type { ApiParams } from '../../../../api/types'
import { alignFor, buildOxql, type OxqlFilter } from '../../../../util/oxql'
import { type InstanceRef, instanceDisksParams, instanceNicsParams, instanceViewParams } from '../queries'
import type { TimeWindow } from './time-range'

export { instanceDisksParams, instanceNicsParams, instanceViewParams }

/** One metric of a chart: its series label and the filters that pick the source. */
export type MetricQuery = {
  label: string
  metric: string
  filters: readonly OxqlFilter[]
  /** Group the source's timeseries (e.g. the vCPUs of each state) into one per value of these fields. */
  groupBy?: readonly string[]
}

/** The body of POST /v1/timeseries/query for a metric over a window, aligned so counters read as rates. */
export function timeseriesParams(
  project: string,
  q: Pick<MetricQuery, 'metric' | 'filters' | 'groupBy'>,
  w: TimeWindow,
): ApiParams<'timeseriesQuery'> {
  const query = buildOxql({
    metric: q.metric,
    filters: q.filters,
    start: w.start,
    end: w.end,
    alignMs: alignFor(w.end - w.start),
    ...(q.groupBy ? { groupBy: q.groupBy } : {}),
  })
  return { query: { project }, body: { query } }
}

export type { InstanceRef }
