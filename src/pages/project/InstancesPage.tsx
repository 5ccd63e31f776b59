// Instances of a project: name, state (badge, spinner on transitional states, time in state), vCPUs,
// memory, external IPs, created; start, stop, reboot, resize and delete, each allowed or refused by
// the instance machine, per row or on a selection of rows (bulk; not resize); and the row's way to
// its serial console (not a write: the console page itself handles a stopped instance).
import { lazy, Suspense, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation } from 'wouter'
import { useConnectivity } from '../../../storage'
import type { Instance } from '../../api/types'
import type { BulkAction } from '../../components/BulkBar'
import { createdColumn, nameColumn } from '../../components/columns'
import { confirmAction } from '../../components/confirm-queue'
import { AfterPaint, ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { toast } from '../../components/toast-queue'
import { useKindReason } from '../../hooks/use-action-reason'
import { lists } from '../../lists'
import { paths } from '../../paths'
import { useRouteParams } from '../../route-context'
import { T } from '../../strings'
import { kinds } from '../../ui/kinds'
import { toastDeleted } from '../../ui/row-actions'
import { instanceIsMoving, instanceRowRefusal } from '../../ui/row-state'
import { InstanceStateBadge } from '../../ui/StateBadge'
import { formatBytes } from '../../util/bytes'
import { formatDateTime, formatDuration } from '../../util/date'
import { ExternalIps } from './instance/ExternalIps'

// The resize (its form and rules) loads when a row asks for it, not with the list's first paint.
const ResizeDialog = lazy(() => import('./instance/ResizeDialog').then((m) => ({ default: m.ResizeDialog })))

const muted = css({ color: 'fg.muted', fontSize: 'xs' })
// The name links to the instance's page (its storage tab by the index redirect).
const columnsFor = (project: string) =>
  defineColumns<Instance>([
    nameColumn({ href: (i) => paths.instance({ project, instance: i.name }) }),
    {
      id: 'state',
      header: 'State',
      nowrap: true,
      cell: (i) => (
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
          <InstanceStateBadge state={i.runState} />
          <span className={muted} title={formatDateTime(i.timeRunStateUpdated)}>
            {formatDuration(Date.now() - i.timeRunStateUpdated.getTime())}
          </span>
        </span>
      ),
    },
    { id: 'cpu', header: 'vCPUs', cell: (i) => i.ncpus, align: 'right' },
    { id: 'memory', header: 'Memory', cell: (i) => formatBytes(i.memory), align: 'right', nowrap: true },
    {
      id: 'ips',
      header: 'External IPs',
      cell: (i) => <AfterPaint>{() => <ExternalIps project={project} instance={i.name} />}</AfterPaint>,
    },
    createdColumn(),
  ])

type RowAction = 'START' | 'STOP' | 'REBOOT' | 'DELETE'

// The actor code (xstate's interpreter, storage writes) loads with the first action, not with the
// list: rows read what is allowed from the machine's definition (issue 11).
const performInstanceAction = (i: Instance, action: RowAction) =>
  import('../../hooks/use-instance-actor').then((m) => m.performInstanceAction(i, action))

const run = (i: Instance, action: 'START' | 'REBOOT', verb: string) =>
  void performInstanceAction(i, action).catch((e: Error) =>
    toast.error(`Could not ${verb} ${i.name}`, e.message),
  )

/** A bulk action: run through the instance's machine on the rows whose state allows it. */
const bulkAction = (
  label: string,
  action: RowAction,
  done: string,
  disabledReason: string | undefined,
  confirm?: 'danger',
): BulkAction<Instance> => ({
  label,
  done,
  disabledReason,
  confirm,
  refusal: (i) => instanceRowRefusal(i, action),
  run: (i) => performInstanceAction(i, action),
})

export default function InstancesPage() {
  const { project } = useRouteParams('project')
  const columns = useMemo(() => columnsFor(project), [project])
  const [, navigate] = useLocation()
  // The row whose resize is open (the instance page's own resize dialog).
  const [resizing, setResizing] = useState<Instance | null>(null)
  // Instances are what a limited collaborator may manage (networking is not).
  const reason = useKindReason(kinds.instance, 'managing instances')
  const { online } = useConnectivity()
  const why = (i: Instance, action: RowAction | 'RESIZE') => reason(instanceRowRefusal(i, action))
  // The machine's refusal is asked per selected row when the action runs (refused rows are skipped).
  const bulk = {
    actions: [
      bulkAction('Start', 'START', 'Starting', reason()),
      bulkAction('Stop', 'STOP', 'Stopping', reason(), 'danger'),
      bulkAction('Delete', 'DELETE', 'Deleted', reason(), 'danger'),
    ],
  }
  return (
    <ResourceList
      list={lists.instances}
      columns={columns}
      reason={reason}
      create={{ to: paths.instancesNew({ project }) }}
      isMoving={instanceIsMoving}
      // Changes made elsewhere (the CLI, another tab) show within a minute.
      idlePoll
      bulk={bulk}
      empty={`Project ${project} has no instances yet.`}
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
        { label: 'Resize', disabledReason: why(i, 'RESIZE'), onSelect: () => setResizing(i) },
        {
          label: 'Serial console',
          disabledReason: online ? undefined : T.offline,
          onSelect: () => navigate(paths.serialConsole({ project, instance: i.name })),
        },
      ]}
      remove={{
        run: (i) => performInstanceAction(i, 'DELETE').then(() => toastDeleted(kinds.instance, i.name)),
        refusal: (i) => instanceRowRefusal(i, 'DELETE'),
      }}
    >
      {resizing && (
        <Suspense fallback={null}>
          <ResizeDialog project={project} instance={resizing} onDismiss={() => setResizing(null)} />
        </Suspense>
      )}
    </ResourceList>
  )
}
