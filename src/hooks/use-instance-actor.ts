// Actions on one instance. The machine (machines/instance.machine.ts) says what is allowed; this file
// gives it its I/O through storage/, so what an action or a refetch learns lands in IndexedDB and in
// every cached view of the instance. An actor runs only while an action runs (issue 11): rows derive
// their allowed actions from the machine's definition (src/ui/row-state.ts), and the list polls once
// for all its transitional rows.
import { createActor, fromPromise } from 'xstate'
import {
  type InstanceAction,
  type InstanceActionInput,
  instanceMachine,
  instanceRefusal,
} from '../../machines/instance.machine'
import { mutate, writeResource } from '../../storage'
import { api } from '../api/client'
import { toUserError } from '../api/errors'
import type { ApiResult, Instance, OperationName } from '../api/types'
import { devActorOptions } from './dev-inspect'
import { runAction } from './live-actions'

export function unwrap<T>(name: OperationName, result: ApiResult<T>): T {
  if (result.type === 'success') return result.data
  throw new Error(toUserError(name, result).message)
}

const byId = (input: InstanceActionInput) => ({ path: { instance: input.instance.id } })
const act = (run: (input: InstanceActionInput) => Promise<Instance | undefined>) =>
  fromPromise<Instance | undefined, InstanceActionInput>(({ input }) => run(input))

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
  },
})

/** Runs `action` on `instance` through a short-lived actor; rejects with the refusal or the error. */
export function performInstanceAction(instance: Instance, action: InstanceAction): Promise<void> {
  const actor = createActor(liveInstanceMachine, { ...devActorOptions(), input: { instance } })
  return runAction(instance.id, `instance ${instance.name}`, actor, { type: action }, (s) =>
    instanceRefusal(s, action),
  )
}
