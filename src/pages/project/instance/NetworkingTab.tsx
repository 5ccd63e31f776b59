// Networking tab: the instance's network interfaces (VPC, subnet, private IP, primary) and its
// external IPs (ephemeral, floating and the SNAT address), read-only for now. VPC, subnet and pool
// names are read by id through storage, so a second visit paints them from the cache too.
import { css } from 'styled-system/css'
import { useList, useResource } from '../../../../storage'
import type { ApiResponse } from '../../../api/types'
import { Badge, CopyButton, defineColumns, NetworkingIcon } from '../../../components'
import { useRouteParams } from '../../../route-context'
import { externalIpKind, nicAddresses } from './helpers'
import { instanceExternalIpsParams, instanceNicsParams } from './queries'
import { mono, TabTable } from './shared'

type Nic = ApiResponse<'instanceNetworkInterfaceList'>['items'][number]
type ExternalIp = ApiResponse<'instanceExternalIpList'>['items'][number]

/** A name read by id, with the id itself standing in until (or unless) it is known. */
function NameById({ name, id }: { name: string | undefined; id: string }) {
  return name ? <span>{name}</span> : <span className={mono}>{id}</span>
}

function VpcName({ id }: { id: string }) {
  const vpc = useResource('vpcView', { path: { vpc: id } })
  return <NameById name={vpc.data?.name} id={id} />
}

function SubnetName({ id }: { id: string }) {
  const subnet = useResource('vpcSubnetView', { path: { subnet: id } })
  return <NameById name={subnet.data?.name} id={id} />
}

function PoolName({ id }: { id: string }) {
  const pool = useResource('ipPoolView', { path: { pool: id } })
  return <NameById name={pool.data?.name} id={id} />
}

const nicColumns = defineColumns<Nic>([
  {
    id: 'name',
    header: 'Name',
    cell: (n) => <span className={css({ fontWeight: 'medium' })}>{n.name}</span>,
    sortValue: (n) => n.name,
  },
  { id: 'vpc', header: 'VPC', cell: (n) => <VpcName id={n.vpcId} /> },
  { id: 'subnet', header: 'Subnet', cell: (n) => <SubnetName id={n.subnetId} /> },
  {
    id: 'ip',
    header: 'Private IP',
    cell: (n) => (
      <span className={css({ display: 'grid' })}>
        {nicAddresses(n).map((a) => (
          <span key={a} className={mono}>
            {a}
          </span>
        ))}
      </span>
    ),
  },
  { id: 'mac', header: 'MAC', cell: (n) => <span className={mono}>{n.mac}</span> },
  {
    id: 'primary',
    header: 'Primary',
    cell: (n) => (n.primary ? <Badge color="green">primary</Badge> : 'No'),
    sortValue: (n) => n.primary,
  },
])

const ipColumns = defineColumns<ExternalIp>([
  { id: 'kind', header: 'Kind', cell: (ip) => externalIpKind(ip), sortValue: (ip) => ip.kind },
  {
    id: 'ip',
    header: 'IP address',
    cell: (ip) => (
      <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
        <span className={mono}>{ip.ip}</span>
        <CopyButton value={ip.ip} label={`IP address ${ip.ip}`} />
      </span>
    ),
    sortValue: (ip) => ip.ip,
  },
  { id: 'name', header: 'Name', cell: (ip) => (ip.kind === 'floating' ? ip.name : '—') },
  { id: 'pool', header: 'Pool', cell: (ip) => <PoolName id={ip.ipPoolId} /> },
])

export default function NetworkingTab() {
  const ref = useRouteParams('project', 'instance')
  const nics = useList('instanceNetworkInterfaceList', instanceNicsParams(ref))
  const ips = useList('instanceExternalIpList', instanceExternalIpsParams(ref))
  return (
    <>
      <TabTable
        title="Network interfaces"
        list={{ state: nics, what: 'network interfaces' }}
        columns={nicColumns}
        rows={nics.data?.items ?? []}
        rowKey={(n) => n.id}
        loading={nics.isLoading}
        empty={{
          icon: <NetworkingIcon />,
          title: 'No network interfaces',
          body: 'This instance has no network interface, so it is not on any VPC.',
        }}
      />
      <TabTable
        title="External IPs"
        list={{ state: ips, what: 'external IPs' }}
        columns={ipColumns}
        rows={ips.data?.items ?? []}
        rowKey={(ip) => `${ip.kind}:${ip.ip}`}
        loading={ips.isLoading}
        empty={{
          icon: <NetworkingIcon />,
          title: 'No external IPs',
          body: 'This instance is not reachable from outside its VPC.',
        }}
      />
    </>
  )
}
