// A live disk actor for one disk on screen: the machine (machines/disk.machine.ts) says which actions
// the disk's state allows and when to poll; this hook gives it its I/O (API calls through storage,
// so mutations revalidate the cache) and feeds it the disk whenever the cached copy changes. One
// actor per disk id, shared by the row's state cell and its action menu (as for instances).
import { useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { type Actor, createActor, fromPromise, waitFor } from 'xstate'
import {
  type DiskAction,
  type DiskActionInput,
  type DiskActionOutput,
  diskMachine,
  diskRefusal,
  isDiskTransitional,
} from '../../machines/disk.machine'
import { registerActor } from '../../machines/live-actors'
import { invalidate, mutate } from '../../storage'
import { api } from '../api/client'
import { toUserError } from '../api/errors'
import type { ApiResult, Disk, OperationName } from '../api/types'
import { generateName } from '../util/names'
import { devActorOptions } from './dev-inspect'

function unwrap<T>(name: OperationName, result: ApiResult<T>): T {
  if (result.type === 'success') return result.data
  throw new Error(toUserError(name, result).message)
}

const listKeys = [{ endpoint: 'diskList' as const }, { endpoint: 'diskView' as const }]
const byId = (input: DiskActionInput) => ({ path: { disk: input.disk.id } })
/** The instance an attach/detach/boot action names: the event's params, else the disk's own instance. */
function instanceOf(input: DiskActionInput): string {
  const fromParams = (input.params as { instance?: string } | undefined)?.instance
  const fromDisk = 'instance' in input.disk.state ? input.disk.state.instance : undefined
  const id = fromParams ?? fromDisk
  if (!id) throw new Error('No instance given')
  return id
}

const action = (run: (input: DiskActionInput) => Promise<DiskActionOutput>) =>
  fromPromise<DiskActionOutput, DiskActionInput>(({ input }) => run(input))

export const liveDiskMachine = diskMachine.provide({
  actors: {
    fetchDisk: action(async (input) => unwrap('diskView', await api.call('diskView', byId(input)))),
    deleteDisk: action(async (input) => {
      unwrap(
        'diskDelete',
        await mutate('diskDelete', byId(input), { removes: { id: input.disk.id }, invalidates: listKeys }),
      )
      return undefined
    }),
    snapshotDisk: action(async (input) => {
      const params = (input.params ?? {}) as { name?: string; description?: string }
      unwrap(
        'snapshotCreate',
        await mutate(
          'snapshotCreate',
          {
            query: { project: input.disk.projectId },
            body: {
              name: params.name ?? generateName([input.disk.name]),
              description: params.description ?? `Snapshot of ${input.disk.name}`,
              disk: input.disk.id,
            },
          },
          { invalidates: [{ endpoint: 'snapshotList' }] },
        ),
      )
      return undefined // a snapshot, not the disk: the machine refetches the disk
    }),
    attachDisk: action(async (input) =>
      unwrap(
        'instanceDiskAttach',
        await mutate(
          'instanceDiskAttach',
          { path: { instance: instanceOf(input) }, body: { disk: input.disk.id } },
          { invalidates: listKeys },
        ),
      ),
    ),
    detachDisk: action(async (input) =>
      unwrap(
        'instanceDiskDetach',
        await mutate(
          'instanceDiskDetach',
          { path: { instance: instanceOf(input) }, body: { disk: input.disk.id } },
          { invalidates: listKeys },
        ),
      ),
    ),
    setBootDisk: action(async () => {
      // Changing the boot disk rewrites the whole instance (PUT); it is done from the instance page.
      throw new Error('Set the boot disk from the instance’s storage tab')
    }),
  },
})

type LiveDiskActor = Actor<typeof liveDiskMachine>
type Entry = { actor: LiveDiskActor; refs: number; unregister: () => void }

const shared = new Map<string, Entry>()
const GRACE_MS = 1000

function stopIfUnused(id: string, entry: Entry) {
  if (entry.refs > 0 || shared.get(id) !== entry) return
  shared.delete(id)
  entry.unregister()
  entry.actor.stop()
}

function peekOrCreate(disk: Disk): LiveDiskActor {
  const found = shared.get(disk.id)
  if (found) return found.actor
  const actor = createActor(liveDiskMachine, { ...devActorOptions(), input: { disk } })
  const entry: Entry = {
    actor,
    refs: 0,
    unregister: import.meta.env.DEV ? registerActor(`disk ${disk.name}`, actor) : () => {},
  }
  actor.start()
  shared.set(disk.id, entry)
  setTimeout(() => stopIfUnused(disk.id, entry), GRACE_MS)
  return actor
}

export function useDiskActor(disk: Disk) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one actor per disk id
  const actor = useMemo(() => peekOrCreate(disk), [disk.id])
  useEffect(() => {
    const entry = shared.get(disk.id)
    if (!entry || entry.actor !== actor) return
    entry.refs++
    return () => {
      entry.refs--
      setTimeout(() => stopIfUnused(disk.id, entry), 0)
    }
  }, [actor, disk.id])

  const stamp = `${JSON.stringify(disk.state)}:${disk.timeModified.getTime()}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stamp says when the cached disk changed
  useEffect(() => {
    actor.send({ type: 'UPDATED', disk })
  }, [actor, stamp])

  const snapshot = useSelector(actor, (s) => s)
  const current = snapshot.context.disk ?? disk

  // When a transitional state settles, the cached lists are out of date: revalidate them.
  const wasTransitional = useRef(isDiskTransitional(current.state.state))
  useEffect(() => {
    const now = isDiskTransitional(current.state.state)
    if (wasTransitional.current && !now) void invalidate(listKeys)
    wasTransitional.current = now
  }, [current.state.state])

  /** Sends the action and resolves when the machine is idle again; rejects with the action's error. */
  async function perform(event: { type: DiskAction; params?: unknown }) {
    actor.send({ type: 'CLEAR_ERROR' })
    actor.send(event as never)
    const done = await waitFor(actor, (s) => (s.value as { activity?: unknown }).activity === 'idle', {
      timeout: 60_000,
    })
    if (done.context.error) throw new Error(done.context.error)
  }

  return {
    disk: current,
    snapshot,
    refusal: (a: DiskAction) => diskRefusal(snapshot, a),
    perform,
  }
}
