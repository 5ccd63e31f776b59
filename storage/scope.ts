// Scope: whose data this is. No scope, no persistence (answers live in memory only). A scope change
// starts a new generation: memory is forgotten and every request in flight is cut off, so no late
// answer of the previous user is ever written or shown.
import type { OperationName } from '../src/api/types'
import { getDb } from './config'
import type { EntryKind } from './db'
import { type CacheScope, cacheKey, isPlainObject, pageTokenKey, scopeKey, stripPageToken } from './keys'
import { clearMemory } from './memory'
import { type Desc, observed, update } from './registry'

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

/** Changes whenever memory is forgotten: work started in an older generation must not land. */
export function currentGeneration(): number {
  return generation
}

/** Aborted at the next generation. */
export function generationSignal(): AbortSignal {
  return aborter.signal
}

/** Forget everything in memory and cut off every request in flight: no late answer is written. */
export function newGeneration(): void {
  generation++
  aborter.abort()
  aborter = new AbortController()
  clearMemory()
  for (const o of observed.values()) update(o, { entry: undefined, known: o.scope === null })
}

/** Tests only: no scope, without telling subscribers (the caller resets everything). */
export function clearScopeForTests(): void {
  scope = null
}

/** The key of (endpoint, params, page token) in the current scope; the same for a hook and a warm-up. */
export function describeKey(
  endpoint: OperationName,
  params: unknown,
  pageToken: string | null | undefined,
  kind?: EntryKind,
): { desc: Desc; key: string } {
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
