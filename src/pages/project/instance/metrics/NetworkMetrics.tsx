// Network sub-tab: one of the instance's network interfaces (`?nic=<name>`): bytes, packets, and
// drops and errors.
import { useList, useResource } from '../../../../../storage'
import { useRouteParams } from '../../../../route-context'
import { ResourceFallback } from '../../../../ui/ResourceFallback'
import type { ChartSpec } from './MetricChart'
import { ChartGrid, SourceMetrics } from './panel'
import { instanceNicsParams, instanceViewParams, type MetricQuery } from './queries'
import { bytesPerSecond, perSecond } from './units'

/** The charts of one network interface of an instance. */
export function nicCharts(instanceId: string, nicId: string): ChartSpec[] {
  const filters = [
    { field: 'instance_id', value: instanceId },
    { field: 'interface_id', value: nicId },
  ]
  const q = (label: string, name: string): MetricQuery => ({
    label,
    metric: `instance_network_interface:${name}`,
    filters,
  })
  return [
    {
      title: 'Network throughput',
      queries: [q('Received', 'bytes_received'), q('Sent', 'bytes_sent')],
      formatValue: bytesPerSecond,
      kind: 'area',
    },
    {
      title: 'Packets',
      queries: [q('Received', 'packets_received'), q('Sent', 'packets_sent')],
      formatValue: perSecond,
    },
    {
      title: 'Drops and errors',
      queries: [
        q('Dropped', 'packets_dropped'),
        q('Receive errors', 'errors_received'),
        q('Send errors', 'errors_sent'),
      ],
      formatValue: perSecond,
    },
  ]
}

export default function NetworkMetrics() {
  const { project, instance } = useRouteParams('project', 'instance')
  const ref = { project, instance }
  const view = useResource('instanceView', instanceViewParams(ref))
  const nics = useList('instanceNetworkInterfaceList', instanceNicsParams(ref))
  const id = view.data?.id
  if (!id)
    return (
      <ResourceFallback view={view} offlineBody={`Instance ${instance} is not cached on this device yet.`} />
    )
  return (
    <SourceMetrics list={nics} param="nic" label="Network interface" noun="network interfaces">
      {(nic) => <ChartGrid key={nic.id} project={project} charts={nicCharts(id, nic.id)} />}
    </SourceMetrics>
  )
}
