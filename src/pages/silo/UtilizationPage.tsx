// The silo's utilization (issue 16): CPU, memory and storage provisioned against the silo's quota,
// and their history over a chosen range.
import { useResource } from '../../../storage'
import { CacheStatus } from '../../components/CacheStatus'
import { ChartIcon } from '../../components/icons'
import { PageHeader } from '../../components/PageHeader'
import { ResourceFallback } from '../../ui/ResourceFallback'
import { CapacityBars } from '../utilization/CapacityBars'
import { UtilizationCharts } from '../utilization/UtilizationCharts'

export default function SiloUtilizationPage() {
  const view = useResource('utilizationView', {})
  const u = view.data
  return (
    <>
      <PageHeader
        title="Utilization"
        icon={<ChartIcon />}
        actions={<CacheStatus {...view} onRefresh={() => void view.refresh()} />}
      />
      {u || view.isLoading ? (
        <CapacityBars figures={u && { provisioned: u.provisioned, quota: u.capacity }} quotaLabel="Quota" />
      ) : (
        <ResourceFallback view={view} offlineBody="This silo's utilization is not cached on this device." />
      )}
      <UtilizationCharts view="silo" scope={{ endpoint: 'siloMetric' }} quota={u?.capacity} />
    </>
  )
}
