// Routers tab of a VPC (issue 14): name (a link to the router's page with its routes), kind, description,
// created; Edit and Delete for custom routers (the API refuses to delete one a subnet still uses, and the
// confirm dialog shows its message). The system router is the VPC's own and read-only: its controls stay
// visible, disabled with the reason. `routers-new` and `routers/{router}/edit` open over the tab.
import { lazy, Suspense } from 'react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { useList } from '../../../../storage'
import { Badge, Button, defineColumns, NetworkingIcon } from '../../../components'
import { useActionReason } from '../../../hooks/use-action-reason'
import { useListGo } from '../../../hooks/use-list-go'
import { paths } from '../../../paths'
import { Outlet, useRouteParams } from '../../../route-context'
import { formatDateTime } from '../../../util/date'
import { TabTable } from '../instance/shared'
import {
  editDeleteMenu,
  emptyOf,
  networkingNeed,
  type Router,
  routerRefusal,
  useOverlayForm,
  type VpcRef,
} from './routing'

const RouterForm = lazy(() => import('../../../forms/router-form').then((m) => ({ default: m.RouterForm })))

const link = css({ fontWeight: 'medium', _hover: { textDecoration: 'underline' } })

/** A router's kind as a badge: the system one stands out as the VPC's own. */
export const RouterKind = ({ kind }: Pick<Router, 'kind'>) => (
  <Badge color={kind === 'system' ? 'neutral' : 'blue'}>{kind}</Badge>
)

const columnsFor = (ref: VpcRef) =>
  defineColumns<Router>([
    {
      id: 'name',
      header: 'Name',
      cell: (r) => (
        <Link href={paths.vpcRouter({ ...ref, router: r.name })} className={link}>
          {r.name}
        </Link>
      ),
      sortValue: (r) => r.name,
    },
    { id: 'kind', header: 'Kind', cell: (r) => <RouterKind kind={r.kind} />, sortValue: (r) => r.kind },
    { id: 'description', header: 'Description', cell: (r) => r.description },
    {
      id: 'created',
      header: 'Created',
      cell: (r) => formatDateTime(r.timeCreated),
      sortValue: (r) => r.timeCreated,
    },
  ])

/** `routers-new` (no `:router`) and `routers/{router}/edit`, in the tab's outlet. */
export function RouterCreateRoute() {
  const ref = useRouteParams('project', 'vpc')
  const { key, props } = useOverlayForm('router', paths.vpcRouters(ref))
  return (
    <Suspense fallback={null}>
      <RouterForm key={key} {...ref} {...props} />
    </Suspense>
  )
}
export const RouterEditRoute = RouterCreateRoute

export default function RoutersTab() {
  const ref = useRouteParams('project', 'vpc')
  const go = useListGo()
  const list = useList('vpcRouterList', { query: { ...ref, limit: 100 } })
  const createReason = useActionReason(networkingNeed(ref.project, 'creating a router'))
  const writeReason = useActionReason(networkingNeed(ref.project, 'changing a router'))
  return (
    <>
      <TabTable
        title="Routers"
        actions={
          <Button size="sm" disabledReason={createReason()} onClick={() => go(paths.vpcRoutersNew(ref))}>
            New router
          </Button>
        }
        columns={columnsFor(ref)}
        rows={list.data?.items ?? []}
        rowKey={(r) => r.id}
        rowActions={(r) =>
          editDeleteMenu({
            kind: 'router',
            row: r,
            why: writeReason(routerRefusal(r)),
            edit: () => go(paths.vpcRouterEdit({ ...ref, router: r.name })),
            remove: { op: 'vpcRouterDelete', params: { path: { router: r.id } }, list: 'vpcRouterList' },
          })
        }
        loading={list.isLoading}
        skeletonRows={2}
        empty={emptyOf(list, 'routers of this VPC', {
          icon: <NetworkingIcon />,
          title: 'No routers',
          body: `VPC ${ref.vpc} has no routers.`,
        })}
      />
      <Outlet />
    </>
  )
}
