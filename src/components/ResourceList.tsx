// The one list screen (issue 10): header with title, icon and cache status, the error state, the
// table, pagination, the empty state, a Copy ID action on every row, and the page's row actions. A
// page hands it columns and an actions function; write controls get their disabled reasons from
// useActionReason. Rows are cheap (issue 11): no actor and no menu per row, one poll for the list
// while any row is transitional, and a virtualised body for pages longer than the default.
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useListPoll } from '../../storage'
import type { ListItem, ListOperationName } from '../api/types'
import { useListPage } from '../hooks/use-list-page'
import { QueryError } from '../ui/QueryError'
import type { ActionMenuItem } from './ActionMenu'
import { Button } from './Button'
import { CacheStatus } from './CacheStatus'
import { EmptyState } from './EmptyState'
import { PlusIcon } from './icons'
import { PageHeader } from './PageHeader'
import { DEFAULT_PAGE_SIZE, Pagination } from './Pagination'
import { RowMenu } from './RowMenu'
import { type Column, type SortState, Table } from './Table'
import { toast } from './toast-queue'

type Row = { id: string; name?: string }

export interface ResourceListProps<N extends ListOperationName> {
  title: string
  icon: ReactNode
  endpoint: N
  params?: { query?: object; path?: object }
  columns: Column<ListItem<N>>[]
  /** What a row is, capitalised ("Instance"): the Copy ID toast says "Instance ID copied". */
  resource: string
  /** Accessible name of a row's menu; default "Actions for <name>". */
  menuLabel?: (row: ListItem<N>) => string
  /** The row's own actions (Copy ID is added); asked for when its menu opens. */
  actions?: (row: ListItem<N>) => ActionMenuItem[]
  /** The "New …" button of the header, also offered by the empty state when it is allowed. */
  create?: { label: string; onClick: () => void; disabledReason?: string }
  empty: { title: string; body: ReactNode }
  /** Text between the header and the table. */
  intro?: ReactNode
  /** The endpoint offers `sort_by` by name: the Name column sorts the whole list through the API. */
  sortByName?: boolean
  /** Rows on their way to another state: while any is, the page is polled (one request per tick). */
  isMoving?: (row: ListItem<N>) => boolean
  /** Child routes (create and edit forms) rendered over the list. */
  children?: ReactNode
}

const never = () => false

/** The Name column of a resource list (the one the API sorts by). */
export function nameColumn<T extends { name: string }>(cell?: (row: T) => ReactNode): Column<T> {
  return {
    id: 'name',
    header: 'Name',
    cell: cell ?? ((row) => <span className={css({ fontWeight: 'medium' })}>{row.name}</span>),
  }
}

/** Copies `value` and confirms with `message`; the copy helper loads with the first copy. */
export function copyAndSay(value: string, message: string): void {
  void import('./CopyButton').then((m) => m.copyText(value)).then((ok) => ok && toast.success(message))
}
/** Pages longer than the default page size render only the rows in view. */
const VIRTUALIZE = { height: 'calc(100vh - 16rem)', estimateRowHeight: 45 }

export function ResourceList<N extends ListOperationName>(props: ResourceListProps<N>) {
  const { title, icon, columns, resource, actions, create, empty, sortByName = false } = props
  const list = useListPage(props.endpoint, props.params ?? {}, { sortByName })
  useListPoll(list as never, (props.isMoving ?? never) as (row: unknown) => boolean)
  const rows = list.items as ListItem<N>[]

  const shown = columns.map((c) =>
    // Only the API's order is offered: sorting one page would pass for sorting the whole list.
    ({ ...c, sortValue: undefined, sortable: sortByName && c.id === 'name' }),
  )
  const sort: SortState | null = list.sort
    ? { columnId: 'name', direction: list.sort === 'name_descending' ? 'desc' : 'asc' }
    : null

  const menuItems = (row: ListItem<N>): ActionMenuItem[] => {
    const own = actions?.(row) ?? []
    const id = (row as Row).id
    const copy: ActionMenuItem = {
      label: 'Copy ID',
      onSelect: () => copyAndSay(id, `${resource} ID copied`),
    }
    // Destructive actions stay last.
    return [...own.filter((a) => !a.danger), copy, ...own.filter((a) => a.danger)]
  }
  const menuLabel =
    props.menuLabel ?? ((row: ListItem<N>) => `Actions for ${(row as Row).name ?? (row as Row).id}`)

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
                onClick={create.onClick}
                {...(create.disabledReason ? { disabledReason: create.disabledReason } : {})}
              >
                <PlusIcon /> {create.label}
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
      {list.error && !list.data ? (
        <QueryError error={list.error} />
      ) : (
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
          rowActions={(row) => <RowMenu label={menuLabel(row)} items={() => menuItems(row)} />}
          emptyState={
            <EmptyState
              icon={icon}
              title={empty.title}
              body={empty.body}
              // A blocked create is shown, with its reason, by the header's button.
              {...(create && !create.disabledReason
                ? { action: { label: create.label, onClick: create.onClick } }
                : {})}
            />
          }
        />
      )}
      <Pagination {...list.pagination} />
      {props.children}
    </>
  )
}
