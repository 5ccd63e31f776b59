// What a tab shows when its list has nothing to show yet: the error, the offline notice (nothing cached
// for it on this device) or nothing at all while the first answer is on its way (the table's own
// skeleton rows stand in then).
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { CloudOffIcon, EmptyState } from '../../../components'
import { T } from '../../../strings'
import { QueryError } from '../../../ui/QueryError'

type ListState = {
  data: unknown
  error: { kind: string; message: string } | undefined
  isOffline: boolean
  isLoading: boolean
}

/** The error or offline notice that stands in for a list without data, or null when the list shows. */
export function listStandIn(list: ListState, what: string): ReactNode {
  if (list.data !== undefined) return null
  if (list.error) return <QueryError error={list.error} />
  if (list.isOffline && !list.isLoading) {
    return (
      <EmptyState
        icon={<CloudOffIcon />}
        title={T.offline}
        body={`The ${what} of this instance are not cached on this device yet.`}
      />
    )
  }
  return null
}

export const sectionHeading = css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' })
export const section = css({ mb: '8' })
export const mono = css({ fontFamily: 'mono', fontSize: 'sm' })
