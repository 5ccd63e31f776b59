// The inventory's Sleds tab (issue 15): every sled of the fleet with its ID (linked to its page),
// baseboard serial, part and revision, policy, provision policy and state. The row menu sets the
// provision policy (fleet admin; never for an expunged sled), in a small dialog over the tab.
import { defineColumns } from '../../../components/Table'
import { lists } from '../../../lists'
import { baseboardColumns, HardwareStateBadge, PolicyBadge, RackPartList, SledId } from './columns'
import { useProvisionPolicyAction } from './provision-policy'
import { provisionPolicyLabel, type Sled } from './sled'

const columns = defineColumns<Sled>([
  { id: 'id', header: 'ID', cell: (s) => <SledId id={s.id} /> },
  ...baseboardColumns<Sled>(),
  { id: 'policy', header: 'Policy', cell: (s) => <PolicyBadge policy={s.policy} /> },
  { id: 'provision', header: 'Provision policy', cell: provisionPolicyLabel },
  { id: 'state', header: 'State', cell: (s) => <HardwareStateBadge state={s.state} /> },
])

export default function SledsTab() {
  const policy = useProvisionPolicyAction()
  return (
    <RackPartList
      list={lists.sleds}
      columns={columns}
      actions={(s) => [policy.item(s)]}
      empty="No sled has been added to the rack yet."
    >
      {policy.dialog}
    </RackPartList>
  )
}
