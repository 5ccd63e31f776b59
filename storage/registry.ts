// The keys screens observe, and their snapshots. Only the bookkeeping lives here (no reads, no
// requests) so that revalidation and mutations can notify screens without depending on the read path.
import type { OperationName } from '../src/api/types'
import type { StorageError } from './config'
import type { CacheEntry, EntryKind } from './db'
import { errors, inflight, memoGet } from './memory'

export type KeySnapshot = {
  entry: CacheEntry | undefined
  /** The store has answered at least once (until then, no entry does not mean no cache). */
  known: boolean
  inflight: boolean
  error: StorageError | undefined
}

export type Desc = {
  endpoint: OperationName
  params: unknown
  pageToken: string
  kind: EntryKind | undefined
}

export type Observed = Desc & {
  key: string
  scope: string | null
  refs: number
  snap: KeySnapshot
  listeners: Set<() => void>
  sub: { unsubscribe(): void } | undefined
  /** A mount happened before the store answered: check staleness on the first answer. */
  pendingCheck: boolean
  /** The first read of this key (one indexed get, batched) is in flight; the live query waits for it. */
  reading: boolean
}

export const observed = new Map<string, Observed>()

export function update(o: Observed, patch: Partial<KeySnapshot>): void {
  const s = o.snap
  const next = { ...s, ...patch }
  if (
    next.entry === s.entry &&
    next.known === s.known &&
    next.inflight === s.inflight &&
    next.error === s.error
  )
    return
  o.snap = next
  for (const l of o.listeners) l()
}

/** Re-derives an observed key's snapshot from memory after a write, an error or a request change. */
export function touch(key: string): void {
  const o = observed.get(key)
  if (!o) return
  update(o, { entry: memoGet(key), inflight: inflight.has(key), error: errors.get(key), known: o.snap.known })
}

export function touchAll(): void {
  for (const k of observed.keys()) touch(k)
}

/** Observed by a mounted screen in the given scope. */
export function mountedIn(scope: string | null): Observed[] {
  return [...observed.values()].filter((o) => o.refs > 0 && o.scope === scope)
}
