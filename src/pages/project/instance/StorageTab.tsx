// Storage tab: the boot disk, then the other disks attached to the instance, with their states. A disk
// on its way to another state (attaching, detaching...) keeps the list polling until it settles.
// Attach existing, create and attach, detach, set or unset as boot disk and snapshot: each allowed by
// the instance and disk machines together (storage-actions.ts), after offline and the role.
import { lazy, Suspense, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { isDiskTransitional } from '../../../../machines/disk.states'
import { useList, useListPoll, useResource } from '../../../../storage'
import type { Disk, Instance } from '../../../api/types'
import { DisksIcon, defineColumns, toast } from '../../../components'
import { nameColumn } from '../../../components/columns'
import { confirmAction, errorMessage } from '../../../components/confirm-queue'
import { useRunningActions } from '../../../hooks/live-actions'
import { type ActionReason, useKindReason } from '../../../hooks/use-action-reason'
import { performDiskAction } from '../../../hooks/use-disk-actor'
import { instanceUpdateBody, performInstanceAction } from '../../../hooks/use-instance-actor'
import { useRouteParams } from '../../../route-context'
import { diskKindColumns } from '../../../ui/disk-source'
import { kinds } from '../../../ui/kinds'
import { DiskStateBadge } from '../../../ui/StateBadge'
import { formatBytes } from '../../../util/bytes'
import { formatDateTime } from '../../../util/date'
import { OpenFormButton, rowMenu } from '../../list-table'
import { instanceDisksParams, instanceViewParams } from './queries'
import { listStandIn, TabTable } from './shared'
import { attachRefusal, diskRowRefusals, snapshotNameFor } from './storage-actions'

// The forms load when first opened.
const forms = () => import('./DiskForms')
const AttachDiskForm = lazy(() => forms().then((m) => ({ default: m.AttachDiskForm })))
const CreateDiskForm = lazy(() => forms().then((m) => ({ default: m.CreateDiskForm })))

const moving = (d: Disk) => isDiskTransitional(d.state.state)

const columnsFor = (project: string) =>
  defineColumns<Disk>([
    nameColumn({ sortLocally: true }),
    {
      id: 'size',
      header: 'Size',
      cell: (d) => formatBytes(d.size),
      sortValue: (d) => d.size,
      align: 'right',
      nowrap: true,
    },
    ...diskKindColumns(project),
    {
      id: 'state',
      header: 'State',
      cell: (d) => <DiskStateBadge state={d.state.state} />,
      sortValue: (d) => d.state.state,
    },
    {
      id: 'created',
      header: 'Created',
      cell: (d) => formatDateTime(d.timeCreated),
      sortValue: (d) => d.timeCreated,
    },
  ])

/** Runs an action, toasting its outcome: the success names what was done, a failure its message. */
const report = (work: Promise<void>, done: string, failed: string) =>
  void work.then(
    () => toast.success(done),
    (e: unknown) => toast.error(failed, errorMessage(e)),
  )

const setBootDisk = (instance: Instance, disk: Disk | null, done: string, failed: string) =>
  report(
    performInstanceAction(
      instance,
      'UPDATE_BOOT_DISK',
      instanceUpdateBody(instance, { bootDisk: disk?.id ?? null }),
    ),
    done,
    failed,
  )

/**
 * Why a control is disabled: `instance` for what changes the instance (attach, detach, boot disk:
 * limited collaborators manage instances), `storage` for what makes a new disk or snapshot (the
 * server asks the collaborator role for those).
 */
type Reasons = { instance: ActionReason; storage: ActionReason }

/** The row menu of one of the instance's disks. */
function diskMenuItems(instance: Instance, disk: Disk, { instance: reason, storage }: Reasons) {
  const refused = diskRowRefusals(instance, disk)
  const isBoot = instance.bootDiskId === disk.id
  const snapshot = snapshotNameFor(disk)
  return [
    isBoot
      ? {
          label: 'Unset as boot disk',
          disabledReason: reason(refused.unsetBoot),
          onSelect: () =>
            setBootDisk(
              instance,
              null,
              `${disk.name} is no longer the boot disk`,
              'Could not unset the boot disk',
            ),
        }
      : {
          label: 'Set as boot disk',
          disabledReason: reason(refused.setBoot),
          onSelect: () =>
            setBootDisk(
              instance,
              disk,
              `${disk.name} is the boot disk`,
              `Could not make ${disk.name} the boot disk`,
            ),
        },
    {
      label: 'Snapshot',
      disabledReason: storage(refused.snapshot),
      onSelect: () =>
        report(
          performDiskAction(disk, {
            type: 'SNAPSHOT',
            params: { name: snapshot, description: `Snapshot of ${disk.name}` },
          }),
          `Snapshot ${snapshot} created`,
          `Could not snapshot ${disk.name}`,
        ),
    },
    {
      label: 'Detach',
      danger: true,
      disabledReason: reason(refused.detach),
      onSelect: () =>
        confirmAction({
          title: `Detach ${disk.name}`,
          content: `Detach ${disk.name} from ${instance.name}? The disk and its data are kept.`,
          actionLabel: 'Detach',
          actionType: 'danger',
          errorTitle: `Could not detach ${disk.name}`,
          run: () => performInstanceAction(instance, 'DETACH_DISK', { disk: disk.id }),
        }),
    },
  ]
}

type Opened = 'attach' | 'create' | null

function DiskActions({ instance, reasons }: { instance: Instance; reasons: Reasons }) {
  const { project } = useRouteParams('project')
  const [opened, setOpened] = useState<Opened>(null)
  const refusal = attachRefusal(instance)
  const attachWhy = reasons.instance(refusal)
  const createWhy = reasons.storage(refusal)
  const why = opened === 'create' ? createWhy : attachWhy
  const Form = opened === 'attach' ? AttachDiskForm : CreateDiskForm
  return (
    <div className={css({ display: 'flex', gap: '2' })}>
      <OpenFormButton label="Attach existing disk" reason={attachWhy} onOpen={() => setOpened('attach')} />
      <OpenFormButton label="Create disk" reason={createWhy} onOpen={() => setOpened('create')} />
      {opened && (
        <Suspense fallback={null}>
          <Form
            project={project}
            instance={instance}
            disabledReason={why}
            onDismiss={() => setOpened(null)}
          />
        </Suspense>
      )}
    </div>
  )
}

export default function StorageTab() {
  const ref = useRouteParams('project', 'instance')
  const columns = useMemo(() => columnsFor(ref.project), [ref.project])
  // An action starting or settling on the instance or a disk changes what the buttons allow.
  useRunningActions()
  const reasons: Reasons = {
    instance: useKindReason(kinds.instance, 'managing disks'),
    storage: useKindReason(kinds.disk, 'creating disks and snapshots'),
  }
  const instance = useResource('instanceView', instanceViewParams(ref))
  const disks = useList('instanceDiskList', instanceDisksParams(ref))
  useListPoll(disks, moving)
  const standIn = listStandIn(disks, 'disks')
  if (standIn) return standIn
  const items = disks.data?.items ?? []
  const current = instance.data
  const bootId = current?.bootDiskId
  const loading = disks.isLoading || !current
  const table = {
    columns,
    rowKey: (d: Disk) => d.id,
    loading,
    rowActions: current && rowMenu((d: Disk) => diskMenuItems(current, d, reasons)),
  }
  return (
    <>
      <TabTable
        {...table}
        title="Boot disk"
        rows={items.filter((d) => d.id === bootId)}
        empty={{ icon: <DisksIcon />, title: 'No boot disk', body: 'No boot disk is set for this instance.' }}
      />
      <TabTable
        {...table}
        title="Other disks"
        actions={current && <DiskActions instance={current} reasons={reasons} />}
        rows={items.filter((d) => d.id !== bootId)}
        skeletonRows={2}
        empty={{
          icon: <DisksIcon />,
          title: 'No other disks',
          body: 'Only the boot disk is attached to this instance.',
        }}
      />
    </>
  )
}
