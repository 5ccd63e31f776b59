// Projects (silo level): name, description, created; edit and delete from the row menu. The create
// form (`/projects-new`) and the edit form (`/projects/{project}/edit`) are child routes: their side
// modal opens in this list's <Outlet />, over the list, and closing it keeps the list's page.
import { lazy, Suspense, useContext } from 'react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { Project } from '../api/types'
import { FolderIcon } from '../components/icons'
import { nameColumn, ResourceList } from '../components/ResourceList'
import { defineColumns } from '../components/Table'
import { useActionReason } from '../hooks/use-action-reason'
import { useListGo } from '../hooks/use-list-go'
import { paths } from '../paths'
import { Outlet, RouteParamsContext } from '../route-context'
import { deleteListed } from '../ui/delete'
import { editDeleteActions } from '../ui/row-actions'
import { formatDateTime } from '../util/date'

const columns = defineColumns<Project>([
  nameColumn((p) => (
    <Link
      href={paths.instances({ project: p.name })}
      className={css({ fontWeight: 'medium', _hover: { textDecoration: 'underline' } })}
    >
      {p.name}
    </Link>
  )),
  { id: 'description', header: 'Description', cell: (p) => p.description },
  { id: 'created', header: 'Created', cell: (p) => formatDateTime(p.timeCreated) },
])

const deleteProject = (p: Project) =>
  deleteListed(
    'projectDelete',
    { path: { project: p.name } },
    { id: p.id, list: 'projectList' },
    `Project ${p.name} deleted`,
  )

// The form loads when it is opened, not with the list.
const ProjectForm = lazy(() => import('../forms/project-form').then((m) => ({ default: m.ProjectForm })))

/** `/projects-new` (no `:project`) and `/projects/{project}/edit`, in the list's outlet. */
export function ProjectFormRoute() {
  // Read directly: the param is absent on the create route, which useRouteParams would reject.
  const { project } = useContext(RouteParamsContext)
  const go = useListGo()
  return (
    <Suspense fallback={null}>
      <ProjectForm
        // A different project is a different form: its values start from that project.
        key={project ?? ''}
        {...(project ? { project } : {})}
        onDismiss={() => go(paths.projects())}
      />
    </Suspense>
  )
}

export default function ProjectsPage() {
  const go = useListGo()
  // Spec section 6: projects are created, changed and deleted by silo collaborators or stronger.
  const createReason = useActionReason({ role: 'collaborator', what: 'creating a project' })
  const editReason = useActionReason({ role: 'collaborator', what: 'editing a project' })
  const deleteReason = useActionReason({ role: 'collaborator', what: 'deleting a project' })
  return (
    <ResourceList
      title="Projects"
      icon={<FolderIcon />}
      resource="Project"
      endpoint="projectList"
      columns={columns}
      sortByName
      create={{
        label: 'New project',
        onClick: () => go(paths.projectsNew()),
        disabledReason: createReason(),
      }}
      empty={{ title: 'No projects', body: 'Projects your silo role lets you see appear here.' }}
      actions={(p) =>
        editDeleteActions({
          kind: 'project',
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
