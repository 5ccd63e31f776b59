// Disk sub-tab: one of the instance's disks (`?disk=<name>`): bytes, operations, flushes and failures.
import { useList } from '../../../../../storage'
import { useRouteParams } from '../../../../route-context'
import { counterCharts } from './counters'
import type { ChartSpec } from './MetricChart'
import { SourceMetrics } from './panel'
import { instanceDisksParams } from './queries'

/** The charts of a disk attached to an instance. */
export function diskCharts(instanceId: string, diskId: string): ChartSpec[] {
  const filters = [
    { field: 'attached_instance_id', value: instanceId },
    { field: 'disk_id', value: diskId },
  ]
  return counterCharts('virtual_disk', filters, [
    { title: 'Disk throughput', unit: 'bytes', counters: { Read: 'bytes_read', Written: 'bytes_written' } },
    { title: 'Disk operations', unit: 'count', counters: { Reads: 'reads', Writes: 'writes' } },
    { title: 'Disk flushes', unit: 'count', counters: { Flushes: 'flushes' } },
    {
      title: 'Disk failures',
      unit: 'count',
      counters: {
        'Failed reads': 'failed_reads',
        'Failed writes': 'failed_writes',
        'Failed flushes': 'failed_flushes',
      },
    },
  ])
}

export default function DiskMetrics() {
  const disks = useList('instanceDiskList', instanceDisksParams(useRouteParams('project', 'instance')))
  return <SourceMetrics list={disks} param="disk" label="Disk" noun="disks" charts={diskCharts} />
}
