// The instance machine with its I/O (issue 11): loaded by performInstanceAction when an action runs,
// never by a list's first paint. What an action or a refetch learns goes through storage/, so it lands
// in IndexedDB and in every cached view of the instance.
import { createActor, fromPromise } from 'xstate'
import {
  type InstanceAction,
  type InstanceActionInput,
  type InstanceEvent,
  instanceMachine,
  instanceRefusal,
} from '../../machines/instance.machine'
import { mutate, writeResource } from '../../storage'
import { api } from '../api/client'
import { unwrap } from '../api/errors'
import type { ApiParams, Instance } from '../api/types'
import { devActorOptions } from './dev-inspect'
import type { ActionHandle } from './live-actions'
import { runAction } from './run-action'

type UpdateBody = ApiParams<'instanceUpdate'>['body']

const byId = (input: InstanceActionInput) => ({ path: { instance: input.instance.id } })
const act = (run: (input: InstanceActionInput) => Promise<Instance | undefined>) =>
  fromPromise<Instance | undefined, InstanceActionInput>(({ input }) => run(input))

type DiskRef = ApiParams<'instanceDiskAttach'>['body']
type NicChange = { interface: string; body: ApiParams<'instanceNetworkInterfaceUpdate'>['body'] }

/** The instance's disk lists change with an attach or detach (the disk's own copies are written). */
const diskListsOf = (input: InstanceActionInput) => [
  { endpoint: 'instanceDiskList' as const, params: { path: { instance: input.instance.id } } },
  { endpoint: 'instanceDiskList' as const, params: { path: { instance: input.instance.name } } },
  { endpoint: 'diskList' as const },
]

/** Attach or detach: the answer is the disk (written everywhere); the machine fetches the instance. */
const changeDisk = (name: 'instanceDiskAttach' | 'instanceDiskDetach') =>
  act(async (input) => {
    unwrap(
      await mutate(
        name,
        { ...byId(input), body: input.params as DiskRef },
        { writes: 'disk', invalidates: diskListsOf(input) },
      ),
    )
    return undefined
  })

const liveInstanceMachine = instanceMachine.provide({
  actors: {
    fetchInstance: act(async (input) => {
      const fresh = unwrap(await api.call('instanceView', byId(input)))
      await writeResource('instance', fresh)
      return fresh
    }),
    startInstance: act(async (input) =>
      unwrap(await mutate('instanceStart', byId(input), { writes: 'instance' })),
    ),
    stopInstance: act(async (input) =>
      unwrap(await mutate('instanceStop', byId(input), { writes: 'instance' })),
    ),
    rebootInstance: act(async (input) =>
      unwrap(await mutate('instanceReboot', byId(input), { writes: 'instance' })),
    ),
    deleteInstance: act(async (input) => {
      unwrap(
        await mutate('instanceDelete', byId(input), {
          removes: { id: input.instance.id },
          invalidates: [{ endpoint: 'instanceList' }],
        }),
      )
      return undefined
    }),
    // RESIZE and UPDATE_BOOT_DISK: the form sends the whole body (instanceUpdateBody).
    updateInstance: act(async (input) =>
      unwrap(
        await mutate(
          'instanceUpdate',
          { ...byId(input), body: input.params as UpdateBody },
          { writes: 'instance' },
        ),
      ),
    ),
    attachDisk: changeDisk('instanceDiskAttach'),
    detachDisk: changeDisk('instanceDiskDetach'),
    updateNetworkInterface: act(async (input) => {
      const change = input.params as NicChange
      unwrap(
        await mutate(
          'instanceNetworkInterfaceUpdate',
          { path: { interface: change.interface }, body: change.body },
          { invalidates: [{ endpoint: 'instanceNetworkInterfaceList' }] },
        ),
      )
      return undefined
    }),
    addToAffinityGroup: act(async (input) => {
      const { affinityGroup } = input.params as { affinityGroup: string }
      unwrap(
        await mutate(
          'antiAffinityGroupMemberInstanceAdd',
          { path: { antiAffinityGroup: affinityGroup, instance: input.instance.id } },
          {
            invalidates: [
              { endpoint: 'instanceAntiAffinityGroupList' },
              { endpoint: 'antiAffinityGroupMemberList' },
            ],
          },
        ),
      )
      return undefined
    }),
  },
})

/** Runs `action` on `instance`; `handle` is the registry entry made when the action was chosen. */
export function runInstanceAction(
  handle: ActionHandle,
  instance: Instance,
  action: InstanceAction,
  params: unknown,
): Promise<void> {
  const actor = createActor(liveInstanceMachine, { ...devActorOptions(), input: { instance } })
  const event = (params === undefined ? { type: action } : { type: action, params }) as InstanceEvent
  return runAction(
    instance.id,
    `instance ${instance.name}`,
    actor,
    event,
    (s) => instanceRefusal(s, action),
    handle,
  )
}
