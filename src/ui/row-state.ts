// What a row of a list may do, without loading xstate or running a machine (issue 11): an idle row
// reads the table generated from the machines (machines/__generated__/action-tables.ts, kept equal to
// what the machines answer by machines/action-tables.test.ts), so painting 100 rows starts no actor
// and loads no machine. While an action runs on a resource, its live actor answers instead (it knows
// the action is in flight); before that actor's code has loaded, the row reads as busy.
import { DISK_ACTION_TABLE, INSTANCE_ACTION_TABLE } from '../../machines/__generated__/action-tables'
import {
  DISK_BUSY_REASON,
  type DiskAction,
  diskActionRefusal,
  diskRefusal,
  isDiskTransitional,
} from '../../machines/disk.states'
import {
  INSTANCE_BUSY_REASON,
  type InstanceAction,
  instanceActionRefusal,
  instanceRefusal,
  POLLED_INSTANCE_STATES,
} from '../../machines/instance.states'
import type { Disk, Instance, InstanceState } from '../api/types'
import { runningAction } from '../hooks/live-actions'

type Snap = { can(event: never): boolean; value: unknown }

/** Why the instance machine refuses `action` for this row, or null when it allows it. */
export function instanceRowRefusal(instance: Instance, action: InstanceAction): string | null {
  const live = runningAction(instance.id)
  if (live)
    return live.actor ? instanceRefusal(live.actor.getSnapshot() as Snap, action) : INSTANCE_BUSY_REASON
  return INSTANCE_ACTION_TABLE[instance.runState].includes(action) ? null : instanceActionRefusal[action]
}

/** Why the disk machine refuses `action` for this row, or null when it allows it. */
export function diskRowRefusal(disk: Disk, action: DiskAction): string | null {
  const live = runningAction(disk.id)
  if (live) return live.actor ? diskRefusal(live.actor.getSnapshot() as Snap, action) : DISK_BUSY_REASON
  return DISK_ACTION_TABLE[disk.state.state].includes(action) ? null : diskActionRefusal[action]
}

/** A list of instances polls while any row is on its way to another state (repairing included). */
export const instanceIsMoving = (i: Instance) =>
  (POLLED_INSTANCE_STATES as readonly InstanceState[]).includes(i.runState)
export const diskIsMoving = (d: Disk) => isDiskTransitional(d.state.state)
