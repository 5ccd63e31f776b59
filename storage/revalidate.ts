// Fetching: one request per key at a time, answers ordered by when they were asked, written in one
// transaction (with every other copy of the rows they carry), and the reads that need no screen
// (readCached*, prefetch*). Spec section 9: no retry of HTTP errors, stale after 2 s.
import { operations } from '../src/api/__generated__/operations'
import type { ApiParams, ApiResponse, ApiResult, ListOperationName, OperationName } from '../src/api/types'
import {
  compareVersions,
  config,
  entryIsStale,
  type Fetcher,
  getDb,
  type RevalidateOutcome,
  servable,
} from './config'
import { onReconnect, reportNetworkFailure, reportSuccess, setConnectivityProbe } from './connectivity'
import { type CacheEntry, type EntryKind, safeWrite } from './db'
import { isPlainObject } from './keys'
import { errors, inflight, lastApplied, memoGet, memoSet, nextSeq, removedIds } from './memory'
import { type Desc, mountedIn, touch } from './registry'
import { resourceKindOf, rowsOf, spreadRows, withRevisions } from './resources'
import { currentGeneration, describeKey, generationSignal, getCacheScope } from './scope'

function withPageToken(params: unknown, pageToken: string): unknown {
  if (!pageToken) return params
  const base = isPlainObject(params) ? params : {}
  const query = isPlainObject(base.query) ? base.query : {}
  return { ...base, query: { ...query, pageToken } }
}

/**
 * POSTs that only read: a timeseries query (its OxQL text, in the key, names the series and the time
 * bounds), so charts paint from the cache like lists (issue 16).
 */
const READ_ONLY_POSTS: ReadonlySet<OperationName> = new Set<OperationName>(['timeseriesQuery'])

/** Only GET answers (and read-only POSTs) are kept, and never one that carries a credential. */
function persistable(endpoint: OperationName, data: unknown): boolean {
  const readOnly = operations[endpoint]?.method === 'GET' || READ_ONLY_POSTS.has(endpoint)
  return readOnly && !carriesSecret(data, 0)
}

const SECRET_KEYS = new Set(['accesstoken', 'bearertoken', 'authorization', 'sessiontoken'])

function carriesSecret(v: unknown, depth: number): boolean {
  if (depth > 6 || v === null || typeof v !== 'object' || v instanceof Date) return false
  if (Array.isArray(v)) return v.some((x) => carriesSecret(x, depth + 1))
  return Object.entries(v).some(
    ([k, x]) => (SECRET_KEYS.has(k.toLowerCase()) && typeof x === 'string') || carriesSecret(x, depth + 1),
  )
}

function idsOf(kind: EntryKind, data: unknown): string[] {
  if (kind === 'list') {
    const items = isPlainObject(data) && Array.isArray(data.items) ? data.items : []
    return items.flatMap((i: unknown) => (isPlainObject(i) && typeof i.id === 'string' ? [i.id] : []))
  }
  return isPlainObject(data) && typeof data.id === 'string' ? [data.id] : []
}

function kindOf(desc: Desc, data: unknown): EntryKind {
  if (desc.kind) return desc.kind
  return isPlainObject(data) && Array.isArray(data.items) ? 'list' : 'resource'
}

/** Rows deleted after this request started are dropped from its answer. */
function withoutRemoved(kind: EntryKind, data: unknown, startedAt: number): unknown {
  const gone = [...removedIds].filter(([, at]) => at >= startedAt).map(([id]) => id)
  if (gone.length === 0) return data
  if (kind === 'resource') return isPlainObject(data) && gone.includes(data.id as string) ? undefined : data
  if (!isPlainObject(data) || !Array.isArray(data.items)) return data
  return {
    ...data,
    items: data.items.filter((i: unknown) => !(isPlainObject(i) && gone.includes(i.id as string))),
  }
}

async function store(key: string, entryScope: string | null, desc: Desc, raw: unknown, startedAt: number) {
  if ((lastApplied.get(key) ?? -1) > startedAt) return
  lastApplied.set(key, startedAt)
  const kind = kindOf(desc, raw)
  const kept = withoutRemoved(kind, raw, startedAt)
  if (kept === undefined) return
  const data = withRevisions(desc.endpoint, kept, startedAt)
  const entry: CacheEntry = {
    key,
    scope: entryScope ?? '',
    endpoint: desc.endpoint,
    kind,
    params: desc.params,
    pageToken: desc.pageToken,
    data,
    ids: idsOf(kind, data),
    fetchedAt: config.now(),
    invalid: false,
  }
  const persist = entryScope !== null && persistable(desc.endpoint, data)
  memoSet(entry)
  const resourceKind = resourceKindOf(desc.endpoint)
  const spread = resourceKind
    ? spreadRows(resourceKind, rowsOf(data), startedAt, { except: key, recordAll: kind === 'resource' })
    : undefined
  if (persist) {
    const d = getDb()
    await safeWrite(d, () =>
      d.transaction('rw', d.entries, async () => {
        await d.entries.put(entry)
        await spread?.persist(d, entryScope)
      }),
    )
  }
  touch(key)
  for (const k of spread?.touched ?? []) touch(k)
}

export function requireFetcher(): Fetcher {
  if (!config.fetcher) throw new Error('storage: configureStorage({ fetcher }) was not called')
  return config.fetcher
}

/**
 * Fetches one key and writes the answer. One request per key at a time: a second caller gets the
 * same promise, unless `force` (a mutation must not take an answer that was asked before it).
 */
export function runRevalidation(desc: Desc, key: string, force = false): Promise<RevalidateOutcome> {
  const existing = inflight.get(key)
  if (existing && !force) return existing
  const fetcher = config.fetcher
  if (!fetcher) return Promise.resolve('aborted')
  const gen = currentGeneration()
  const entryScope = getCacheScope()
  const signal = generationSignal()
  const startedAt = nextSeq()
  const run = async (): Promise<RevalidateOutcome> => {
    let result: ApiResult<unknown>
    try {
      result = await fetcher(desc.endpoint, withPageToken(desc.params, desc.pageToken) as never, { signal })
    } catch (err) {
      if (gen !== currentGeneration() || signal.aborted) return 'aborted'
      errors.set(key, { kind: 'client', message: err instanceof Error ? err.message : String(err) })
      return 'error'
    }
    if (gen !== currentGeneration()) return 'aborted'
    if (result.type === 'client_error' && result.network) {
      // Offline: the cached page stays on screen; the connectivity machine learns of it.
      reportNetworkFailure()
      return 'network'
    }
    reportSuccess()
    if (result.type === 'success') {
      errors.delete(key)
      await store(key, entryScope, desc, result.data, startedAt)
      return gen === currentGeneration() ? 'ok' : 'aborted'
    }
    errors.set(key, config.toError(desc.endpoint, result))
    return 'error'
  }
  const p = run().finally(() => {
    if (inflight.get(key) === p) inflight.delete(key)
    touch(key)
  })
  inflight.set(key, p)
  touch(key)
  return p
}

/** Fetches a list page (or a resource) now, deduplicated with any identical request in flight. */
export function revalidate<N extends OperationName>(
  endpoint: N,
  params: ApiParams<N>,
  pageToken?: string | null,
): Promise<RevalidateOutcome> {
  const { desc, key } = describeKey(endpoint, params, pageToken)
  return runRevalidation(desc, key)
}

/** Refetches the key of a mounted hook (its refresh button, a poll). */
export function refreshKey(key: string, desc: Desc): Promise<RevalidateOutcome> {
  return runRevalidation(desc, key)
}

/** Refetches every key a mounted screen observes (on reconnect). */
export async function revalidateObserved(): Promise<RevalidateOutcome[]> {
  return Promise.all(mountedIn(getCacheScope()).map((o) => runRevalidation(o, o.key)))
}

export type CachedValue<T> = { data: T; updatedAt: Date; stale: boolean }

async function readEntry(key: string): Promise<CacheEntry | undefined> {
  const mem = memoGet(key)
  if (getCacheScope() === null) return mem
  let stored: CacheEntry | undefined
  try {
    stored = await getDb().entries.get(key)
  } catch {
    stored = undefined
  }
  const fromDb = servable(stored) ? stored : undefined
  if (!fromDb) return mem
  return mem && compareVersions(mem, fromDb) > 0 ? mem : fromDb
}

function toCached<T>(e: CacheEntry | undefined): CachedValue<T> | undefined {
  return e ? { data: e.data as T, updatedAt: new Date(e.fetchedAt), stale: entryIsStale(e) } : undefined
}

/** The cached page, if any (never one past the max age). No request is made. */
export async function readCachedList<N extends ListOperationName>(
  endpoint: N,
  params: ApiParams<N>,
  pageToken?: string | null,
): Promise<CachedValue<ApiResponse<N>> | undefined> {
  return toCached(await readEntry(describeKey(endpoint, params, pageToken, 'list').key))
}

/** The cached resource, if any. No request is made. */
export async function readCachedResource<N extends OperationName>(
  endpoint: N,
  params: ApiParams<N>,
): Promise<CachedValue<ApiResponse<N>> | undefined> {
  return toCached(await readEntry(describeKey(endpoint, params, null, 'resource').key))
}

/** Link-hover prefetch: fetch the page unless a fresh copy is cached. */
export async function prefetchList<N extends ListOperationName>(
  endpoint: N,
  params: ApiParams<N>,
  pageToken?: string | null,
): Promise<void> {
  const { desc, key } = describeKey(endpoint, params, pageToken, 'list')
  if (!entryIsStale(await readEntry(key))) return
  await runRevalidation(desc, key)
}

/** Same as prefetchList, for a detail page. */
export async function prefetchResource<N extends OperationName>(
  endpoint: N,
  params: ApiParams<N>,
): Promise<void> {
  const { desc, key } = describeKey(endpoint, params, null, 'resource')
  if (!entryIsStale(await readEntry(key))) return
  await runRevalidation(desc, key)
}

// Connectivity wiring: reconnect revalidates what is on screen; the offline state probes with one
// observed key.

// Reconnects are paced (reconnect-pacing.ts): its code loads with the first one, never on a first visit.
onReconnect(() => {
  import('./reconnect-pacing').then(
    (m) => m.afterReconnect(revalidateObserved),
    () => void revalidateObserved(),
  )
})

setConnectivityProbe(async () => {
  const o = mountedIn(getCacheScope())[0]
  if (!o) throw new Error('nothing observed to probe with')
  const outcome = await runRevalidation(o, o.key)
  if (outcome === 'network' || outcome === 'aborted') throw new Error('still offline')
})
