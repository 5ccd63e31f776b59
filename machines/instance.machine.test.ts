import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, createActor, fromPromise } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { InstanceState } from '../src/api/types'
import {
  allowedInstanceActions,
  INSTANCE_ACTIONS,
  INSTANCE_BUSY_REASON,
  INSTANCE_STATES,
  type InstanceAction,
  type InstanceActionInput,
  type InstanceActionOutput,
  type InstanceEvent,
  instanceActionRefusal,
  instanceActionTable,
  instanceMachine,
  instanceRefusal,
  isDueForAutoRestart,
  isTransitional,
} from './instance.machine'
import { makeInstance } from './testing/fixtures'
import {
  allStateNodes,
  allTransitions,
  walkMachine,
  walkScope,
  withOwnEvents,
} from './testing/graph-coverage'

// Spec section 4, "Allowed actions by state", copied as literal data, cell by cell.
const SPEC_TABLE: Record<string, string> = {
  start: 'stopped or failed',
  delete: 'stopped or failed',
  resize: 'stopped, failed or creating',
  'update boot disk': 'stopped, failed or creating',
  reboot: 'running',
  stop: 'running, starting, rebooting or failed',
  'detach disk': 'creating, stopped or failed',
  'attach disk': 'creating or stopped',
  'update network interface': 'stopped',
  'serial console': 'running, rebooting, migrating or repairing',
  'add to affinity group': 'stopped',
}
const SPEC_ACTION_EVENT: Record<string, InstanceAction> = {
  start: 'START',
  delete: 'DELETE',
  resize: 'RESIZE',
  'update boot disk': 'UPDATE_BOOT_DISK',
  reboot: 'REBOOT',
  stop: 'STOP',
  'detach disk': 'DETACH_DISK',
  'attach disk': 'ATTACH_DISK',
  'update network interface': 'UPDATE_NIC',
  'serial console': 'SERIAL_CONSOLE',
  'add to affinity group': 'ADD_TO_AFFINITY_GROUP',
}
const parseStates = (cell: string) => cell.split(/, | or /).map((s) => s.trim())

describe('instance allowed actions (spec section 4)', () => {
  it('the machine answers the spec table cell by cell', () => {
    const table = instanceActionTable()
    let cells = 0
    for (const [action, cell] of Object.entries(SPEC_TABLE)) {
      const allowedStates = parseStates(cell)
      const event = SPEC_ACTION_EVENT[action]!
      for (const state of INSTANCE_STATES) {
        expect(table[state].includes(event), `${action} in ${state}`).toBe(allowedStates.includes(state))
        cells++
      }
    }
    expect(cells).toBe(11 * 10)
    expect(Object.keys(SPEC_TABLE)).toHaveLength(INSTANCE_ACTIONS.length)
  })

  it('gives a reason for every refused action, naming the states that allow it', () => {
    for (const [action, cell] of Object.entries(SPEC_TABLE)) {
      const reason = instanceActionRefusal[SPEC_ACTION_EVENT[action]!]
      expect(reason.length).toBeGreaterThan(10)
      for (const state of parseStates(cell)) expect(reason).toContain(state)
    }
  })

  it('spinners follow the spec (transitional states)', () => {
    expect(INSTANCE_STATES.filter(isTransitional)).toEqual([
      'creating',
      'starting',
      'rebooting',
      'migrating',
      'stopping',
    ])
  })

  it('refuses everything while an action is in flight, with the busy reason', async () => {
    const never = fromPromise<InstanceActionOutput, InstanceActionInput>(() => new Promise(() => {}))
    const actor = createActor(instanceMachine.provide({ actors: { startInstance: never } }), {
      input: { instance: makeInstance('stopped') },
    }).start()
    expect(actor.getSnapshot().can({ type: 'START' })).toBe(true)
    actor.send({ type: 'START' })
    const snap = actor.getSnapshot()
    expect(INSTANCE_ACTIONS.filter((type) => snap.can({ type }))).toEqual([])
    expect(instanceRefusal(snap, 'DELETE')).toBe(INSTANCE_BUSY_REASON)
    actor.stop()
  })

  it('explains a refusal by state when idle', () => {
    const actor = createActor(instanceMachine, { input: { instance: makeInstance('running') } }).start()
    expect(instanceRefusal(actor.getSnapshot(), 'REBOOT')).toBeNull()
    expect(instanceRefusal(actor.getSnapshot(), 'START')).toBe(instanceActionRefusal.START)
    actor.stop()
  })
})

describe('isDueForAutoRestart (spec section 4)', () => {
  const now = new Date('2025-06-01T12:00:00Z')
  it('needs failed and auto-restart enabled', () => {
    expect(isDueForAutoRestart(makeInstance('failed', { autoRestartEnabled: true }), now)).toBe(true)
    expect(isDueForAutoRestart(makeInstance('failed', { autoRestartEnabled: false }), now)).toBe(false)
    for (const s of INSTANCE_STATES.filter((s) => s !== 'failed')) {
      expect(isDueForAutoRestart(makeInstance(s, { autoRestartEnabled: true }), now)).toBe(false)
    }
  })
  it('waits for the cooldown to pass', () => {
    const before = new Date(now.getTime() - 1000)
    const after = new Date(now.getTime() + 1000)
    const failed = (c: Date | null) =>
      makeInstance('failed', { autoRestartEnabled: true, autoRestartCooldownExpiration: c })
    expect(isDueForAutoRestart(failed(null), now)).toBe(true)
    expect(isDueForAutoRestart(failed(before), now)).toBe(true)
    expect(isDueForAutoRestart(failed(now), now)).toBe(true)
    expect(isDueForAutoRestart(failed(after), now)).toBe(false)
  })
})

// --- Model-based: walk every state and every transition ---------------------------------------

const ACTOR_IDS = [
  'startInstance',
  'stopInstance',
  'rebootInstance',
  'updateInstance',
  'attachDisk',
  'detachDisk',
  'updateNetworkInterface',
  'addToAffinityGroup',
  'deleteInstance',
  'fetchInstance',
  'refreshInstance',
]

function walkEvents(): InstanceEvent[] {
  const events: InstanceEvent[] = INSTANCE_STATES.map((s) => ({ type: 'UPDATED', instance: makeInstance(s) }))
  for (const type of INSTANCE_ACTIONS) events.push({ type })
  events.push({ type: 'CLEAR_ERROR' })
  const internal: { type: string; output?: unknown; error?: unknown }[] = []
  for (const id of ACTOR_IDS) {
    // An answer in a run state, and an answer that is not an instance (attach/detach return a disk).
    internal.push({ type: `xstate.done.actor.${id}`, output: makeInstance('starting') })
    internal.push({ type: `xstate.done.actor.${id}`, output: undefined })
    internal.push({ type: `xstate.error.actor.${id}`, error: new Error('boom') })
  }
  return [...events, ...(internal as unknown as InstanceEvent[])]
}

describe('instance machine graph', () => {
  const events = walkEvents()

  it('walks every state node and every transition definition', () => {
    const result = walkMachine(instanceMachine, {
      input: {},
      events: () => events,
      serializeState: (s) => JSON.stringify(s.value),
    })
    expect(result.missingNodes).toEqual([])
    expect(result.missingTransitions).toEqual([])
    expect(result.visitedNodes.size).toBe(allStateNodes(instanceMachine).length)
    expect(result.takenTransitions.size).toBe(allTransitions(instanceMachine).length)
    // 10 run states + unknown + 6 polled x (waiting, fetching) + run; idle, refreshing, performing + 9, activity
    expect(allStateNodes(instanceMachine).length).toBe(1 + 11 + 12 + 1 + 3 + 9)
  })

  it('shortest paths reach every state; replayed, each lands where the graph says and honours the table', () => {
    const serializeState = (s: AnyMachineSnapshot) => JSON.stringify(s.value)
    const paths = getShortestPaths(instanceMachine, {
      input: {},
      events: withOwnEvents(() => events),
      serializeState,
    })
    const leafValues = new Set(paths.map((p) => serializeState(p.state)))
    // every (run leaf x activity leaf) combination the graph can reach has a path
    expect(paths.length).toBe(leafValues.size)
    const seen = new Set<string>()
    for (const path of paths) {
      let snap = createActor(instanceMachine, { input: {} }).getSnapshot()
      for (const step of path.steps) {
        snap = instanceMachine.transition(snap, step.event, walkScope())
        expect(snap.value).toEqual(step.state.value)
      }
      const run = (snap.value as { run: unknown }).run
      const runState = typeof run === 'string' ? run : Object.keys(run as object)[0]!
      if (runState === 'unknown') continue
      seen.add(runState)
      const allowed = INSTANCE_ACTIONS.filter((type) => snap.can({ type }))
      if ((snap.value as { activity: unknown }).activity === 'idle') {
        expect(allowed).toEqual(allowedInstanceActions(runState as InstanceState))
      } else {
        expect(allowed).toEqual([])
      }
    }
    expect([...seen].sort()).toEqual([...INSTANCE_STATES].sort())
  })
})

// --- Behaviour with injected fakes and fake timers ---------------------------------------------

describe('instance machine behaviour', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A fake API whose instance stays in `starting` for `startingPolls` fetches, then runs. */
  function fakeApi(startingPolls: number) {
    let current = makeInstance('stopped')
    let polls = 0
    const fetchTimes: number[] = []
    const actors = {
      startInstance: fromPromise<InstanceActionOutput, InstanceActionInput>(async () => {
        current = makeInstance('starting')
        return current
      }),
      fetchInstance: fromPromise<InstanceActionOutput, InstanceActionInput>(async () => {
        fetchTimes.push(Date.now())
        polls++
        if (current.runState === 'starting' && polls > startingPolls) current = makeInstance('running')
        return current
      }),
    }
    return { actors, fetchTimes }
  }

  it('starts, polls fast then backs off, and stops polling once running', async () => {
    const api = fakeApi(4)
    const t0 = Date.now()
    const actor = createActor(instanceMachine.provide({ actors: api.actors }), {
      input: { instance: makeInstance('stopped') },
    }).start()
    actor.send({ type: 'START' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ run: 'starting' })).toBe(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(actor.getSnapshot().matches({ run: 'running' })).toBe(true)
    // 1 s, then x1.5 each time the state has not moved: 1000, 1500, 2250, 3375, 5063
    const gaps = api.fetchTimes.map((t, i) => t - (i === 0 ? t0 : api.fetchTimes[i - 1]!))
    expect(gaps).toEqual([1000, 1500, 2250, 3375, 5063])
    const count = api.fetchTimes.length
    await vi.advanceTimersByTimeAsync(120_000)
    expect(api.fetchTimes.length).toBe(count)
    actor.stop()
  })

  it('caps the poll interval at 10 s', async () => {
    const api = fakeApi(1000)
    const actor = createActor(instanceMachine.provide({ actors: api.actors }), {
      input: { instance: makeInstance('stopped') },
    }).start()
    actor.send({ type: 'START' })
    await vi.advanceTimersByTimeAsync(200_000)
    const gaps = api.fetchTimes.slice(1).map((t, i) => t - api.fetchTimes[i]!)
    expect(Math.max(...gaps)).toBe(10_000)
    expect(gaps.at(-1)).toBe(10_000)
    actor.stop()
  })

  it('reports an action error and falls back to the last known state', async () => {
    const actor = createActor(
      instanceMachine.provide({
        actors: {
          stopInstance: fromPromise<InstanceActionOutput, InstanceActionInput>(async () => {
            throw new Error('Instance is busy')
          }),
        },
      }),
      { input: { instance: makeInstance('running') } },
    ).start()
    actor.send({ type: 'STOP' })
    expect(actor.getSnapshot().context.pending).toBe('STOP')
    await vi.advanceTimersByTimeAsync(0)
    const snap = actor.getSnapshot()
    expect(snap.context.error).toBe('Instance is busy')
    expect(snap.value).toEqual({ run: 'running', activity: 'idle' })
    expect(snap.can({ type: 'REBOOT' })).toBe(true)
    actor.send({ type: 'CLEAR_ERROR' })
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.stop()
  })

  it('refetches after an action that does not answer with the instance', async () => {
    let fetched = 0
    const actor = createActor(
      instanceMachine.provide({
        actors: {
          attachDisk: fromPromise<InstanceActionOutput, InstanceActionInput>(async ({ input }) => {
            expect(input.params).toEqual({ disk: 'data' })
            return undefined
          }),
          fetchInstance: fromPromise<InstanceActionOutput, InstanceActionInput>(async () => {
            fetched++
            return makeInstance('stopped', { description: 'fresh' })
          }),
        },
      }),
      { input: { instance: makeInstance('stopped') } },
    ).start()
    actor.send({ type: 'ATTACH_DISK', params: { disk: 'data' } })
    await vi.advanceTimersByTimeAsync(0)
    expect(fetched).toBe(1)
    expect(actor.getSnapshot().context.instance?.description).toBe('fresh')
    expect(actor.getSnapshot().value).toEqual({ run: 'stopped', activity: 'idle' })
    actor.stop()
  })

  it('DELETE ends destroyed; SERIAL_CONSOLE emits for navigation', async () => {
    const actor = createActor(
      instanceMachine.provide({
        actors: {
          deleteInstance: fromPromise<InstanceActionOutput, InstanceActionInput>(async () => undefined),
        },
      }),
      { input: { instance: makeInstance('stopped') } },
    ).start()
    actor.send({ type: 'DELETE' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ run: 'destroyed' })).toBe(true)
    expect(INSTANCE_ACTIONS.filter((type) => actor.getSnapshot().can({ type }))).toEqual([])
    actor.stop()

    const running = createActor(instanceMachine, { input: { instance: makeInstance('running') } }).start()
    const opened = vi.fn()
    running.on('serialConsole', opened)
    running.send({ type: 'SERIAL_CONSOLE' })
    expect(opened).toHaveBeenCalledTimes(1)
    running.stop()
  })

  it('UPDATED from a list revalidation moves the state and starts or stops polling', async () => {
    let fetched = 0
    const actor = createActor(
      instanceMachine.provide({
        actors: {
          fetchInstance: fromPromise<InstanceActionOutput, InstanceActionInput>(async () => {
            fetched++
            return makeInstance('rebooting')
          }),
        },
      }),
      { input: {} },
    ).start()
    expect(actor.getSnapshot().matches({ run: 'unknown' })).toBe(true)
    expect(INSTANCE_ACTIONS.filter((type) => actor.getSnapshot().can({ type }))).toEqual([])
    actor.send({ type: 'UPDATED', instance: makeInstance('rebooting') })
    await vi.advanceTimersByTimeAsync(1000)
    expect(fetched).toBe(1)
    actor.send({ type: 'UPDATED', instance: makeInstance('running') })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetched).toBe(1)
    actor.stop()
  })
})
