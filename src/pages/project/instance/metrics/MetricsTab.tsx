// The instance's Metrics tab (issue 16): sub-tabs CPU, Disk and Network (child routes in the outlet),
// and the controls they share: the time range (presets or a custom range) and the auto-refresh, both in
// the URL query so a reload keeps them, with when the data on screen was fetched.
import { useMemo } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import { useConnectivity } from '../../../../../storage'
import { Button, RouteTabs, Select } from '../../../../components'
import { paths } from '../../../../paths'
import { Outlet, useRouteParams } from '../../../../route-context'
import { T } from '../../../../strings'
import {
  AutoRefreshControl,
  type RefreshId,
  refreshMs,
  useLastUpdated,
  useRefreshTick,
} from '../../../utilization/auto-refresh'
import { CustomRange } from '../../../utilization/CustomRange'
import { toLocalInput } from '../../../utilization/local-time'
import { MetricsContext, type MetricsScope } from './metrics-context'
import { PRESETS, type RangeChoice, readRange, readRefresh, windowOf, writeRange } from './time-range'

const bar = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '4', mb: '4' })

const CUSTOM = 'custom'

export default function MetricsTab() {
  const { project, instance } = useRouteParams('project', 'instance')
  const ref = { project, instance }
  const tabs = [
    { label: 'CPU', href: paths.instanceMetricsCpu(ref) },
    { label: 'Disk', href: paths.instanceMetricsDisk(ref) },
    { label: 'Network', href: paths.instanceMetricsNetwork(ref) },
  ]
  const [pathname, navigate] = useLocation()
  const search = useSearch()
  const range = readRange(search)
  const refresh = readRefresh(search)
  const go = (r: RangeChoice, f: RefreshId) =>
    navigate(`${pathname}${writeRange(search, r, f)}`, { replace: true })

  // Each refresh moves "now" (a preset's window follows it) and bumps the tick the charts refresh on:
  // on the chosen interval (while online) or on the Refresh button.
  const { tick, bump } = useRefreshTick(refreshMs(refresh))
  const rangeKey = JSON.stringify(range)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tick or range is a new "now".
  const window = useMemo(() => windowOf(range, Date.now()), [rangeKey, tick])

  const { oldest, report } = useLastUpdated()
  const scope: MetricsScope = useMemo(() => ({ window, tick, report }), [window, tick, report])
  const { online } = useConnectivity()

  return (
    <>
      <div className={bar}>
        <Select
          label="Time range"
          value={range.kind === 'custom' ? CUSTOM : range.preset}
          options={[
            ...PRESETS.map((p) => ({ value: p.id, label: p.label })),
            { value: CUSTOM, label: 'Custom' },
          ]}
          onChange={(e) => {
            const preset = PRESETS.find((p) => p.id === e.currentTarget.value)
            if (preset) return go({ kind: 'preset', preset: preset.id }, refresh)
            // A custom range starts from the window on screen, for the user to adjust.
            go({ kind: 'custom', start: toLocalInput(window.start), end: toLocalInput(window.end) }, refresh)
          }}
        />
        {range.kind === 'custom' && (
          <CustomRange
            key={rangeKey}
            start={range.start}
            end={range.end}
            onApply={(start, end) => go({ kind: 'custom', start, end }, refresh)}
          />
        )}
        <AutoRefreshControl value={refresh} onChange={(f) => go(range, f)} updatedAt={oldest} />
        <Button
          size="sm"
          className={css({ mb: '4' })}
          disabledReason={online ? undefined : T.offline}
          onClick={bump}
        >
          Refresh
        </Button>
      </div>
      <RouteTabs label={`Metrics of instance ${instance}`} tabs={tabs}>
        <MetricsContext.Provider value={scope}>
          <Outlet />
        </MetricsContext.Provider>
      </RouteTabs>
    </>
  )
}
