// Actions on one instance. The machine (machines/instance.machine.ts) says what is allowed; this file
// gives it its I/O through storage/, so what an action or a refetch learns lands in IndexedDB and in
// every cached view of the instance. An actor runs only while an action runs (issue 11): rows derive
// their allowed actions from the machine's definition (src/ui/row-state.ts), and the list polls once
// for all its transitional rows.
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
import { toUserError } from '../api/errors'
import type { ApiParams, ApiResult, Instance, OperationName } from '../api/types'
import { devActorOptions } from './dev-inspect'
import { runAction } from './live-actions'

export function unwrap<T>(name: OperationName, result: ApiResult<T>): T {
  if (result.type === 'success') return result.data
  throw new Error(toUserError(name, result).message)
}

const byId = (input: InstanceActionInput) => ({ path: { instance: input.instance.id } })
const act = (run: (input: InstanceActionInput) => Promise<Instance | undefined>) =>
  fromPromise<Instance | undefined, InstanceActionInput>(({ input }) => run(input))

type UpdateBody = ApiParams<'instanceUpdate'>['body']

/**
 * The instance update is a PUT of the whole configuration: everything the change does not name is
 * sent back as the instance has it, so resizing does not reset the boot disk or the restart policy.
 */
export function instanceUpdateBody(instance: Instance, change: Partial<UpdateBody>): UpdateBody {
  return {
    bootDisk: instance.bootDiskId ?? null,
    ncpus: instance.ncpus,
    memory: instance.memory,
    autoRestartPolicy: instance.autoRestartPolicy ?? null,
    cpuPlatform: instance.cpuPlatform ?? null,
    enableJumboFrames: instance.enableJumboFrames,
    // null leaves the instance's multicast groups as they are
    multicastGroups: null,
    ...change,
  }
}

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
      name,
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
      const fresh = unwrap('instanceView', await api.call('instanceView', byId(input)))
      await writeResource('instance', fresh)
      return fresh
    }),
    startInstance: act(async (input) =>
      unwrap('instanceStart', await mutate('instanceStart', byId(input), { writes: 'instance' })),
    ),
    stopInstance: act(async (input) =>
      unwrap('instanceStop', await mutate('instanceStop', byId(input), { writes: 'instance' })),
    ),
    rebootInstance: act(async (input) =>
      unwrap('instanceReboot', await mutate('instanceReboot', byId(input), { writes: 'instance' })),
    ),
    deleteInstance: act(async (input) => {
      unwrap(
        'instanceDelete',
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
        'instanceUpdate',
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
        'instanceNetworkInterfaceUpdate',
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
        'antiAffinityGroupMemberInstanceAdd',
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

/** The events that carry a request body, with what each needs. */
type ActionParams = {
  RESIZE: UpdateBody
  UPDATE_BOOT_DISK: UpdateBody
  ATTACH_DISK: DiskRef
  DETACH_DISK: DiskRef
  UPDATE_NIC: NicChange
  ADD_TO_AFFINITY_GROUP: { affinityGroup: string }
}
type Bare = Exclude<InstanceAction, keyof ActionParams>

/**
 * Runs `action` on `instance` through a short-lived actor; rejects with the machine's refusal (the
 * state does not allow it, or another action runs) or the API's error.
 */
export function performInstanceAction(instance: Instance, action: Bare): Promise<void>
export function performInstanceAction<A extends keyof ActionParams>(
  instance: Instance,
  action: A,
  params: ActionParams[A],
): Promise<void>
export function performInstanceAction(
  instance: Instance,
  action: InstanceAction,
  params?: unknown,
): Promise<void> {
  const actor = createActor(liveInstanceMachine, { ...devActorOptions(), input: { instance } })
  const event = (params === undefined ? { type: action } : { type: action, params }) as InstanceEvent
  return runAction(instance.id, `instance ${instance.name}`, actor, event, (s) => instanceRefusal(s, action))
}
