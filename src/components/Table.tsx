import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { table } from 'styled-system/recipes/table'
import { Skeleton } from './Skeleton'
import { scrollBox, wideBox } from './table-scroll'
import type { VirtualTableProps } from './VirtualTable'

// A small generic data table. Columns are plain objects defined outside components (so a page's
// column list is stable and testable on its own); sorting is per column and announced via aria-sort.

export type SortDirection = 'asc' | 'desc'
export interface SortState {
  columnId: string
  direction: SortDirection
}

export type SortValue = string | number | bigint | Date | boolean | null | undefined

export interface Column<T> {
  id: string
  /** Header text; also used as the sort button's name. */
  header: string
  /** Hide the header text visually (still read by screen readers). */
  hideHeader?: boolean
  /** Drawn in the header cell instead of the text (a select-all checkbox); not sortable. */
  headerCell?: ReactNode
  cell: (row: T) => ReactNode
  /** Makes the column sortable; the value compared for this row. */
  sortValue?: (row: T) => SortValue
  /** Sortable by the caller (server-side sorting, with `manualSorting`): no value to compare here. */
  sortable?: boolean
  width?: string
  align?: 'left' | 'right'
  /** Keeps the cell on one line (dates, a badge and its time), however narrow the window. */
  nowrap?: boolean
}

/** Identity helper that fixes the row type for a column list declared at module level. */
export function defineColumns<T>(columns: Column<T>[]): Column<T>[] {
  return columns
}

export interface TableProps<T> {
  /** Accessible name of the table (e.g. "Instances"). */
  label: string
  columns: Column<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string
  /** Renders the trailing actions cell of each row (typically an ActionMenu). */
  rowActions?: (row: T) => ReactNode
  /** Shows skeleton rows instead of data. */
  loading?: boolean
  skeletonRows?: number
  /** Shown instead of the table when not loading and there are no rows. */
  emptyState?: ReactNode
  /** Controlled sort; omit for an internal one. */
  sort?: SortState | null
  onSortChange?: (sort: SortState | null) => void
  defaultSort?: SortState | null
  /** When the caller sorts the rows itself (e.g. server-side), the table only shows the state. */
  manualSorting?: boolean
  /** Virtualise the body for long lists: a scroll box of the given height. */
  virtualize?: { height: string; estimateRowHeight?: number; overscan?: number }
  className?: string
}

const srOnly = css({ srOnly: true })

function compare(a: SortValue, b: SortValue): number {
  if (a == null && b == null) return 0
  if (a == null) return 1 // empty values last in either direction is less useful; keep them last ascending
  if (b == null) return -1
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime()
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b, undefined, { numeric: true })
  if (a < b) return -1
  if (a > b) return 1
  return 0
}

/** Sorts a copy of rows by the column's sortValue. Exported for tests and callers. */
export function sortRows<T>(rows: readonly T[], columns: Column<T>[], sort: SortState | null): T[] {
  const copy = [...rows]
  if (!sort) return copy
  const col = columns.find((c) => c.id === sort.columnId)
  if (!col?.sortValue) return copy
  const get = col.sortValue
  const sign = sort.direction === 'asc' ? 1 : -1
  // Array.prototype.sort is stable, so equal keys keep the server's order.
  return copy.sort((x, y) => sign * compare(get(x), get(y)))
}

/** none -> asc -> desc -> none */
export function nextSort(current: SortState | null, columnId: string): SortState | null {
  if (!current || current.columnId !== columnId) return { columnId, direction: 'asc' }
  if (current.direction === 'asc') return { columnId, direction: 'desc' }
  return null
}

const sortButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  font: 'inherit',
  color: 'inherit',
  textTransform: 'inherit',
  letterSpacing: 'inherit',
  bg: 'transparent',
  border: 'none',
  p: '0',
  cursor: 'pointer',
  _hover: { color: 'fg.default' },
})

function SortArrow({ direction }: { direction: SortDirection | null }) {
  return (
    <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
      <path d="M5 1 8 4H2z" fill="currentColor" opacity={direction === 'asc' ? 1 : 0.3} />
      <path d="M5 9 2 6h6z" fill="currentColor" opacity={direction === 'desc' ? 1 : 0.3} />
    </svg>
  )
}

const ariaSortValue = { asc: 'ascending', desc: 'descending' } as const

export function Table<T>(props: TableProps<T>) {
  const {
    label,
    columns,
    rows,
    rowKey,
    rowActions,
    loading = false,
    skeletonRows = 5,
    emptyState,
    onSortChange,
    manualSorting = false,
    virtualize,
    className,
  } = props
  const [innerSort, setInnerSort] = useState<SortState | null>(props.defaultSort ?? null)
  // Where the first rows were scrolled to while the virtualiser's code loaded: it starts there.
  const fallbackOffset = useRef(0)
  const sort = props.sort === undefined ? innerSort : props.sort
  const setSort = (next: SortState | null) => {
    if (props.sort === undefined) setInnerSort(next)
    onSortChange?.(next)
  }

  const sorted = useMemo(
    () => (manualSorting ? [...rows] : sortRows(rows, columns, sort)),
    [rows, columns, sort, manualSorting],
  )

  if (!loading && rows.length === 0 && emptyState !== undefined) return <>{emptyState}</>

  const classes = table()
  const colCount = columns.length + (rowActions ? 1 : 0)

  const head = (
    <thead className={classes.head}>
      <tr>
        {columns.map((col) => {
          const direction = sort?.columnId === col.id ? sort.direction : null
          const sortable = col.sortValue !== undefined || col.sortable === true
          return (
            <th
              key={col.id}
              scope="col"
              className={classes.header}
              style={{ width: col.width, textAlign: col.align }}
              aria-sort={sortable ? (direction ? ariaSortValue[direction] : 'none') : undefined}
            >
              {col.headerCell !== undefined ? (
                col.headerCell
              ) : sortable ? (
                <button type="button" className={sortButton} onClick={() => setSort(nextSort(sort, col.id))}>
                  <span className={col.hideHeader ? srOnly : undefined}>{col.header}</span>
                  <SortArrow direction={direction} />
                </button>
              ) : (
                <span className={col.hideHeader ? srOnly : undefined}>{col.header}</span>
              )}
            </th>
          )
        })}
        {rowActions && (
          <th scope="col" className={cx(classes.header, classes.actions)} style={{ width: '3rem' }}>
            <span className={srOnly}>Actions</span>
          </th>
        )}
      </tr>
    </thead>
  )

  const renderRow = (row: T, extra?: { index: number; measure: (el: Element | null) => void }) => (
    <tr
      key={rowKey(row)}
      className={classes.row}
      data-index={extra?.index}
      ref={extra ? (el) => extra.measure(el) : undefined}
    >
      {columns.map((col) => (
        <td
          key={col.id}
          className={classes.cell}
          style={{ textAlign: col.align, whiteSpace: col.nowrap ? 'nowrap' : undefined }}
        >
          {col.cell(row)}
        </td>
      ))}
      {rowActions && (
        <td className={cx(classes.cell, classes.actions)} style={{ textAlign: 'right' }}>
          {rowActions(row)}
        </td>
      )}
    </tr>
  )

  if (loading) {
    return (
      <div className={wideBox}>
        <table className={cx(classes.root, className)} aria-label={label} aria-busy="true">
          {head}
          <tbody className={classes.body}>
            {Array.from({ length: skeletonRows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <tr key={i} className={classes.row} data-testid="skeleton-row">
                {Array.from({ length: colCount }, (_, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
                  <td key={j} className={classes.cell}>
                    <Skeleton h="3" w={j === 0 ? '60%' : '40%'} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )
  }

  if (virtualize) {
    const virtualProps = {
      label,
      className: cx(classes.root, className),
      bodyClass: classes.body,
      head,
      colCount,
      height: virtualize.height,
    }
    return (
      // The virtualiser's code loads with the first long page; meanwhile the first rows show in the
      // same scroll box (never the whole page at once).
      <Suspense
        fallback={
          <div
            className={scrollBox}
            style={{ height: virtualize.height }}
            onScroll={(e) => {
              fallbackOffset.current = e.currentTarget.scrollTop
            }}
          >
            <table className={virtualProps.className} aria-label={label} aria-rowcount={sorted.length + 1}>
              {head}
              <tbody className={classes.body}>
                {sorted.slice(0, FIRST_ROWS).map((row) => renderRow(row))}
              </tbody>
            </table>
          </div>
        }
      >
        <VirtualTable
          label={label}
          className={cx(classes.root, className)}
          bodyClass={classes.body}
          head={head}
          rows={sorted}
          colCount={colCount}
          renderRow={renderRow}
          height={virtualize.height}
          estimate={virtualize.estimateRowHeight ?? 44}
          overscan={virtualize.overscan ?? 10}
          startAt={fallbackOffset}
        />
      </Suspense>
    )
  }

  return (
    <div className={wideBox}>
      <table className={cx(classes.root, className)} aria-label={label}>
        {head}
        <tbody className={classes.body}>{sorted.map((row) => renderRow(row))}</tbody>
      </table>
    </div>
  )
}

const VirtualTable = lazy(() => import('./VirtualTable')) as <T>(p: VirtualTableProps<T>) => ReactNode
/** Rows shown while the virtualiser loads. */
const FIRST_ROWS = 30
