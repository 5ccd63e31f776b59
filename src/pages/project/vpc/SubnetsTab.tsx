// Subnets tab of a VPC (issue 14): name, IPv4 and IPv6 blocks, custom router (its name read by id),
// description, created; Edit, Copy ID and Delete from the row menu (the API refuses to delete a subnet
// that still has network interfaces, and the confirm dialog shows its message), and the subnet's network
// interfaces in a side sheet anyone may open. `subnets-new` and `subnets/{subnet}/edit` open over the
// tab in its outlet. Every list is read through storage, so a second visit paints offline.
import { useState } from 'react'
import { css } from 'styled-system/css'
import { useResource } from '../../../../storage'
import type { ListItem } from '../../../api/types'
import { defineColumns, SideModal } from '../../../components'
import { descriptionColumn, nameColumn } from '../../../components/columns'
import { TABLE_LIMIT, table, tables } from '../../../lists'
import { paths } from '../../../paths'
import { Outlet, useRouteParams } from '../../../route-context'
import { kinds } from '../../../ui/kinds'
import { createdColumn, ListTable } from '../../list-table'
import { NicAddresses } from '../instance/names'
import { mono } from '../instance/shared'
import type { Subnet } from './routing'

const none = <span className={css({ color: 'fg.muted' })}>—</span>

function RouterName({ id }: { id: string }) {
  const router = useResource('vpcRouterView', { path: { router: id } }).data
  return router ? <span>{router.name}</span> : <span className={mono}>{id}</span>
}

function InstanceName({ id }: { id: string }) {
  const instance = useResource('instanceView', { path: { instance: id } }).data
  return instance ? <span>{instance.name}</span> : <span className={mono}>{id}</span>
}

const columns = defineColumns<Subnet>([
  nameColumn({ sortLocally: true }),
  { id: 'ipv4', header: 'IPv4 block', cell: (s) => <span className={mono}>{s.ipv4Block}</span> },
  { id: 'ipv6', header: 'IPv6 block', cell: (s) => <span className={mono}>{s.ipv6Block}</span> },
  {
    id: 'router',
    header: 'Custom router',
    cell: (s) => (s.customRouterId ? <RouterName id={s.customRouterId} /> : none),
  },
  descriptionColumn(),
  createdColumn(),
])

type Nic = ListItem<'vpcSubnetListNetworkInterfaces'>
const nicsParams = (project: string, vpc: string, subnet: string) => ({
  path: { subnet },
  query: { project, vpc, limit: TABLE_LIMIT },
})

const nicColumns = defineColumns<Nic>([
  nameColumn({ sortLocally: true }),
  { id: 'instance', header: 'Instance', cell: (n) => <InstanceName id={n.instanceId} /> },
  {
    id: 'ip',
    header: 'Private IP',
    cell: (n) => <NicAddresses nic={n} />,
  },
  { id: 'primary', header: 'Primary', cell: (n) => (n.primary ? 'Yes' : 'No') },
])

/** The interfaces attached to one subnet: what keeps it from being deleted. */
function SubnetNics({
  project,
  vpc,
  subnet,
  onDismiss,
}: {
  project: string
  vpc: string
  subnet: string
  onDismiss: () => void
}) {
  return (
    <SideModal open onDismiss={onDismiss} title="Network interfaces" subtitle={subnet} cancelLabel="Close">
      <ListTable
        list={table(kinds.networkInterface, 'vpcSubnetListNetworkInterfaces', () =>
          nicsParams(project, vpc, subnet),
        )}
        title={`Network interfaces in ${subnet}`}
        owner="subnet"
        columns={nicColumns}
        empty={`No instance has an interface in ${subnet}.`}
      />
    </SideModal>
  )
}

export default function SubnetsTab() {
  const { project, vpc } = useRouteParams('project', 'vpc')
  const [nicsOf, setNicsOf] = useState<string | null>(null)
  return (
    <>
      <ListTable
        list={tables.subnets}
        owner="VPC"
        create={{ to: paths.vpcSubnetsNew({ project, vpc }) }}
        columns={columns}
        edit={{ to: (s) => paths.vpcSubnetEdit({ project, vpc, subnet: s.name }) }}
        actions={(s) => [{ label: 'Network interfaces', onSelect: () => setNicsOf(s.name) }]}
        remove={{ op: 'vpcSubnetDelete', idParam: 'subnet' }}
        skeletonRows={2}
        empty={`VPC ${vpc} has no subnets. Instances get their interfaces in a subnet.`}
      />
      {nicsOf && <SubnetNics project={project} vpc={vpc} subnet={nicsOf} onDismiss={() => setNicsOf(null)} />}
      <Outlet />
    </>
  )
}
