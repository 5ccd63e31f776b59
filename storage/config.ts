// Configuration of the cache and the handle of its database. Everything else in storage/ reads the
// clock, the max age and the fetcher from here, so tests can swap them with configureStorage.
import type { ApiParams, ApiResponse, ApiResult, OperationName } from '../src/api/types'
import { DB_NAME, DEFAULT_MAX_AGE_MS, STALE_MS } from './constants'
import { type CacheDb, type CacheEntry, dropOlderThan, openCacheDb } from './db'

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

export type RevalidateOutcome = 'ok' | 'network' | 'error' | 'aborted'

export const defaultToError: ErrorMapper = (_name, failed) =>
  failed.type === 'error'
    ? { kind: 'http', message: failed.data.message }
    : { kind: 'client', message: failed.error.message }

export const config: Required<Omit<StorageConfig, 'fetcher'>> & { fetcher: Fetcher | undefined } = {
  fetcher: undefined,
  toError: defaultToError,
  maxAgeMs: DEFAULT_MAX_AGE_MS,
  now: () => Date.now(),
  dbName: DB_NAME,
}

let db: CacheDb | undefined

/** How long after start the expired-entry sweep waits (then for an idle moment) in a browser. */
const PRUNE_DELAY_MS = 3_000

export function getDb(): CacheDb {
  if (!db) {
    const opened = openCacheDb(config.dbName)
    db = opened
    // Open now rather than on the first query: the first screen's read then finds it open.
    opened.open().catch(() => undefined)
    schedulePrune(opened)
  }
  return db
}

/** The database if it is open (or opening), without opening it. */
export function currentDb(): CacheDb | undefined {
  return db
}

/** Closes the database (if open); the next getDb() opens it again under config.dbName. */
export function closeDb(): void {
  db?.close()
  db = undefined
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

/** The open database (opening it on first use). Exposed for tests and diagnostics. */
export function cacheDb(): CacheDb {
  return getDb()
}

/** An entry younger than the max age: anything older is never served. */
export function servable(e: CacheEntry | undefined): e is CacheEntry {
  return e !== undefined && config.now() - e.fetchedAt < config.maxAgeMs
}

/** Missing, invalidated by a mutation, or older than STALE_MS (spec section 9). */
export function entryIsStale(e: CacheEntry | undefined): boolean {
  return !e || e.invalid || config.now() - e.fetchedAt >= STALE_MS
}

/**
 * Which of two copies of one key is newer: fetched later, or the same fetch with a row rewritten
 * later (writeResource keeps a page's fetchedAt, since its other rows are as old as before).
 */
export function compareVersions(a: CacheEntry, b: CacheEntry): number {
  return a.fetchedAt - b.fetchedAt || (a.revisedAt ?? 0) - (b.revisedAt ?? 0)
}
