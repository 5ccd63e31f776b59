// Everything that drops cached state: the wipe (sign out, any 401: nothing of the previous session
// survives, in memory or on disk), a database switch, the max-age sweep, and the reset for tests.
import { Dexie } from 'dexie'
import { closeDb, config, currentDb, defaultToError, getDb, type StorageConfig } from './config'
import { DB_NAME, DB_PREFIX, DEFAULT_MAX_AGE_MS } from './constants'
import { clearAll, dropOlderThan } from './db'
import { resetSeq } from './memory'
import { clearObserversForTests, resetObservers } from './observe'
import { clearScopeForTests, getCacheScope, newGeneration } from './scope'

export function configureStorage(opts: StorageConfig): void {
  if (opts.fetcher) config.fetcher = opts.fetcher
  if (opts.toError) config.toError = opts.toError
  if (opts.maxAgeMs !== undefined) config.maxAgeMs = opts.maxAgeMs
  if (opts.now) config.now = opts.now
  if (opts.dbName !== undefined && opts.dbName !== config.dbName) {
    if (!opts.dbName.startsWith(DB_PREFIX)) throw new Error(`cache database names start with ${DB_PREFIX}`)
    config.dbName = opts.dbName
    closeDb()
    resetObservers()
  }
  const db = currentDb()
  if (opts.maxAgeMs !== undefined && db)
    dropOlderThan(db, config.now() - config.maxAgeMs).catch(() => undefined)
}

/** Drops every entry older than the max age now; resolves to how many were dropped. */
export async function pruneExpired(): Promise<number> {
  return dropOlderThan(getDb(), config.now() - config.maxAgeMs).catch(() => 0)
}

export async function wipeCache(): Promise<void> {
  newGeneration()
  const d = getDb()
  try {
    await clearAll(d)
  } catch {
    if (currentDb() === d) closeDb()
    else d.close()
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

/**
 * Drops every entry of any scope but the current one; resolves to how many. The cache holds one
 * user's data: a write of another user's that slipped past a wipe (a tab still polling when a sign-out
 * elsewhere cleared the database) goes at the next start. No scope: nothing is dropped.
 */
export async function dropOtherScopes(): Promise<number> {
  const scope = getCacheScope()
  if (scope === null) return 0
  return getDb()
    .entries.where('scope')
    .notEqual(scope)
    .delete()
    .catch(() => 0)
}

/** Tests only: close the database and forget all in-memory state and configuration. */
export async function resetStorageForTests(opts: StorageConfig = {}): Promise<void> {
  ;(await import('./reconnect-pacing')).resetReconnectPacing()
  clearObserversForTests()
  clearScopeForTests()
  newGeneration()
  resetSeq()
  closeDb()
  config.fetcher = undefined
  config.toError = defaultToError
  config.maxAgeMs = DEFAULT_MAX_AGE_MS
  config.now = () => Date.now()
  config.dbName = DB_NAME
  configureStorage(opts)
}
