// The virtualised body of long tables (Table.tsx loads it with the first long page): renders only the
// rows in view; spacer rows keep the scroll height and the table layout.
import { useVirtualizer } from '@tanstack/react-virtual'
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { scrollBox } from './table-scroll'

export interface VirtualTableProps<T> {
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
  /** Where the first rows' box was scrolled to while this code loaded (read when this box appears:
   * the element of this component was made before that), then spent: a later box starts at the top. */
  startAt: { current: number }
}

/** Renders only the rows in view; spacer rows keep the scroll height and the table layout. */
export default function VirtualTable<T>(p: VirtualTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const [startAt] = useState(() => p.startAt.current)
  const virtualizer = useVirtualizer({
    count: p.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => p.estimate,
    overscan: p.overscan,
    initialOffset: startAt,
  })
  // The box replaces the first rows' one: an operator who scrolled meanwhile stays where they were.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the box appears.
  useLayoutEffect(() => {
    if (scrollRef.current && startAt > 0) scrollRef.current.scrollTop = startAt
    p.startAt.current = 0
  }, [])
  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items[items.length - 1]
  const padTop = first ? first.start : 0
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0
  return (
    <div ref={scrollRef} className={scrollBox} style={{ height: p.height }} data-virtualized="">
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
