// Disks of a project: name, state (badge, spinner on transitional states, underscores as spaces),
// size, type, source (image or snapshot), attached instance, created; snapshot, detach and delete,
// each allowed or refused by the disk machine (spec section 4). The create form
// (`/projects/{project}/disks-new`) is a child route: its side modal opens over this list and keeps
// the list's query, so closing it returns to the same page.
import type { Disk } from '../../api/types'
import { Absent } from '../../components/Absent'
import { createdColumn, nameColumn } from '../../components/columns'
import { confirmAction } from '../../components/confirm-queue'
import { ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { toast } from '../../components/toast-queue'
import { DiskView } from '../../forms/disk-view'
import { useKindReason } from '../../hooks/use-action-reason'
import { performDiskAction } from '../../hooks/use-disk-actor'
import { useListGo } from '../../hooks/use-list-go'
import { lists } from '../../lists'
import { paths } from '../../paths'
import { useRouteParams } from '../../route-context'
import { InstanceLink } from '../../ui/by-id'
import { diskKindColumns } from '../../ui/disk-source'
import { kinds } from '../../ui/kinds'
import { toastDeleted } from '../../ui/row-actions'
import { diskIsMoving, diskRowRefusal } from '../../ui/row-state'
import { DiskStateBadge } from '../../ui/StateBadge'
import { formatBytes } from '../../util/bytes'

const columnsFor = (project: string) =>
  defineColumns<Disk>([
    // The name opens the disk's view over the list, keeping the list's page in the URL.
    nameColumn({ href: (d) => paths.disk({ project, disk: d.name }), keepQuery: true }),
    { id: 'state', header: 'State', cell: (d) => <DiskStateBadge state={d.state.state} /> },
    { id: 'size', header: 'Size', cell: (d) => formatBytes(d.size), align: 'right', nowrap: true },
    ...diskKindColumns(project),
    {
      id: 'instance',
      header: 'Instance',
      nowrap: true,
      cell: (d) =>
        'instance' in d.state ? (
          <InstanceLink id={d.state.instance} project={project} />
        ) : (
          <Absent label="None" />
        ),
    },
    createdColumn(),
  ])

export default function DisksPage() {
  const { project } = useRouteParams('project')
  // The roles the API demands: creating, snapshotting and deleting a disk need a project collaborator;
  // detaching (an instance's disk change) is allowed to a limited collaborator.
  const reason = useKindReason(kinds.disk, 'managing disks')
  const detachReason = useKindReason(kinds.instance, 'detaching disks')
  const why = (d: Disk, action: Parameters<typeof diskRowRefusal>[1]) =>
    (action === 'DETACH' ? detachReason : reason)(diskRowRefusal(d, action))
  return (
    <ResourceList
      list={lists.disks}
      columns={columnsFor(project)}
      isMoving={diskIsMoving}
      reason={reason}
      create={{ to: paths.disksNew({ project }) }}
      empty={`Project ${project} has no disks yet. Create a blank disk, copy a snapshot or an image, or upload an image file.`}
      actions={(d) => [
        {
          label: 'Snapshot',
          disabledReason: why(d, 'SNAPSHOT'),
          onSelect: () =>
            void performDiskAction(d, { type: 'SNAPSHOT' })
              .then(() => toast.success(`Snapshot of ${d.name} started`))
              .catch((e: Error) => toast.error(`Could not snapshot ${d.name}`, e.message)),
        },
        {
          label: 'Detach',
          disabledReason: why(d, 'DETACH'),
          onSelect: () =>
            confirmAction({
              title: `Detach ${d.name}`,
              content: `Detach ${d.name} from its instance? The disk and its data are kept.`,
              actionLabel: 'Detach',
              actionType: 'primary',
              errorTitle: `Could not detach ${d.name}`,
              run: () => performDiskAction(d, { type: 'DETACH' }),
            }),
        },
      ]}
      remove={{
        run: (d) => performDiskAction(d, { type: 'DELETE' }).then(() => toastDeleted(kinds.disk, d.name)),
        refusal: (d) => diskRowRefusal(d, 'DELETE'),
      }}
    />
  )
}

/** `/projects/{project}/disks/{disk}`: the disk's view, in the list's outlet. */
export function DiskViewRoute() {
  const { project, disk } = useRouteParams('project', 'disk')
  const go = useListGo()
  return <DiskView project={project} disk={disk} onDismiss={() => go(paths.disks({ project }))} />
}
