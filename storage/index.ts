// Public API of the offline-first data layer (ARCHITECTURE.md, "Data flow of a list").
export {
  type CachedValue,
  cacheDb,
  configureStorage,
  dropOtherScopes,
  type ErrorMapper,
  entryIsStale,
  type FailedResult,
  type Fetcher,
  getCacheScope,
  type Invalidation,
  invalidate,
  type MutateOptions,
  mutate,
  OfflineError,
  observedKeys,
  prefetchList,
  prefetchResource,
  pruneExpired,
  RESOURCE_KINDS,
  type ResourceKind,
  type ResourceOf,
  type RevalidateOutcome,
  readCachedList,
  readCachedResource,
  removeEverywhere,
  revalidate,
  revalidateObserved,
  type StorageConfig,
  type StorageError,
  setCacheScope,
  subscribeCacheScope,
  warmList,
  warmResource,
  wipeCache,
  writeResource,
} from './cache'
export {
  type Connectivity,
  getConnectivity,
  isOnline,
  onReconnect,
  reportNetworkFailure,
  reportSuccess,
  useConnectivity,
} from './connectivity'
export {
  DEFAULT_MAX_AGE_MS,
  IDLE_POLL_MS,
  POLL_FACTOR,
  POLL_FAST_MS,
  POLL_MAX_MS,
  STALE_MS,
} from './constants'
export { type CacheEntry, isQuotaError, MIGRATIONS, type Migration } from './db'
export { type QueryResult, useList, useResource } from './hooks'
export { type CacheScope, cacheKey, canonicalJson, matchesPartial, scopeKey } from './keys'
export { type Pollable, type PollOptions, useListPoll, useResourcePoll } from './poll'
