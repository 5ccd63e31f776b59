// The instance lifecycle (spec section 4): which actions each run state allows, and when to poll.
// This machine is the one place the allowed-actions table lives; the UI asks `snapshot.can(event)`
// (or `allowedInstanceActions(state)`, which asks the machine) and shows the reason for a refusal.
// List rows read __generated__/action-tables.ts instead, written from this machine by gen-tables.ts.
//
// Shape: two parallel regions.
// - `run` mirrors the instance's runState as last seen from the API (UPDATED moves it). Transitional
//   states poll the injected `fetchInstance` (fast, then backing off), and stop when the state settles.
// - `activity` is what the console is doing: `idle`, `performing` an action (an injected actor per
//   action), or `refreshing` after an action whose answer was not the instance. The run region is
//   never left while an action runs, so a failed action falls back to the last known state by itself.
import { assign, emit, enqueueActions, fromPromise, raise, setup } from 'xstate'
import type { ApiParams, Instance, InstanceState } from '../src/api/types'
import {
  INSTANCE_ACTIONS,
  INSTANCE_STATES,
  type InstanceAction,
  POLLED_INSTANCE_STATES,
} from './instance.states'
import { errorMessage, nextPollDelay, POLL_FAST_MS, POLL_MAX_MS, pollingState, startAction } from './shared'

// The vocabulary lives in an xstate-free module so a list row can paint without loading the machine.
export {
  INSTANCE_ACTIONS,
  INSTANCE_BUSY_REASON,
  INSTANCE_STATES,
  type InstanceAction,
  instanceActionRefusal,
  instanceRefusal,
  isDueForAutoRestart,
  isTransitional,
  POLLED_INSTANCE_STATES,
  TRANSITIONAL_INSTANCE_STATES,
} from './instance.states'

// Spec section 4, "Allowed actions by state". The machine's guards are built from this; tests compare
// what the machine answers with a literal copy of the spec table.
const REQUIRED: Record<InstanceAction, readonly InstanceState[]> = {
  START: ['stopped', 'failed'],
  DELETE: ['stopped', 'failed'],
  RESIZE: ['stopped', 'failed', 'creating'],
  UPDATE_BOOT_DISK: ['stopped', 'failed', 'creating'],
  REBOOT: ['running'],
  STOP: ['running', 'starting', 'rebooting', 'failed'],
  DETACH_DISK: ['creating', 'stopped', 'failed'],
  ATTACH_DISK: ['creating', 'stopped'],
  UPDATE_NIC: ['stopped'],
  SERIAL_CONSOLE: ['running', 'rebooting', 'migrating', 'repairing'],
  ADD_TO_AFFINITY_GROUP: ['stopped'],
}

type InstanceUpdateBody = ApiParams<'instanceUpdate'>['body']
type DiskRefBody = ApiParams<'instanceDiskAttach'>['body']
type NicUpdateBody = ApiParams<'instanceNetworkInterfaceUpdate'>['body']

/**
 * Events. Action events carry the request's parameters when they are sent to perform the action;
 * `snapshot.can({ type })` needs none, so the UI can ask before the user filled a form.
 */
export type InstanceEvent =
  | { type: 'UPDATED'; instance: Instance }
  | { type: 'START' }
  | { type: 'STOP' }
  | { type: 'REBOOT' }
  | { type: 'DELETE' }
  | { type: 'RESIZE'; params?: InstanceUpdateBody }
  | { type: 'UPDATE_BOOT_DISK'; params?: InstanceUpdateBody }
  | { type: 'ATTACH_DISK'; params?: DiskRefBody }
  | { type: 'DETACH_DISK'; params?: DiskRefBody }
  | { type: 'UPDATE_NIC'; params?: { interface: string; body: NicUpdateBody } }
  | { type: 'ADD_TO_AFFINITY_GROUP'; params?: { affinityGroup: string } }
  | { type: 'SERIAL_CONSOLE' }
  | { type: 'CLEAR_ERROR' }

/** Emitted for SERIAL_CONSOLE: the UI navigates to the serial console page. */
export type InstanceEmitted = { type: 'serialConsole'; instance: Instance }

/**
 * What every injected actor resolves to: the instance when the API answered with it (start, stop,
 * reboot, update), or undefined (delete, attach/detach, which answer with something else), in which
 * case the machine fetches the instance again. `fetchInstance` must resolve to the instance.
 */
export type InstanceActionOutput = Instance | undefined

/** What every injected action actor receives: the instance and the event's params (if any). */
export type InstanceActionInput = { instance: Instance; params: unknown }

export type InstanceContext = {
  instance: Instance | null
  /** The run state the run region shows (null before the first UPDATED). */
  runState: InstanceState | null
  /** Message of the last failed action or poll, cleared when the next action starts. */
  error: string | null
  /** The action in flight, if any. */
  pending: InstanceAction | null
  pollDelay: number
  pollFastMs: number
  pollMaxMs: number
}

export type InstanceInput = { instance?: Instance; pollFastMs?: number; pollMaxMs?: number }

const notProvided = (name: string) =>
  fromPromise<InstanceActionOutput, InstanceActionInput>(async () => {
    throw new Error(`${name} was not provided to the instance machine`)
  })

function instanceOf(value: unknown): Instance | null {
  return typeof value === 'object' && value !== null && 'runState' in value ? (value as Instance) : null
}

type ActorName =
  | 'startInstance'
  | 'stopInstance'
  | 'rebootInstance'
  | 'deleteInstance'
  | 'updateInstance'
  | 'attachDisk'
  | 'detachDisk'
  | 'updateNetworkInterface'
  | 'addToAffinityGroup'

const actionInput = ({ context, event }: { context: InstanceContext; event: InstanceEvent }) => ({
  instance: context.instance!,
  params: 'params' in event ? event.params : undefined,
})
const pollInput = ({ context }: { context: InstanceContext }) => ({
  instance: context.instance!,
  params: undefined,
})

// After an action: its answer, when it is the instance, goes straight to the run region; otherwise the
// instance is fetched again. A failure keeps the run region as it was (the last known state).
function performingState<Src extends ActorName>(src: Src) {
  return {
    invoke: {
      id: src,
      src,
      input: actionInput,
      onDone: [
        {
          guard: 'outputIsInstance' as const,
          target: '#instance.activity.idle',
          actions: 'raiseOutput' as const,
        },
        { target: '#instance.activity.refreshing' },
      ],
      onError: { target: '#instance.activity.idle', actions: 'setError' as const },
    },
  }
}

const route = INSTANCE_STATES.map((state) => ({
  guard: { type: 'updatedTo' as const, params: { state } },
  target: `#instance.run.${state}`,
  reenter: true,
  actions: 'setInstance' as const,
}))

export const instanceMachine = setup({
  types: {
    context: {} as InstanceContext,
    events: {} as InstanceEvent,
    input: {} as InstanceInput,
    emitted: {} as InstanceEmitted,
  },
  actors: {
    fetchInstance: notProvided('fetchInstance'),
    startInstance: notProvided('startInstance'),
    stopInstance: notProvided('stopInstance'),
    rebootInstance: notProvided('rebootInstance'),
    deleteInstance: notProvided('deleteInstance'),
    updateInstance: notProvided('updateInstance'),
    attachDisk: notProvided('attachDisk'),
    detachDisk: notProvided('detachDisk'),
    updateNetworkInterface: notProvided('updateNetworkInterface'),
    addToAffinityGroup: notProvided('addToAffinityGroup'),
  },
  guards: {
    // The run state shown is kept in context next to the run region, so a guard can read it.
    allowed: ({ context }, { action }: { action: InstanceAction }) =>
      context.runState !== null && REQUIRED[action].includes(context.runState),
    updatedTo: ({ event }, { state }: { state: InstanceState }) =>
      event.type === 'UPDATED' && event.instance?.runState === state,
    outputIsInstance: ({ event }) => instanceOf((event as { output?: unknown }).output) !== null,
  },
  actions: {
    setInstance: assign(({ context, event }) => {
      if (event.type !== 'UPDATED') return {}
      const changed = context.runState !== event.instance.runState
      return {
        instance: event.instance,
        runState: event.instance.runState,
        pollDelay: nextPollDelay(context.pollDelay, changed, context),
      }
    }),
    begin: assign((_, { action }: { action: InstanceAction }) => ({ error: null, pending: action })),
    raiseOutput: raise(({ event }) => ({
      type: 'UPDATED' as const,
      instance: (event as unknown as { output: Instance }).output,
    })),
    setError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
    pollFailed: assign(({ context, event }) => ({
      error: errorMessage((event as { error?: unknown }).error),
      pollDelay: nextPollDelay(context.pollDelay, false, context),
    })),
  },
  delays: {
    pollDelay: ({ context }) => context.pollDelay,
  },
}).createMachine({
  id: 'instance',
  type: 'parallel',
  context: ({ input }) => ({
    instance: null,
    runState: null,
    error: null,
    pending: null,
    pollDelay: input?.pollFastMs ?? POLL_FAST_MS,
    pollFastMs: input?.pollFastMs ?? POLL_FAST_MS,
    pollMaxMs: input?.pollMaxMs ?? POLL_MAX_MS,
  }),
  // An instance given as input is fed through UPDATED like any other, so it lands in its run state.
  entry: enqueueActions(({ event, enqueue }) => {
    const instance = (event as { input?: InstanceInput }).input?.instance
    if (instance) enqueue.raise({ type: 'UPDATED', instance })
  }),
  on: {
    CLEAR_ERROR: { actions: assign({ error: null }) },
  },
  states: {
    run: {
      initial: 'unknown',
      on: { UPDATED: route },
      states: {
        /** Nothing seen from the API yet: no action is allowed. */
        unknown: {},
        running: {},
        stopped: {},
        failed: {},
        destroyed: {},
        creating: pollingState('fetchInstance' as const, pollInput),
        starting: pollingState('fetchInstance' as const, pollInput),
        rebooting: pollingState('fetchInstance' as const, pollInput),
        migrating: pollingState('fetchInstance' as const, pollInput),
        repairing: pollingState('fetchInstance' as const, pollInput),
        stopping: pollingState('fetchInstance' as const, pollInput),
      },
    },
    activity: {
      initial: 'idle',
      states: {
        idle: {
          entry: assign({ pending: null }),
          on: {
            START: startAction('START', 'performing.start'),
            STOP: startAction('STOP', 'performing.stop'),
            REBOOT: startAction('REBOOT', 'performing.reboot'),
            DELETE: startAction('DELETE', 'performing.delete'),
            RESIZE: startAction('RESIZE', 'performing.update'),
            UPDATE_BOOT_DISK: startAction('UPDATE_BOOT_DISK', 'performing.update'),
            ATTACH_DISK: startAction('ATTACH_DISK', 'performing.attachDisk'),
            DETACH_DISK: startAction('DETACH_DISK', 'performing.detachDisk'),
            UPDATE_NIC: startAction('UPDATE_NIC', 'performing.updateNic'),
            ADD_TO_AFFINITY_GROUP: startAction('ADD_TO_AFFINITY_GROUP', 'performing.addToAffinityGroup'),
            // Opening the serial console is navigation, not a request: the UI listens for the emit.
            SERIAL_CONSOLE: {
              guard: { type: 'allowed', params: { action: 'SERIAL_CONSOLE' } },
              actions: emit(({ context }) => ({
                type: 'serialConsole' as const,
                instance: context.instance!,
              })),
            },
          },
        },
        performing: {
          initial: 'start',
          states: {
            start: performingState('startInstance'),
            stop: performingState('stopInstance'),
            reboot: performingState('rebootInstance'),
            delete: {
              invoke: {
                id: 'deleteInstance',
                src: 'deleteInstance',
                input: actionInput,
                // A deleted instance is gone: the run region shows it destroyed.
                onDone: {
                  target: '#instance.activity.idle',
                  actions: raise(({ context }) => ({
                    type: 'UPDATED' as const,
                    instance: { ...context.instance!, runState: 'destroyed' as const },
                  })),
                },
                onError: { target: '#instance.activity.idle', actions: 'setError' },
              },
            },
            update: performingState('updateInstance'),
            attachDisk: performingState('attachDisk'),
            detachDisk: performingState('detachDisk'),
            updateNic: performingState('updateNetworkInterface'),
            addToAffinityGroup: performingState('addToAffinityGroup'),
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshInstance',
            src: 'fetchInstance',
            input: pollInput,
            onDone: { target: 'idle', actions: 'raiseOutput' },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
  },
})

export type InstanceMachine = typeof instanceMachine

/** A snapshot of the machine idle in the given run state (no request in flight). */
export function instanceSnapshotIn(state: InstanceState) {
  const value = (POLLED_INSTANCE_STATES as readonly InstanceState[]).includes(state)
    ? { run: { [state]: 'waiting' }, activity: 'idle' }
    : { run: state, activity: 'idle' }
  return instanceMachine.resolveState({
    value,
    context: {
      instance: null,
      runState: state,
      error: null,
      pending: null,
      pollDelay: POLL_FAST_MS,
      pollFastMs: POLL_FAST_MS,
      pollMaxMs: POLL_MAX_MS,
    },
  })
}

/** The action events the machine accepts in a run state, asked of the machine itself. */
export function allowedInstanceActions(state: InstanceState): InstanceAction[] {
  const snapshot = instanceSnapshotIn(state)
  return INSTANCE_ACTIONS.filter((type) => snapshot.can({ type }))
}

/** The whole table, state by state, derived from the machine. */
export function instanceActionTable(): Record<InstanceState, InstanceAction[]> {
  return Object.fromEntries(INSTANCE_STATES.map((s) => [s, allowedInstanceActions(s)])) as Record<
    InstanceState,
    InstanceAction[]
  >
}
