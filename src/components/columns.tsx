// The columns that many lists share, written once: a resource's name, its description, and when it
// was created.
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { formatDateTime } from '../util/date'
import { ResourceLink } from './ResourceLink'
import type { Column } from './Table'

/**
 * How the Name column shows a row: a function of its own, or the name (a link where `href` says).
 * `sortLocally` sorts the table by name in the page (a table the API does not sort).
 */
type NameCell<T> =
  | ((row: T) => ReactNode)
  | { href?: (row: T) => string; keepQuery?: boolean; sortLocally?: boolean }

/** The Name column of a list: the name on one line, a link where `href` says. */
export function nameColumn<T extends { name: string }>(cell?: NameCell<T>): Column<T> {
  const opts = typeof cell === 'object' ? cell : undefined
  const href = opts?.href
  return {
    id: 'name',
    header: 'Name',
    nowrap: true,
    ...(opts?.sortLocally && { sortValue: (row: T) => row.name }),
    cell: href
      ? (row) => (
          <ResourceLink href={href(row)} keepQuery={opts?.keepQuery}>
            {row.name}
          </ResourceLink>
        )
      : typeof cell === 'function'
        ? cell
        : (row) => <span className={css({ fontWeight: 'medium' })}>{row.name}</span>,
  }
}

export function descriptionColumn<T extends { description: string }>(): Column<T> {
  return { id: 'description', header: 'Description', cell: (row) => row.description }
}

export function createdColumn<T extends { timeCreated: Date }>(): Column<T> {
  return { id: 'created', header: 'Created', cell: (row) => formatDateTime(row.timeCreated), nowrap: true }
}
