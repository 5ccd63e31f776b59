// Silos (issue 15): name (a link to the silo's page), description, discoverable, identity mode and
// created; Delete from the row menu (the API refuses a silo that still has projects, and the confirm
// dialog shows its message). `silos-new` opens over the list in its outlet. Writes need a fleet admin.

import { createdColumn, descriptionColumn, nameColumn } from '../../components/columns'
import { ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { deleteSilo, identityModeLabel, type Silo } from '../../forms/silo'
import { lists } from '../../lists'
import { paths } from '../../paths'

const columns = defineColumns<Silo>([
  nameColumn({ href: (silo) => paths.silo({ silo: silo.name }) }),
  descriptionColumn(),
  { id: 'discoverable', header: 'Discoverable', cell: (silo) => (silo.discoverable ? 'Yes' : 'No') },
  { id: 'identityMode', header: 'Identity mode', cell: (silo) => identityModeLabel(silo.identityMode) },
  createdColumn(),
])

export default function SilosPage() {
  return (
    <ResourceList
      list={lists.silos}
      columns={columns}
      create={{ to: paths.silosNew() }}
      empty="A silo isolates its users, projects and resources from every other silo."
      remove={{ run: deleteSilo }}
    />
  )
}
