// What stands in for a read that has no answer to show: the error in the catalogue's words (spec
// section 8), else, offline with nothing cached on this device, the offline notice; null while it loads,
// for the caller to say so its own way (a skeleton, a table's loading rows).
import type { ReactNode } from 'react'
import { OfflineState } from '../components/EmptyState'
import { QueryError } from './QueryError'

/** What a read says of itself (a storage QueryResult, or the part of it a stand-in needs). */
export type ReadState = {
  error: { kind: string; message: string } | undefined
  isOffline: boolean
  isLoading: boolean
}

/** The error or the offline notice (`offlineBody` says what is not cached) of a read; null while it loads. */
export function errorOrOffline(read: ReadState, offlineBody: string): ReactNode {
  if (read.error) return <QueryError error={read.error} />
  if (read.isOffline && !read.isLoading) return <OfflineState body={offlineBody} />
  return null
}
