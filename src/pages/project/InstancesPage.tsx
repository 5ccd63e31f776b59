// Instances of a project: name, state (badge, spinner on transitional states, time in state), CPU,
// memory, created; start, stop, reboot and delete with the machine deciding what each state allows.
import { css } from 'styled-system/css'
import { instanceBadgeColor, isTransitional } from '../../../machines/instance.machine'
import type { Instance } from '../../api/types'
import {
  ActionMenu,
  Badge,
  confirmAction,
  confirmDelete,
  copyText,
  defineColumns,
  EmptyState,
  InstancesIcon,
  PageHeader,
  Pagination,
  Table,
  toast,
} from '../../components'
import { CacheStatus } from '../../components/CacheStatus'
import { useInstanceActor } from '../../hooks/use-instance-actor'
import { useListPage } from '../../hooks/use-list-page'
import { useProjectWriteGuard } from '../../hooks/use-role'
import { useRouteParams } from '../../route-context'
import { QueryError } from '../../ui/QueryError'
import { formatBytes } from '../../util/bytes'
import { formatDateTime, formatDuration } from '../../util/date'

function StateCell({ instance }: { instance: Instance }) {
  const { instance: live } = useInstanceActor(instance)
  return <InstanceState instance={live} />
}

function InstanceState({ instance }: { instance: Instance }) {
  const state = instance.runState
  return (
    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
      <Badge color={instanceBadgeColor[state]} spinner={isTransitional(state)}>
        {state}
      </Badge>
      <span
        className={css({ color: 'fg.muted', fontSize: 'xs' })}
        title={formatDateTime(instance.timeRunStateUpdated)}
      >
        {formatDuration(Date.now() - instance.timeRunStateUpdated.getTime())}
      </span>
    </span>
  )
}

const columns = defineColumns<Instance>([
  {
    id: 'name',
    header: 'Name',
    cell: (i) => <span className={css({ fontWeight: 'medium' })}>{i.name}</span>,
    sortValue: (i) => i.name,
  },
  { id: 'state', header: 'State', cell: (i) => <StateCell instance={i} />, sortValue: (i) => i.runState },
  { id: 'cpu', header: 'CPU', cell: (i) => `${i.ncpus} vCPU`, sortValue: (i) => i.ncpus, align: 'right' },
  {
    id: 'memory',
    header: 'Memory',
    cell: (i) => formatBytes(i.memory),
    sortValue: (i) => i.memory,
    align: 'right',
  },
  {
    id: 'created',
    header: 'Created',
    cell: (i) => formatDateTime(i.timeCreated),
    sortValue: (i) => i.timeCreated,
  },
])

function RowActions({ instance, project }: { instance: Instance; project: string }) {
  const { instance: live, refusal, perform } = useInstanceActor(instance)
  // Instances are what a limited collaborator may manage (networking is not).
  const blocked = useProjectWriteGuard(project, 'limited_collaborator', 'managing instances')
  const reason = (action: Parameters<typeof refusal>[0]) => blocked ?? refusal(action) ?? undefined
  const run = (action: 'START' | 'STOP' | 'REBOOT', verb: string) =>
    perform(action).catch((e: Error) => toast.error(`Could not ${verb} ${live.name}`, e.message))
  return (
    <ActionMenu
      label={`Actions for ${live.name}`}
      items={[
        { label: 'Start', disabledReason: reason('START'), onSelect: () => void run('START', 'start') },
        {
          label: 'Stop',
          disabledReason: reason('STOP'),
          onSelect: () =>
            confirmAction({
              title: `Stop ${live.name}`,
              content: `Stopping ${live.name} shuts down its guest. Its disks and addresses are kept.`,
              actionLabel: 'Stop',
              actionType: 'danger',
              errorTitle: `Could not stop ${live.name}`,
              run: () => perform('STOP'),
            }),
        },
        { label: 'Reboot', disabledReason: reason('REBOOT'), onSelect: () => void run('REBOOT', 'reboot') },
        {
          label: 'Copy ID',
          onSelect: () => void copyText(live.id).then((ok) => ok && toast.success('Instance ID copied')),
        },
        {
          label: 'Delete',
          danger: true,
          disabledReason: reason('DELETE'),
          onSelect: () =>
            confirmDelete({ resourceKind: 'instance', name: live.name, run: () => perform('DELETE') }),
        },
      ]}
    />
  )
}

export default function InstancesPage() {
  const { project } = useRouteParams('project')
  const list = useListPage('instanceList', { query: { project } })
  return (
    <>
      <PageHeader
        title="Instances"
        icon={<InstancesIcon />}
        actions={<CacheStatus {...list} onRefresh={() => void list.refresh()} />}
      />
      {list.error && !list.data ? (
        <QueryError error={list.error} />
      ) : (
        <Table
          label="Instances"
          columns={columns}
          rows={list.items}
          rowKey={(i) => i.id}
          loading={list.isLoading}
          rowActions={(i) => <RowActions instance={i} project={project} />}
          emptyState={
            <EmptyState
              icon={<InstancesIcon />}
              title="No instances"
              body={`Project ${project} has no instances yet.`}
            />
          }
        />
      )}
      <Pagination {...list.pagination} />
    </>
  )
}
