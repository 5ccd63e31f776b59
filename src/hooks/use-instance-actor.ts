// A live instance actor for one instance on screen: the machine (machines/instance.machine.ts) says
// what is allowed and when to poll; this hook gives it its I/O (API calls through storage, so
// mutations revalidate the cache) and feeds it the instance whenever the cached copy changes.
import { useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { type Actor, createActor, fromPromise, waitFor } from 'xstate'
import {
  type InstanceAction,
  type InstanceActionInput,
  instanceMachine,
  instanceRefusal,
  isTransitional,
} from '../../machines/instance.machine'
import { registerActor } from '../../machines/live-actors'
import { invalidate, mutate } from '../../storage'
import { api } from '../api/client'
import { toUserError } from '../api/errors'
import type { ApiResult, Instance, OperationName } from '../api/types'
import { devActorOptions } from './dev-inspect'

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

type LiveInstanceActor = Actor<typeof liveInstanceMachine>

// One actor per instance id, shared by every component showing that instance (a row's state cell
// and its action menu), so a 50-row page runs 50 actors, not 100. It stops when its last user
// unmounts; one created by a render that never committed is stopped after a grace period.
const shared = new Map<string, { actor: LiveInstanceActor; refs: number }>()
const GRACE_MS = 1000

function stopIfUnused(id: string, entry: { actor: LiveInstanceActor; refs: number }) {
  if (entry.refs > 0 || shared.get(id) !== entry) return
  shared.delete(id)
  entry.actor.stop()
}

function peekOrCreate(instance: Instance): LiveInstanceActor {
  const found = shared.get(instance.id)
  if (found) return found.actor
  const entry = {
    actor: createActor(liveInstanceMachine, { ...devActorOptions(), input: { instance } }),
    refs: 0,
  }
  // Dev only: listed on /dev/machines (a stopped actor drops out of the registry by itself).
  if (import.meta.env.DEV) registerActor(`instance ${instance.name}`, entry.actor)
  entry.actor.start()
  shared.set(instance.id, entry)
  setTimeout(() => stopIfUnused(instance.id, entry), GRACE_MS)
  return entry.actor
}

export function useInstanceActor(instance: Instance) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one actor per instance id
  const actor = useMemo(() => peekOrCreate(instance), [instance.id])
  useEffect(() => {
    const entry = shared.get(instance.id)
    if (!entry || entry.actor !== actor) return
    entry.refs++
    return () => {
      entry.refs--
      setTimeout(() => stopIfUnused(instance.id, entry), 0)
    }
  }, [actor, instance.id])

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
