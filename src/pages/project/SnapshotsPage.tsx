// Snapshots of a project: name, description, disk (by name, or its id once the disk is gone), size, state (spec
// section 4, spinning while creating) and created; row actions make an image from a ready snapshot or
// delete it (the server's refusal, e.g. while it is being created, shows in the error toast). The
// create form (`snapshots-new`) and the image form (`snapshots/{snapshot}/images-new`) are child
// routes: their side modals open over this list and keep its page.
import { useResource } from '../../../storage'
import type { Snapshot } from '../../api/types'
import { Badge } from '../../components/Badge'
import { createdColumn, descriptionColumn, nameColumn } from '../../components/columns'
import { AfterPaint, ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { useKindReason } from '../../hooks/use-action-reason'
import { useListGo } from '../../hooks/use-list-go'
import { lists } from '../../lists'
import { paths } from '../../paths'
import { useRouteParams } from '../../route-context'
import { NameLink } from '../../ui/by-id'
import { rowDelete } from '../../ui/delete'
import { kinds } from '../../ui/kinds'
import { imageFromSnapshotRefusal, snapshotBadgeColor, snapshotIsMoving } from '../../ui/snapshot-badge'
import { formatBytes } from '../../util/bytes'

/** The snapshot's disk by name, linking to its view; the bare id when the disk is gone. */
function DiskName({ id, project }: { id: string; project: string }) {
  const name = useResource('diskView', { path: { disk: id } }).data?.name
  return <NameLink id={id} name={name} href={name && paths.disk({ project, disk: name })} />
}

const columnsFor = (project: string) =>
  defineColumns<Snapshot>([
    nameColumn(),
    descriptionColumn(),
    {
      id: 'disk',
      header: 'Disk',
      // One read per row: after the rows have painted, so they never wait for it.
      cell: (s) => <AfterPaint>{() => <DiskName id={s.diskId} project={project} />}</AfterPaint>,
    },
    { id: 'size', header: 'Size', cell: (s) => formatBytes(s.size), align: 'right', nowrap: true },
    {
      id: 'state',
      header: 'State',
      cell: (s) => (
        <Badge color={snapshotBadgeColor[s.state]} spinner={snapshotIsMoving(s)}>
          {s.state}
        </Badge>
      ),
    },
    createdColumn(),
  ])

const deleteSnapshot = rowDelete(kinds.snapshot, 'snapshotDelete', 'snapshotList', (s: Snapshot) => ({
  path: { snapshot: s.id },
}))

export default function SnapshotsPage() {
  const { project } = useRouteParams('project')
  const go = useListGo()
  // The roles the mock (like the platform) demands: project collaborator for each of these writes.
  const imageReason = useKindReason(kinds.image, 'creating an image')
  return (
    <ResourceList
      list={lists.snapshots}
      columns={columnsFor(project)}
      isMoving={snapshotIsMoving}
      create={{ to: paths.snapshotsNew({ project }) }}
      empty={`Project ${project} has no snapshots yet. Snapshot an attached or detached disk.`}
      actions={(s) => [
        {
          label: 'Create image',
          disabledReason: imageReason(imageFromSnapshotRefusal(s)),
          onSelect: () => go(paths.snapshotImagesNew({ project, snapshot: s.name })),
        },
      ]}
      remove={{ run: deleteSnapshot }}
    />
  )
}
