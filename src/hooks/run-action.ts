// Runs one action through a short-lived actor (issue 11: an actor exists only while an action runs).
// Loaded with the actor hooks' machine code, never by a list's first paint: it needs xstate.
import { type AnyActorRef, waitFor } from 'xstate'
import { registerActor } from '../../machines/live-actors'
import { type ActionHandle, actionsChanged, beginAction } from './live-actions'

type Idle = { value: unknown; context: { error: string | null } }
const isIdle = (s: Idle) => (s.value as { activity?: unknown }).activity === 'idle'

/**
 * Starts `actor` for resource `id`, sends `event` if the machine accepts it, waits until the machine
 * is idle again, then stops the actor. Rejects with the refusal, or with the action's error.
 * `handle` is the registry entry made when the action was chosen (before this code loaded).
 */
export async function runAction(
  id: string,
  label: string,
  actor: AnyActorRef,
  event: { type: string },
  refusal: (snapshot: never) => string | null,
  handle: ActionHandle = beginAction(id),
): Promise<void> {
  const sub = actor.subscribe(actionsChanged)
  // Dev only: listed on /dev/machines while it runs.
  const unregister = import.meta.env.DEV ? registerActor(label, actor as never) : () => {}
  actor.start()
  handle.attach(actor)
  try {
    const refused = refusal(actor.getSnapshot() as never)
    if (refused) throw new Error(refused)
    actor.send(event)
    const done = (await waitFor(actor, (s) => isIdle(s as Idle), { timeout: 60_000 })) as Idle
    if (done.context.error) throw new Error(done.context.error)
  } finally {
    sub.unsubscribe()
    unregister()
    actor.stop()
    handle.end()
  }
}
