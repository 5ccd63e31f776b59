// The disk machine with its I/O (issue 11): loaded by performDiskAction when an action runs, never by
// a list's first paint. What an action or a refetch learns goes through storage/, so it lands in
// IndexedDB and in every cached view of the disk.
import { createActor, fromPromise } from 'xstate'
import {
  type DiskAction,
  type DiskActionInput,
  type DiskActionOutput,
  diskMachine,
  diskRefusal,
} from '../../machines/disk.machine'
import { mutate, writeResource } from '../../storage'
import { api } from '../api/client'
import { unwrap } from '../api/errors'
import type { Disk } from '../api/types'
import { generateName } from '../util/names'
import { devActorOptions } from './dev-inspect'
import type { ActionHandle } from './live-actions'
import { runAction } from './run-action'
import { instanceUpdateBody } from './use-instance-actor'

const byId = (input: DiskActionInput) => ({ path: { disk: input.disk.id } })
/** The instance an attach/detach/boot action names: the event's params, else the disk's own instance. */
function instanceOf(input: DiskActionInput): string {
  const fromParams = (input.params as { instance?: string } | undefined)?.instance
  const fromDisk = 'instance' in input.disk.state ? input.disk.state.instance : undefined
  const id = fromParams ?? fromDisk
  if (!id) throw new Error('No instance given')
  return id
}

const act = (run: (input: DiskActionInput) => Promise<DiskActionOutput>) =>
  fromPromise<DiskActionOutput, DiskActionInput>(({ input }) => run(input))

const liveDiskMachine = diskMachine.provide({
  actors: {
    fetchDisk: act(async (input) => {
      const fresh = unwrap(await api.call('diskView', byId(input)))
      await writeResource('disk', fresh)
      return fresh
    }),
    deleteDisk: act(async (input) => {
      unwrap(
        await mutate('diskDelete', byId(input), {
          removes: { id: input.disk.id },
          invalidates: [{ endpoint: 'diskList' }],
        }),
      )
      return undefined
    }),
    snapshotDisk: act(async (input) => {
      const params = (input.params ?? {}) as { name?: string; description?: string }
      unwrap(
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
    attachDisk: act(async (input) =>
      unwrap(
        await mutate(
          'instanceDiskAttach',
          { path: { instance: instanceOf(input) }, body: { disk: input.disk.id } },
          { writes: 'disk' },
        ),
      ),
    ),
    detachDisk: act(async (input) =>
      unwrap(
        await mutate(
          'instanceDiskDetach',
          { path: { instance: instanceOf(input) }, body: { disk: input.disk.id } },
          { writes: 'disk' },
        ),
      ),
    ),
    // The boot disk is part of the instance's whole configuration (PUT): the instance is read first so
    // that everything else it has is sent back unchanged.
    setBootDisk: act(async (input) => {
      const path = { instance: instanceOf(input) }
      const instance = unwrap(await api.call('instanceView', { path }))
      unwrap(
        await mutate(
          'instanceUpdate',
          { path, body: instanceUpdateBody(instance, { bootDisk: input.disk.id }) },
          { writes: 'instance' },
        ),
      )
      return undefined // an instance, not the disk: the machine refetches the disk
    }),
  },
})

/** Runs `event` on `disk`; `handle` is the registry entry made when the action was chosen. */
export function runDiskAction(
  handle: ActionHandle,
  disk: Disk,
  event: { type: DiskAction; params?: unknown },
): Promise<void> {
  const actor = createActor(liveDiskMachine, { ...devActorOptions(), input: { disk } })
  return runAction(disk.id, `disk ${disk.name}`, actor, event, (s) => diskRefusal(s, event.type), handle)
}
