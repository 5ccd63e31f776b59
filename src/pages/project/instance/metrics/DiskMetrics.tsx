// Disk sub-tab: one of the instance's disks (`?disk=<name>`): bytes, operations, flushes and failures.
import { useList, useResource } from '../../../../../storage'
import { useRouteParams } from '../../../../route-context'
import { ResourceFallback } from '../../../../ui/ResourceFallback'
import type { ChartSpec } from './MetricChart'
import { ChartGrid, SourceMetrics } from './panel'
import { instanceDisksParams, instanceViewParams, type MetricQuery } from './queries'
import { bytesPerSecond, perSecond } from './units'

/** The charts of a disk attached to an instance. */
export function diskCharts(instanceId: string, diskId: string): ChartSpec[] {
  const filters = [
    { field: 'attached_instance_id', value: instanceId },
    { field: 'disk_id', value: diskId },
  ]
  const q = (label: string, name: string): MetricQuery => ({ label, metric: `virtual_disk:${name}`, filters })
  return [
    {
      title: 'Disk throughput',
      queries: [q('Read', 'bytes_read'), q('Written', 'bytes_written')],
      formatValue: bytesPerSecond,
      kind: 'area',
    },
    {
      title: 'Disk operations',
      queries: [q('Reads', 'reads'), q('Writes', 'writes')],
      formatValue: perSecond,
    },
    { title: 'Disk flushes', queries: [q('Flushes', 'flushes')], formatValue: perSecond },
    {
      title: 'Disk failures',
      queries: [
        q('Failed reads', 'failed_reads'),
        q('Failed writes', 'failed_writes'),
        q('Failed flushes', 'failed_flushes'),
      ],
      formatValue: perSecond,
    },
  ]
}

export default function DiskMetrics() {
  const { project, instance } = useRouteParams('project', 'instance')
  const ref = { project, instance }
  const view = useResource('instanceView', instanceViewParams(ref))
  const disks = useList('instanceDiskList', instanceDisksParams(ref))
  const id = view.data?.id
  if (!id)
    return (
      <ResourceFallback view={view} offlineBody={`Instance ${instance} is not cached on this device yet.`} />
    )
  return (
    <SourceMetrics list={disks} param="disk" label="Disk" noun="disks">
      {(disk) => <ChartGrid key={disk.id} project={project} charts={diskCharts(id, disk.id)} />}
    </SourceMetrics>
  )
}
