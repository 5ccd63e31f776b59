// The inventory's Switches tab (issue 15): each rack switch with its baseboard and rack. Read-only.
import { defineColumns } from '../../../components/Table'
import { lists } from '../../../lists'
import { baseboardColumns, RackPartList, ShortId } from './columns'
import type { Switch } from './sled'

const columns = defineColumns<Switch>([
  { id: 'id', header: 'ID', cell: (s) => <ShortId id={s.id} what="switch ID" /> },
  ...baseboardColumns<Switch>(),
  { id: 'rack', header: 'Rack', cell: (s) => <ShortId id={s.rackId} what="rack ID" /> },
])

export default function SwitchesTab() {
  return (
    <RackPartList list={lists.switches} columns={columns} empty="No switch has been found in the rack." />
  )
}
