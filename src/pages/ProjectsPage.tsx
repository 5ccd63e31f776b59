// Projects (silo level): name, description, created; edit and delete from the row menu. The create
// form (`/projects-new`) and the edit form (`/projects/{project}/edit`) are child routes: their side
// modal opens in this list's <Outlet />, over the list, and closing it keeps the list's page.
import type { Project } from '../api/types'
import { createdColumn, descriptionColumn } from '../components/columns'
import { nameColumn, ResourceList } from '../components/ResourceList'
import { defineColumns } from '../components/Table'
import { useActionReason } from '../hooks/use-action-reason'
import { useListGo } from '../hooks/use-list-go'
import { paths } from '../paths'
import { Outlet } from '../route-context'
import { rowDelete } from '../ui/delete'
import { type FormRoute, paramsFormRoute } from '../ui/form-route'
import { kinds } from '../ui/kinds'
import { editDeleteActions } from '../ui/row-actions'

const columns = defineColumns<Project>([
  nameColumn({ href: (p) => paths.instances({ project: p.name }) }),
  descriptionColumn(),
  createdColumn(),
])

const deleteProject = rowDelete(kinds.project, 'projectDelete', 'projectList', (p: Project) => ({
  path: { project: p.name },
}))

/** `/projects-new` (no `:project`) and `/projects/{project}/edit`, in the list's outlet. */
export const ProjectFormRoute: FormRoute = paramsFormRoute(
  () => import('../forms/project-form').then((m) => m.ProjectForm),
  { params: [], edit: 'project', back: paths.projects },
)

export default function ProjectsPage() {
  const go = useListGo()
  // Spec section 6: projects are created, changed and deleted by silo collaborators or stronger.
  const createReason = useActionReason({ role: 'collaborator', what: 'creating a project' })
  const editReason = useActionReason({ role: 'collaborator', what: 'editing a project' })
  const deleteReason = useActionReason({ role: 'collaborator', what: 'deleting a project' })
  return (
    <ResourceList
      kind={kinds.project}
      endpoint="projectList"
      columns={columns}
      create={{
        label: 'New project',
        to: paths.projectsNew(),
        disabledReason: createReason(),
      }}
      empty={{ title: 'No projects', body: 'Projects your silo role lets you see appear here.' }}
      actions={(p) =>
        editDeleteActions({
          kind: kinds.project,
          name: p.name,
          edit: () => go(paths.projectEdit({ project: p.name })),
          remove: () => deleteProject(p),
          editReason: editReason(),
          deleteReason: deleteReason(),
        })
      }
    >
      <Outlet />
    </ResourceList>
  )
}
