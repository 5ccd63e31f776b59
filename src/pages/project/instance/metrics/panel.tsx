// What the sub-tabs share: the grid of charts, and for disk and network the picker of the source (a disk,
// a NIC) kept in the URL query so a reload keeps it.
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import type { QueryResult } from '../../../../../storage'
import { Select } from '../../../../components'
import { EmptyState } from '../../../../components/EmptyState'
import { ResourceFallback } from '../../../../ui/ResourceFallback'
import { type ChartSpec, MetricChart } from './MetricChart'
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

type Source = { id: string; name: string }

/**
 * Picks one of the instance's disks or NICs (`?<param>=<name>`, the first by default) and draws its
 * charts; says so when the instance has none, and why when the list cannot be read.
 */
export function SourceMetrics<T extends Source>({
  list,
  param,
  label,
  noun,
  children,
}: {
  list: QueryResult<{ items: T[] }>
  param: string
  label: string
  /** "disks", "network interfaces": for the empty state. */
  noun: string
  children: (source: T) => ReactNode
}) {
  const [chosen, choose] = useSearchParam(param)
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
      {children(source)}
    </>
  )
}
