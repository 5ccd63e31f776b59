// The silo's utilization (issue 16): CPU, memory and storage provisioned against the silo's quota,
// and their history over a chosen range, for the whole silo or one of its projects (`?project=`, so a
// reload keeps it).
import { useList, useResource } from '../../../storage'
import { CacheStatus } from '../../components/CacheStatus'
import { ChartIcon } from '../../components/icons'
import { PageHeader } from '../../components/PageHeader'
import { ALL } from '../../lists'
import { ResourceFallback } from '../../ui/ResourceFallback'
import { CapacityBars } from '../utilization/CapacityBars'
import { useChartFilter } from '../utilization/chart-filter'
import { UtilizationCharts } from '../utilization/UtilizationCharts'

export default function SiloUtilizationPage() {
  const view = useResource('utilizationView', {})
  const projects = useList('projectList', { query: ALL }).data?.items.map((p) => p.name)
  const filter = useChartFilter('project', { label: 'Project', all: 'All projects' }, projects)
  const { picked } = filter
  const u = view.data
  return (
    <>
      <PageHeader
        title="Utilization"
        icon={<ChartIcon />}
        actions={<CacheStatus {...view} onRefresh={() => void view.refresh()} />}
      />
      {u || view.isLoading ? (
        <CapacityBars
          figures={u && { provisioned: u.provisioned, quota: u.capacity }}
          quotaLabel="Quota"
          level={2}
        />
      ) : (
        <ResourceFallback view={view} offlineBody="This silo's utilization is not cached on this device." />
      )}
      <UtilizationCharts
        view={picked ? `silo:${picked}` : 'silo'}
        scope={{ endpoint: 'siloMetric', project: picked }}
        // The quota is the whole silo's: a project's history is drawn on its own scale.
        quota={picked ? undefined : u?.capacity}
        subject={picked ? `Project ${picked}` : 'All projects'}
        controls={filter.control}
      />
    </>
  )
}
