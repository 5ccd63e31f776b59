// Projects (silo level): name, description, created; delete through the one confirm dialog.
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { Project } from '../api/types'
import { confirmDelete } from '../components/confirm-queue'
import { FolderIcon } from '../components/icons'
import { nameColumn, ResourceList } from '../components/ResourceList'
import { defineColumns } from '../components/Table'
import { useActionReason } from '../hooks/use-action-reason'
import { paths } from '../paths'
import { deleteListed } from '../ui/delete'
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

export default function ProjectsPage() {
  const reason = useActionReason({ role: 'collaborator', what: 'deleting a project' })
  return (
    <ResourceList
      title="Projects"
      icon={<FolderIcon />}
      resource="Project"
      endpoint="projectList"
      columns={columns}
      sortByName
      empty={{ title: 'No projects', body: 'Projects your silo role lets you see appear here.' }}
      actions={(p) => [
        {
          label: 'Delete',
          danger: true,
          disabledReason: reason(),
          onSelect: () =>
            confirmDelete({
              resourceKind: 'project',
              name: p.name,
              run: () =>
                deleteListed(
                  'projectDelete',
                  { path: { project: p.name } },
                  { id: p.id, list: 'projectList' },
                  `Project ${p.name} deleted`,
                ),
            }),
        },
      ]}
    />
  )
}
