// A small registry of running actors, for a dev-only page that lists them with their state and
// context. A screen registers the actor it started and unregisters it when it unmounts; actors that
// stop or finish drop out by themselves.
import type { AnyActorRef } from 'xstate'

export type LiveActorInfo = {
  name: string
  id: string
  sessionId: string
  status: string
  value: unknown
  context: unknown
}

type Entry = { name: string; actor: AnyActorRef; unsubscribe: () => void }

const registry = new Map<string, Entry>()
const listeners = new Set<() => void>()
const notify = () => {
  for (const l of listeners) l()
}

/** Registers `actor` under `name`; returns the function that unregisters it. */
export function registerActor(name: string, actor: AnyActorRef): () => void {
  const key = actor.sessionId
  registry.get(key)?.unsubscribe()
  const drop = () => {
    const entry = registry.get(key)
    if (entry && entry.actor === actor) {
      registry.delete(key)
      entry.unsubscribe()
      notify()
    }
  }
  const sub = actor.subscribe({ next: notify, error: drop, complete: drop })
  registry.set(key, { name, actor, unsubscribe: () => sub.unsubscribe() })
  notify()
  return drop
}

/** The registered actors still running, oldest first, with their current state and context. */
export function listLiveActors(): LiveActorInfo[] {
  const out: LiveActorInfo[] = []
  for (const { name, actor } of registry.values()) {
    const snap = actor.getSnapshot() as { status?: string; value?: unknown; context?: unknown }
    if (snap.status !== 'active') continue
    out.push({
      name,
      id: actor.id,
      sessionId: actor.sessionId,
      status: snap.status,
      value: snap.value,
      context: snap.context,
    })
  }
  return out
}

/** Calls `listener` whenever an actor is registered, dropped or changes; returns the unsubscribe. */
export function subscribeLiveActors(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Test helper: forget every registered actor. */
export function clearLiveActors(): void {
  for (const e of registry.values()) e.unsubscribe()
  registry.clear()
  notify()
}
