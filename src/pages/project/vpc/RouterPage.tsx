// A router's page (issue 14): what the router is (kind, description, ID, created) and its routes (name,
// kind, destination and target, each with its type and value). A custom router's routes are added,
// edited and deleted here (`routes-new`, `routes/{route}/edit` open over the page); the system router is
// the VPC's own and read-only, its controls disabled with the reason. A router that does not exist is
// Page not found; offline with nothing cached says so instead.
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { defineColumns } from '../../../components'
import { descriptionColumn, nameColumn } from '../../../components/columns'
import { Detail, Details } from '../../../components/Details'
import { IdentityDetails, ResourcePage } from '../../../components/ResourcePage'
import { tables, views } from '../../../lists'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'
import { ListTable } from '../../list-table'
import { mono } from '../instance/shared'
import { RouterKind } from './RoutersTab'
import {
  describeEnd,
  kindLabel,
  type Route,
  type Router,
  routeRefusal,
  routerRefusal,
  type VpcRef,
} from './routing'

const muted = css({ color: 'fg.muted', fontSize: 'xs', display: 'block' })

function RouterProps({ router }: { router: Router }) {
  return (
    <Details>
      <Detail label="Kind">
        <RouterKind kind={router.kind} />
      </Detail>
      <IdentityDetails of={router} idLabel="router ID" />
    </Details>
  )
}

/** A destination or target: its type above its value; a gateway target links to the gateway. */
function End({ end, vpc }: { end: Route['destination'] | Route['target']; vpc: VpcRef }) {
  const { type, value } = describeEnd(end)
  return (
    <span>
      <span className={muted}>{type}</span>
      {end.type === 'internet_gateway' ? (
        <Link href={paths.vpcGateway({ ...vpc, gateway: end.value })} className={mono}>
          {value}
        </Link>
      ) : (
        <span className={mono}>{value}</span>
      )}
    </span>
  )
}

const columnsFor = (ref: VpcRef) =>
  defineColumns<Route>([
    nameColumn({ sortLocally: true }),
    { id: 'kind', header: 'Kind', cell: (r) => kindLabel(r.kind), sortValue: (r) => r.kind },
    { id: 'destination', header: 'Destination', cell: (r) => <End end={r.destination} vpc={ref} /> },
    { id: 'target', header: 'Target', cell: (r) => <End end={r.target} vpc={ref} /> },
    descriptionColumn(),
  ])

function Routes({ router, ...ref }: VpcRef & { router: Router }) {
  const at = { ...ref, router: router.name }
  return (
    <ListTable
      list={tables.routes}
      owner="router"
      create={{ to: paths.vpcRouteNew(at), refusal: routeRefusal(router) }}
      columns={columnsFor(ref)}
      edit={{ to: (r) => paths.vpcRouteEdit({ ...at, route: r.name }) }}
      remove={{ op: 'vpcRouterRouteDelete', idParam: 'route' }}
      refusal={(r) => routeRefusal(router, r)}
      skeletonRows={2}
      empty={`Router ${router.name} has no routes: its subnets follow the system router alone.`}
    />
  )
}

export default function RouterPage() {
  const ref = useRouteParams('project', 'vpc', 'router')
  return (
    <ResourcePage resource={views.router}>
      {(router) => (
        <>
          {routerRefusal(router) && (
            <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '4' })}>
              {routerRefusal(router)}: the VPC keeps its routes in step with its subnets.
            </p>
          )}
          <RouterProps router={router} />
          <Routes project={ref.project} vpc={ref.vpc} router={router} />
        </>
      )}
    </ResourcePage>
  )
}
