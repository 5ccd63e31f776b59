// The actions running right now: one entry per resource on which an action runs, from the moment it
// is chosen until it settles (issue 11). Rows read their allowed actions from the tables asked of the
// machines (src/ui/row-state.ts) unless an entry here says an action is busy with that resource.
// No xstate here: rows and menus import this, and xstate loads only when an action runs
// (src/hooks/run-action.ts).
import { useSyncExternalStore } from 'react'

/** What a row asks of a running actor: the machine's current snapshot. */
export type LiveActor = { getSnapshot(): unknown }

/**
 * An action on a resource. `actor` is null while the machine's code is still loading: the action is
 * chosen, so the row already reads as busy.
 */
export type RunningAction = { readonly actor: LiveActor | null }

const running = new Map<string, RunningAction>()
const listeners = new Set<() => void>()
let version = 0

/** Tell every row that an action started, moved on or settled. */
export function actionsChanged(): void {
  version++
  for (const l of listeners) l()
}

export function runningAction(id: string): RunningAction | undefined {
  return running.get(id)
}

export type ActionHandle = {
  /** The machine's actor for this action, once its code has loaded. */
  attach(actor: LiveActor): void
  /** The action settled (or never started): the row reads the machine's table again. */
  end(): void
}

/** Marks an action on `id` as running from now on; a later action on the same id takes over. */
export function beginAction(id: string): ActionHandle {
  const entry: { actor: LiveActor | null } = { actor: null }
  running.set(id, entry)
  actionsChanged()
  return {
    attach(actor) {
      entry.actor = actor
      actionsChanged()
    },
    end() {
      if (running.get(id) === entry) running.delete(id)
      actionsChanged()
    },
  }
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
