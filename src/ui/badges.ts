// Badge colours of the lifecycle states: presentation, so it lives with the UI and not in machines/
// (which decide what a state allows, not how it looks).
import type { DiskState, InstanceState } from '../api/types'
import type { BadgeColor } from '../components/Badge'

/** Badge colour per instance run state (spec section 4). */
export const instanceBadgeColor: Record<InstanceState, BadgeColor> = {
  running: 'green',
  stopped: 'neutral',
  failed: 'red',
  destroyed: 'red',
  creating: 'green',
  starting: 'blue',
  rebooting: 'blue',
  migrating: 'purple',
  repairing: 'notice',
  stopping: 'neutral',
}

/**
 * Disk badge colours (our choice; the spec fixes none for disks): in use green, on the way blue, at
 * rest neutral, gone or broken red, needs an operator notice, being imported purple.
 */
export const diskBadgeColor: Record<DiskState, BadgeColor> = {
  attached: 'green',
  attaching: 'blue',
  creating: 'blue',
  detaching: 'blue',
  detached: 'neutral',
  destroyed: 'red',
  faulted: 'red',
  maintenance: 'notice',
  import_ready: 'purple',
  importing_from_url: 'purple',
  importing_from_bulk_writes: 'purple',
  finalizing: 'blue',
}
