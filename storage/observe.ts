// The read path. An observed key paints from the in-memory copy of what was last seen, else from one
// indexed get (the first reads of a tick share one bulkGet), and then follows IndexedDB through a
// live query. A route can start that first read before its page mounts (warmList/warmResource): the
// answer lands in memory, so the page's first render already has it.
import { liveQuery } from 'dexie'
import type { ApiParams, ListOperationName, OperationName } from '../src/api/types'
import { compareVersions, entryIsStale, getDb, servable } from './config'
import type { CacheEntry, EntryKind } from './db'
import { errors, inflight, memoGet, memoSet } from './memory'
import { type Desc, type KeySnapshot, mountedIn, type Observed, observed, update } from './registry'
import { runRevalidation } from './revalidate'
import { currentGeneration, describeKey, getCacheScope, newGeneration } from './scope'

// ---------------------------------------------------------------------------------------------------
// Reading stored entries: one indexed get per key, batched per tick, shared by a warm-up and a screen.

const reads = new Map<string, Promise<CacheEntry | undefined>>()
let readBatch: Array<{ key: string; resolve: (e: CacheEntry | undefined) => void }> = []

function readStored(key: string): Promise<CacheEntry | undefined> {
  const pending = reads.get(key)
  if (pending) return pending
  const p = new Promise<CacheEntry | undefined>((resolve) => {
    readBatch.push({ key, resolve })
    if (readBatch.length === 1) queueMicrotask(flushReads)
  })
  reads.set(key, p)
  const forget = () => {
    if (reads.get(key) === p) reads.delete(key)
  }
  p.then(forget, forget)
  return p
}

function flushReads(): void {
  const batch = readBatch
  readBatch = []
  const done = (rows: readonly (CacheEntry | undefined)[]) => {
    batch.forEach((r, i) => {
      r.resolve(rows[i])
    })
  }
  try {
    getDb()
      .entries.bulkGet(batch.map((r) => r.key))
      .then(done, () => done([]))
  } catch {
    done([])
  }
}

/** Keys a warm-up found nothing for, in this generation: a screen need not read them again. */
const warmMisses = new Set<string>()
let warmGeneration = -1

function missesNow(): Set<string> {
  if (warmGeneration !== currentGeneration()) {
    warmMisses.clear()
    warmGeneration = currentGeneration()
  }
  return warmMisses
}

/** The stored entry for `key` goes to memory unless memory already has this write or a newer one. */
function keepInMemory(stored: CacheEntry): void {
  const mem = memoGet(stored.key)
  if (!mem || compareVersions(stored, mem) > 0) memoSet(stored)
}

function warm(endpoint: OperationName, params: unknown, pageToken: string | null, kind: EntryKind) {
  if (getCacheScope() === null) return Promise.resolve()
  const { key } = describeKey(endpoint, params, pageToken, kind)
  if (memoGet(key) || observed.has(key) || missesNow().has(key)) return Promise.resolve()
  const gen = currentGeneration()
  return readStored(key).then((stored) => {
    if (gen !== currentGeneration()) return
    if (servable(stored)) keepInMemory(stored)
    else if (!memoGet(key)) missesNow().add(key)
  })
}

/**
 * Starts the IndexedDB read of exactly the key `useList(endpoint, params, pageToken)` reads, and keeps
 * the answer in memory: call it as soon as the route is known, in parallel with loading its code.
 * Never touches the network; does nothing without a cache scope. Resolves when the read has landed.
 */
export function warmList<N extends ListOperationName>(
  endpoint: N,
  params: ApiParams<N>,
  pageToken?: string | null,
): Promise<void> {
  return warm(endpoint, params, pageToken ?? null, 'list')
}

/** Same as warmList, for the key `useResource(endpoint, params)` reads. */
export function warmResource<N extends OperationName>(endpoint: N, params: ApiParams<N>): Promise<void> {
  return warm(endpoint, params, null, 'resource')
}

// ---------------------------------------------------------------------------------------------------
// Observed keys

function getObserved(key: string, desc: Desc): Observed {
  let o = observed.get(key)
  if (!o) {
    const entry = memoGet(key)
    const scope = getCacheScope()
    o = {
      ...desc,
      key,
      scope,
      refs: 0,
      snap: {
        entry,
        known: entry !== undefined || scope === null || missesNow().delete(key),
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

/** Two copies of one write (the one kept in memory and the one read back from IndexedDB). */
function sameWrite(a: CacheEntry, b: CacheEntry): boolean {
  return (
    compareVersions(a, b) === 0 &&
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
  else if (mem && (compareVersions(mem, fromDb) > 0 || sameWrite(mem, fromDb))) entry = mem
  else memoSet(fromDb)
  // Start the revalidation before the key becomes known: a screen must never see "known, nothing
  // cached, nothing in flight" (that would flash its empty state before the first answer).
  if (o.pendingCheck) {
    o.pendingCheck = false
    if (entryIsStale(entry)) void runRevalidation(o, o.key)
  }
  update(o, { entry, known: true })
}

function firstRead(o: Observed): void {
  if (o.reading || o.scope === null) return
  o.reading = true
  const gen = currentGeneration()
  void readStored(o.key).then((stored) => afterFirstRead(o, stored, gen))
}

function afterFirstRead(o: Observed, stored: CacheEntry | undefined, gen: number): void {
  if (observed.get(o.key) !== o) return
  o.reading = false
  if (gen !== currentGeneration()) {
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

/**
 * Starts observing a key (what a mounted hook does): live updates go to `listener`; the key is
 * revalidated if its entry is missing, invalid or older than STALE_MS. Returns the unsubscribe.
 */
export function observeKey(key: string, desc: Desc, listener: () => void): () => void {
  const o = getObserved(key, desc)
  o.listeners.add(listener)
  o.refs++
  if (o.refs === 1) startLive(o)
  if (o.snap.known) {
    if (entryIsStale(o.snap.entry)) void runRevalidation(o, o.key)
  } else o.pendingCheck = true
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
  return mountedIn(getCacheScope()).map((o) => o.key)
}

/** The database changed under the observers: forget memory, then read again what screens show. */
export function resetObservers(): void {
  for (const o of observed.values()) {
    o.sub?.unsubscribe()
    o.sub = undefined
  }
  newGeneration()
  for (const o of observed.values()) if (o.refs > 0) startLive(o)
}

/** Tests only: forget every observer and pending read. */
export function clearObserversForTests(): void {
  for (const o of observed.values()) o.sub?.unsubscribe()
  observed.clear()
  reads.clear()
  warmMisses.clear()
}
