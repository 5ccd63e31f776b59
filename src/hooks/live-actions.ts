// The actors that exist right now: one per resource on which an action is running, started when the
// action is chosen and stopped when it settles (issue 11). Rows read their allowed actions from the
// machine's definition (src/ui/row-state.ts) unless an actor here is busy with that resource.
import { useSyncExternalStore } from 'react'
import { type AnyActorRef, waitFor } from 'xstate'
import { registerActor } from '../../machines/live-actors'

const running = new Map<string, AnyActorRef>()
const listeners = new Set<() => void>()
let version = 0

function changed() {
  version++
  for (const l of listeners) l()
}

export function runningActor(id: string): AnyActorRef | undefined {
  return running.get(id)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Re-renders when an action starts, moves on or settles on any resource (one store for all rows). */
export function useRunningActions(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  )
}

type Idle = { value: unknown; context: { error: string | null } }
const isIdle = (s: Idle) => (s.value as { activity?: unknown }).activity === 'idle'

/**
 * Starts `actor` for resource `id`, sends `event` if the machine accepts it, waits until the machine
 * is idle again, then stops the actor. Rejects with the refusal, or with the action's error.
 */
export async function runAction(
  id: string,
  label: string,
  actor: AnyActorRef,
  event: { type: string },
  refusal: (snapshot: never) => string | null,
): Promise<void> {
  const sub = actor.subscribe(changed)
  // Dev only: listed on /dev/machines while it runs.
  const unregister = import.meta.env.DEV ? registerActor(label, actor as never) : () => {}
  running.set(id, actor)
  actor.start()
  try {
    const refused = refusal(actor.getSnapshot() as never)
    if (refused) throw new Error(refused)
    actor.send(event)
    const done = (await waitFor(actor, (s) => isIdle(s as Idle), { timeout: 60_000 })) as Idle
    if (done.context.error) throw new Error(done.context.error)
  } finally {
    if (running.get(id) === actor) running.delete(id)
    sub.unsubscribe()
    unregister()
    actor.stop()
    changed()
  }
}
