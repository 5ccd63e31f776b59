// Snapshots of a project: name, disk (by name, or its id once the disk is gone), size, state (spec
// section 4, spinning while creating) and created; row actions make an image from a ready snapshot or
// delete it (the server's refusal, e.g. while it is being created, shows in the error toast). The
// create form (`snapshots-new`) and the image form (`snapshots/{snapshot}/images-new`) are child
// routes: their side modals open over this list and keep its page.
import { lazy, Suspense } from 'react'
import { useResource } from '../../../storage'
import type { Snapshot } from '../../api/types'
import { Badge } from '../../components/Badge'
import { confirmDelete } from '../../components/confirm-queue'
import { SnapshotsIcon } from '../../components/icons'
import { AfterPaint, nameColumn, ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { useActionReason } from '../../hooks/use-action-reason'
import { useListGo } from '../../hooks/use-list-go'
import { paths } from '../../paths'
import { Outlet, useRouteParams } from '../../route-context'
import { NameLink } from '../../ui/by-id'
import { deleteListed } from '../../ui/delete'
import { imageFromSnapshotRefusal, snapshotBadgeColor, snapshotIsMoving } from '../../ui/snapshot-badge'
import { formatBytes } from '../../util/bytes'
import { formatDateTime } from '../../util/date'

/** The snapshot's disk by name, linking to its view; the bare id when the disk is gone. */
function DiskName({ id, project }: { id: string; project: string }) {
  const name = useResource('diskView', { path: { disk: id } }).data?.name
  return <NameLink id={id} name={name} href={name && paths.disk({ project, disk: name })} />
}

const columnsFor = (project: string) =>
  defineColumns<Snapshot>([
    nameColumn(),
    {
      id: 'disk',
      header: 'Disk',
      // One read per row: after the rows have painted, so they never wait for it.
      cell: (s) => <AfterPaint>{() => <DiskName id={s.diskId} project={project} />}</AfterPaint>,
    },
    { id: 'size', header: 'Size', cell: (s) => formatBytes(s.size), align: 'right' },
    {
      id: 'state',
      header: 'State',
      cell: (s) => (
        <Badge color={snapshotBadgeColor[s.state]} spinner={snapshotIsMoving(s)}>
          {s.state}
        </Badge>
      ),
    },
    { id: 'created', header: 'Created', cell: (s) => formatDateTime(s.timeCreated) },
  ])

const deleteSnapshot = (s: Snapshot) =>
  deleteListed(
    'snapshotDelete',
    { path: { snapshot: s.id } },
    { id: s.id, list: 'snapshotList' },
    `Snapshot ${s.name} deleted`,
  )

// The forms load when they are opened, not with the list.
const SnapshotCreateForm = lazy(() =>
  import('../../forms/snapshot-create').then((m) => ({ default: m.SnapshotCreateForm })),
)
const ImageFromSnapshotForm = lazy(() =>
  import('../../forms/image-from-snapshot').then((m) => ({ default: m.ImageFromSnapshotForm })),
)

/** `/projects/{project}/snapshots-new`: the create form, in the list's outlet. */
export function SnapshotCreateRoute() {
  const { project } = useRouteParams('project')
  const go = useListGo()
  return (
    <Suspense fallback={null}>
      <SnapshotCreateForm project={project} onDismiss={() => go(paths.snapshots({ project }))} />
    </Suspense>
  )
}

/** `/projects/{project}/snapshots/{snapshot}/images-new`: an image from the snapshot, in the outlet. */
export function ImageFromSnapshotRoute() {
  const { project, snapshot } = useRouteParams('project', 'snapshot')
  const go = useListGo()
  return (
    <Suspense fallback={null}>
      <ImageFromSnapshotForm
        // Another snapshot is another form: its values start empty.
        key={snapshot}
        project={project}
        snapshot={snapshot}
        onDismiss={() => go(paths.snapshots({ project }))}
      />
    </Suspense>
  )
}

export default function SnapshotsPage() {
  const { project } = useRouteParams('project')
  const go = useListGo()
  // The roles the mock (like the platform) demands: project collaborator for each of these writes.
  const createReason = useActionReason({ project, role: 'collaborator', what: 'creating a snapshot' })
  const imageReason = useActionReason({ project, role: 'collaborator', what: 'creating an image' })
  const deleteReason = useActionReason({ project, role: 'collaborator', what: 'deleting a snapshot' })
  return (
    <ResourceList
      title="Snapshots"
      icon={<SnapshotsIcon />}
      resource="Snapshot"
      endpoint="snapshotList"
      params={{ query: { project } }}
      columns={columnsFor(project)}
      sortByName
      isMoving={snapshotIsMoving}
      create={{
        label: 'New snapshot',
        onClick: () => go(paths.snapshotsNew({ project })),
        disabledReason: createReason(),
      }}
      empty={{
        title: 'No snapshots',
        body: `Project ${project} has no snapshots yet. Snapshot an attached or detached disk.`,
      }}
      actions={(s) => [
        {
          label: 'Create image',
          disabledReason: imageReason(imageFromSnapshotRefusal(s)),
          onSelect: () => go(paths.snapshotImagesNew({ project, snapshot: s.name })),
        },
        {
          label: 'Delete',
          danger: true,
          disabledReason: deleteReason(),
          onSelect: () =>
            confirmDelete({ resourceKind: 'snapshot', name: s.name, run: () => deleteSnapshot(s) }),
        },
      ]}
    >
      <Outlet />
    </ResourceList>
  )
}
