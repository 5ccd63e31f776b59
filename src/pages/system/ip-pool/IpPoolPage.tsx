// An IP pool's page (issue 15): what the pool is (IP version, type, addresses used and remaining, ID,
// created, description) with Edit and Delete, then its tabs, ranges and linked silos, each a child
// route in the outlet; the edit form opens there too. A rename moves to the new name's page; a delete
// lands on the list (refused while the pool has ranges: the dialog shows why). An unknown pool is Page
// not found; offline with nothing cached says so instead.
import { lazy, Suspense } from 'react'
import { useLocation } from 'wouter'
import { type QueryResult, useResource } from '../../../../storage'
import { Button, NetworkingIcon, PageHeader, RouteTabs } from '../../../components'
import { CacheStatus } from '../../../components/CacheStatus'
import { confirmDelete } from '../../../components/confirm-queue'
import { Detail, Details, IdValue } from '../../../components/Details'
import {
  deletePool,
  type IpPool,
  ipPoolNeed,
  POOL_TYPE_LABELS,
  poolViewParams,
  VERSION_LABELS,
} from '../../../forms/ip-pool'
import { useFleetActionReason } from '../../../hooks/use-action-reason'
import { paths } from '../../../paths'
import { Outlet, useRouteParams } from '../../../route-context'
import { ResourceFallback } from '../../../ui/ResourceFallback'
import { formatDateTime } from '../../../util/date'
import { NotFoundPage } from '../../NotFoundPage'
import { PoolUsage } from './usage'

const IpPoolForm = lazy(() => import('../../../forms/ip-pool-form').then((m) => ({ default: m.IpPoolForm })))

/** The pool's tabs; ranges also claims its add form's path. */
export const poolTabs = (pool: string) => [
  { label: 'Ranges', href: paths.ipPoolRanges({ pool }), also: [paths.ipPoolRangesAdd({ pool })] },
  { label: 'Linked silos', href: paths.ipPoolSilos({ pool }) },
]

export default function IpPoolPage() {
  const { pool } = useRouteParams('pool')
  const view = useResource('systemIpPoolView', poolViewParams(pool))
  const data = view.data
  if (!data && view.error?.kind === 'not_found') return <NotFoundPage />
  return (
    <>
      <PageHeader
        title={data?.name ?? pool}
        icon={<NetworkingIcon />}
        actions={<PoolActions view={view} />}
      />
      {data ? (
        <>
          <Details>
            <Detail label="IP version">{VERSION_LABELS[data.ipVersion]}</Detail>
            <Detail label="Pool type">{POOL_TYPE_LABELS[data.poolType]}</Detail>
            <Detail label="Addresses used / remaining">
              <PoolUsage pool={pool} />
            </Detail>
            <Detail label="ID">
              <IdValue id={data.id} label="IP pool ID" />
            </Detail>
            <Detail label="Created">{formatDateTime(data.timeCreated)}</Detail>
            {data.description && <Detail label="Description">{data.description}</Detail>}
          </Details>
          <RouteTabs label={`IP pool ${data.name}`} tabs={poolTabs(pool)}>
            <Outlet />
          </RouteTabs>
        </>
      ) : (
        <ResourceFallback
          view={view}
          offlineBody={`IP pool ${pool} is not cached on this device yet. It shows here once the connection is back.`}
        />
      )}
    </>
  )
}

function PoolActions({ view }: { view: QueryResult<IpPool> }) {
  const [, navigate] = useLocation()
  const reason = useFleetActionReason(ipPoolNeed('changing an IP pool'))
  const pool = view.data
  const remove = async (p: IpPool) => {
    await deletePool(p)
    navigate(paths.ipPools())
  }
  return (
    <>
      {pool && (
        <>
          <Button
            size="sm"
            disabledReason={reason()}
            onClick={() => navigate(paths.ipPoolEdit({ pool: pool.name }))}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabledReason={reason()}
            onClick={() =>
              confirmDelete({ resourceKind: 'IP pool', name: pool.name, run: () => remove(pool) })
            }
          >
            Delete
          </Button>
        </>
      )}
      <CacheStatus {...view} onRefresh={() => void view.refresh()} />
    </>
  )
}

/** `ip-pools/{pool}/edit`, in the page's outlet: a rename goes to the new name's page. */
export function IpPoolEditRoute() {
  const { pool } = useRouteParams('pool')
  const [, navigate] = useLocation()
  return (
    <Suspense fallback={null}>
      <IpPoolForm
        // Another pool is another form: its values start from that pool.
        key={pool}
        pool={pool}
        onDismiss={() => navigate(paths.ipPool({ pool }))}
        onSaved={(saved) => navigate(paths.ipPool({ pool: saved.name }))}
      />
    </Suspense>
  )
}
