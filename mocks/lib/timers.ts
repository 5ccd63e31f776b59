// State-transition timers (spec section 7: the mock moves transitional states on by itself). They
// honour the time scale, and a db reset cancels them so a stale timer never touches fresh seed data.
//
// Tests can hold transitions (the /__mock/transitions hook): a timer that comes due while its
// resource is held is parked instead of run, so "stopping" stays on screen for as long as a test
// needs to look at it, whatever the machine's load; releasing runs the parked steps at once. A hold
// can name resources, so a test holding its own instance never stalls tests running beside it on the
// same shared server.
import { mockConfig } from './config'

const pending = new Set<ReturnType<typeof setTimeout>>()

type Step = { key: string | undefined; fn: () => void }
/** Steps that came due while held, in the order they came due. */
let parked: Step[] = []
let holdAll = false
const heldKeys = new Set<string>()

function isHeld(key: string | undefined): boolean {
  return holdAll || (key !== undefined && heldKeys.has(key))
}

/**
 * Run `fn` after `ms` (scaled by `mockConfig.timeScale`). `key` names the resource the step moves
 * on (an instance, disk or snapshot id), so a hold on that resource parks it.
 */
export function after(ms: number, fn: () => void, key?: string): void {
  const t = setTimeout(
    () => {
      pending.delete(t)
      if (isHeld(key)) parked.push({ key, fn })
      else fn()
    },
    Math.max(0, Math.round(ms * mockConfig.timeScale)),
  )
  // Never keep a Node process alive just for a pending state transition.
  if (typeof t === 'object' && t && 'unref' in t) t.unref()
  pending.add(t)
}

export type HoldState = { hold_all: boolean; held: string[]; parked: number }

export function holdState(): HoldState {
  return { hold_all: holdAll, held: [...heldKeys].sort(), parked: parked.length }
}

/**
 * Hold (`hold: true`) or release (`hold: false`) transitions: of the named resources, or with no
 * `ids` of every resource (releasing without `ids` drops every hold). Released steps that came due
 * while held run now, in order; a step a release leaves held stays parked.
 */
export function holdTransitions(hold: boolean, ids?: readonly string[]): HoldState {
  if (hold) {
    if (ids) for (const id of ids) heldKeys.add(id)
    else holdAll = true
  } else if (ids) {
    for (const id of ids) heldKeys.delete(id)
  } else {
    holdAll = false
    heldKeys.clear()
  }
  const due = parked.filter((s) => !isHeld(s.key))
  parked = parked.filter((s) => isHeld(s.key))
  for (const s of due) s.fn()
  return holdState()
}

/** Cancel every pending and parked step and drop every hold (a db reset starts from scratch). */
export function clearTimers(): void {
  for (const t of pending) clearTimeout(t)
  pending.clear()
  parked = []
  holdAll = false
  heldKeys.clear()
}

/** Wait in a request (the mock's network delay); unaffected by the time scale. */
export function sleep(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((r) => setTimeout(r, ms))
}
