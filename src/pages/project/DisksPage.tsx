// Disks of a project: name, state (badge, spinner on transitional states, underscores as spaces),
// size, attached instance, created; snapshot, detach and delete with the disk machine deciding what
// each state allows (spec section 4), and the reason shown for every disabled action. The create form
// (`/projects/{project}/disks-new`) is a child route: its side modal opens over this list, in the
// list's <Outlet />, and keeps the list's query (`?page=`) so closing it returns to the same page.
import { useMemo } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation, useSearch } from 'wouter'
import { diskBadgeColor, diskStateLabel, isDiskTransitional } from '../../../machines/disk.machine'
import { useResource } from '../../../storage'
import type { Disk } from '../../api/types'
import {
  ActionMenu,
  Badge,
  Button,
  confirmAction,
  confirmDelete,
  copyText,
  DisksIcon,
  defineColumns,
  EmptyState,
  PageHeader,
  Pagination,
  PlusIcon,
  Table,
  toast,
} from '../../components'
import { CacheStatus } from '../../components/CacheStatus'
import { DiskCreateForm } from '../../forms/disk-create'
import { useDiskActor } from '../../hooks/use-disk-actor'
import { useListPage } from '../../hooks/use-list-page'
import { useWriteGuard } from '../../hooks/use-write-guard'
import { paths, withSearch } from '../../paths'
import { Outlet, useRouteParams } from '../../route-context'
import { QueryError } from '../../ui/QueryError'
import { formatBytes } from '../../util/bytes'
import { formatDateTime } from '../../util/date'

function DiskStateBadge({ disk }: { disk: Disk }) {
  const state = disk.state.state
  return (
    <Badge color={diskBadgeColor[state]} spinner={isDiskTransitional(state)}>
      {diskStateLabel(state)}
    </Badge>
  )
}

function StateCell({ disk }: { disk: Disk }) {
  const { disk: live } = useDiskActor(disk)
  return <DiskStateBadge disk={live} />
}

function InstanceName({ id, project }: { id: string; project: string }) {
  const r = useResource('instanceView', { path: { instance: id } })
  const name = r.data?.name
  if (!name)
    return <span className={css({ color: 'fg.muted', fontFamily: 'mono', fontSize: 'xs' })}>{id}</span>
  return (
    <Link href={paths.instances({ project })} className={css({ _hover: { textDecoration: 'underline' } })}>
      {name}
    </Link>
  )
}

function InstanceCell({ disk, project }: { disk: Disk; project: string }) {
  const { disk: live } = useDiskActor(disk)
  const instance = 'instance' in live.state ? live.state.instance : undefined
  return instance ? (
    <InstanceName id={instance} project={project} />
  ) : (
    <span className={css({ color: 'fg.muted' })}>
      <span aria-hidden="true">—</span>
      <span className={css({ srOnly: true })}>None</span>
    </span>
  )
}

const columnsFor = (project: string) =>
  defineColumns<Disk>([
    {
      id: 'name',
      header: 'Name',
      cell: (d) => <span className={css({ fontWeight: 'medium' })}>{d.name}</span>,
      sortValue: (d) => d.name,
    },
    { id: 'state', header: 'State', cell: (d) => <StateCell disk={d} />, sortValue: (d) => d.state.state },
    {
      id: 'size',
      header: 'Size',
      cell: (d) => formatBytes(d.size),
      sortValue: (d) => d.size,
      align: 'right',
    },
    { id: 'instance', header: 'Instance', cell: (d) => <InstanceCell disk={d} project={project} /> },
    {
      id: 'created',
      header: 'Created',
      cell: (d) => formatDateTime(d.timeCreated),
      sortValue: (d) => d.timeCreated,
    },
  ])

function RowActions({ disk }: { disk: Disk }) {
  const { disk: live, refusal, perform } = useDiskActor(disk)
  const offline = useWriteGuard()
  const reason = (a: Parameters<typeof refusal>[0]) => offline ?? refusal(a) ?? undefined
  return (
    <ActionMenu
      label={`Actions for ${live.name}`}
      items={[
        {
          label: 'Snapshot',
          disabledReason: reason('SNAPSHOT'),
          onSelect: () =>
            void perform({ type: 'SNAPSHOT' })
              .then(() => toast.success(`Snapshot of ${live.name} started`))
              .catch((e: Error) => toast.error(`Could not snapshot ${live.name}`, e.message)),
        },
        {
          label: 'Detach',
          disabledReason: reason('DETACH'),
          onSelect: () =>
            confirmAction({
              title: `Detach ${live.name}`,
              content: `Detach ${live.name} from its instance? The disk and its data are kept.`,
              actionLabel: 'Detach',
              actionType: 'primary',
              errorTitle: `Could not detach ${live.name}`,
              run: () => perform({ type: 'DETACH' }),
            }),
        },
        {
          label: 'Copy ID',
          onSelect: () => void copyText(live.id).then((ok) => ok && toast.success('Disk ID copied')),
        },
        {
          label: 'Delete',
          danger: true,
          disabledReason: reason('DELETE'),
          onSelect: () =>
            confirmDelete({ resourceKind: 'disk', name: live.name, run: () => perform({ type: 'DELETE' }) }),
        },
      ]}
    />
  )
}

/** `/projects/{project}/disks-new`: the create form, in the list's outlet. */
export function DiskCreateRoute() {
  const { project } = useRouteParams('project')
  const [, navigate] = useLocation()
  const search = useSearch()
  return (
    <DiskCreateForm
      project={project}
      onDismiss={() => navigate(withSearch(paths.disks({ project }), search))}
    />
  )
}

export default function DisksPage() {
  const { project } = useRouteParams('project')
  const [, navigate] = useLocation()
  const search = useSearch()
  const list = useListPage('diskList', { query: { project } })
  const writeBlocked = useWriteGuard()
  const columns = useMemo(() => columnsFor(project), [project])
  const openCreate = () => navigate(withSearch(paths.disksNew({ project }), search))
  return (
    <>
      <PageHeader
        title="Disks"
        icon={<DisksIcon />}
        actions={
          <>
            <CacheStatus {...list} onRefresh={() => void list.refresh()} />
            <Button
              variant="primary"
              onClick={openCreate}
              {...(writeBlocked ? { disabledReason: writeBlocked } : {})}
            >
              <PlusIcon /> New disk
            </Button>
          </>
        }
      />
      {list.error && !list.data ? (
        <QueryError error={list.error} />
      ) : (
        <Table
          label="Disks"
          columns={columns}
          rows={list.items}
          rowKey={(d) => d.id}
          loading={list.isLoading}
          rowActions={(d) => <RowActions disk={d} />}
          emptyState={
            <EmptyState
              icon={<DisksIcon />}
              title="No disks"
              body={`Project ${project} has no disks yet. Create a blank disk or upload an image file.`}
              action={{ label: 'New disk', onClick: openCreate }}
            />
          }
        />
      )}
      <Pagination {...list.pagination} />
      <Outlet />
    </>
  )
}
