// CPU sub-tab: vCPU time by state (run, idle, waiting, emulation), as a share of the instance's vCPU
// time or as vCPU time per second (`?cpu=time`).
import { Select } from '../../../../components'
import { ChartGrid, pickerClass, useRouteInstance, useSearchParam } from './panel'
import { cpuShare, cpuTime, percent } from './units'

const UNITS = [
  { value: 'percent', label: 'Percent of vCPU time' },
  { value: 'time', label: 'vCPU time per second' },
]

export default function CpuMetrics() {
  const { project, instance: data, fallback } = useRouteInstance()
  const [unit, setUnit] = useSearchParam('cpu')
  if (!data) return fallback
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
