// Actions on one disk. The machine (machines/disk.machine.ts) says which actions the disk's state
// allows; its actor, with its I/O through storage/, lives in ./disk-actor and loads with xstate only
// when an action runs (issue 11), so the disks list paints without either.
import type { DiskAction } from '../../machines/disk.states'
import type { Disk } from '../api/types'
import { beginAction } from './live-actions'

/** Runs `event` on `disk` through a short-lived actor; rejects with the refusal or the error. */
export function performDiskAction(disk: Disk, event: { type: DiskAction; params?: unknown }): Promise<void> {
  // The row reads as busy from the moment the action is chosen, while the machine's code loads.
  const handle = beginAction(disk.id)
  return import('./disk-actor').then(
    (m) => m.runDiskAction(handle, disk, event),
    (e: unknown) => {
      handle.end()
      throw e
    },
  )
}
