import { useId } from 'react'
import { css } from 'styled-system/css'
import { input } from 'styled-system/recipes/input'
import { S } from '../strings'
import { Button } from './Button'
import { PAGE_SIZE_OPTIONS } from './page-size'

// Spec 2: pagination footer with "rows per page", previous and next. The page token lives in the URL;
// the caller owns it and tells this footer whether there is a previous or next page.

export { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from './page-size'

export interface PaginationProps {
  pageSize: number
  onPageSizeChange: (size: number) => void
  hasPrev: boolean
  hasNext: boolean
  onPrev: () => void
  onNext: () => void
  /** e.g. "1-50 of 120" or "Page 2". */
  summary?: string
  pageSizeOptions?: readonly number[]
}

const bar = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '4',
  py: '3',
  fontSize: 'sm',
  color: 'fg.muted',
})
const group = css({ display: 'flex', alignItems: 'center', gap: '2' })

export function Pagination({
  pageSize,
  onPageSizeChange,
  hasPrev,
  hasNext,
  onPrev,
  onNext,
  summary,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
}: PaginationProps) {
  const selectId = useId()
  const options = pageSizeOptions.includes(pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, pageSize].sort((a, b) => a - b)
  return (
    <nav className={bar} aria-label="Pagination">
      <div className={group}>
        <label htmlFor={selectId}>{S.rowsPerPage}</label>
        <select
          id={selectId}
          className={`${input()} ${css({ w: 'auto', h: '8', pr: '6' })}`}
          value={pageSize}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
        >
          {options.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className={group}>
        {summary && <span aria-live="polite">{summary}</span>}
        <Button size="sm" onClick={onPrev} disabled={!hasPrev}>
          {S.previous}
        </Button>
        <Button size="sm" onClick={onNext} disabled={!hasNext}>
          {S.next}
        </Button>
      </div>
    </nav>
  )
}
