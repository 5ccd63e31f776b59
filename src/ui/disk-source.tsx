// What a disk is and where it came from, for the disks list, the instance's Storage tab and the disk's
// own view: its type (nexus.json DiskType) and its source, the image or snapshot it was copied from.
// The source's name is read by id through storage, so it is cached and paints offline; an id the
// user may not read stays shown as the id.
import { useResource } from '../../storage'
import type { Disk } from '../api/types'
import { Absent } from '../components/Absent'
import { factMono } from '../components/FactList'
import { ResourceLink } from '../components/ResourceLink'
import { AfterPaint } from '../components/ResourceList'
import type { Column } from '../components/Table'
import { paths } from '../paths'

/** What a disk was copied from, by id (Disk.image_id / snapshot_id); null for blank or uploaded. */
export function diskOrigin(disk: Pick<Disk, 'imageId' | 'snapshotId'>) {
  if (disk.imageId) return { kind: 'image', id: disk.imageId } as const
  if (disk.snapshotId) return { kind: 'snapshot', id: disk.snapshotId } as const
  return null
}

function ImageOrigin({ id, project, projectId }: { id: string; project: string; projectId: string }) {
  const image = useResource('imageView', { path: { image: id } }).data
  if (!image) return <span className={factMono}>{id}</span>
  // A silo image has a silo path; a project image is linked only in the disk's own project (the one
  // whose name is at hand).
  const href = !image.projectId
    ? paths.siloImageEdit({ image: image.name })
    : image.projectId === projectId
      ? paths.imageEdit({ project, image: image.name })
      : null
  return href ? <ResourceLink href={href}>{image.name}</ResourceLink> : <span>{image.name}</span>
}

function SnapshotOrigin({ id, project }: { id: string; project: string }) {
  const snapshot = useResource('snapshotView', { path: { snapshot: id } }).data
  if (!snapshot) return <span className={factMono}>{id}</span>
  return <ResourceLink href={paths.snapshots({ project })}>{snapshot.name}</ResourceLink>
}

const NO_SOURCE = 'Blank or uploaded'

/** "Image <name>", "Snapshot <name>", or "Blank or uploaded". */
export function DiskSource({ disk, project }: { disk: Disk; project: string }) {
  const origin = diskOrigin(disk)
  if (!origin) return <span>{NO_SOURCE}</span>
  return (
    <span>
      {origin.kind === 'image' ? 'Image ' : 'Snapshot '}
      {origin.kind === 'image' ? (
        <ImageOrigin id={origin.id} project={project} projectId={disk.projectId} />
      ) : (
        <SnapshotOrigin id={origin.id} project={project} />
      )}
    </span>
  )
}

const TYPE_LABELS: Record<Disk['diskType'], string> = { distributed: 'Distributed', local: 'Local' }

export const diskTypeLabel = (type: Disk['diskType']) => TYPE_LABELS[type]

/** The Type and Source columns of a table of disks in `project`. */
export function diskKindColumns(project: string): Column<Disk>[] {
  return [
    { id: 'type', header: 'Type', cell: (d) => diskTypeLabel(d.diskType) },
    {
      id: 'source',
      header: 'Source',
      // A read per copied row, after the rows have painted, so they never wait for it.
      nowrap: true,
      cell: (d) =>
        diskOrigin(d) ? (
          <AfterPaint>{() => <DiskSource disk={d} project={project} />}</AfterPaint>
        ) : (
          <Absent label={NO_SOURCE} />
        ),
    },
  ]
}
