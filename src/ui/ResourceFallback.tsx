// What a resource page shows while it has no data: nothing for a missing resource (its guard shows
// Page not found), the catalogue message for any other error, an offline notice when nothing is
// cached, else a loading skeleton. One place, so every resource page says the same.
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import type { QueryResult } from '../../storage'
import { OfflineState } from '../components/EmptyState'
import { Skeleton } from '../components/Skeleton'
import { QueryError } from './QueryError'

export function ResourceFallback({
  view,
  offlineBody,
  skeletonRows = 3,
}: {
  view: Pick<QueryResult<unknown>, 'error' | 'isOffline' | 'isLoading'>
  /** What the offline notice says about this resource (it is not cached on this device). */
  offlineBody: string
  skeletonRows?: number
}): ReactNode {
  if (view.error) return view.error.kind === 'not_found' ? null : <QueryError error={view.error} />
  if (view.isOffline && !view.isLoading) return <OfflineState body={offlineBody} />
  return (
    <div aria-busy="true" className={css({ display: 'grid', gap: '3' })}>
      {Array.from({ length: skeletonRows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <Skeleton key={i} />
      ))}
    </div>
  )
}
