// React hooks over the cache: a screen gets the cached value in the first render when this session
// has seen it (no flash of a skeleton), then the live query keeps it current.
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react'
import type { ApiParams, ApiResponse, ListOperationName, OperationName } from '../src/api/types'
import { entryIsStale, type RevalidateOutcome, type StorageError } from './config'
import { useConnectivity } from './connectivity'
import type { EntryKind } from './db'
import { keyFor, observeKey, snapshotOf } from './observe'
import type { KeySnapshot } from './registry'
import { refreshKey } from './revalidate'
import { getCacheScope, subscribeCacheScope } from './scope'

export type QueryResult<T> = {
  /** The cached (or just fetched) value; for lists `{ items, nextPage }`. */
  data: T | undefined
  /** When `data` was fetched. */
  updatedAt: Date | undefined
  /** Nothing to show yet: no cache and the first answer has not come. */
  isLoading: boolean
  /** A request for this key is in flight (whether or not data is shown). */
  isRevalidating: boolean
  /** `data` is older than 2 s or was invalidated by a mutation (spec section 9). */
  isStale: boolean
  /** The connectivity machine says offline: `data`, if any, is what was cached. */
  isOffline: boolean
  /** The last request for this key failed with an HTTP (or body) error; cleared by a success. */
  error: StorageError | undefined
  refresh: () => Promise<RevalidateOutcome>
}

function useEntry<T>(
  endpoint: OperationName,
  params: unknown,
  pageToken: string | null | undefined,
  kind: EntryKind,
): QueryResult<T> {
  // The scope is part of the key: a sign-in as someone else gives every hook new keys.
  useSyncExternalStore(subscribeCacheScope, getCacheScope, getCacheScope)
  const { desc, key } = keyFor(endpoint, params, pageToken, kind)
  // params is a new object on most renders; the key (canonical JSON) is what identity means here.
  const descRef = useRef(desc)
  descRef.current = desc

  const subscribe = useCallback((listener: () => void) => observeKey(key, descRef.current, listener), [key])
  const getSnapshot = useCallback((): KeySnapshot => snapshotOf(key, descRef.current), [key])
  const snap = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  const { online } = useConnectivity()
  const refresh = useCallback(() => refreshKey(key, descRef.current), [key])

  return useMemo(() => {
    const entry = snap.entry
    return {
      data: entry?.data as T | undefined,
      updatedAt: entry ? new Date(entry.fetchedAt) : undefined,
      // Nothing cached and no error: loading, unless offline with the store's answer in and nothing
      // in flight. Online, a missing entry is always about to be fetched (observeKey starts it right
      // after the first read answers), so a screen never flashes its empty state before the data.
      isLoading: entry === undefined && snap.error === undefined && (snap.inflight || !snap.known || online),
      isRevalidating: snap.inflight,
      isStale: entryIsStale(entry),
      isOffline: !online,
      error: snap.error,
      refresh,
    }
  }, [snap, online, refresh])
}

/** One page of a list (the page token lives in the URL: `?page=`). */
export function useList<N extends ListOperationName>(
  endpoint: N,
  params: ApiParams<N>,
  pageToken?: string | null,
): QueryResult<ApiResponse<N>> {
  return useEntry<ApiResponse<N>>(endpoint, params, pageToken, 'list')
}

/** One resource (a detail page). */
export function useResource<N extends OperationName>(
  endpoint: N,
  params: ApiParams<N>,
): QueryResult<ApiResponse<N>> {
  return useEntry<ApiResponse<N>>(endpoint, params, null, 'resource')
}
