// Bulk actions of a list (issue 12), opted into by ResourceList's `bulk` prop: the checkboxes, and the
// bar that offers the actions while rows are selected. An action runs only on the rows the resource's
// machine allows (asked per row, no actor), after a confirmation naming how many rows are acted on and
// how many skipped; then a dialog lists every selected row's result. The rules live in src/ui/bulk.ts.
// The bar itself (BulkBarBody.tsx) loads with the first selection, not with the list.
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'

export interface BulkAction<T> {
  /** The button ("Stop"). */
  label: string
  /** What a row it ran on shows afterwards ("Stopping": the request was accepted). */
  done: string
  /** From useKindReason: offline, then role. The machine's say is per row: `refusal`. */
  disabledReason?: string | undefined
  /** The machine's refusal for one row (null: allowed); a refused row is skipped and reported. */
  refusal: (row: T) => string | null
  run: (row: T) => Promise<unknown>
  /** Asked before running (Stop, Delete). */
  confirm?: 'danger' | 'primary'
}

export interface BulkConfig<T> {
  actions: BulkAction<T>[]
  /** What the rows are, for counts ("3 instances"); default: the list's resource in lower case. */
  noun?: { one: string; other: string }
}

export interface BulkBarProps<T> {
  selected: T[]
  config: BulkConfig<T>
  noun: { one: string; other: string }
  onClear: () => void
}

const slot = css({ minH: '10', mb: '2', display: 'flex', alignItems: 'center' })
export const checkboxClass = css({ w: '4', h: '4', cursor: 'pointer', accentColor: 'accent.default' })

const BulkBarBody = lazy(() => import('./BulkBarBody'))

/**
 * The bar's place above the table, kept so rows do not move when it appears. The bar loads with the
 * first selection and then stays mounted (an action may still run after the selection is cleared).
 */
export function BulkBar<T>(props: BulkBarProps<T>): ReactNode {
  const [wanted, setWanted] = useState(false)
  if (!wanted && props.selected.length > 0) setWanted(true)
  return (
    <div className={slot}>
      {wanted && (
        <Suspense fallback={null}>
          <BulkBarBody {...(props as BulkBarProps<unknown>)} />
        </Suspense>
      )}
    </div>
  )
}

/** The header's checkbox: checked when the whole page is selected, mixed when part of it is. */
export function SelectAllBox(props: { state: 'none' | 'some' | 'all'; onToggle: () => void }) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = props.state === 'some'
  }, [props.state])
  return (
    <input
      ref={ref}
      type="checkbox"
      className={checkboxClass}
      aria-label="Select all on this page"
      checked={props.state === 'all'}
      onChange={props.onToggle}
    />
  )
}
