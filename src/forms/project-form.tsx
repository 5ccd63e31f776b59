// New project (`/projects-new`) and edit project (`/projects/{project}/edit`), over the projects list:
// one form of name and description. Editing starts from projectView and sends projectUpdate. A taken
// name comes back on the name field ("Project name already exists", spec section 8) with every value
// kept. The projects list and the project's cached view follow a change, a rename included.
import { mutate } from '../../storage'
import type { Project } from '../api/types'
import { SideModalForm, toast } from '../components'
import { useActionReason } from '../hooks/use-action-reason'
import { useForm } from '../hooks/use-form'
import { NameAndDescription } from './fields'
import { NAME } from './validation'
import { WhenLoaded } from './when-loaded'

type Values = { name: string; description: string }

const createProject = (values: Values) =>
  mutate('projectCreate', { body: values }, { invalidates: [{ endpoint: 'projectList' }] })

/** The list and the cached view under both names: the old one is gone after a rename. */
const updateProject = (current: Project, values: Values) =>
  mutate(
    'projectUpdate',
    { path: { project: current.id }, body: values },
    {
      invalidates: [
        { endpoint: 'projectList' },
        ...[current.name, values.name].map((project) => ({
          endpoint: 'projectView' as const,
          params: { path: { project } },
        })),
      ],
    },
  )

export function ProjectForm({ project, onDismiss }: { project?: string; onDismiss: () => void }) {
  if (project === undefined) return <ProjectFields onDismiss={onDismiss} />
  return (
    <WhenLoaded
      endpoint="projectView"
      params={{ path: { project } }}
      title="Edit project"
      subtitle={project}
      onDismiss={onDismiss}
    >
      {(current) => <ProjectFields current={current} onDismiss={onDismiss} />}
    </WhenLoaded>
  )
}

function ProjectFields({ current, onDismiss }: { current?: Project; onDismiss: () => void }) {
  const editing = current !== undefined
  // Spec section 6: silo collaborators or stronger create and change projects.
  const reason = useActionReason({
    role: 'collaborator',
    what: editing ? 'editing a project' : 'creating a project',
  })
  const form = useForm({
    id: editing ? 'project-edit' : 'project-create',
    initial: { name: current?.name ?? '', description: current?.description ?? '' },
    rules: { name: NAME },
    op: editing ? 'projectUpdate' : 'projectCreate',
    submit: (values) => (current ? updateProject(current, values) : createProject(values)),
    onSuccess: (saved) => {
      toast.success(`Project ${saved?.name} ${editing ? 'updated' : 'created'}`)
      onDismiss()
    },
    // Kept across a sign-in round trip only when creating: an edit starts from the server's copy.
    draft: !editing,
  })
  return (
    <SideModalForm
      form={form}
      title={editing ? 'Edit project' : 'New project'}
      subtitle={current?.name}
      submitLabel={editing ? 'Update project' : 'Create project'}
      onDismiss={onDismiss}
      submitDisabledReason={reason()}
    >
      <NameAndDescription form={form} />
    </SideModalForm>
  )
}
