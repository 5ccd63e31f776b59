// Projects (silo level): name, description, created; delete through the one confirm dialog.
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { mutate } from '../../storage'
import { toUserError } from '../api/errors'
import type { Project } from '../api/types'
import {
  ActionMenu,
  confirmDelete,
  defineColumns,
  EmptyState,
  FolderIcon,
  PageHeader,
  Pagination,
  Table,
  toast,
} from '../components'
import { CacheStatus } from '../components/CacheStatus'
import { useListPage } from '../hooks/use-list-page'
import { useSiloWriteGuard } from '../hooks/use-role'
import { paths } from '../paths'
import { QueryError } from '../ui/QueryError'
import { formatDateTime } from '../util/date'

const columns = defineColumns<Project>([
  {
    id: 'name',
    header: 'Name',
    cell: (p) => (
      <Link
        href={paths.instances({ project: p.name })}
        className={css({ fontWeight: 'medium', _hover: { textDecoration: 'underline' } })}
      >
        {p.name}
      </Link>
    ),
    sortValue: (p) => p.name,
  },
  { id: 'description', header: 'Description', cell: (p) => p.description, sortValue: (p) => p.description },
  {
    id: 'created',
    header: 'Created',
    cell: (p) => formatDateTime(p.timeCreated),
    sortValue: (p) => p.timeCreated,
  },
])

export default function ProjectsPage() {
  const list = useListPage('projectList', {})
  const writeBlocked = useSiloWriteGuard('collaborator', 'deleting a project')
  return (
    <>
      <PageHeader
        title="Projects"
        icon={<FolderIcon />}
        actions={<CacheStatus {...list} onRefresh={() => void list.refresh()} />}
      />
      {list.error && !list.data ? (
        <QueryError error={list.error} />
      ) : (
        <Table
          label="Projects"
          columns={columns}
          rows={list.items}
          rowKey={(p) => p.id}
          loading={list.isLoading}
          emptyState={
            <EmptyState
              icon={<FolderIcon />}
              title="No projects"
              body="Projects your silo role lets you see appear here."
            />
          }
          rowActions={(p) => (
            <ActionMenu
              label={`Actions for ${p.name}`}
              items={[
                { label: 'Copy ID', onSelect: () => void navigator.clipboard?.writeText(p.id) },
                {
                  label: 'Delete',
                  danger: true,
                  disabledReason: writeBlocked,
                  onSelect: () =>
                    confirmDelete({
                      resourceKind: 'project',
                      name: p.name,
                      run: async () => {
                        const r = await mutate(
                          'projectDelete',
                          { path: { project: p.name } },
                          { removes: { id: p.id }, invalidates: [{ endpoint: 'projectList' }] },
                        )
                        if (r.type !== 'success') throw new Error(toUserError('projectDelete', r).message)
                        toast.success(`Project ${p.name} deleted`)
                      },
                    }),
                },
              ]}
            />
          )}
        />
      )}
      <Pagination {...list.pagination} />
    </>
  )
}
