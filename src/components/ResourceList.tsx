// The one list screen (issue 10): header with title, icon and cache status, the error state, the
// table, pagination, the empty state, a Copy ID action on every row, Edit and Delete where the page
// names its edit form and its delete, the page's own row actions, and the route's outlet (the list's
// create and edit forms are its child routes). A page hands it the list it reads (lists.ts, the same
// declaration its route node prefetches), columns and its actions; each write's reason is the kind's
// (useKindReason: the role kinds.tsx declares), or the page's own `reason`, named by the list's kind. Rows are
// cheap (issue 11): no actor and no menu per row, one poll for the list while any row is
// transitional, and a virtualised body for pages longer than the default. With `bulk`, rows get
// checkboxes (shift-click for a range, the header for the page) and a bar of bulk actions.
import { type ReactNode, startTransition, useContext, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation } from 'wouter'
import { IDLE_POLL_MS, useListPoll } from '../../storage'
import { operations } from '../api/__generated__/operations'
import type { ListItem, ListOperationName } from '../api/types'
import { type ActionReason, useWriteReason } from '../hooks/use-action-reason'
import { useListGo } from '../hooks/use-list-go'
import { useListPage } from '../hooks/use-list-page'
import { usePrefetch } from '../hooks/use-prefetch'
import type { ListSource } from '../lists'
import { Outlet, RouteParamsContext } from '../route-context'
import { clickRow, NO_SELECTION, pageSelection, type Selection, selectedRows, toggleAll } from '../ui/bulk'
import { type Kind, newOf, noneOf } from '../ui/kinds'
import { copyIdItem, deleteItem, editItem } from '../ui/row-actions'
import { errorOrOffline } from '../ui/stand-in'
import type { ActionMenuItem } from './ActionMenu'
import { BulkBar, type BulkConfig, checkboxClass, SelectAllBox } from './BulkBar'
import { Button } from './Button'
import { CacheStatus } from './CacheStatus'
import { EmptyState } from './EmptyState'
import { PlusIcon } from './icons'
import { PageHeader } from './PageHeader'
import { DEFAULT_PAGE_SIZE, Pagination } from './Pagination'
import { RowMenu } from './RowMenu'
import { type Column, type SortState, Table } from './Table'

type Row = { id: string; name?: string }

export interface ResourceListProps<N extends ListOperationName> {
  /** What the list reads, from the route's params (its node prefetches the same), and its kind: the
   * title and icon, and what a row is ("Instance": the Copy ID toast says "Instance ID copied"). */
  list: ListSource<N>
  columns: Column<ListItem<N>>[]
  /** What a row's menu calls the row ("Actions for <it>"); default its name (else its ID). */
  rowName?: (row: ListItem<N>) => string
  /** The row's own actions (Copy ID, Edit and Delete are added); asked for when its menu opens. */
  actions?: (row: ListItem<N>) => ActionMenuItem[]
  /** Why the list's writes are disabled, where the screen words them otherwise ("managing disks");
   * without it the kind's (useKindReason). Asked once for the screen: the create button asks it about
   * "creating a VPC", a row's Edit and Delete about "editing a VPC" and "deleting a VPC" (the kind's
   * noun with its article), with the row's own refusal for a Delete. */
  reason?: ActionReason
  /** The "New …" button of the header, also offered by the empty state when it is allowed: it opens
   * the create form's route `to`, keeping the list's query (its page and size). Its label is the
   * form's title ("New VPC"), unless the list names it otherwise ("Upload image"). */
  create?: { label?: string; to: string }
  /** A row's Edit, first in its menu: opens the row's edit form at `to`, keeping the list's query where
   * the form is a child route of the list (`keepQuery`, as the name column's link does). */
  edit?: { to: (row: ListItem<N>) => string; keepQuery?: boolean }
  /** A row's Delete, last in its menu, after a confirm naming the row: `run` deletes it (a refusal
   * shows in the dialog); `refusal` is the row's own reason not to, from its machine. */
  remove?: { run: (row: ListItem<N>) => Promise<unknown>; refusal?: (row: ListItem<N>) => string | null }
  /** The empty state's text; its title says there are none of the list's kind ("No disks"). */
  empty: ReactNode
  /** What the empty state's title names, where the list's title also names a scope ("Silo images"
   * has none: "No images"); default the list's kind. */
  emptyOf?: Kind
  /** Text between the header and the table. */
  intro?: ReactNode
  /** Rows on their way to another state: while any is, the page is polled (one request per tick). */
  isMoving?: (row: ListItem<N>) => boolean
  /** While no row moves, the page is still re-read every IDLE_POLL_MS (visible and online only). */
  idlePoll?: boolean
  /** Opt-in selection of rows and actions on the selection (kept within the page shown). */
  bulk?: BulkConfig<ListItem<N>>
  /** What the page renders over the list besides its child routes (a dialog of its own). */
  children?: ReactNode
}

const never = () => false

// Cells that read more than their row (an instance's external IPs) mount after the rows have painted,
// all in one low-priority render, so they never hold up the first row; only mounted rows ever read.
const waiting = new Set<() => void>()
let scheduled = false
function flushWaiting() {
  scheduled = false
  const ready = [...waiting]
  waiting.clear()
  startTransition(() => {
    for (const f of ready) f()
  })
}
function afterPaint(f: () => void): () => void {
  waiting.add(f)
  if (!scheduled) {
    scheduled = true
    // The frame after this one has painted, then a task: effects of a click can run before a paint.
    requestAnimationFrame(() => setTimeout(flushWaiting, 0))
  }
  return () => {
    waiting.delete(f)
  }
}

/** Renders `children()` once the rows around it have painted (it can fill in after). */
export function AfterPaint({ children }: { children: () => ReactNode }) {
  const [ready, setReady] = useState(false)
  useEffect(() => (ready ? undefined : afterPaint(() => setReady(true))), [ready])
  return ready ? children() : null
}

/** Pages longer than the default page size render only the rows in view. */
const VIRTUALIZE = { height: 'calc(100vh - 16rem)', estimateRowHeight: 45 }

export function ResourceList<N extends ListOperationName>(props: ResourceListProps<N>) {
  const { columns, actions, create, edit, remove, empty } = props
  const { kind, endpoint } = props.list
  const route = useContext(RouteParamsContext)
  const go = useListGo()
  const [, navigate] = useLocation()
  const reason = useWriteReason(kind, props.reason)
  const createReason = create && reason('creating')
  const createLabel = create?.label ?? newOf(kind)
  const prefetchCreate = usePrefetch(create && !createReason ? create.to : undefined)
  const { many: title, icon, one: resource } = kind
  // Where the endpoint offers `sort_by` by name (the contract says), the Name column sorts the whole
  // list through the API.
  const sortByName = 'sortsByName' in operations[endpoint]
  const list = useListPage(endpoint, props.list.params(route), { sortByName })
  useListPoll(list as never, (props.isMoving ?? never) as (row: unknown) => boolean, {
    idleMs: props.idlePoll ? IDLE_POLL_MS : undefined,
  })
  const rows = list.items as ListItem<N>[]

  // The selection belongs to the page it was made on: another page (or order, or size) starts empty.
  const pageKey = `${list.pageToken ?? ''}:${list.sort ?? ''}:${list.pagination.pageSize}`
  const [picked, setPicked] = useState<{ page: string; sel: Selection }>({ page: pageKey, sel: NO_SELECTION })
  // Forgotten at once (a render-time reset), so going back to that page does not bring it back; a
  // flip with nothing selected costs no extra render.
  if (picked.page !== pageKey && picked.sel.ids.size > 0) setPicked({ page: pageKey, sel: NO_SELECTION })
  const sel = picked.page === pageKey ? picked.sel : NO_SELECTION
  const select = (next: Selection) => setPicked({ page: pageKey, sel: next })
  const order = rows.map((r) => (r as Row).id)
  const noun = props.bulk?.noun ?? { one: resource.toLowerCase(), other: `${resource.toLowerCase()}s` }

  const own = columns.map((c) =>
    // Only the API's order is offered: sorting one page would pass for sorting the whole list.
    ({ ...c, sortValue: undefined, sortable: sortByName && c.id === 'name' }),
  )
  const shown = props.bulk
    ? [
        selectColumn<ListItem<N>>(
          sel,
          (id, shift) => select(clickRow(sel, order, id, shift)),
          <SelectAllBox state={pageSelection(sel, order)} onToggle={() => select(toggleAll(sel, order))} />,
        ),
        ...own,
      ]
    : own
  const sort: SortState | null = list.sort
    ? { columnId: 'name', direction: list.sort === 'name_descending' ? 'desc' : 'asc' }
    : null

  const menuItems = (row: ListItem<N>): ActionMenuItem[] => {
    const own = actions?.(row) ?? []
    const id = (row as Row).id
    const name = (row as Row).name ?? id
    const copy = copyIdItem(kind, id)
    const editing = edit && editItem(() => (edit.keepQuery ? go : navigate)(edit.to(row)), reason('editing'))
    const deleting =
      remove && deleteItem(kind, name, () => remove.run(row), reason('deleting', remove.refusal?.(row)))
    // Edit comes first; destructive actions stay last.
    return [
      ...(editing ? [editing] : []),
      ...own.filter((a) => !a.danger),
      copy,
      ...own.filter((a) => a.danger),
      ...(deleting ? [deleting] : []),
    ]
  }
  const rowName = props.rowName ?? ((row: ListItem<N>) => (row as Row).name ?? (row as Row).id)
  // With nothing to show yet: the error, or offline with nothing cached (never an empty state, which
  // would say there are none); null while the first answer is on its way (the table's loading rows).
  const standIn =
    list.data === undefined
      ? errorOrOffline(
          list,
          `${title} are not cached on this device yet. They show here once the connection is back.`,
        )
      : null

  return (
    <>
      <PageHeader
        title={title}
        icon={icon}
        actions={
          <>
            <CacheStatus {...list} onRefresh={() => void list.refresh()} />
            {create && (
              <Button
                variant="primary"
                onClick={() => go(create.to)}
                {...(createReason ? { disabledReason: createReason } : {})}
                {...prefetchCreate}
              >
                <PlusIcon /> {createLabel}
              </Button>
            )}
          </>
        }
      />
      {props.intro && (
        <div className={css({ color: 'fg.muted', fontSize: 'sm', mb: '4', maxW: '48rem' })}>
          {props.intro}
        </div>
      )}
      {props.bulk && (
        <BulkBar
          selected={selectedRows(sel, rows as Row[]) as unknown as ListItem<N>[]}
          config={props.bulk}
          noun={noun}
          onClear={() => select(NO_SELECTION)}
        />
      )}
      {standIn ?? (
        <Table
          label={title}
          columns={shown}
          rows={rows}
          rowKey={(r) => (r as Row).id}
          loading={list.isLoading}
          manualSorting
          sort={sort}
          onSortChange={(next) =>
            list.setSort(next?.direction === 'desc' ? 'name_descending' : 'name_ascending')
          }
          virtualize={rows.length > DEFAULT_PAGE_SIZE ? VIRTUALIZE : undefined}
          rowActions={(row) => <RowMenu of={rowName(row)} items={() => menuItems(row)} />}
          emptyState={
            <EmptyState
              icon={icon}
              title={noneOf(props.emptyOf ?? kind)}
              body={empty}
              // A blocked create is shown, with its reason, by the header's button.
              {...(create && !createReason
                ? { action: { label: createLabel, onClick: () => go(create.to) } }
                : {})}
            />
          }
        />
      )}
      {/* Kept on a later page that could not be read: Previous is the way back. */}
      {(!standIn || list.pageToken !== null) && <Pagination {...list.pagination} />}
      {/* A list's create and edit forms are its child routes: they open over it, which stays mounted. */}
      <Outlet />
      {props.children}
    </>
  )
}

/** The checkbox column of a list with bulk actions; a shift-click extends from the last row clicked. */
function selectColumn<T>(
  sel: Selection,
  onClick: (id: string, shift: boolean) => void,
  headerCell: ReactNode,
): Column<T> {
  return {
    id: 'select',
    header: 'Select',
    headerCell,
    width: '2.5rem',
    cell: (row) => {
      const { id, name } = row as Row
      return (
        <input
          type="checkbox"
          className={checkboxClass}
          aria-label={`Select ${name ?? id}`}
          checked={sel.ids.has(id)}
          // A checkbox's change comes from a click (mouse or Space), which carries the Shift key.
          onChange={(e) => onClick(id, (e.nativeEvent as MouseEvent).shiftKey === true)}
        />
      )
    },
  }
}
