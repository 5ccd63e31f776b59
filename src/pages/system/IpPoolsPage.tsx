// IP pools of the fleet (issue 15): name (a link to the pool's page), description, IP version, addresses
// used and remaining (one utilization call per pool, read after the rows have painted and only for
// rows on screen) and created; Edit (over the pool's page) and Delete from the row menu. A pool that
// still has ranges is refused, and the confirm dialog says so. `ip-pools-new` opens over the list.
import { lazy, Suspense } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation } from 'wouter'
import { NetworkingIcon } from '../../components/icons'
import { AfterPaint, nameColumn, ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { deletePool, type IpPool, ipPoolNeed, VERSION_LABELS } from '../../forms/ip-pool'
import { useFleetActionReason } from '../../hooks/use-action-reason'
import { useListGo } from '../../hooks/use-list-go'
import { paths } from '../../paths'
import { Outlet } from '../../route-context'
import { editDeleteActions } from '../../ui/row-actions'
import { formatDateTime } from '../../util/date'
import { PoolUsage } from './ip-pool/usage'

const columns = defineColumns<IpPool>([
  nameColumn((p) => (
    <Link href={paths.ipPool({ pool: p.name })} className={css({ fontWeight: 'medium' })}>
      {p.name}
    </Link>
  )),
  { id: 'description', header: 'Description', cell: (p) => p.description },
  { id: 'version', header: 'IP version', cell: (p) => VERSION_LABELS[p.ipVersion] },
  {
    id: 'usage',
    header: 'Addresses used / remaining',
    align: 'right',
    cell: (p) => <AfterPaint>{() => <PoolUsage pool={p.name} />}</AfterPaint>,
  },
  { id: 'created', header: 'Created', cell: (p) => formatDateTime(p.timeCreated) },
])

// The form loads when it is opened, not with the list.
const IpPoolForm = lazy(() => import('../../forms/ip-pool-form').then((m) => ({ default: m.IpPoolForm })))

/** `ip-pools-new`, in the list's outlet: a new pool opens on its page, ready for its first range. */
export function IpPoolCreateRoute() {
  const go = useListGo()
  const [, navigate] = useLocation()
  return (
    <Suspense fallback={null}>
      <IpPoolForm
        onDismiss={() => go(paths.ipPools())}
        onSaved={(pool) => navigate(paths.ipPool({ pool: pool.name }))}
      />
    </Suspense>
  )
}

export default function IpPoolsPage() {
  const go = useListGo()
  const [, navigate] = useLocation()
  const createReason = useFleetActionReason(ipPoolNeed('creating an IP pool'))
  const writeReason = useFleetActionReason(ipPoolNeed('changing an IP pool'))
  return (
    <ResourceList
      title="IP Pools"
      icon={<NetworkingIcon />}
      resource="IP pool"
      endpoint="systemIpPoolList"
      columns={columns}
      sortByName
      create={{ label: 'New IP pool', onClick: () => go(paths.ipPoolsNew()), disabledReason: createReason() }}
      empty={{
        title: 'No IP pools',
        body: 'IP pools hold the addresses instances and floating IPs take: create one, add ranges, link it to silos.',
      }}
      actions={(p) =>
        editDeleteActions({
          kind: 'IP pool',
          name: p.name,
          edit: () => navigate(paths.ipPoolEdit({ pool: p.name })),
          remove: () => deletePool(p),
          editReason: writeReason(),
          deleteReason: writeReason(),
        })
      }
    >
      <Outlet />
    </ResourceList>
  )
}
