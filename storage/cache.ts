// The offline-first cache (ARCHITECTURE.md, "Data flow of a list"). Screens observe keys; an observed
// key paints from dexie (or from the in-memory copy of what was last seen) at once and is revalidated
// when older than STALE_MS (spec section 9: no retry of HTTP errors, stale after 2 s, no refetch on
// window focus). Answers are written in one transaction and reach the screen through the live query.
//
// Invalidation policy of `mutate` (our decision): matching entries are all marked `invalid` in one
// transaction; only the keys observed right now are refetched at once (and awaited). Unobserved pages
// are refetched when a screen next shows them, however young they are, so a mutation never costs a
// burst of requests for pages nobody looks at, and never leaves a page that looks fresh but is not.
import { Dexie, liveQuery } from 'dexie'
import { operations } from '../src/api/__generated__/operations'
import type { ApiParams, ApiResponse, ApiResult, ListOperationName, OperationName } from '../src/api/types'
import { T } from '../src/strings'
import {
  isOnline,
  onReconnect,
  reportNetworkFailure,
  reportSuccess,
  setConnectivityProbe,
} from './connectivity'
import { DB_NAME, DB_PREFIX, DEFAULT_MAX_AGE_MS, MEMO_LIMIT, STALE_MS } from './constants'
import {
  type CacheDb,
  type CacheEntry,
  clearAll,
  dropOlderThan,
  type EntryKind,
  openCacheDb,
  safeWrite,
} from './db'
import {
  type CacheScope,
  cacheKey,
  isPlainObject,
  matchesPartial,
  pageTokenKey,
  scopeKey,
  stripPageToken,
} from './keys'

// ---------------------------------------------------------------------------------------------------
// Configuration

export type FailedResult = Exclude<ApiResult<unknown>, { type: 'success' }>

export type Fetcher = <N extends OperationName>(
  name: N,
  params: ApiParams<N>,
  opts: { signal?: AbortSignal },
) => Promise<ApiResult<ApiResponse<N>>>

/** What a screen shows for a failed request (the app maps this to the error catalogue). */
export type StorageError = { kind: string; message: string }

export type ErrorMapper = (name: OperationName, failed: FailedResult) => StorageError

export type StorageConfig = {
  fetcher?: Fetcher
  toError?: ErrorMapper
  /** Entries older than this are dropped on start and never served. Default 7 days. */
  maxAgeMs?: number
  /** Clock (epoch ms); tests inject one. */
  now?: () => number
  /** Database name; tests use their own. Must start with DB_PREFIX so wipeCache finds it. */
  dbName?: string
}

const defaultToError: ErrorMapper = (_name, failed) =>
  failed.type === 'error'
    ? { kind: 'http', message: failed.data.message }
    : { kind: 'client', message: failed.error.message }

const config: Required<Omit<StorageConfig, 'fetcher'>> & { fetcher: Fetcher | undefined } = {
  fetcher: undefined,
  toError: defaultToError,
  maxAgeMs: DEFAULT_MAX_AGE_MS,
  now: () => Date.now(),
  dbName: DB_NAME,
}

let db: CacheDb | undefined

/** How long after start the expired-entry sweep waits (then for an idle moment) in a browser. */
const PRUNE_DELAY_MS = 3_000

function getDb(): CacheDb {
  if (!db) {
    const opened = openCacheDb(config.dbName)
    db = opened
    // Open now rather than on the first query: the first screen's read then finds it open.
    opened.open().catch(() => undefined)
    schedulePrune(opened)
  }
  return db
}

/**
 * Start-up hygiene: entries past the max age (at start) are dropped; the read path never serves them
 * anyway. Deferred: its read-write transaction would otherwise queue ahead of the first screen's read
 * and compete with its first paint. Without idle callbacks (Node, tests) it runs at once.
 */
function schedulePrune(d: CacheDb): void {
  const cutoff = config.now() - config.maxAgeMs
  const run = () => {
    if (db === d) dropOlderThan(d, cutoff).catch(() => undefined)
  }
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number })
    .requestIdleCallback
  if (typeof idle === 'function') setTimeout(() => idle(run, { timeout: 10_000 }), PRUNE_DELAY_MS)
  else setTimeout(run, 0)
}

export function configureStorage(opts: StorageConfig): void {
  if (opts.fetcher) config.fetcher = opts.fetcher
  if (opts.toError) config.toError = opts.toError
  if (opts.maxAgeMs !== undefined) config.maxAgeMs = opts.maxAgeMs
  if (opts.now) config.now = opts.now
  if (opts.dbName !== undefined && opts.dbName !== config.dbName) {
    if (!opts.dbName.startsWith(DB_PREFIX)) throw new Error(`cache database names start with ${DB_PREFIX}`)
    config.dbName = opts.dbName
    db?.close()
    db = undefined
    resetObservers()
  }
  if (opts.maxAgeMs !== undefined && db)
    dropOlderThan(db, config.now() - config.maxAgeMs).catch(() => undefined)
}

/** The open database (opening it on first use). Exposed for tests and diagnostics. */
export function cacheDb(): CacheDb {
  return getDb()
}

/** Drops every entry older than the max age now; resolves to how many were dropped. */
export async function pruneExpired(): Promise<number> {
  return dropOlderThan(getDb(), config.now() - config.maxAgeMs).catch(() => 0)
}

// ---------------------------------------------------------------------------------------------------
// Scope: whose data this is. No scope, no persistence (answers live in memory only).

let scope: string | null = null
let generation = 0
let aborter = new AbortController()
const scopeListeners = new Set<() => void>()

export function setCacheScope(next: CacheScope | null): void {
  const key = next ? scopeKey(next) : null
  if (key === scope) return
  scope = key
  newGeneration()
  // A known user at start-up (bootstrap): open the database while the page's code still loads.
  if (key !== null) getDb()
  for (const l of scopeListeners) l()
}

export function getCacheScope(): string | null {
  return scope
}

export function subscribeCacheScope(listener: () => void): () => void {
  scopeListeners.add(listener)
  return () => scopeListeners.delete(listener)
}

/** Forget everything in memory and cut off every request in flight: no late answer is written. */
function newGeneration(): void {
  generation++
  aborter.abort()
  aborter = new AbortController()
  inflight.clear()
  errors.clear()
  memo.clear()
  lastApplied.clear()
  removedIds.clear()
  for (const o of observed.values()) update(o, { entry: undefined, known: o.scope === null })
}

// ---------------------------------------------------------------------------------------------------
// In-memory state: last seen entries (instant first paint, and the whole cache without a scope),
// requests in flight, last errors, and the keys screens observe.

const memo = new Map<string, CacheEntry>()
const inflight = new Map<string, Promise<RevalidateOutcome>>()
const errors = new Map<string, StorageError>()
/** Sequence number of the request whose answer a key last took: an older answer never overwrites it. */
const lastApplied = new Map<string, number>()
/** Ids deleted by a mutation, with the request sequence at that time: older answers drop these rows. */
const removedIds = new Map<string, number>()
let seq = 0

function memoGet(key: string): CacheEntry | undefined {
  const e = memo.get(key)
  return e && servable(e) ? e : undefined
}

function memoSet(e: CacheEntry): void {
  memo.delete(e.key)
  memo.set(e.key, e)
  while (memo.size > MEMO_LIMIT) {
    const oldest = memo.keys().next().value
    if (oldest === undefined) break
    memo.delete(oldest)
  }
}

function servable(e: CacheEntry | undefined): e is CacheEntry {
  return e !== undefined && config.now() - e.fetchedAt < config.maxAgeMs
}

export type RevalidateOutcome = 'ok' | 'network' | 'error' | 'aborted'

export type KeySnapshot = {
  entry: CacheEntry | undefined
  /** The store has answered at least once (until then, no entry does not mean no cache). */
  known: boolean
  inflight: boolean
  error: StorageError | undefined
}

type Desc = { endpoint: OperationName; params: unknown; pageToken: string; kind: EntryKind | undefined }

type Observed = Desc & {
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

const observed = new Map<string, Observed>()

function describeKey(
  endpoint: OperationName,
  params: unknown,
  pageToken: string | null | undefined,
  kind?: EntryKind,
) {
  const inParams =
    isPlainObject(params) && isPlainObject(params.query) && typeof params.query.pageToken === 'string'
      ? params.query.pageToken
      : undefined
  const desc: Desc = {
    endpoint,
    params: stripPageToken(params ?? {}),
    pageToken: pageTokenKey(pageToken ?? inParams),
    kind,
  }
  return { desc, key: cacheKey(scope ?? '', endpoint, desc.params, desc.pageToken) }
}

function getObserved(key: string, desc: Desc): Observed {
  let o = observed.get(key)
  if (!o) {
    const entry = memoGet(key)
    o = {
      ...desc,
      key,
      scope,
      refs: 0,
      snap: {
        entry,
        known: entry !== undefined || scope === null,
        inflight: inflight.has(key),
        error: errors.get(key),
      },
      listeners: new Set(),
      sub: undefined,
      pendingCheck: false,
      reading: false,
    }
    observed.set(key, o)
    // Read the stored entry as soon as a screen asks for the key (its first render), not once it has
    // mounted: the cached page is then usually there by the time the skeleton has painted.
    if (!o.snap.known) firstRead(o)
  }
  return o
}

function update(o: Observed, patch: Partial<KeySnapshot>): void {
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
function touch(key: string): void {
  const o = observed.get(key)
  if (!o) return
  update(o, { entry: memoGet(key), inflight: inflight.has(key), error: errors.get(key), known: o.snap.known })
}

function resetObservers(): void {
  for (const o of observed.values()) {
    o.sub?.unsubscribe()
    o.sub = undefined
  }
  newGeneration()
  for (const o of observed.values()) if (o.refs > 0) startLive(o)
}

/** Two copies of one write (the one kept in memory and the one read back from IndexedDB). */
function sameWrite(a: CacheEntry, b: CacheEntry): boolean {
  return (
    a.fetchedAt === b.fetchedAt &&
    a.invalid === b.invalid &&
    a.ids.length === b.ids.length &&
    a.ids.every((id, i) => id === b.ids[i])
  )
}

/** What IndexedDB holds for an observed key (first read or live query) reaches its snapshot. */
function applyStored(o: Observed, stored: CacheEntry | undefined): void {
  if (observed.get(o.key) !== o) return
  const fromDb = servable(stored) ? stored : undefined
  const mem = memoGet(o.key)
  // Memory wins when it is newer (a cache write that failed, or one not committed yet), and when it
  // is the same write read back: the screen keeps the object it has and does not render again.
  let entry = fromDb
  if (!fromDb) entry = mem
  else if (mem && (mem.fetchedAt > fromDb.fetchedAt || sameWrite(mem, fromDb))) entry = mem
  else memoSet(fromDb)
  // Start the revalidation before the key becomes known: a screen must never see "known, nothing
  // cached, nothing in flight" (that would flash its empty state before the first answer).
  if (o.pendingCheck) {
    o.pendingCheck = false
    if (isStale(entry)) void runRevalidation(o, o.key)
  }
  update(o, { entry, known: true })
}

// First reads requested in the same tick share one transaction (one bulkGet).
let readBatch: Observed[] = []

function firstRead(o: Observed): void {
  if (o.reading || o.scope === null) return
  o.reading = true
  readBatch.push(o)
  if (readBatch.length === 1) queueMicrotask(flushReads)
}

function flushReads(): void {
  const batch = readBatch
  readBatch = []
  const gen = generation
  const done = (rows: readonly (CacheEntry | undefined)[]) => {
    batch.forEach((o, i) => {
      afterFirstRead(o, rows[i], gen)
    })
  }
  try {
    getDb()
      .entries.bulkGet(batch.map((o) => o.key))
      .then(done, () => done([]))
  } catch {
    done([])
  }
}

function afterFirstRead(o: Observed, stored: CacheEntry | undefined, gen: number): void {
  if (observed.get(o.key) !== o) return
  o.reading = false
  if (gen !== generation) {
    // The database or the session changed while reading: read again if a screen still shows it.
    if (o.refs > 0) startLive(o)
    return
  }
  applyStored(o, stored)
  if (o.refs > 0 && !o.sub) subscribeLive(o)
}

function startLive(o: Observed): void {
  if (o.scope === null) {
    update(o, { known: true })
    return
  }
  // Not known yet: one plain indexed get paints first; the live query starts once it has answered.
  if (!o.snap.known) firstRead(o)
  else if (!o.reading) subscribeLive(o)
}

/** Keeps an observed key current: writes from this tab, other tabs, and direct database writes. */
function subscribeLive(o: Observed): void {
  if (o.sub) return
  const key = o.key
  try {
    o.sub = liveQuery(() => getDb().entries.get(key)).subscribe({
      next: (stored) => applyStored(o, stored),
      error: () => applyStored(o, undefined),
    })
  } catch {
    applyStored(o, undefined)
  }
}

/** Missing, invalidated by a mutation, or older than STALE_MS (spec section 9). */
export function entryIsStale(e: CacheEntry | undefined): boolean {
  return isStale(e)
}

function isStale(e: CacheEntry | undefined): boolean {
  return !e || e.invalid || config.now() - e.fetchedAt >= STALE_MS
}

function revalidateIfStale(o: Observed): void {
  if (isStale(o.snap.entry)) void runRevalidation(o, o.key)
}

/**
 * Starts observing a key (what a mounted hook does): live updates go to `listener`; the key is
 * revalidated if its entry is missing, invalid or older than STALE_MS. Returns the unsubscribe.
 */
export function observeKey(key: string, desc: Desc, listener: () => void): () => void {
  const o = getObserved(key, desc)
  o.listeners.add(listener)
  o.refs++
  if (o.refs === 1) startLive(o)
  if (o.snap.known) revalidateIfStale(o)
  else o.pendingCheck = true
  return () => {
    o.listeners.delete(listener)
    o.refs--
    if (o.refs <= 0) {
      o.sub?.unsubscribe()
      o.sub = undefined
      if (observed.get(key) === o) observed.delete(key)
    }
  }
}

export function snapshotOf(key: string, desc: Desc): KeySnapshot {
  return getObserved(key, desc).snap
}

export function keyFor(
  endpoint: OperationName,
  params: unknown,
  pageToken?: string | null,
  kind?: EntryKind,
) {
  return describeKey(endpoint, params, pageToken, kind)
}

/** Keys observed by at least one mounted screen (current scope). */
export function observedKeys(): string[] {
  return [...observed.values()].filter((o) => o.refs > 0 && o.scope === scope).map((o) => o.key)
}

// ---------------------------------------------------------------------------------------------------
// Revalidation

function withPageToken(params: unknown, pageToken: string): unknown {
  if (!pageToken) return params
  const base = isPlainObject(params) ? params : {}
  const query = isPlainObject(base.query) ? base.query : {}
  return { ...base, query: { ...query, pageToken } }
}

/** Only GET answers are kept, and never one that carries a credential. */
function persistable(endpoint: OperationName, data: unknown): boolean {
  return operations[endpoint]?.method === 'GET' && !carriesSecret(data, 0)
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
  const data = withoutRemoved(kind, raw, startedAt)
  if (data === undefined) return
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
  if (persist) {
    const d = getDb()
    await safeWrite(d, () => d.transaction('rw', d.entries, () => d.entries.put(entry)))
  }
  touch(key)
}

function requireFetcher(): Fetcher {
  if (!config.fetcher) throw new Error('storage: configureStorage({ fetcher }) was not called')
  return config.fetcher
}

/**
 * Fetches one key and writes the answer. One request per key at a time: a second caller gets the
 * same promise, unless `force` (a mutation must not take an answer that was asked before it).
 */
function runRevalidation(desc: Desc, key: string, force = false): Promise<RevalidateOutcome> {
  const existing = inflight.get(key)
  if (existing && !force) return existing
  const fetcher = config.fetcher
  if (!fetcher) return Promise.resolve('aborted')
  const gen = generation
  const entryScope = scope
  const signal = aborter.signal
  const startedAt = ++seq
  const run = async (): Promise<RevalidateOutcome> => {
    let result: ApiResult<unknown>
    try {
      result = await fetcher(desc.endpoint, withPageToken(desc.params, desc.pageToken) as never, { signal })
    } catch (err) {
      if (gen !== generation || signal.aborted) return 'aborted'
      errors.set(key, { kind: 'client', message: err instanceof Error ? err.message : String(err) })
      return 'error'
    }
    if (gen !== generation) return 'aborted'
    if (result.type === 'client_error' && result.network) {
      // Offline: the cached page stays on screen; the connectivity machine learns of it.
      reportNetworkFailure()
      return 'network'
    }
    reportSuccess()
    if (result.type === 'success') {
      errors.delete(key)
      await store(key, entryScope, desc, result.data, startedAt)
      return gen === generation ? 'ok' : 'aborted'
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

export type CachedValue<T> = { data: T; updatedAt: Date; stale: boolean }

async function readEntry(key: string): Promise<CacheEntry | undefined> {
  const mem = memoGet(key)
  if (scope === null) return mem
  let stored: CacheEntry | undefined
  try {
    stored = await getDb().entries.get(key)
  } catch {
    stored = undefined
  }
  const fromDb = servable(stored) ? stored : undefined
  if (!fromDb) return mem
  return mem && mem.fetchedAt > fromDb.fetchedAt ? mem : fromDb
}

function toCached<T>(e: CacheEntry | undefined): CachedValue<T> | undefined {
  return e ? { data: e.data as T, updatedAt: new Date(e.fetchedAt), stale: isStale(e) } : undefined
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
  if (!isStale(await readEntry(key))) return
  await runRevalidation(desc, key)
}

/** Same as prefetchList, for a detail page. */
export async function prefetchResource<N extends OperationName>(
  endpoint: N,
  params: ApiParams<N>,
): Promise<void> {
  const { desc, key } = describeKey(endpoint, params, null, 'resource')
  if (!isStale(await readEntry(key))) return
  await runRevalidation(desc, key)
}

/** Refetches the key of a mounted hook (its refresh button). */
export function refreshKey(key: string, desc: Desc): Promise<RevalidateOutcome> {
  return runRevalidation(desc, key)
}

// ---------------------------------------------------------------------------------------------------
// Mutations

export class OfflineError extends Error {
  readonly kind = 'offline'
  constructor() {
    super(T.offline)
    this.name = 'OfflineError'
  }
}

export type Invalidation = { endpoint: OperationName; params?: Record<string, unknown> }

export type MutateOptions = {
  /** Endpoints (with a partial params match) whose cached pages and resources this changes. */
  invalidates?: Invalidation[]
  /** The resource this deletes: its rows leave every cached page of the scope at once. */
  removes?: { id: string }
  signal?: AbortSignal
}

/**
 * Calls the API, then updates the cache: removes a deleted resource everywhere, marks matching
 * entries invalid and refetches the observed ones (awaited). Never queued: rejects with OfflineError
 * when offline. Resolves with the API result (an HTTP error is a result, not a rejection).
 */
export async function mutate<N extends OperationName>(
  name: N,
  params: ApiParams<N>,
  opts: MutateOptions = {},
): Promise<ApiResult<ApiResponse<N>>> {
  if (!isOnline()) throw new OfflineError()
  const fetcher = requireFetcher()
  const gen = generation
  const result = await fetcher(name, params, { signal: opts.signal })
  if (result.type === 'client_error' && result.network) {
    reportNetworkFailure()
    return result
  }
  reportSuccess()
  if (result.type !== 'success' || gen !== generation) return result
  if (opts.removes) await removeEverywhere(opts.removes.id)
  if (opts.invalidates?.length) await invalidate(opts.invalidates)
  return result
}

/** Removes a resource (by id) from every cached list page of the scope and drops its own entries. */
export async function removeEverywhere(id: string): Promise<void> {
  removedIds.set(id, seq)
  const sc = scope
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
  for (const k of observed.keys()) touch(k)
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
  const sc = scope
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
  const hits = [...observed.values()].filter(
    (o) => o.refs > 0 && o.scope === sc && matches(o.endpoint, o.params, targets),
  )
  await Promise.all(hits.map((o) => runRevalidation(o, o.key, true)))
}

/** Refetches every key a mounted screen observes (on reconnect). */
export async function revalidateObserved(): Promise<RevalidateOutcome[]> {
  const live = [...observed.values()].filter((o) => o.refs > 0 && o.scope === scope)
  return Promise.all(live.map((o) => runRevalidation(o, o.key)))
}

// ---------------------------------------------------------------------------------------------------
// Wipe (sign out, any 401): nothing of the previous session survives, in memory or on disk.

export async function wipeCache(): Promise<void> {
  newGeneration()
  const d = getDb()
  try {
    await clearAll(d)
  } catch {
    d.close()
    db = undefined
    await Dexie.delete(d.name).catch(() => undefined)
  }
  try {
    const names = await Dexie.getDatabaseNames()
    await Promise.all(
      names
        .filter((n) => n.startsWith(DB_PREFIX) && n !== d.name)
        .map((n) => Dexie.delete(n).catch(() => undefined)),
    )
  } catch {
    // indexedDB.databases() is missing in some browsers: only our own database is known then.
  }
}

// ---------------------------------------------------------------------------------------------------
// Connectivity wiring: reconnect revalidates what is on screen; the offline state probes with one
// observed key.

onReconnect(() => {
  void revalidateObserved()
})

setConnectivityProbe(async () => {
  const o = [...observed.values()].find((x) => x.refs > 0 && x.scope === scope)
  if (!o) throw new Error('nothing observed to probe with')
  const outcome = await runRevalidation(o, o.key)
  if (outcome === 'network' || outcome === 'aborted') throw new Error('still offline')
})

/** Tests only: close the database and forget all in-memory state and configuration. */
export async function resetStorageForTests(opts: StorageConfig = {}): Promise<void> {
  for (const o of observed.values()) o.sub?.unsubscribe()
  observed.clear()
  scope = null
  newGeneration()
  seq = 0
  db?.close()
  db = undefined
  config.fetcher = undefined
  config.toError = defaultToError
  config.maxAgeMs = DEFAULT_MAX_AGE_MS
  config.now = () => Date.now()
  config.dbName = DB_NAME
  configureStorage(opts)
}
