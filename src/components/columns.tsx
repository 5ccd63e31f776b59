// The columns that many lists share, written once: a resource's description, and when it was created.
import { formatDateTime } from '../util/date'
import type { Column } from './Table'

export function descriptionColumn<T extends { description: string }>(): Column<T> {
  return { id: 'description', header: 'Description', cell: (row) => row.description }
}

export function createdColumn<T extends { timeCreated: Date }>(): Column<T> {
  return { id: 'created', header: 'Created', cell: (row) => formatDateTime(row.timeCreated), nowrap: true }
}
