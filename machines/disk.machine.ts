// The disk lifecycle (spec section 4): the twelve disk states, which actions each allows, and when to
// poll. Same shape as the instance machine: a `run` region mirrors the disk's state as last seen from
// the API (UPDATED moves it; transitional states poll the injected `fetchDisk`, fast then backing off),
// and an `activity` region runs one action at a time through an injected actor. A failed action keeps
// the run region as it was: the last known state.
import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate'
import type { ApiParams, Disk, DiskState } from '../src/api/types'
import { DISK_ACTIONS, DISK_STATES, type DiskAction, isDiskTransitional } from './disk.states'
import { errorMessage, nextPollDelay, POLL_FAST_MS, POLL_MAX_MS, pollingState, startAction } from './shared'

// The vocabulary lives in an xstate-free module so a list row can paint without loading the machine.
export {
  DISK_ACTIONS,
  DISK_BUSY_REASON,
  DISK_STATES,
  type DiskAction,
  diskActionRefusal,
  diskRefusal,
  diskStateLabel,
  isDiskTransitional,
  TRANSITIONAL_DISK_STATES,
} from './disk.states'

// Spec section 4, disk actions. Guards are built from this; tests compare the machine's answers with
// a literal copy of the spec.
const REQUIRED: Record<DiskAction, readonly DiskState[]> = {
  DELETE: ['detached', 'faulted'],
  SNAPSHOT: ['attached', 'detached'],
  ATTACH: ['creating', 'detached'],
  DETACH: ['attached'],
  SET_BOOT_DISK: ['attached'],
}

type SnapshotBody = ApiParams<'snapshotCreate'>['body']

export type DiskEvent =
  | { type: 'UPDATED'; disk: Disk }
  | { type: 'DELETE' }
  | { type: 'SNAPSHOT'; params?: Omit<SnapshotBody, 'disk'> }
  | { type: 'ATTACH'; params?: { instance: string } }
  | { type: 'DETACH'; params?: { instance: string } }
  | { type: 'SET_BOOT_DISK'; params?: { instance: string } }
  | { type: 'CLEAR_ERROR' }

/** Injected actors resolve to the disk when the API answered with it, else undefined (refetched). */
export type DiskActionOutput = Disk | undefined

/** What every injected disk actor receives. */
export type DiskActionInput = { disk: Disk; params: unknown }

export type DiskContext = {
  disk: Disk | null
  /** The state the run region shows (null before the first UPDATED). */
  state: DiskState | null
  error: string | null
  pending: DiskAction | null
  pollDelay: number
  pollFastMs: number
  pollMaxMs: number
}

export type DiskInput = { disk?: Disk; pollFastMs?: number; pollMaxMs?: number }

const notProvided = (name: string) =>
  fromPromise<DiskActionOutput, DiskActionInput>(async () => {
    throw new Error(`${name} was not provided to the disk machine`)
  })

function diskOf(value: unknown): Disk | null {
  return typeof value === 'object' && value !== null && 'state' in value && 'blockSize' in value
    ? (value as Disk)
    : null
}

type ActorName = 'deleteDisk' | 'snapshotDisk' | 'attachDisk' | 'detachDisk' | 'setBootDisk'

const actionInput = ({ context, event }: { context: DiskContext; event: DiskEvent }) => ({
  disk: context.disk!,
  params: 'params' in event ? event.params : undefined,
})
const pollInput = ({ context }: { context: DiskContext }) => ({ disk: context.disk!, params: undefined })

function performingState<Src extends ActorName>(src: Src) {
  return {
    invoke: {
      id: src,
      src,
      input: actionInput,
      onDone: [
        { guard: 'outputIsDisk' as const, target: '#disk.activity.idle', actions: 'raiseOutput' as const },
        { target: '#disk.activity.refreshing' },
      ],
      onError: { target: '#disk.activity.idle', actions: 'setError' as const },
    },
  }
}

const route = DISK_STATES.map((state) => ({
  guard: { type: 'updatedTo' as const, params: { state } },
  target: `#disk.run.${state}`,
  reenter: true,
  actions: 'setDisk' as const,
}))

export const diskMachine = setup({
  types: {
    context: {} as DiskContext,
    events: {} as DiskEvent,
    input: {} as DiskInput,
  },
  actors: {
    fetchDisk: notProvided('fetchDisk'),
    deleteDisk: notProvided('deleteDisk'),
    snapshotDisk: notProvided('snapshotDisk'),
    attachDisk: notProvided('attachDisk'),
    detachDisk: notProvided('detachDisk'),
    setBootDisk: notProvided('setBootDisk'),
  },
  guards: {
    allowed: ({ context }, { action }: { action: DiskAction }) =>
      context.state !== null && REQUIRED[action].includes(context.state),
    updatedTo: ({ event }, { state }: { state: DiskState }) =>
      event.type === 'UPDATED' && event.disk?.state?.state === state,
    outputIsDisk: ({ event }) => diskOf((event as { output?: unknown }).output) !== null,
  },
  actions: {
    setDisk: assign(({ context, event }) => {
      if (event.type !== 'UPDATED') return {}
      const changed = context.state !== event.disk.state.state
      return {
        disk: event.disk,
        state: event.disk.state.state,
        pollDelay: nextPollDelay(context.pollDelay, changed, context),
      }
    }),
    begin: assign((_, { action }: { action: DiskAction }) => ({ error: null, pending: action })),
    raiseOutput: raise(({ event }) => ({
      type: 'UPDATED' as const,
      disk: (event as unknown as { output: Disk }).output,
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
  id: 'disk',
  type: 'parallel',
  context: ({ input }) => ({
    disk: null,
    state: null,
    error: null,
    pending: null,
    pollDelay: input?.pollFastMs ?? POLL_FAST_MS,
    pollFastMs: input?.pollFastMs ?? POLL_FAST_MS,
    pollMaxMs: input?.pollMaxMs ?? POLL_MAX_MS,
  }),
  entry: enqueueActions(({ event, enqueue }) => {
    const disk = (event as { input?: DiskInput }).input?.disk
    if (disk) enqueue.raise({ type: 'UPDATED', disk })
  }),
  on: {
    CLEAR_ERROR: { actions: assign({ error: null }) },
  },
  states: {
    run: {
      initial: 'unknown',
      on: { UPDATED: route },
      states: {
        unknown: {},
        attached: {},
        attaching: pollingState('fetchDisk' as const, pollInput),
        creating: pollingState('fetchDisk' as const, pollInput),
        detaching: pollingState('fetchDisk' as const, pollInput),
        detached: {},
        destroyed: {},
        faulted: {},
        maintenance: {},
        import_ready: {},
        importing_from_url: {},
        importing_from_bulk_writes: {},
        finalizing: pollingState('fetchDisk' as const, pollInput),
      },
    },
    activity: {
      initial: 'idle',
      states: {
        idle: {
          entry: assign({ pending: null }),
          on: {
            DELETE: startAction('DELETE', 'performing.delete'),
            SNAPSHOT: startAction('SNAPSHOT', 'performing.snapshot'),
            ATTACH: startAction('ATTACH', 'performing.attach'),
            DETACH: startAction('DETACH', 'performing.detach'),
            SET_BOOT_DISK: startAction('SET_BOOT_DISK', 'performing.setBootDisk'),
          },
        },
        performing: {
          initial: 'delete',
          states: {
            delete: {
              invoke: {
                id: 'deleteDisk',
                src: 'deleteDisk',
                input: actionInput,
                onDone: {
                  target: '#disk.activity.idle',
                  actions: raise(({ context }) => ({
                    type: 'UPDATED' as const,
                    disk: { ...context.disk!, state: { state: 'destroyed' as const } },
                  })),
                },
                onError: { target: '#disk.activity.idle', actions: 'setError' },
              },
            },
            snapshot: performingState('snapshotDisk'),
            attach: performingState('attachDisk'),
            detach: performingState('detachDisk'),
            setBootDisk: performingState('setBootDisk'),
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshDisk',
            src: 'fetchDisk',
            input: pollInput,
            onDone: { target: 'idle', actions: 'raiseOutput' },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
  },
})

export type DiskMachine = typeof diskMachine

/** A snapshot of the machine idle in the given disk state. */
export function diskSnapshotIn(state: DiskState) {
  const value = isDiskTransitional(state)
    ? { run: { [state]: 'waiting' }, activity: 'idle' }
    : { run: state, activity: 'idle' }
  return diskMachine.resolveState({
    value,
    context: {
      disk: null,
      state,
      error: null,
      pending: null,
      pollDelay: POLL_FAST_MS,
      pollFastMs: POLL_FAST_MS,
      pollMaxMs: POLL_MAX_MS,
    },
  })
}

/** The actions the machine accepts in a disk state, asked of the machine. */
export function allowedDiskActions(state: DiskState): DiskAction[] {
  const snapshot = diskSnapshotIn(state)
  return DISK_ACTIONS.filter((type) => snapshot.can({ type }))
}

export function diskActionTable(): Record<DiskState, DiskAction[]> {
  return Object.fromEntries(DISK_STATES.map((s) => [s, allowedDiskActions(s)])) as Record<
    DiskState,
    DiskAction[]
  >
}
