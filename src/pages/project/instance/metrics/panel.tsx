// What the sub-tabs share: the route's instance (read through storage, with its stand-in while it is
// not at hand), the grid of charts, and for disk and network the picker of the source (a disk, a NIC)
// kept in the URL query so a reload keeps it.
import { css } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import { type QueryResult, useResource } from '../../../../../storage'
import { Select } from '../../../../components'
import { EmptyState } from '../../../../components/EmptyState'
import { useRouteParams } from '../../../../route-context'
import { ResourceFallback } from '../../../../ui/ResourceFallback'
import { type ChartSpec, MetricChart } from './MetricChart'
import { instanceViewParams } from './queries'
import { withParam } from './time-range'

/** A picker above the charts (the disk, the NIC, the CPU unit): as wide as its choices, not the page. */
export const pickerClass = css({ maxW: '20rem' })

const grid = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', xl: '1fr 1fr' } })
// A lone chart (the CPU tab) takes the whole width instead of half of it.
const single = css({ display: 'grid', gap: '6' })

export function ChartGrid({ project, charts }: { project: string; charts: readonly ChartSpec[] }) {
  return (
    <div className={charts.length === 1 ? single : grid}>
      {charts.map((spec) => (
        <MetricChart key={spec.title} project={project} spec={spec} />
      ))}
    </div>
  )
}

/** A URL query parameter of the current page, and a setter that replaces the history entry. */
export function useSearchParam(key: string): [string | null, (value: string) => void] {
  const [pathname, navigate] = useLocation()
  const search = useSearch()
  const value = new URLSearchParams(search).get(key)
  return [value, (v) => navigate(`${pathname}${withParam(search, key, v)}`, { replace: true })]
}

/**
 * The route's project and instance, read through storage, and what stands in for the charts while the
 * instance is not at hand (its fallback), or null once it is.
 */
export function useRouteInstance() {
  const { project, instance } = useRouteParams('project', 'instance')
  const view = useResource('instanceView', instanceViewParams({ project, instance }))
  const fallback = view.data ? null : (
    <ResourceFallback view={view} offlineBody={`Instance ${instance} is not cached on this device yet.`} />
  )
  return { project, instance: view.data, fallback }
}

type Source = { id: string; name: string }

/**
 * Picks one of the instance's disks or NICs (`?<param>=<name>`, the first by default) and draws its
 * charts; says so when the instance has none, and why when the instance or the list cannot be read.
 */
export function SourceMetrics<T extends Source>({
  list,
  param,
  label,
  noun,
  charts,
}: {
  list: QueryResult<{ items: T[] }>
  param: string
  label: string
  /** "disks", "network interfaces": for the empty state. */
  noun: string
  /** The charts of a source, by the instance's id and the source's. */
  charts: (instanceId: string, sourceId: string) => ChartSpec[]
}) {
  const { project, instance, fallback } = useRouteInstance()
  const [chosen, choose] = useSearchParam(param)
  if (!instance) return fallback
  const items = list.data?.items
  if (!items)
    return (
      <ResourceFallback
        view={list}
        offlineBody={`The ${noun} of this instance are not cached on this device yet.`}
      />
    )
  if (items.length === 0)
    return <EmptyState title={`No ${noun}`} body={`This instance has no ${noun} to chart.`} />
  const source = items.find((s) => s.name === chosen) ?? (items[0] as T)
  return (
    <>
      <div className={pickerClass}>
        <Select
          label={label}
          value={source.name}
          options={items.map((s) => ({ value: s.name, label: s.name }))}
          onChange={(e) => choose(e.currentTarget.value)}
        />
      </div>
      <ChartGrid key={source.id} project={project} charts={charts(instance.id, source.id)} />
    </>
  )
}
