// New project (`/projects-new`) and edit project (`/projects/{project}/edit`), over the projects list:
// one form of name and description. Editing starts from projectView and sends projectUpdate. A taken
// name comes back on the name field ("Project name already exists", spec section 8) with every value
// kept. The projects list and the project's cached view follow a change, a rename included.
import { mutate } from '../../storage'
import type { Project } from '../api/types'
import { views } from '../lists'
import { kinds } from '../ui/kinds'
import { useCreateOrEditForm } from './create-or-edit'
import { CreateOrEditModal, nameAndDescriptionOf } from './fields'
import { createOrLoadForm } from './when-loaded'

type Values = { name: string; description: string }

const createProject = (values: Values) =>
  mutate('projectCreate', { body: values }, { invalidates: [{ endpoint: 'projectList' }] })

/**
 * The list and the cached view under both names: after a rename the old one is gone, so it is only
 * marked (the closing form reads it: a refetch now would answer 404).
 */
const updateProject = (current: Project, values: Values) =>
  mutate(
    'projectUpdate',
    { path: { project: current.id }, body: values },
    {
      invalidates: [
        { endpoint: 'projectList' },
        { endpoint: 'projectView', params: { path: { project: values.name } } },
        ...(current.name === values.name
          ? []
          : [
              {
                endpoint: 'projectView' as const,
                params: { path: { project: current.name } },
                refetch: false as const,
              },
            ]),
      ],
    },
  )

export const ProjectForm = createOrLoadForm(views.project, ProjectFields)

function ProjectFields({ current, onDismiss }: { current?: Project | undefined; onDismiss: () => void }) {
  // Spec section 6: silo collaborators or stronger create and change projects.
  const made = useCreateOrEditForm({
    kind: kinds.project,
    current,
    initial: nameAndDescriptionOf(current),
    submit: (values) => (current ? updateProject(current, values) : createProject(values)),
    onDismiss,
  })
  return <CreateOrEditModal {...made} />
}
