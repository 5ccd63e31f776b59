// Routers tab of a VPC (issue 14): name (a link to the router's page with its routes), kind, description,
// created; Edit and Delete for custom routers (the API refuses to delete one a subnet still uses, and the
// confirm dialog shows its message). The system router is the VPC's own and read-only: its controls stay
// visible, disabled with the reason. `routers-new` and `routers/{router}/edit` open over the tab.
import { Badge, defineColumns } from '../../../components'
import { descriptionColumn } from '../../../components/columns'
import { tables } from '../../../lists'
import { paths } from '../../../paths'
import { Outlet, useRouteParams } from '../../../route-context'
import { createdColumn, ListTable, linkColumn } from '../../list-table'
import { type Router, routerRefusal, type VpcRef } from './routing'

/** A router's kind as a badge: the system one stands out as the VPC's own. */
export const RouterKind = ({ kind }: Pick<Router, 'kind'>) => (
  <Badge color={kind === 'system' ? 'neutral' : 'blue'}>{kind}</Badge>
)

const columnsFor = (ref: VpcRef) =>
  defineColumns<Router>([
    linkColumn({ name: (r) => r.name, href: (r) => paths.vpcRouter({ ...ref, router: r.name }) }),
    { id: 'kind', header: 'Kind', cell: (r) => <RouterKind kind={r.kind} />, sortValue: (r) => r.kind },
    descriptionColumn(),
    createdColumn(),
  ])

export default function RoutersTab() {
  const ref = useRouteParams('project', 'vpc')
  return (
    <>
      <ListTable
        list={tables.routers}
        owner="VPC"
        create={{ to: paths.vpcRoutersNew(ref) }}
        columns={columnsFor(ref)}
        edit={{ to: (r) => paths.vpcRouterEdit({ ...ref, router: r.name }) }}
        remove={{ op: 'vpcRouterDelete', idParam: 'router' }}
        refusal={routerRefusal}
        skeletonRows={2}
        empty={`VPC ${ref.vpc} has no routers.`}
      />
      <Outlet />
    </>
  )
}
