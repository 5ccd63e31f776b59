// A tab's table over one storage list (issue 10): a VPC's subnets, routers and internet gateways, a
// router's routes, a gateway's pools and addresses, a pool's ranges, a silo's identity providers. Each
// of them showed the list's items keyed by id, skeleton rows while the first answer is on its way and
// emptyOf's notice (why nothing could be read, else the empty state) by hand, and each "New …" button
// beside a heading went to its form's route keeping the list's query. They do it here once, with the
// linked name and created columns their tables share.
import type { ReactNode } from 'react'
import { Button, type Column } from '../components'
import { createdColumn as createdColumnOf } from '../components/columns'
import { ResourceLink } from '../components/ResourceLink'
import { useListGo } from '../hooks/use-list-go'
import { TabTable } from './project/instance/shared'
import { emptyOf } from './project/vpc/routing'

/** A column naming each row by a link to its page, sorted by that name ("Name" unless it says). */
export function linkColumn<T>(column: {
  id?: string
  header?: string
  name: (row: T) => string
  href: (row: T) => string
}): Column<T> {
  const { name, href } = column
  return {
    id: column.id ?? 'name',
    header: column.header ?? 'Name',
    cell: (row) => <ResourceLink href={href(row)}>{name(row)}</ResourceLink>,
    sortValue: name,
  }
}

/** When each row was made, sorted by that time (a tab's table sorts its rows itself). */
export function createdColumn<T extends { timeCreated: Date }>(): Column<T> {
  return { ...createdColumnOf<T>(), sortValue: (row) => row.timeCreated }
}

/** A button beside a tab's heading that opens a form's route over the tab, keeping the list's query. */
export function OpenFormButton({
  label,
  to,
  reason,
}: {
  label: string
  to: string
  reason: string | undefined
}) {
  const go = useListGo()
  return (
    <Button size="sm" disabledReason={reason} onClick={() => go(to)}>
      {label}
    </Button>
  )
}

/** A storage list as the tab reads it (a QueryResult of a list endpoint). */
export type ListRead<T> = Parameters<typeof emptyOf>[0] & { data: { items: readonly T[] } | undefined }

export function ListTable<T extends { id: string }>(props: {
  /** The section's heading and the table's accessible name. */
  title: string
  list: ListRead<T>
  /** What the rows are, for the notices ("routers of this VPC"). */
  what: string
  empty: { icon: ReactNode; title: string; body: string }
  columns: Column<T>[]
  /** The "New …" button beside the heading: its label, its form's path and why it is disabled. */
  create?: { label: string; to: string; reason: string | undefined }
  rowActions?: (row: T) => ReactNode
  skeletonRows?: number
}) {
  const { list, create } = props
  return (
    <TabTable
      title={props.title}
      actions={create && <OpenFormButton {...create} />}
      columns={props.columns}
      rows={list.data?.items ?? []}
      rowKey={(row) => row.id}
      rowActions={props.rowActions}
      loading={list.isLoading}
      skeletonRows={props.skeletonRows}
      empty={emptyOf(list, props.what, props.empty)}
    />
  )
}
