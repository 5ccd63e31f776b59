// Network sub-tab: one of the instance's network interfaces (`?nic=<name>`): bytes, packets, and
// drops and errors.
import { useList } from '../../../../../storage'
import { useRouteParams } from '../../../../route-context'
import { counterCharts } from './counters'
import type { ChartSpec } from './MetricChart'
import { SourceMetrics } from './panel'
import { instanceNicsParams } from './queries'

/** The charts of one network interface of an instance. */
export function nicCharts(instanceId: string, nicId: string): ChartSpec[] {
  const filters = [
    { field: 'instance_id', value: instanceId },
    { field: 'interface_id', value: nicId },
  ]
  return counterCharts('instance_network_interface', filters, [
    {
      title: 'Network throughput',
      unit: 'bytes',
      counters: { Received: 'bytes_received', Sent: 'bytes_sent' },
    },
    { title: 'Packets', unit: 'count', counters: { Received: 'packets_received', Sent: 'packets_sent' } },
    {
      title: 'Drops and errors',
      unit: 'count',
      counters: {
        Dropped: 'packets_dropped',
        'Receive errors': 'errors_received',
        'Send errors': 'errors_sent',
      },
    },
  ])
}

export default function NetworkMetrics() {
  const nics = useList(
    'instanceNetworkInterfaceList',
    instanceNicsParams(useRouteParams('project', 'instance')),
  )
  return (
    <SourceMetrics
      list={nics}
      param="nic"
      label="Network interface"
      noun="network interfaces"
      charts={nicCharts}
    />
  )
}
