// A disk's view (`/projects/{project}/disks/{disk}`, a side modal over the disks list): size, block
// size, state, what it was made from, the instance it is attached to, device path, ID (with copy) and
// creation time. Names of the instance, image and snapshot are read by id through storage, so they
// are cached (and paint offline); an id the user may not read stays shown as the id.
import { useResource, useResourcePoll } from '../../storage'
import type { Disk } from '../api/types'
import { CopyableValue } from '../components/CopyableValue'
import { Fact, FactList, factMono } from '../components/FactList'
import { InstanceLink } from '../ui/by-id'
import { DiskSource, diskTypeLabel } from '../ui/disk-source'
import { diskIsMoving } from '../ui/row-state'
import { DiskStateBadge } from '../ui/StateBadge'
import { formatBytes } from '../util/bytes'
import { formatDateTime } from '../util/date'
import { ViewSideModal } from './when-loaded'

function DiskProps({ disk, project }: { disk: Disk; project: string }) {
  return (
    <FactList>
      <Fact term="State">
        <DiskStateBadge state={disk.state.state} />
      </Fact>
      <Fact term="Size">{formatBytes(disk.size)}</Fact>
      <Fact term="Block size">{disk.blockSize} bytes</Fact>
      <Fact term="Type">{diskTypeLabel(disk.diskType)}</Fact>
      <Fact term="Source">
        <DiskSource disk={disk} project={project} />
      </Fact>
      <Fact term="Instance">
        {'instance' in disk.state ? <InstanceLink id={disk.state.instance} project={project} /> : 'None'}
      </Fact>
      <Fact term="Read-only">{disk.readOnly ? 'Yes' : 'No'}</Fact>
      <Fact term="Device path">
        <span className={factMono}>{disk.devicePath}</span>
      </Fact>
      <Fact term="ID">
        <CopyableValue value={disk.id} label="disk ID" size="xs" breakAll />
      </Fact>
      <Fact term="Created">{formatDateTime(disk.timeCreated)}</Fact>
      {disk.description && <Fact term="Description">{disk.description}</Fact>}
    </FactList>
  )
}

export function DiskView({
  project,
  disk,
  onDismiss,
}: {
  project: string
  disk: string
  onDismiss: () => void
}) {
  const view = useResource('diskView', { path: { disk }, query: { project } })
  // A disk on its way somewhere (creating, detaching...) is polled, so its badge moves on here too.
  useResourcePoll(view, diskIsMoving)
  return (
    <ViewSideModal view={view} title="Disk" subtitle={disk} onDismiss={onDismiss}>
      {(data) => <DiskProps disk={data} project={project} />}
    </ViewSideModal>
  )
}
