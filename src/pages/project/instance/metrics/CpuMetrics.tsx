// CPU sub-tab: vCPU time by state (run, idle, waiting, emulation), as a share of the instance's vCPU
// time or as vCPU time per second (`?cpu=time`).
import { useResource } from '../../../../../storage'
import { Select } from '../../../../components'
import { useRouteParams } from '../../../../route-context'
import { ResourceFallback } from '../../../../ui/ResourceFallback'
import { ChartGrid, pickerClass, useSearchParam } from './panel'
import { instanceViewParams } from './queries'
import { cpuShare, cpuTime, percent } from './units'

const UNITS = [
  { value: 'percent', label: 'Percent of vCPU time' },
  { value: 'time', label: 'vCPU time per second' },
]

export default function CpuMetrics() {
  const { project, instance } = useRouteParams('project', 'instance')
  const view = useResource('instanceView', instanceViewParams({ project, instance }))
  const [unit, setUnit] = useSearchParam('cpu')
  const data = view.data
  if (!data)
    return (
      <ResourceFallback view={view} offlineBody={`Instance ${instance} is not cached on this device yet.`} />
    )
  const asTime = unit === 'time'
  const query = {
    label: 'vCPU',
    metric: 'virtual_machine:vcpu_usage',
    filters: [{ field: 'instance_id', value: data.id }],
    // One series per state, summed over the vCPUs.
    groupBy: ['state'],
  }
  const chart = asTime
    ? { title: 'vCPU time by state', queries: [query], formatValue: cpuTime }
    : {
        title: 'CPU utilization by state',
        queries: [query],
        formatValue: percent,
        scale: cpuShare(data.ncpus),
        yMax: 100,
      }
  return (
    <>
      <div className={pickerClass}>
        <Select
          label="Show CPU as"
          value={asTime ? 'time' : 'percent'}
          options={UNITS}
          onChange={(e) => setUnit(e.currentTarget.value)}
        />
      </div>
      <ChartGrid project={project} charts={[chart]} />
    </>
  )
}
