// Subnets tab of a VPC (issue 14): name, IPv4 and IPv6 blocks, custom router (its name read by id),
// description, created; Edit, Copy ID and Delete from the row menu (the API refuses to delete a subnet
// that still has network interfaces, and the confirm dialog shows its message), and the subnet's network
// interfaces in a side sheet anyone may open. `subnets-new` and `subnets/{subnet}/edit` open over the
// tab in its outlet. Every list is read through storage, so a second visit paints offline.
import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { useList, useResource } from '../../../../storage'
import { Button, defineColumns, NetworkingIcon, SideModal } from '../../../components'
import { useActionReason } from '../../../hooks/use-action-reason'
import { useListGo } from '../../../hooks/use-list-go'
import { paths } from '../../../paths'
import { Outlet, useRouteParams } from '../../../route-context'
import { formatDateTime } from '../../../util/date'
import { NicAddresses } from '../instance/names'
import { mono, TabTable } from '../instance/shared'
import { editDeleteMenu, emptyOf, networkingNeed, type Subnet, useOverlayForm } from './routing'

const SubnetForm = lazy(() => import('../../../forms/subnet-form').then((m) => ({ default: m.SubnetForm })))

const LIMIT = 100
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
  {
    id: 'name',
    header: 'Name',
    cell: (s) => <span className={css({ fontWeight: 'medium' })}>{s.name}</span>,
    sortValue: (s) => s.name,
  },
  { id: 'ipv4', header: 'IPv4 block', cell: (s) => <span className={mono}>{s.ipv4Block}</span> },
  { id: 'ipv6', header: 'IPv6 block', cell: (s) => <span className={mono}>{s.ipv6Block}</span> },
  {
    id: 'router',
    header: 'Custom router',
    cell: (s) => (s.customRouterId ? <RouterName id={s.customRouterId} /> : none),
  },
  { id: 'description', header: 'Description', cell: (s) => s.description },
  {
    id: 'created',
    header: 'Created',
    cell: (s) => formatDateTime(s.timeCreated),
    sortValue: (s) => s.timeCreated,
  },
])

type Nic = NonNullable<ReturnType<typeof useNics>['data']>['items'][number]
const useNics = (project: string, vpc: string, subnet: string) =>
  useList('vpcSubnetListNetworkInterfaces', { path: { subnet }, query: { project, vpc, limit: LIMIT } })

const nicColumns = defineColumns<Nic>([
  { id: 'name', header: 'Name', cell: (n) => n.name, sortValue: (n) => n.name },
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
  const nics = useNics(project, vpc, subnet)
  const empty = emptyOf(nics, 'network interfaces of this subnet', {
    icon: <NetworkingIcon />,
    title: 'No network interfaces',
    body: `No instance has an interface in ${subnet}.`,
  })
  return (
    <SideModal open onDismiss={onDismiss} title="Network interfaces" subtitle={subnet} cancelLabel="Close">
      <TabTable
        title={`Network interfaces in ${subnet}`}
        columns={nicColumns}
        rows={nics.data?.items ?? []}
        rowKey={(n) => n.id}
        loading={nics.isLoading}
        empty={empty}
      />
    </SideModal>
  )
}

/** `subnets-new` (no `:subnet`) and `subnets/{subnet}/edit`, in the tab's outlet. */
export function SubnetCreateRoute() {
  const ref = useRouteParams('project', 'vpc')
  const { key, props } = useOverlayForm('subnet', paths.vpcSubnets(ref))
  return (
    <Suspense fallback={null}>
      <SubnetForm key={key} {...ref} {...props} />
    </Suspense>
  )
}
export const SubnetEditRoute = SubnetCreateRoute

export default function SubnetsTab() {
  const { project, vpc } = useRouteParams('project', 'vpc')
  const go = useListGo()
  const list = useList('vpcSubnetList', { query: { project, vpc, limit: LIMIT } })
  const createReason = useActionReason(networkingNeed(project, 'creating a subnet'))
  const writeReason = useActionReason(networkingNeed(project, 'changing a subnet'))
  const [nicsOf, setNicsOf] = useState<string | null>(null)
  const empty = emptyOf(list, 'subnets of this VPC', {
    icon: <NetworkingIcon />,
    title: 'No subnets',
    body: `VPC ${vpc} has no subnets. Instances get their interfaces in a subnet.`,
  })
  return (
    <>
      <TabTable
        title="Subnets"
        actions={
          <Button
            size="sm"
            disabledReason={createReason()}
            onClick={() => go(paths.vpcSubnetsNew({ project, vpc }))}
          >
            New subnet
          </Button>
        }
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(s) => s.id}
        rowActions={(s) =>
          editDeleteMenu({
            kind: 'subnet',
            row: s,
            why: writeReason(),
            edit: () => go(paths.vpcSubnetEdit({ project, vpc, subnet: s.name })),
            extra: [{ label: 'Network interfaces', onSelect: () => setNicsOf(s.name) }],
            remove: { op: 'vpcSubnetDelete', params: { path: { subnet: s.id } }, list: 'vpcSubnetList' },
          })
        }
        loading={list.isLoading}
        skeletonRows={2}
        empty={empty}
      />
      {nicsOf && <SubnetNics project={project} vpc={vpc} subnet={nicsOf} onDismiss={() => setNicsOf(null)} />}
      <Outlet />
    </>
  )
}
