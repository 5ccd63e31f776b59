// A sled's Instances tab (issue 15): the instances placed on this sled, from every silo and project,
// with their state, size and age. Read-only here (an operator acts on an instance from its project);
// the list polls while any of them is on its way to another state.
import { POLLED_INSTANCE_STATES } from '../../../../machines/instance.states'
import type { InstanceState } from '../../../api/types'
import { createdColumn, nameColumn } from '../../../components/columns'
import { ResourceList } from '../../../components/ResourceList'
import { defineColumns } from '../../../components/Table'
import { lists } from '../../../lists'
import { InstanceStateBadge } from '../../../ui/StateBadge'
import { formatBytes } from '../../../util/bytes'
import type { SledInstance } from './sled'

const columns = defineColumns<SledInstance>([
  nameColumn(),
  { id: 'project', header: 'Project', cell: (i) => i.projectName },
  { id: 'silo', header: 'Silo', cell: (i) => i.siloName },
  { id: 'state', header: 'State', cell: (i) => <InstanceStateBadge state={i.state} /> },
  { id: 'cpu', header: 'vCPUs', cell: (i) => i.ncpus, align: 'right' },
  { id: 'memory', header: 'Memory', cell: (i) => formatBytes(i.memory), align: 'right', nowrap: true },
  createdColumn(),
])

const isMoving = (i: SledInstance) => (POLLED_INSTANCE_STATES as readonly InstanceState[]).includes(i.state)

export default function SledInstancesTab() {
  return (
    <ResourceList
      list={lists.sledInstances}
      columns={columns}
      isMoving={isMoving}
      empty="No instance runs on this sled."
    />
  )
}
