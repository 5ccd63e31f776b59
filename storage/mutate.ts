// Mutations. Invalidation policy of `mutate` (our decision): matching entries are all marked `invalid`
// in one transaction; only the keys observed right now are refetched at once (and awaited). Unobserved
// pages are refetched when a screen next shows them, however young they are, so a mutation never costs
// a burst of requests for pages nobody looks at, and never leaves a page that looks fresh but is not.
import type { ApiParams, ApiResponse, ApiResult, OperationName } from '../src/api/types'
import { T } from '../src/strings'
import { getDb } from './config'
import { isOnline, reportNetworkFailure, reportSuccess } from './connectivity'
import { type CacheEntry, safeWrite } from './db'
import { isPlainObject, matchesPartial } from './keys'
import { currentSeq, memo, memoSet, nextSeq, removedIds } from './memory'
import { mountedIn, touch, touchAll } from './registry'
import { isRow, type ResourceKind, type ResourceOf, spreadRows } from './resources'
import { requireFetcher, runRevalidation } from './revalidate'
import { currentGeneration, getCacheScope } from './scope'

export class OfflineError extends Error {
  readonly kind = 'offline'
  constructor() {
    super(T.offline)
    this.name = 'OfflineError'
  }
}

export type Invalidation = {
  endpoint: OperationName
  params?: Record<string, unknown>
  /**
   * false: only mark the entries invalid (the next screen to read them fetches), even when observed.
   * For a renamed resource's view under its old name: the form showing it is closing, and a refetch
   * now could only answer 404.
   */
  refetch?: false
}

export type MutateOptions = {
  /** Endpoints (with a partial params match) whose cached pages and resources this changes. */
  invalidates?: Invalidation[]
  /** The resource this deletes: its rows leave every cached page of the scope at once. */
  removes?: { id: string }
  /**
   * The answer is the changed resource of this kind (instance start/stop/reboot answer the Instance):
   * it is written into every cached copy at once (writeResource), before any refetch.
   */
  writes?: ResourceKind
  signal?: AbortSignal
}

/**
 * Calls the API, then updates the cache: writes a returned resource everywhere, removes a deleted one
 * everywhere, marks matching entries invalid and refetches the observed ones (awaited). Never queued:
 * rejects with OfflineError when offline. Resolves with the API result (an HTTP error is a result).
 */
export async function mutate<N extends OperationName>(
  name: N,
  params: ApiParams<N>,
  opts: MutateOptions = {},
): Promise<ApiResult<ApiResponse<N>>> {
  if (!isOnline()) throw new OfflineError()
  const fetcher = requireFetcher()
  const gen = currentGeneration()
  const result = await fetcher(name, params, { signal: opts.signal })
  if (result.type === 'client_error' && result.network) {
    reportNetworkFailure()
    return result
  }
  reportSuccess()
  if (result.type !== 'success' || gen !== currentGeneration()) return result
  if (opts.writes && isRow(result.data)) await writeResource(opts.writes, result.data as never)
  if (opts.removes) await removeEverywhere(opts.removes.id)
  if (opts.invalidates?.length) await invalidate(opts.invalidates)
  return result
}

/**
 * Writes a fresh copy of one resource (matched by id) into its own cached view and into every cached
 * list page of its kind that holds it, in memory and in one IndexedDB transaction, so every screen
 * showing it re-renders with it. An answer asked before this write and landing after it keeps this
 * copy of the row. Never fetches; does not change the pages' age (their other rows are as old).
 */
export async function writeResource<K extends ResourceKind>(kind: K, resource: ResourceOf<K>): Promise<void> {
  if (!isRow(resource)) return
  const sc = getCacheScope()
  const gen = currentGeneration()
  const spread = spreadRows(kind, [resource], nextSeq(), { recordAll: true })
  for (const k of spread.touched) touch(k)
  if (sc === null) return
  const d = getDb()
  await safeWrite(d, () =>
    d.transaction('rw', d.entries, () => (gen === currentGeneration() ? spread.persist(d, sc) : undefined)),
  )
}

/** Removes a resource (by id) from every cached list page of the scope and drops its own entries. */
export async function removeEverywhere(id: string): Promise<void> {
  removedIds.set(id, currentSeq())
  const sc = getCacheScope()
  for (const e of [...memo.values()]) {
    if (!e.ids.includes(id)) continue
    if (e.kind === 'resource') memo.delete(e.key)
    else memoSet(dropRow(e, id))
  }
  if (sc !== null) {
    const d = getDb()
    await safeWrite(d, () =>
      d.transaction('rw', d.entries, async () => {
        const hits = await d.entries.where('ids').equals(id).toArray()
        for (const e of hits) {
          if (e.scope !== sc) continue
          if (e.kind === 'resource') await d.entries.delete(e.key)
          else await d.entries.put(dropRow(e, id))
        }
      }),
    )
  }
  touchAll()
}

function dropRow(e: CacheEntry, id: string): CacheEntry {
  const data = isPlainObject(e.data) && Array.isArray(e.data.items) ? e.data : { items: [] }
  const items = (data.items as unknown[]).filter((i) => !(isPlainObject(i) && i.id === id))
  return { ...e, data: { ...data, items }, ids: e.ids.filter((x) => x !== id) }
}

function matches(endpoint: string, params: unknown, targets: Invalidation[]): boolean {
  return targets.some((t) => t.endpoint === endpoint && matchesPartial(params, t.params))
}

/** Marks every matching entry of the scope invalid (one transaction) and refetches the observed ones. */
export async function invalidate(targets: Invalidation[]): Promise<void> {
  const sc = getCacheScope()
  for (const e of [...memo.values()])
    if (matches(e.endpoint, e.params, targets)) memoSet({ ...e, invalid: true })
  if (sc !== null) {
    const d = getDb()
    const endpoints = [...new Set(targets.map((t) => t.endpoint))]
    await safeWrite(d, () =>
      d.transaction('rw', d.entries, () =>
        d.entries
          .where('[scope+endpoint]')
          .anyOf(endpoints.map((ep) => [sc, ep]))
          .filter((e) => matches(e.endpoint, e.params, targets))
          .modify({ invalid: true }),
      ),
    )
  }
  const now = targets.filter((t) => t.refetch !== false)
  const hits = mountedIn(sc).filter((o) => matches(o.endpoint, o.params, now))
  await Promise.all(hits.map((o) => runRevalidation(o, o.key, true)))
}
