// A tab's table over one storage list (issue 10): a VPC's subnets, routers and internet gateways, a
// router's routes, a gateway's pools and addresses, a pool's ranges, a silo's identity providers. Each
// of them showed the list's items keyed by id, skeleton rows while the first answer is on its way and
// emptyOf's notice (why nothing could be read, else the empty state) by hand, and each "New …" button
// beside a heading went to its form's route keeping the list's query, as did each row's Edit. They do
// it here once, with the linked name and created columns their tables share. Like ResourceList, the
// table reads its list itself, from its declaration (`list`, src/lists.ts: what its rows are, the
// endpoint and the params the route gives), and takes one `reason`: its heading, empty state, notices
// and the words of each write's reason follow from them.
import { type ReactNode, useContext } from 'react'
import { useList } from '../../storage'
import type { ApiParams, ListItem, ListOperationName, OperationName } from '../api/types'
import { Button, type Column } from '../components'
import type { ActionMenuItem } from '../components/ActionMenu'
import { createdColumn as createdColumnOf } from '../components/columns'
import { ResourceLink } from '../components/ResourceLink'
import { RowMenu } from '../components/RowMenu'
import { type ActionReason, useWriteReason, type WriteReason } from '../hooks/use-action-reason'
import { useListGo } from '../hooks/use-list-go'
import { usePrefetch } from '../hooks/use-prefetch'
import type { TableSource } from '../lists'
import { RouteParamsContext } from '../route-context'
import { rowDelete } from '../ui/delete'
import { type Kind, manyInSentence, newOf, noneOf } from '../ui/kinds'
import { copyIdItem, deleteItem, editItem } from '../ui/row-actions'
import { TabTable } from './project/instance/shared'
import { emptyOf } from './project/vpc/routing'

/** A column naming each row by a link to its page, sorted by that name ("Name" unless it says). */
export function linkColumn<T>(column: {
  id?: string
  header?: string
  name: (row: T) => string
  href: (row: T) => string
  /** The link opens a view over this table (a child route): the table's query (its page) goes along. */
  keepQuery?: boolean
}): Column<T> {
  const { name, href } = column
  return {
    id: column.id ?? 'name',
    header: column.header ?? 'Name',
    cell: (row) => (
      <ResourceLink href={href(row)} keepQuery={column.keepQuery}>
        {name(row)}
      </ResourceLink>
    ),
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
  const prefetch = usePrefetch('to' in opens && !reason ? opens.to : undefined)
  return (
    <Button
      size="sm"
      disabledReason={reason}
      onClick={() => ('to' in opens ? go(opens.to) : opens.onOpen())}
      {...prefetch}
    >
      {label}
    </Button>
  )
}

/** A row's menu named after the row ("Actions for web"); its items are built when it opens. */
export const rowMenu =
  <T extends { name: string }>(items: (row: T) => ActionMenuItem[]) =>
  (row: T) => <RowMenu of={row.name} items={() => items(row)} />

type PathKey<N extends OperationName> = ApiParams<N> extends { path: infer P } ? keyof P & string : never

/** A row's Edit, Copy ID and Delete, as ResourceList names them. */
export type RowWrites<T, D extends OperationName> = {
  /** What a row is: the confirm dialog, the Copy ID toast and the delete toast name it. */
  kind: Kind
  /** The list the rows come from: a deleted row leaves it. */
  endpoint: ListOperationName
  /** A row's Edit, first in its menu: its form's path, opened keeping the list's query as "New …" is. */
  edit?: { to: (row: T) => string }
  /** A row's Delete, last in its menu: the delete call and the path parameter it takes the row's ID in. */
  remove?: { op: D; idParam: PathKey<D> }
  /** The row's own reason not to be edited or deleted (a system router), from what it is. */
  refusal?: (row: T) => string | null
  /** The row's own items, between Edit and Copy ID (e.g. "Network interfaces"). */
  actions?: (row: T) => ActionMenuItem[]
}

/** Edit, the row's own items, Copy ID, then Delete (confirmed; a refusal, such as a subnet still in use,
 * shows the server's message in the dialog). Edit and Delete share one reason, asked about "changing a
 * subnet": the role a table's writes need is the same for both, and so is the row's refusal. */
export function rowItems<T extends { id: string; name: string }, D extends OperationName>(
  writes: RowWrites<T, D>,
  row: T,
  go: (to: string) => void,
  reason: WriteReason,
): ActionMenuItem[] {
  const { kind, edit, remove } = writes
  const why = reason('changing', writes.refusal?.(row))
  const deleteRow = (r: NonNullable<typeof remove>) =>
    rowDelete(
      kind,
      r.op,
      writes.endpoint,
      (x: T) => ({ path: { [r.idParam]: x.id } }) as unknown as ApiParams<D>,
    )
  return [
    ...(edit ? [editItem(() => go(edit.to(row)), why)] : []),
    ...(writes.actions?.(row) ?? []),
    copyIdItem(kind, row.id),
    ...(remove ? [deleteItem(kind, row.name, () => deleteRow(remove)(row), why)] : []),
  ]
}

type Named<T> = T extends { name: string } ? T : never

export type ListTableProps<N extends ListOperationName, D extends OperationName> = {
  /** What the table reads (src/lists.ts), for the route's params. Its kind is what the rows are: the
   * heading and the table's name (its list title), the empty state's title ("No routes") and icon, the
   * notices ("the routes of this router") and each write's reason. */
  list: TableSource<N>
  /** The heading, where it is not the kind's list title ("Network interfaces in web"). */
  title?: string
  /** What the rows belong to, for the notices: "router" says "the routes of this router". */
  owner: string
  columns: Column<ListItem<N>>[]
  /** Why the table's writes are disabled, where the screen words them otherwise; without it the kind's
   * (useKindReason), asked about each write by its noun: "creating a route", "deleting a route". */
  reason?: ActionReason
  /** The "New …" button beside the heading: its form's path, its label where it is not the form's
   * title ("New route"), and, where the owner refuses new rows (a system router), why. */
  create?: { label?: string; to: string; refusal?: string | null }
  /** The empty state's text; its title says there are none of the kind ("No routes"), as a list's does. */
  empty: string
  /** A menu of the row's own in place of Edit, Copy ID and Delete. */
  rowActions?: (row: ListItem<N>) => ReactNode
  /** What tells rows apart, where the rows have no ID (a release: its version). */
  rowKey?: (row: ListItem<N>) => string
  skeletonRows?: number
} & (ListItem<N> extends { name: string }
  ? Omit<RowWrites<Named<ListItem<N>>, D>, 'kind' | 'endpoint'>
  : { edit?: never; remove?: never; refusal?: never; actions?: never })

export function ListTable<N extends ListOperationName, D extends OperationName = never>(
  props: ListTableProps<N, D>,
) {
  const { create } = props
  const { kind, endpoint } = props.list
  const go = useListGo()
  const reason = useWriteReason(kind, props.reason)
  const list = useList(endpoint, props.list.params(useContext(RouteParamsContext)))
  const rows = ((list.data as { items?: ListItem<N>[] } | undefined)?.items ?? []) as ListItem<N>[]
  type Row = ListItem<N> & { id: string; name: string }
  const writes = { ...(props as unknown as RowWrites<Row, D>), kind, endpoint }
  const hasMenu = writes.edit || writes.remove || writes.actions
  const menuOf = hasMenu ? rowMenu((row: Row) => rowItems(writes, row, go, reason)) : undefined
  const many = manyInSentence(kind)
  return (
    <TabTable
      title={props.title ?? kind.many}
      actions={
        create && (
          <OpenFormButton
            label={create.label ?? newOf(kind)}
            to={create.to}
            reason={reason('creating', create.refusal)}
          />
        )
      }
      columns={props.columns}
      rows={rows}
      rowKey={props.rowKey ?? ((row) => (row as { id: string }).id)}
      rowActions={menuOf ? (row) => menuOf(row as Row) : props.rowActions}
      loading={list.isLoading}
      skeletonRows={props.skeletonRows}
      empty={emptyOf(list, `${many} of this ${props.owner}`, {
        icon: kind.icon,
        title: noneOf(kind),
        body: props.empty,
      })}
    />
  )
}
