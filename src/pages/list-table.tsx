// A tab's table over one storage list (issue 10): a VPC's subnets, routers and internet gateways, a
// router's routes, a gateway's pools and addresses, a pool's ranges, a silo's identity providers. Each
// of them showed the list's items keyed by id, skeleton rows while the first answer is on its way and
// emptyOf's notice (why nothing could be read, else the empty state) by hand, and each "New …" button
// beside a heading went to its form's route keeping the list's query, as did each row's Edit. They do
// it here once, with the linked name and created columns their tables share.
import type { ReactNode } from 'react'
import type { ApiParams, ListOperationName, OperationName } from '../api/types'
import { Button, type Column } from '../components'
import type { ActionMenuItem } from '../components/ActionMenu'
import { createdColumn as createdColumnOf } from '../components/columns'
import { ResourceLink } from '../components/ResourceLink'
import { RowMenu } from '../components/RowMenu'
import { useListGo } from '../hooks/use-list-go'
import { rowDelete } from '../ui/delete'
import type { Kind } from '../ui/kinds'
import { copyIdItem, deleteItem, editItem } from '../ui/row-actions'
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

/** A button beside a tab's heading that opens a form: its route `to` over the tab (keeping the list's
 * query), or with `onOpen` a form the tab shows itself. */
export function OpenFormButton({
  label,
  reason,
  ...opens
}: {
  label: string
  reason: string | undefined
} & ({ to: string } | { onOpen: () => void })) {
  const go = useListGo()
  return (
    <Button size="sm" disabledReason={reason} onClick={() => ('to' in opens ? go(opens.to) : opens.onOpen())}>
      {label}
    </Button>
  )
}

/** A row's menu named after the row ("Actions for web"); its items are built when it opens. */
export const rowMenu =
  <T extends { name: string }>(items: (row: T) => ActionMenuItem[]) =>
  (row: T) => <RowMenu of={row.name} items={() => items(row)} />

/** A storage list as the tab reads it (a QueryResult of a list endpoint). */
export type ListRead<T> = Parameters<typeof emptyOf>[0] & { data: { items: readonly T[] } | undefined }

type PathKey<N extends OperationName> = ApiParams<N> extends { path: infer P } ? keyof P & string : never

/** A row's Edit, Copy ID and Delete menu, from what each row says. */
export type EditDeleteRows<T, N extends OperationName> = {
  /** What a row is: the confirm dialog, the Copy ID toast and the delete toast name it. */
  kind: Kind
  /** Why a row's Edit and Delete are disabled. */
  why: (row: T) => string | undefined
  /** The path of a row's edit form; Edit opens it keeping the list's query, as "New …" does. */
  edit: (row: T) => string
  /** The delete call, the path parameter it takes the row's ID in, and the list a deleted row leaves. */
  remove: { op: N; idParam: PathKey<N>; list: ListOperationName }
  /** Items between Edit and Copy ID (e.g. "Network interfaces"). */
  extra?: (row: T) => ActionMenuItem[]
}

/** Edit, the extra items, Copy ID, then Delete (confirmed; a refusal, such as a subnet still in use,
 * shows the server's message in the dialog). */
export function editDeleteItems<T extends { id: string; name: string }, N extends OperationName>(
  menu: EditDeleteRows<T, N>,
  row: T,
  go: (to: string) => void,
): ActionMenuItem[] {
  const { kind, remove } = menu
  const why = menu.why(row)
  const params = (r: T) => ({ path: { [remove.idParam]: r.id } }) as unknown as ApiParams<N>
  return [
    editItem(() => go(menu.edit(row)), why),
    ...(menu.extra?.(row) ?? []),
    copyIdItem(kind, row.id),
    deleteItem(kind, row.name, () => rowDelete(kind, remove.op, remove.list, params)(row), why),
  ]
}

export function ListTable<T extends { id: string }, N extends OperationName = never>(props: {
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
  /** Each row's Edit, Copy ID and Delete, in place of `rowActions`. */
  editDelete?: T extends { name: string } ? EditDeleteRows<T, N> : never
  skeletonRows?: number
}) {
  const { list, create } = props
  const go = useListGo()
  const menu = props.editDelete as EditDeleteRows<T & { name: string }, N> | undefined
  const menuOf = menu && rowMenu((row: T & { name: string }) => editDeleteItems(menu, row, go))
  return (
    <TabTable
      title={props.title}
      actions={create && <OpenFormButton {...create} />}
      columns={props.columns}
      rows={list.data?.items ?? []}
      rowKey={(row) => row.id}
      rowActions={menuOf ? (row) => menuOf(row as T & { name: string }) : props.rowActions}
      loading={list.isLoading}
      skeletonRows={props.skeletonRows}
      empty={emptyOf(list, props.what, props.empty)}
    />
  )
}
