// IP pools of the fleet (issue 15): name (a link to the pool's page), description, IP version, addresses
// used and remaining (one utilization call per pool, read after the rows have painted and only for
// rows on screen) and created; Edit (over the pool's page) and Delete from the row menu. A pool that
// still has ranges is refused, and the confirm dialog says so. `ip-pools-new` opens over the list.
import { createdColumn, descriptionColumn, nameColumn } from '../../components/columns'
import { AfterPaint, ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { deletePool, type IpPool, VERSION_LABELS } from '../../forms/ip-pool'
import { lists } from '../../lists'
import { paths } from '../../paths'
import { PoolUsage } from './ip-pool/usage'

const columns = defineColumns<IpPool>([
  nameColumn({ href: (p) => paths.ipPool({ pool: p.name }) }),
  descriptionColumn(),
  { id: 'version', header: 'IP version', cell: (p) => VERSION_LABELS[p.ipVersion] },
  {
    id: 'usage',
    header: 'Addresses used / remaining',
    align: 'right',
    cell: (p) => <AfterPaint>{() => <PoolUsage pool={p.name} />}</AfterPaint>,
  },
  createdColumn(),
])

export default function IpPoolsPage() {
  return (
    <ResourceList
      list={lists.ipPools}
      columns={columns}
      create={{ to: paths.ipPoolsNew() }}
      empty="IP pools hold the addresses instances and floating IPs take: create one, add ranges, link it to silos."
      // The edit form opens over the pool's page.
      edit={{ to: (p) => paths.ipPoolEdit({ pool: p.name }) }}
      remove={{ run: deletePool }}
    />
  )
}
