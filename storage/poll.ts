// Polling of resources with a lifecycle (issue 10). A list polls its one page while any row on it is
// transitional (one timer per list, never one per row); a detail page polls its one resource. A list
// may also re-read at a slow pace while nothing moves (`idleMs`). Polls go
// through the cache like any revalidation, so what a poll learns reaches IndexedDB and every other
// cached copy of the resource (resources.ts), and every view of it agrees.
import { useEffect, useRef } from 'react'
import type { RevalidateOutcome } from './config'
import { POLL_FACTOR, POLL_FAST_MS, POLL_MAX_MS } from './constants'
import { canonicalJson } from './keys'

export type PollOptions = {
  /** Delay before the first poll, and after a poll that brought a change. Default POLL_FAST_MS. */
  fastMs?: number
  /** Each next delay is the last one times this. Default POLL_FACTOR. */
  factor?: number
  /** The longest delay. Default POLL_MAX_MS. */
  maxMs?: number
  /** False pauses polling (a hidden panel, say). Default true. */
  enabled?: boolean
  /**
   * While nothing is transitional, still re-read this often (ms), so what changed elsewhere (the CLI,
   * another tab, another user) shows without a click. Only while the document is visible and online.
   * Default: no polling while nothing moves.
   */
  idleMs?: number
}

/** What polling needs of a useList/useResource result. */
export type Pollable<D> = {
  data: D | undefined
  isOffline: boolean
  refresh: () => Promise<RevalidateOutcome>
}

function usePollWhile<T>(
  rows: readonly T[],
  isTransitional: (row: T) => boolean,
  target: Pollable<unknown>,
  opts: PollOptions,
): boolean {
  const moving = rows.filter((r) => isTransitional(r))
  // What the transitional rows look like now: a poll that changes it starts the schedule again.
  const signature = moving.length > 0 ? canonicalJson(moving) : ''
  // Offline, polls cannot answer; the cache revalidates what is on screen on reconnect, and the
  // schedule starts again from fast then.
  const active = signature !== '' && !target.isOffline && opts.enabled !== false
  const refresh = useRef(target.refresh)
  refresh.current = target.refresh
  const fastMs = opts.fastMs ?? POLL_FAST_MS
  const factor = opts.factor ?? POLL_FACTOR
  const maxMs = opts.maxMs ?? POLL_MAX_MS

  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature restarts the schedule on a change
  useEffect(() => {
    if (!active) return
    let delay = fastMs
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = () => {
      timer = undefined
      // The next delay counts from the answer, so a slow link never stacks polls.
      void refresh
        .current()
        .catch((): RevalidateOutcome => 'error')
        .then(() => {
          if (stopped) return
          delay = Math.min(maxMs, Math.round(delay * factor))
          timer = setTimeout(tick, delay)
        })
    }
    timer = setTimeout(tick, delay)
    return () => {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [active, signature, target.refresh, fastMs, factor, maxMs])

  const idleMs = opts.idleMs
  const idle = idleMs !== undefined && signature === '' && !target.isOffline && opts.enabled !== false
  useEffect(() => {
    if (!idle || idleMs === undefined) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = () => {
      if (!stopped) timer = setTimeout(tick, idleMs)
    }
    const tick = () => {
      timer = undefined
      // A hidden tab does not read; it reads again once shown and a period has passed.
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return schedule()
      void refresh
        .current()
        .catch((): RevalidateOutcome => 'error')
        .then(schedule)
    }
    schedule()
    return () => {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [idle, idleMs])
  return active
}

/**
 * Polls the list page of `list` (a useList result) while any row on it is transitional: one request
 * per tick for the whole page. Stops when no row is, while offline and on unmount. Returns whether
 * it is polling.
 */
export function useListPoll<T>(
  list: Pollable<{ items: readonly T[] }>,
  isTransitional: (item: T) => boolean,
  opts: PollOptions = {},
): boolean {
  return usePollWhile(list.data?.items ?? [], isTransitional, list, opts)
}

/** Polls one resource (a useResource result) while it is transitional, on the same schedule. */
export function useResourcePoll<T>(
  resource: Pollable<T>,
  isTransitional: (resource: T) => boolean,
  opts: PollOptions = {},
): boolean {
  const data = resource.data
  return usePollWhile(data === undefined ? [] : [data], isTransitional, resource, opts)
}
