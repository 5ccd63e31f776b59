// Fleet roles tab of a silo (issue 15): which fleet roles each silo role confers (the silo's
// mapped_fleet_roles), read from the silo's own view, the same entry as the page's header.
import { useResource } from '../../../../storage'
import { defineColumns, UserIcon } from '../../../components'
import { fleetRoleRows, siloViewParams } from '../../../forms/silo'
import { useRouteParams } from '../../../route-context'
import { TabTable } from '../../project/instance/shared'
import { emptyOf } from '../../project/vpc/routing'

type Row = ReturnType<typeof fleetRoleRows>[number]

const roleName = (role: string) => role.replace(/_/g, ' ')

const columns = defineColumns<Row>([
  { id: 'siloRole', header: 'Silo role', cell: (r) => `Silo ${roleName(r.siloRole)}` },
  { id: 'fleetRoles', header: 'Fleet roles', cell: (r) => r.fleetRoles.map((f) => `Fleet ${f}`).join(', ') },
])

export default function FleetRolesTab() {
  const { silo } = useRouteParams('silo')
  const view = useResource('siloView', siloViewParams(silo))
  const empty = emptyOf(view, 'fleet roles of this silo', {
    icon: <UserIcon />,
    title: 'No fleet roles',
    body: `No role in silo ${silo} confers a role on the fleet.`,
  })
  return (
    <TabTable
      title="Fleet roles"
      columns={columns}
      rows={view.data ? fleetRoleRows(view.data.mappedFleetRoles) : []}
      rowKey={(r) => r.siloRole}
      loading={view.isLoading}
      empty={empty}
    />
  )
}
