// The offline-first cache (ARCHITECTURE.md, "Data flow of a list"), one module per concern:
//   config.ts     configuration, the database handle, staleness
//   scope.ts      whose data this is, generations, cache keys in the current scope
//   memory.ts     the in-memory state of one generation (last seen entries, requests, ordering)
//   registry.ts   the keys screens observe and their snapshots
//   observe.ts    the read path: memo, batched first reads, live queries, warm-up before mount
//   revalidate.ts fetching, in-flight dedupe, staleness checks, revalidateObserved, cached reads
//   resources.ts  resources with a lifecycle: one fresh copy rewrites every cached copy
//   mutate.ts     mutate, writeResource, invalidate, removeEverywhere
//   wipe.ts       wipeCache, configureStorage, pruning, reset for tests
//   poll.ts       list-level and resource-level polling while something is transitional
// This module keeps the import path the rest of the app and the tests have always used.
export {
  cacheDb,
  type ErrorMapper,
  entryIsStale,
  type FailedResult,
  type Fetcher,
  type RevalidateOutcome,
  type StorageConfig,
  type StorageError,
} from './config'
export {
  type Invalidation,
  invalidate,
  type MutateOptions,
  mutate,
  OfflineError,
  removeEverywhere,
  writeResource,
} from './mutate'
export { keyFor, observedKeys, observeKey, snapshotOf, warmList, warmResource } from './observe'
export type { KeySnapshot } from './registry'
export { RESOURCE_KINDS, type ResourceKind, type ResourceOf } from './resources'
export {
  type CachedValue,
  prefetchList,
  prefetchResource,
  readCachedList,
  readCachedResource,
  refreshKey,
  revalidate,
  revalidateObserved,
} from './revalidate'
export { getCacheScope, setCacheScope, subscribeCacheScope } from './scope'
export { configureStorage, dropOtherScopes, pruneExpired, resetStorageForTests, wipeCache } from './wipe'
