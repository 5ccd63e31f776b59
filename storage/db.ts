// The dexie database behind every list and detail screen (ARCHITECTURE.md, "Data flow of a list").
// One table, `entries`: a list page or a single resource per row, keyed by (scope, endpoint, params,
// page token). Only response payloads are stored; a bearer token never reaches this module.
import { Dexie, type EntityTable, type Transaction } from 'dexie'
import { DB_NAME, EVICT_FRACTION } from './constants'

export type EntryKind = 'list' | 'resource'

export type CacheEntry = {
  /** cacheKey(scope, endpoint, params, pageToken) */
  key: string
  /** scopeKey({ userId, siloId }) */
  scope: string
  endpoint: string
  kind: EntryKind
  /** The params as given (structured clone), for partial-match invalidation and refetching. */
  params: unknown
  /** '' for the first page and for single resources. */
  pageToken: string
  /** The response body (camelCase, Dates): `{ items, nextPage }` for lists. */
  data: unknown
  /** Ids of the rows of a page, or the id of the resource: lets a delete find every copy at once. */
  ids: string[]
  /** Epoch ms of the response. */
  fetchedAt: number
  /** Set by a mutation that touched this entry while nobody observed it: refetch on next view. */
  invalid: boolean
  /**
   * Epoch ms of the last in-place rewrite of a row (writeResource) since fetchedAt; absent until one.
   * Not indexed, so no schema version: it only tells two copies of one fetch apart.
   */
  revisedAt?: number
}

export type CacheDb = Dexie & { entries: EntityTable<CacheEntry, 'key'> }

/**
 * The migration path. Each version lists its full store layout and, from version 2 on, an upgrade
 * that rewrites version N-1 rows. To add version 2, append `{ version: 2, stores: {...}, upgrade }`;
 * never edit a shipped version. Because this is only a cache, an upgrade may also just clear a table.
 */
export type Migration = {
  version: number
  stores: Record<string, string | null>
  upgrade?: (tx: Transaction) => Promise<unknown> | undefined
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    // [scope+endpoint] serves invalidation, fetchedAt serves eviction and max age, *ids serves delete.
    stores: { entries: 'key, scope, [scope+endpoint], fetchedAt, *ids' },
  },
]

export function openCacheDb(name: string = DB_NAME, migrations: readonly Migration[] = MIGRATIONS): CacheDb {
  const db = new Dexie(name) as CacheDb
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    const v = db.version(m.version).stores(m.stores)
    if (m.upgrade) v.upgrade(m.upgrade)
  }
  return db
}

/** True for the browser's quota error, bare or wrapped by dexie (AbortError with an inner cause). */
export function isQuotaError(err: unknown, depth = 0): boolean {
  if (depth > 5 || err === null || typeof err !== 'object') return false
  const e = err as { name?: unknown; code?: unknown; inner?: unknown; cause?: unknown; failures?: unknown }
  if (e.name === 'QuotaExceededError' || e.name === Dexie.errnames.QuotaExceeded) return true
  if (e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22) return true
  if (isQuotaError(e.inner, depth + 1) || isQuotaError(e.cause, depth + 1)) return true
  return Array.isArray(e.failures) && e.failures.some((f) => isQuotaError(f, depth + 1))
}

/** Deletes the oldest share of all entries (every scope: quota is per origin). Returns how many. */
export async function evictOldest(db: CacheDb, fraction = EVICT_FRACTION): Promise<number> {
  const total = await db.entries.count()
  if (total === 0) return 0
  const n = Math.max(1, Math.ceil(total * fraction))
  const keys = await db.entries.orderBy('fetchedAt').limit(n).primaryKeys()
  await db.entries.bulkDelete(keys)
  return keys.length
}

/**
 * Runs a cache write; on a quota error evicts the oldest entries and retries once. Any failure after
 * that is swallowed: a failed cache write only means there is no cache, never a broken screen.
 */
export async function safeWrite(db: CacheDb, write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write()
    return true
  } catch (err) {
    if (!isQuotaError(err)) return false
    try {
      await evictOldest(db)
      await write()
      return true
    } catch {
      return false
    }
  }
}

/** Drops every entry fetched at or before `cutoff` (epoch ms): the same boundary the read path uses. */
export async function dropOlderThan(db: CacheDb, cutoff: number): Promise<number> {
  return db.entries.where('fetchedAt').belowOrEqual(cutoff).delete()
}

/** Clears every table in one transaction. */
export async function clearAll(db: CacheDb): Promise<void> {
  await db.transaction('rw', db.tables, () => Promise.all(db.tables.map((t) => t.clear())))
}
