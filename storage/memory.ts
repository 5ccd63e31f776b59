// In-memory state of one session (one cache generation): last seen entries (instant first paint, and
// the whole cache without a scope), requests in flight, last errors, and what orders answers against
// mutations. All of it is forgotten together when the scope or the database changes.
import { type RevalidateOutcome, type StorageError, servable } from './config'
import { MEMO_LIMIT } from './constants'
import type { CacheEntry } from './db'

export const memo = new Map<string, CacheEntry>()
export const inflight = new Map<string, Promise<RevalidateOutcome>>()
export const errors = new Map<string, StorageError>()
/** Sequence number of the request whose answer a key last took: an older answer never overwrites it. */
export const lastApplied = new Map<string, number>()
/** Ids deleted by a mutation, with the request sequence at that time: older answers drop these rows. */
export const removedIds = new Map<string, number>()

/**
 * Fresh copies of one resource learnt outside a request for its page (a mutation's answer, a poll of
 * its own view): an answer to a request started before `before` carries an older copy of that row,
 * so the fresher one replaces it. Only the endpoints of the resource's kind are patched.
 */
export type Revision = { before: number; row: Record<string, unknown>; endpoints: readonly string[] }
export const revisions = new Map<string, Revision>()

let seq = 0

/** Numbers a new request; answers are ordered by these. */
export function nextSeq(): number {
  return ++seq
}

/** The number of the latest request started. */
export function currentSeq(): number {
  return seq
}

export function memoGet(key: string): CacheEntry | undefined {
  const e = memo.get(key)
  return e && servable(e) ? e : undefined
}

export function memoSet(e: CacheEntry): void {
  memo.delete(e.key)
  memo.set(e.key, e)
  while (memo.size > MEMO_LIMIT) {
    const oldest = memo.keys().next().value
    if (oldest === undefined) break
    memo.delete(oldest)
  }
}

/** Forgets the session's memory (the caller aborts the requests in flight). */
export function clearMemory(): void {
  inflight.clear()
  errors.clear()
  memo.clear()
  lastApplied.clear()
  removedIds.clear()
  revisions.clear()
}

/** Tests only: number requests from zero again. */
export function resetSeq(): void {
  seq = 0
}
