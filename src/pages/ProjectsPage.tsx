// Projects (silo level): name, description, created; edit and delete from the row menu. The create
// form (`/projects-new`) and the edit form (`/projects/{project}/edit`) are child routes: their side
// modal opens in this list's outlet, over the list, and closing it keeps the list's page.
import type { Project } from '../api/types'
import { createdColumn, descriptionColumn, nameColumn } from '../components/columns'
import { ResourceList } from '../components/ResourceList'
import { defineColumns } from '../components/Table'
import { lists } from '../lists'
import { paths } from '../paths'
import { rowDelete } from '../ui/delete'
import { kinds } from '../ui/kinds'

const columns = defineColumns<Project>([
  nameColumn({ href: (p) => paths.instances({ project: p.name }) }),
  descriptionColumn(),
  createdColumn(),
])

const deleteProject = rowDelete(kinds.project, 'projectDelete', 'projectList', (p: Project) => ({
  path: { project: p.name },
}))

export default function ProjectsPage() {
  // Spec section 6: projects are created, changed and deleted by silo collaborators or stronger.
  return (
    <ResourceList
      list={lists.projects}
      columns={columns}
      create={{ to: paths.projectsNew() }}
      empty="Projects your silo role lets you see appear here."
      edit={{ to: (p) => paths.projectEdit({ project: p.name }), keepQuery: true }}
      remove={{ run: deleteProject }}
    />
  )
}
