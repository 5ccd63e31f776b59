// A live instance actor for one instance on screen: the machine (machines/instance.machine.ts) says
// what is allowed and when to poll; this hook gives it its I/O (API calls through storage, so
// mutations revalidate the cache) and feeds it the instance whenever the cached copy changes.
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise, waitFor } from 'xstate'
import {
  type InstanceAction,
  type InstanceActionInput,
  instanceMachine,
  instanceRefusal,
  isTransitional,
} from '../../machines/instance.machine'
import { invalidate, mutate } from '../../storage'
import { api } from '../api/client'
import { toUserError } from '../api/errors'
import type { ApiResult, Instance, OperationName } from '../api/types'

function unwrap<T>(name: OperationName, result: ApiResult<T>): T {
  if (result.type === 'success') return result.data
  throw new Error(toUserError(name, result).message)
}

const listKeys = [{ endpoint: 'instanceList' as const }, { endpoint: 'instanceView' as const }]
const byId = (input: InstanceActionInput) => ({ path: { instance: input.instance.id } })

export const liveInstanceMachine = instanceMachine.provide({
  actors: {
    fetchInstance: fromPromise<Instance | undefined, InstanceActionInput>(async ({ input }) =>
      unwrap('instanceView', await api.call('instanceView', byId(input))),
    ),
    startInstance: fromPromise<Instance | undefined, InstanceActionInput>(async ({ input }) =>
      unwrap('instanceStart', await mutate('instanceStart', byId(input), { invalidates: listKeys })),
    ),
    stopInstance: fromPromise<Instance | undefined, InstanceActionInput>(async ({ input }) =>
      unwrap('instanceStop', await mutate('instanceStop', byId(input), { invalidates: listKeys })),
    ),
    rebootInstance: fromPromise<Instance | undefined, InstanceActionInput>(async ({ input }) =>
      unwrap('instanceReboot', await mutate('instanceReboot', byId(input), { invalidates: listKeys })),
    ),
    deleteInstance: fromPromise<Instance | undefined, InstanceActionInput>(async ({ input }) => {
      unwrap(
        'instanceDelete',
        await mutate('instanceDelete', byId(input), {
          removes: { id: input.instance.id },
          invalidates: listKeys,
        }),
      )
      return undefined
    }),
  },
})

export function useInstanceActor(instance: Instance) {
  const actor = useActorRef(liveInstanceMachine, { input: { instance } })
  const stamp = `${instance.runState}:${instance.timeRunStateUpdated.getTime()}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stamp says when the cached instance changed
  useEffect(() => {
    actor.send({ type: 'UPDATED', instance })
  }, [actor, stamp])

  const snapshot = useSelector(actor, (s) => s)
  const current = snapshot.context.instance ?? instance

  // When a transitional state settles, the cached lists are out of date: revalidate them.
  const wasTransitional = useRef(isTransitional(current.runState))
  useEffect(() => {
    const now = isTransitional(current.runState)
    if (wasTransitional.current && !now) void invalidate(listKeys)
    wasTransitional.current = now
  }, [current.runState])

  /** Sends the action and resolves when the machine is idle again; rejects with the action's error. */
  async function perform(action: InstanceAction) {
    actor.send({ type: action } as never)
    const done = await waitFor(actor, (s) => (s.value as { activity?: unknown }).activity === 'idle', {
      timeout: 60_000,
    })
    if (done.context.error) throw new Error(done.context.error)
  }

  return {
    instance: current,
    snapshot,
    refusal: (action: InstanceAction) => instanceRefusal(snapshot, action),
    perform,
  }
}
