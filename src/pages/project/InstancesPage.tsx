// Instances of a project: name, state (badge, spinner on transitional states, time in state), CPU,
// memory, created; start, stop, reboot and delete, each allowed or refused by the instance machine.
import { useMemo } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation } from 'wouter'
import type { Instance } from '../../api/types'
import { confirmAction, confirmDelete } from '../../components/confirm-queue'
import { InstancesIcon } from '../../components/icons'
import { nameColumn, ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { toast } from '../../components/toast-queue'
import { useActionReason } from '../../hooks/use-action-reason'
import { performInstanceAction } from '../../hooks/use-instance-actor'
import { paths } from '../../paths'
import { useRouteParams } from '../../route-context'
import { instanceIsMoving, instanceRowRefusal } from '../../ui/row-state'
import { InstanceStateBadge } from '../../ui/StateBadge'
import { formatBytes } from '../../util/bytes'
import { formatDateTime, formatDuration } from '../../util/date'

const muted = css({ color: 'fg.muted', fontSize: 'xs' })

// The name links to the instance's page (its storage tab by the index redirect).
const columnsFor = (project: string) =>
  defineColumns<Instance>([
    nameColumn((i) => (
      <Link href={paths.instance({ project, instance: i.name })} className={css({ fontWeight: 'medium' })}>
        {i.name}
      </Link>
    )),
    {
      id: 'state',
      header: 'State',
      cell: (i) => (
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
          <InstanceStateBadge state={i.runState} />
          <span className={muted} title={formatDateTime(i.timeRunStateUpdated)}>
            {formatDuration(Date.now() - i.timeRunStateUpdated.getTime())}
          </span>
        </span>
      ),
    },
    { id: 'cpu', header: 'CPU', cell: (i) => `${i.ncpus} vCPU`, align: 'right' },
    { id: 'memory', header: 'Memory', cell: (i) => formatBytes(i.memory), align: 'right' },
    { id: 'created', header: 'Created', cell: (i) => formatDateTime(i.timeCreated) },
  ])

const run = (i: Instance, action: 'START' | 'REBOOT', verb: string) =>
  void performInstanceAction(i, action).catch((e: Error) =>
    toast.error(`Could not ${verb} ${i.name}`, e.message),
  )

export default function InstancesPage() {
  const { project } = useRouteParams('project')
  const columns = useMemo(() => columnsFor(project), [project])
  const [, navigate] = useLocation()
  // Instances are what a limited collaborator may manage (networking is not).
  const reason = useActionReason({ project, role: 'limited_collaborator', what: 'managing instances' })
  const why = (i: Instance, action: Parameters<typeof instanceRowRefusal>[1]) =>
    reason(instanceRowRefusal(i, action))
  return (
    <ResourceList
      title="Instances"
      icon={<InstancesIcon />}
      resource="Instance"
      endpoint="instanceList"
      params={{ query: { project } }}
      columns={columns}
      sortByName
      create={{
        label: 'New instance',
        onClick: () => navigate(paths.instancesNew({ project })),
        disabledReason: reason(),
      }}
      isMoving={instanceIsMoving}
      empty={{ title: 'No instances', body: `Project ${project} has no instances yet.` }}
      actions={(i) => [
        { label: 'Start', disabledReason: why(i, 'START'), onSelect: () => run(i, 'START', 'start') },
        {
          label: 'Stop',
          disabledReason: why(i, 'STOP'),
          onSelect: () =>
            confirmAction({
              title: `Stop ${i.name}`,
              content: `Stopping ${i.name} shuts down its guest. Its disks and addresses are kept.`,
              actionLabel: 'Stop',
              actionType: 'danger',
              errorTitle: `Could not stop ${i.name}`,
              run: () => performInstanceAction(i, 'STOP'),
            }),
        },
        { label: 'Reboot', disabledReason: why(i, 'REBOOT'), onSelect: () => run(i, 'REBOOT', 'reboot') },
        {
          label: 'Delete',
          danger: true,
          disabledReason: why(i, 'DELETE'),
          onSelect: () =>
            confirmDelete({
              resourceKind: 'instance',
              name: i.name,
              run: () => performInstanceAction(i, 'DELETE'),
            }),
        },
      ]}
    />
  )
}
