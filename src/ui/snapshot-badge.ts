// Snapshot states (spec section 4: creating, destroyed, faulted, ready): how each looks and what it
// allows. Snapshots have no lifecycle machine, so the one rule the server enforces on their use (only
// a ready snapshot becomes an image) is stated here, where the list asks for a row's refusal.
import type { Schemas, Snapshot } from '../api/types'
import type { BadgeColor } from '../components/Badge'

export type SnapshotState = Schemas['SnapshotState']

/**
 * Our choice (the spec fixes no snapshot colours): usable green, on the way blue, broken or gone red,
 * matching the instance and disk badges.
 */
export const snapshotBadgeColor: Record<SnapshotState, BadgeColor> = {
  creating: 'blue',
  ready: 'green',
  faulted: 'red',
  destroyed: 'red',
}

/** A snapshot being taken: its badge spins and the list polls until it settles. */
export const snapshotIsMoving = (s: Pick<Snapshot, 'state'>) => s.state === 'creating'

export const SNAPSHOT_NOT_READY = 'Only a ready snapshot can become an image'

/** Why a snapshot cannot become an image now, or null when it can (the mock refuses the same). */
export function imageFromSnapshotRefusal(s: Pick<Snapshot, 'state'>): string | null {
  return s.state === 'ready' ? null : SNAPSHOT_NOT_READY
}
