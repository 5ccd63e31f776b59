import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, createActor, fromPromise } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { Disk, DiskState } from '../src/api/types'
import {
  allowedDiskActions,
  DISK_ACTIONS,
  DISK_BUSY_REASON,
  DISK_STATES,
  type DiskAction,
  type DiskActionInput,
  type DiskActionOutput,
  type DiskEvent,
  diskActionRefusal,
  diskActionTable,
  diskMachine,
  diskRefusal,
  diskStateLabel,
  isDiskTransitional,
} from './disk.machine'
import { makeDisk } from './testing/fixtures'
import {
  allStateNodes,
  allTransitions,
  walkMachine,
  walkScope,
  withOwnEvents,
} from './testing/graph-coverage'

// Spec section 4, disk actions, as literal data.
const SPEC_ACTIONS: Record<string, string> = {
  delete: 'detached or faulted',
  snapshot: 'attached or detached',
  attach: 'creating or detached',
  detach: 'attached',
  'set as boot disk': 'attached',
}
const SPEC_EVENT: Record<string, DiskAction> = {
  delete: 'DELETE',
  snapshot: 'SNAPSHOT',
  attach: 'ATTACH',
  detach: 'DETACH',
  'set as boot disk': 'SET_BOOT_DISK',
}
const SPEC_STATES =
  'attached, attaching, creating, detaching, detached, destroyed, faulted, maintenance, import_ready, importing_from_url, importing_from_bulk_writes, finalizing'
const parse = (cell: string) => cell.split(/, | or /).map((s) => s.trim())

describe('disk states and actions (spec section 4)', () => {
  it('knows exactly the twelve states, labelled with spaces', () => {
    expect([...DISK_STATES]).toEqual(parse(SPEC_STATES))
    expect(diskStateLabel('importing_from_bulk_writes')).toBe('importing from bulk writes')
    expect(diskStateLabel('import_ready')).toBe('import ready')
    expect(diskStateLabel('attached')).toBe('attached')
    for (const s of DISK_STATES) expect(diskStateLabel(s)).not.toContain('_')
  })

  it('transitional states are attaching, creating, detaching, finalizing', () => {
    expect(DISK_STATES.filter(isDiskTransitional)).toEqual([
      'attaching',
      'creating',
      'detaching',
      'finalizing',
    ])
  })

  it('the machine answers the spec table cell by cell', () => {
    const table = diskActionTable()
    let cells = 0
    for (const [action, cell] of Object.entries(SPEC_ACTIONS)) {
      for (const state of DISK_STATES) {
        expect(table[state].includes(SPEC_EVENT[action]!), `${action} in ${state}`).toBe(
          parse(cell).includes(state),
        )
        cells++
      }
    }
    expect(cells).toBe(5 * 12)
    expect(Object.keys(SPEC_ACTIONS)).toHaveLength(DISK_ACTIONS.length)
    for (const [action, cell] of Object.entries(SPEC_ACTIONS)) {
      for (const state of parse(cell)) expect(diskActionRefusal[SPEC_EVENT[action]!]).toContain(state)
    }
  })
})

const IDS = [
  'deleteDisk',
  'snapshotDisk',
  'attachDisk',
  'detachDisk',
  'setBootDisk',
  'fetchDisk',
  'refreshDisk',
]
function walkEvents(): DiskEvent[] {
  const events: DiskEvent[] = DISK_STATES.map((s) => ({ type: 'UPDATED', disk: makeDisk(s) }))
  for (const type of DISK_ACTIONS) events.push({ type })
  events.push({ type: 'CLEAR_ERROR' })
  const internal: { type: string; output?: unknown; error?: unknown }[] = []
  for (const id of IDS) {
    internal.push({ type: `xstate.done.actor.${id}`, output: makeDisk('attaching') })
    internal.push({ type: `xstate.done.actor.${id}`, output: { id: 'snapshot-1' } })
    internal.push({ type: `xstate.error.actor.${id}`, error: new Error('boom') })
  }
  return [...events, ...(internal as unknown as DiskEvent[])]
}

describe('disk machine graph', () => {
  const events = walkEvents()
  const serializeState = (s: AnyMachineSnapshot) => JSON.stringify(s.value)

  it('walks every state node and every transition definition', () => {
    const result = walkMachine(diskMachine, { input: {}, events: () => events, serializeState })
    expect(result.missingNodes).toEqual([])
    expect(result.missingTransitions).toEqual([])
    expect(result.visitedNodes.size).toBe(allStateNodes(diskMachine).length)
    expect(result.takenTransitions.size).toBe(allTransitions(diskMachine).length)
  })

  it('shortest paths replay to the same states and the table holds at each', () => {
    const paths = getShortestPaths(diskMachine, {
      input: {},
      events: withOwnEvents(() => events),
      serializeState,
    })
    const seen = new Set<string>()
    for (const path of paths) {
      let snap = createActor(diskMachine, { input: {} }).getSnapshot()
      for (const step of path.steps) {
        snap = diskMachine.transition(snap, step.event, walkScope())
        expect(snap.value).toEqual(step.state.value)
      }
      const run = (snap.value as { run: unknown }).run
      const state = typeof run === 'string' ? run : Object.keys(run as object)[0]!
      if (state === 'unknown') continue
      seen.add(state)
      const allowed = DISK_ACTIONS.filter((type) => snap.can({ type }))
      const idle = (snap.value as { activity: unknown }).activity === 'idle'
      expect(allowed).toEqual(idle ? allowedDiskActions(state as DiskState) : [])
    }
    expect([...seen].sort()).toEqual([...DISK_STATES].sort())
  })
})

describe('disk machine behaviour', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('attach: polls while attaching, settles attached, then offers detach', async () => {
    let polls = 0
    const actor = createActor(
      diskMachine.provide({
        actors: {
          attachDisk: fromPromise<DiskActionOutput, DiskActionInput>(async ({ input }) => {
            expect(input.params).toEqual({ instance: 'db1' })
            return makeDisk('attaching')
          }),
          fetchDisk: fromPromise<DiskActionOutput, DiskActionInput>(async () => {
            polls++
            return makeDisk(polls < 3 ? 'attaching' : 'attached')
          }),
        },
      }),
      { input: { disk: makeDisk('detached') } },
    ).start()
    actor.send({ type: 'ATTACH', params: { instance: 'db1' } })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ run: 'attaching' })).toBe(true)
    expect(diskRefusal(actor.getSnapshot(), 'DETACH')).toBe(diskActionRefusal.DETACH)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(polls).toBe(3)
    expect(actor.getSnapshot().matches({ run: 'attached' })).toBe(true)
    expect(diskRefusal(actor.getSnapshot(), 'DETACH')).toBeNull()
    actor.stop()
  })

  it('a failed delete keeps the last state and reports the error; busy while pending', async () => {
    let reject: (e: Error) => void = () => {}
    const actor = createActor(
      diskMachine.provide({
        actors: {
          deleteDisk: fromPromise<DiskActionOutput, DiskActionInput>(
            () =>
              new Promise<Disk>((_, r) => {
                reject = r
              }),
          ),
        },
      }),
      { input: { disk: makeDisk('detached') } },
    ).start()
    actor.send({ type: 'DELETE' })
    expect(diskRefusal(actor.getSnapshot(), 'SNAPSHOT')).toBe(DISK_BUSY_REASON)
    reject(new Error('Disk is in use'))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.error).toBe('Disk is in use')
    expect(actor.getSnapshot().value).toEqual({ run: 'detached', activity: 'idle' })
    actor.stop()
  })

  it('snapshot answers with a snapshot, so the disk is fetched again', async () => {
    let fetched = 0
    const actor = createActor(
      diskMachine.provide({
        actors: {
          snapshotDisk: fromPromise<DiskActionOutput, DiskActionInput>(async () => undefined),
          fetchDisk: fromPromise<DiskActionOutput, DiskActionInput>(async () => {
            fetched++
            return makeDisk('detached')
          }),
        },
      }),
      { input: { disk: makeDisk('detached') } },
    ).start()
    actor.send({ type: 'SNAPSHOT', params: { name: 'snap', description: '' } })
    await vi.advanceTimersByTimeAsync(0)
    expect(fetched).toBe(1)
    expect(actor.getSnapshot().value).toEqual({ run: 'detached', activity: 'idle' })
    actor.stop()
  })
})
