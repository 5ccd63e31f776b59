// What a row of a list may do, asked of the machine without running it (issue 11): one snapshot per
// state, resolved from the machine's definition and kept, so painting 100 rows starts no actor. While
// an action runs on a resource, its live actor answers instead (it knows the action is in flight).
import { type DiskAction, diskRefusal, diskSnapshotIn, isDiskTransitional } from '../../machines/disk.machine'
import {
  type InstanceAction,
  instanceRefusal,
  instanceSnapshotIn,
  POLLED_INSTANCE_STATES,
} from '../../machines/instance.machine'
import type { Disk, DiskState, Instance, InstanceState } from '../api/types'
import { runningActor } from '../hooks/live-actions'

type Snap = { can: (event: never) => boolean; value: unknown }

function memoBy<K, V>(make: (key: K) => V): (key: K) => V {
  const memo = new Map<K, V>()
  return (key) => {
    let v = memo.get(key)
    if (v === undefined) {
      v = make(key)
      memo.set(key, v)
    }
    return v
  }
}

/** The idle snapshot of the instance machine in a run state: the same object for every row in it. */
export const instanceRowSnapshot = memoBy((state: InstanceState) => instanceSnapshotIn(state))
/** The idle snapshot of the disk machine in a disk state. */
const diskRowSnapshot = memoBy((state: DiskState) => diskSnapshotIn(state))

/** Why the instance machine refuses `action` for this row, or null when it allows it. */
export function instanceRowRefusal(instance: Instance, action: InstanceAction): string | null {
  const live = runningActor(instance.id)?.getSnapshot() as Snap | undefined
  return instanceRefusal((live ?? instanceRowSnapshot(instance.runState)) as never, action)
}

/** Why the disk machine refuses `action` for this row, or null when it allows it. */
export function diskRowRefusal(disk: Disk, action: DiskAction): string | null {
  const live = runningActor(disk.id)?.getSnapshot() as Snap | undefined
  return diskRefusal((live ?? diskRowSnapshot(disk.state.state)) as never, action)
}

/** A list of instances polls while any row is on its way to another state (repairing included). */
export const instanceIsMoving = (i: Instance) =>
  (POLLED_INSTANCE_STATES as readonly InstanceState[]).includes(i.runState)
export const diskIsMoving = (d: Disk) => isDiskTransitional(d.state.state)
