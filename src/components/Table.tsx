import { useVirtualizer } from '@tanstack/react-virtual'
import { type ReactNode, useMemo, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { table } from 'styled-system/recipes'
import { Skeleton } from './Skeleton'

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
  cell: (row: T) => ReactNode
  /** Makes the column sortable; the value compared for this row. */
  sortValue?: (row: T) => SortValue
  width?: string
  align?: 'left' | 'right'
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
          return (
            <th
              key={col.id}
              scope="col"
              className={classes.header}
              style={{ width: col.width, textAlign: col.align }}
              aria-sort={col.sortValue ? (direction ? ariaSortValue[direction] : 'none') : undefined}
            >
              {col.sortValue ? (
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
          <th scope="col" className={classes.header} style={{ width: '3rem' }}>
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
        <td key={col.id} className={classes.cell} style={{ textAlign: col.align }}>
          {col.cell(row)}
        </td>
      ))}
      {rowActions && (
        <td className={classes.cell} style={{ textAlign: 'right' }}>
          {rowActions(row)}
        </td>
      )}
    </tr>
  )

  if (loading) {
    return (
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
    )
  }

  if (virtualize) {
    return (
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
      />
    )
  }

  return (
    <table className={cx(classes.root, className)} aria-label={label}>
      {head}
      <tbody className={classes.body}>{sorted.map((row) => renderRow(row))}</tbody>
    </table>
  )
}

interface VirtualTableProps<T> {
  label: string
  className: string
  bodyClass: string
  head: ReactNode
  rows: T[]
  colCount: number
  renderRow: (row: T, extra: { index: number; measure: (el: Element | null) => void }) => ReactNode
  height: string
  estimate: number
  overscan: number
}

const scrollBox = css({ overflowY: 'auto', position: 'relative' })

/** Renders only the rows in view; spacer rows keep the scroll height and the table layout. */
function VirtualTable<T>(p: VirtualTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: p.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => p.estimate,
    overscan: p.overscan,
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items[items.length - 1]
  const padTop = first ? first.start : 0
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0
  return (
    <div ref={scrollRef} className={scrollBox} style={{ height: p.height }}>
      <table className={p.className} aria-label={p.label} aria-rowcount={p.rows.length + 1}>
        {p.head}
        <tbody className={p.bodyClass}>
          {padTop > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row, nothing in it is focusable
            <tr aria-hidden="true">
              <td colSpan={p.colCount} style={{ height: padTop, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = p.rows[item.index]
            return row === undefined
              ? null
              : p.renderRow(row, { index: item.index, measure: virtualizer.measureElement })
          })}
          {padBottom > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row, nothing in it is focusable
            <tr aria-hidden="true">
              <td colSpan={p.colCount} style={{ height: padBottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}
