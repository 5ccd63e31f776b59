// Internet gateways tab of a VPC (issue 14): each gateway with its IP pools and IP addresses (read per
// row, after the rows have painted); `internet-gateways/{gateway}` opens a side sheet over the tab with
// the gateway's pools, its addresses and the routes of any router of the VPC whose target is this
// gateway (every router's routes are read through storage, so a second visit paints them offline).
// Gateways are read-only here: nothing on this tab writes.
import { useCallback, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation } from 'wouter'
import { useList, useResource } from '../../../../storage'
import { defineColumns, NetworkingIcon, SideModal } from '../../../components'
import { descriptionColumn, nameColumn } from '../../../components/columns'
import { AfterPaint } from '../../../components/ResourceList'
import { tables } from '../../../lists'
import { paths } from '../../../paths'
import { Outlet, useRouteParams } from '../../../route-context'
import { QueryError } from '../../../ui/QueryError'
import { createdColumn, ListTable, linkColumn } from '../../list-table'
import { PoolName } from '../instance/names'
import { mono, TabTable } from '../instance/shared'
import { describeEnd, emptyOf, type Gateway, type Route, type Router, routesTo, type VpcRef } from './routing'

type GatewayRef = VpcRef & { gateway: string }
const stack = css({ display: 'grid', gap: '0.5' })

// A gateway's attachments, read by its cells on the tab and by its side sheet alike (the same keys).
const usePools = (ref: GatewayRef) => useList('internetGatewayIpPoolList', tables.gatewayIpPools.params(ref))
const useAddresses = (ref: GatewayRef) =>
  useList('internetGatewayIpAddressList', tables.gatewayIpAddresses.params(ref))

function PoolsCell(ref: GatewayRef) {
  const pools = usePools(ref).data?.items
  if (!pools) return null
  return (
    <span className={stack}>
      {pools.length === 0 ? '—' : pools.map((p) => <PoolName key={p.id} id={p.ipPoolId} />)}
    </span>
  )
}

function AddressesCell(ref: GatewayRef) {
  const addresses = useAddresses(ref).data?.items
  if (!addresses) return null
  return (
    <span className={stack}>
      {addresses.length === 0
        ? '—'
        : addresses.map((a) => (
            <span key={a.id} className={mono}>
              {a.address}
            </span>
          ))}
    </span>
  )
}

const columnsFor = (ref: VpcRef) =>
  defineColumns<Gateway>([
    linkColumn({
      name: (g) => g.name,
      href: (g) => paths.vpcGateway({ ...ref, gateway: g.name }),
      keepQuery: true,
    }),
    descriptionColumn(),
    {
      id: 'pools',
      header: 'IP pools',
      cell: (g) => <AfterPaint>{() => <PoolsCell {...ref} gateway={g.name} />}</AfterPaint>,
    },
    {
      id: 'addresses',
      header: 'IP addresses',
      cell: (g) => <AfterPaint>{() => <AddressesCell {...ref} gateway={g.name} />}</AfterPaint>,
    },
    createdColumn(),
  ])

type Pool = NonNullable<ReturnType<typeof usePools>['data']>['items'][number]
type Address = NonNullable<ReturnType<typeof useAddresses>['data']>['items'][number]
type RouteTo = { router: Router; route: Route }

const poolColumns = defineColumns<Pool>([
  { id: 'pool', header: 'IP pool', cell: (p) => <PoolName id={p.ipPoolId} /> },
  { id: 'name', header: 'Attachment', cell: (p) => p.name },
  descriptionColumn(),
])

const addressColumns = defineColumns<Address>([
  { id: 'address', header: 'Address', cell: (a) => <span className={mono}>{a.address}</span> },
  nameColumn(),
  descriptionColumn(),
])

const routeColumnsFor = (ref: VpcRef) =>
  defineColumns<RouteTo>([
    linkColumn({
      id: 'router',
      header: 'Router',
      name: ({ router }) => router.name,
      href: ({ router }) => paths.vpcRouter({ ...ref, router: router.name }),
    }),
    { id: 'route', header: 'Route', cell: ({ route }) => route.name, sortValue: ({ route }) => route.name },
    {
      id: 'destination',
      header: 'Destination',
      cell: ({ route }) => {
        const { type, value } = describeEnd(route.destination)
        return (
          <span>
            {type} <span className={mono}>{value}</span>
          </span>
        )
      },
    },
  ])

type Found = { rows: RouteTo[]; loading: boolean }

/** Reads one router's routes and reports the ones to the gateway; renders nothing. */
function RouterProbe({
  router,
  gateway,
  report,
  ...ref
}: VpcRef & {
  router: Router
  gateway: Pick<Gateway, 'id' | 'name'>
  report: (id: string, f: Found) => void
}) {
  // The keys the routers tab and the router's page read.
  const routes = useList('vpcRouterRouteList', tables.routes.params({ ...ref, router: router.name }))
  const items = routes.data?.items
  const { id, name } = gateway
  useEffect(() => {
    const rows = routesTo({ id, name }, items ?? []).map((route) => ({ router, route }))
    report(router.id, { rows, loading: routes.isLoading })
  }, [items, routes.isLoading, router, id, name, report])
  return null
}

/** The routes of every router of the VPC whose target is the gateway. */
function RoutesToGateway({ gateway, ...ref }: VpcRef & { gateway: Pick<Gateway, 'id' | 'name'> }) {
  const routers = useList('vpcRouterList', tables.routers.params(ref))
  const [found, setFound] = useState<Record<string, Found>>({})
  const report = useCallback((id: string, f: Found) => setFound((cur) => ({ ...cur, [id]: f })), [])
  const all = routers.data?.items ?? []
  const rows = all.flatMap((r) => found[r.id]?.rows ?? [])
  const loading = routers.isLoading || all.some((r) => found[r.id]?.loading ?? !routers.isOffline)
  return (
    <>
      {all.map((r) => (
        <RouterProbe key={r.id} {...ref} router={r} gateway={gateway} report={report} />
      ))}
      <TabTable
        title="Routes to this gateway"
        columns={routeColumnsFor(ref)}
        rows={rows}
        rowKey={(x) => x.route.id}
        loading={loading}
        empty={emptyOf(routers, 'routers of this VPC', {
          icon: <NetworkingIcon />,
          title: 'No routes',
          body: `No route of any router of this VPC sends traffic to ${gateway.name}.`,
        })}
      />
    </>
  )
}

/** `internet-gateways/{gateway}`: the gateway's side sheet over the tab. */
export function GatewayRoute() {
  const ref = useRouteParams('project', 'vpc', 'gateway')
  const vpcRef = { project: ref.project, vpc: ref.vpc }
  const [, navigate] = useLocation()
  const view = useResource('internetGatewayView', { path: { gateway: ref.gateway }, query: vpcRef })
  const gateway = view.data
  return (
    <SideModal
      open
      onDismiss={() => navigate(paths.vpcGateways(vpcRef))}
      title={`Internet gateway ${gateway?.name ?? ref.gateway}`}
      subtitle={gateway?.description}
      cancelLabel="Close"
    >
      {view.error && !gateway && <QueryError error={view.error} />}
      <ListTable
        list={tables.gatewayIpPools}
        owner="gateway"
        columns={poolColumns}
        empty="Outbound addresses come from the pools attached to the gateway."
      />
      <ListTable
        list={tables.gatewayIpAddresses}
        owner="gateway"
        columns={addressColumns}
        empty="No single address is attached to this gateway."
      />
      <RoutesToGateway {...vpcRef} gateway={gateway ?? { id: '', name: ref.gateway }} />
    </SideModal>
  )
}

export default function GatewaysTab() {
  const ref = useRouteParams('project', 'vpc')
  return (
    <>
      <ListTable
        list={tables.internetGateways}
        owner="VPC"
        columns={columnsFor(ref)}
        skeletonRows={2}
        empty={`VPC ${ref.vpc} has no internet gateway: its instances cannot reach outside networks.`}
      />
      <Outlet />
    </>
  )
}
