// The instance lifecycle's vocabulary, without xstate (issue 11): the run states, the action names,
// the refusal texts and which states poll. A list row needs these to paint, and importing them from
// here keeps xstate and the machine out of the list's first load. The machine
// (instance.machine.ts) builds on these and re-exports them; it alone decides what a state allows
// (rows read that from __generated__/action-tables.ts, which is asked of the machine).

import type { Instance, InstanceState } from '../src/api/types'
import { refusalOf } from './refusal'

/** Every run state of spec section 4, in the spec's order. */
export const INSTANCE_STATES = [
  'running',
  'stopped',
  'failed',
  'destroyed',
  'creating',
  'starting',
  'rebooting',
  'migrating',
  'repairing',
  'stopping',
] as const satisfies readonly InstanceState[]

// Compile-time check that the list above is the whole InstanceState union of the contract.
type MissingState = Exclude<InstanceState, (typeof INSTANCE_STATES)[number]>
const _allStates: MissingState extends never ? true : never = true
void _allStates

/** Spinner states (spec section 4). */
export const TRANSITIONAL_INSTANCE_STATES = [
  'creating',
  'starting',
  'rebooting',
  'migrating',
  'stopping',
] as const satisfies readonly InstanceState[]

export function isTransitional(state: InstanceState): boolean {
  return (TRANSITIONAL_INSTANCE_STATES as readonly InstanceState[]).includes(state)
}

/**
 * States in which the machine polls: the transitional ones, plus `repairing`, which has no spinner
 * but is on its way to another state all the same.
 */
export const POLLED_INSTANCE_STATES = [
  ...TRANSITIONAL_INSTANCE_STATES,
  'repairing',
] as const satisfies readonly InstanceState[]

/** The action events, in the order of the spec's table. */
export const INSTANCE_ACTIONS = [
  'START',
  'DELETE',
  'RESIZE',
  'UPDATE_BOOT_DISK',
  'REBOOT',
  'STOP',
  'DETACH_DISK',
  'ATTACH_DISK',
  'UPDATE_NIC',
  'SERIAL_CONSOLE',
  'ADD_TO_AFFINITY_GROUP',
] as const
export type InstanceAction = (typeof INSTANCE_ACTIONS)[number]

/** Why an action is refused: shown as the tooltip of a disabled button. */
export const instanceActionRefusal: Record<InstanceAction, string> = {
  START: 'Only a stopped or failed instance can be started',
  DELETE: 'Only a stopped or failed instance can be deleted',
  RESIZE: 'Only a stopped, failed or creating instance can be resized',
  UPDATE_BOOT_DISK: 'The boot disk can only be changed on a stopped, failed or creating instance',
  REBOOT: 'Only a running instance can be rebooted',
  STOP: 'Only a running, starting, rebooting or failed instance can be stopped',
  DETACH_DISK: 'Disks can only be detached from a creating, stopped or failed instance',
  ATTACH_DISK: 'Disks can only be attached to a creating or stopped instance',
  UPDATE_NIC: 'Network interfaces can only be changed on a stopped instance',
  SERIAL_CONSOLE:
    'The serial console is only available on a running, rebooting, migrating or repairing instance',
  ADD_TO_AFFINITY_GROUP: 'Only a stopped instance can be added to an affinity group',
}

/** Message while any action is refused because another one is still running. */
export const INSTANCE_BUSY_REASON = 'Another action on this instance is in progress'

/**
 * Why `action` is refused for a live snapshot of the machine, or null when it is allowed. A refusal
 * while another action runs says so instead of blaming the state. Takes the snapshot as a value, so
 * it needs no xstate of its own.
 */
export function instanceRefusal(
  snapshot: { can(event: { type: InstanceAction }): boolean; value: unknown },
  action: InstanceAction,
): string | null {
  return refusalOf(snapshot, action, INSTANCE_BUSY_REASON, instanceActionRefusal)
}

/**
 * Spec section 4: due for automatic restart when failed, auto-restart is enabled, and there is no
 * cooldown expiration or it has passed.
 */
export function isDueForAutoRestart(
  instance: Pick<Instance, 'runState' | 'autoRestartEnabled' | 'autoRestartCooldownExpiration'>,
  now: Date = new Date(),
): boolean {
  if (instance.runState !== 'failed' || !instance.autoRestartEnabled) return false
  const until = instance.autoRestartCooldownExpiration
  return until == null || until.getTime() <= now.getTime()
}
