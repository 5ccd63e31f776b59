// Pieces shared by the lifecycle machines (instance, disk, upload): poll backoff and the
// message of a rejected actor. Pure: no timers, no I/O.

/** Poll backoff: fast while a change is likely, slower the longer the resource stays put. */
export const POLL_FAST_MS = 1000
export const POLL_MAX_MS = 10_000
export const POLL_FACTOR = 1.5

export type PollOptions = { pollFastMs?: number; pollMaxMs?: number }

/** The next poll delay: reset to fast when the state changed, else back off by POLL_FACTOR up to max. */
export function nextPollDelay(
  current: number,
  changed: boolean,
  { pollFastMs = POLL_FAST_MS, pollMaxMs = POLL_MAX_MS }: PollOptions = {},
): number {
  if (changed) return pollFastMs
  return Math.min(pollMaxMs, Math.round(current * POLL_FACTOR))
}

/** A readable message from whatever an actor rejected with. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const m = (error as { message: unknown }).message
    if (typeof m === 'string') return m
  }
  if (typeof error === 'string') return error
  return 'Unknown error'
}

/** Make a guard-safe lookup of "is this a value of the list". */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value)
}

/**
 * The polling sub-state of a transitional run state (instance and disk machines): wait `pollDelay`,
 * fetch with `src`, feed the answer back (`raiseOutput`), and on a failed poll keep the last known
 * state and try again more slowly (`pollFailed`).
 */
export function pollingState<Src extends string, Input>(src: Src, input: Input) {
  return {
    initial: 'waiting',
    states: {
      waiting: { after: { pollDelay: { target: 'fetching' } } },
      fetching: {
        invoke: {
          id: src,
          src,
          input,
          onDone: { target: 'waiting', actions: 'raiseOutput' as const },
          onError: { target: 'waiting', actions: 'pollFailed' as const },
        },
      },
    },
  }
}

/** A transition that starts `action` when the machine's `allowed` guard permits it. */
export function startAction<A extends string>(action: A, target: string) {
  return {
    guard: { type: 'allowed' as const, params: { action } },
    target,
    actions: { type: 'begin' as const, params: { action } },
  }
}
