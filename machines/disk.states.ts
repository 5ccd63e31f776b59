// The disk lifecycle's vocabulary, without xstate (issue 11): the disk states, the action names, the
// refusal texts and which states are transitional. A list row needs these to paint; the machine
// (disk.machine.ts) builds on them, re-exports them, and alone decides what a state allows (rows read
// that from __generated__/action-tables.ts, which is asked of the machine).

import type { DiskState } from '../src/api/types'
import { refusalOf } from './refusal'

/** Every disk state of spec section 4, in the spec's order. */
export const DISK_STATES = [
  'attached',
  'attaching',
  'creating',
  'detaching',
  'detached',
  'destroyed',
  'faulted',
  'maintenance',
  'import_ready',
  'importing_from_url',
  'importing_from_bulk_writes',
  'finalizing',
] as const satisfies readonly DiskState[]

type MissingState = Exclude<DiskState, (typeof DISK_STATES)[number]>
const _allStates: MissingState extends never ? true : never = true
void _allStates

/** Spec section 4: underscores display as spaces. */
export function diskStateLabel(state: DiskState): string {
  return state.replaceAll('_', ' ')
}

/** Spec section 4: transitional disk states (spinner, and polled). */
export const TRANSITIONAL_DISK_STATES = [
  'attaching',
  'creating',
  'detaching',
  'finalizing',
] as const satisfies readonly DiskState[]

export function isDiskTransitional(state: DiskState): boolean {
  return (TRANSITIONAL_DISK_STATES as readonly DiskState[]).includes(state)
}

export const DISK_ACTIONS = ['DELETE', 'SNAPSHOT', 'ATTACH', 'DETACH', 'SET_BOOT_DISK'] as const
export type DiskAction = (typeof DISK_ACTIONS)[number]

/** Why an action is refused: the tooltip of a disabled button or menu item. */
export const diskActionRefusal: Record<DiskAction, string> = {
  DELETE: 'Only a detached or faulted disk can be deleted',
  SNAPSHOT: 'Only an attached or detached disk can be snapshotted',
  ATTACH: 'Only a creating or detached disk can be attached',
  DETACH: 'Only an attached disk can be detached',
  SET_BOOT_DISK: 'Only an attached disk can be the boot disk',
}

export const DISK_BUSY_REASON = 'Another action on this disk is in progress'

/** Why `action` is refused for a live snapshot of the machine, or null when allowed. */
export function diskRefusal(
  snapshot: { can(event: { type: DiskAction }): boolean; value: unknown },
  action: DiskAction,
): string | null {
  return refusalOf(snapshot, action, DISK_BUSY_REASON, diskActionRefusal)
}
