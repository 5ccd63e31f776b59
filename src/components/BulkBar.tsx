// Bulk actions of a list (issue 12), opted into by ResourceList's `bulk` prop: the checkboxes, and the
// bar that offers the actions while rows are selected. An action runs only on the rows the resource's
// machine allows (asked per row, no actor), after a confirmation naming how many rows are acted on and
// how many skipped; then a dialog lists every selected row's result. The rules live in src/ui/bulk.ts.
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { type BulkResult, countOf, planBulk, planSummary, runBulk } from '../ui/bulk'
import { Button } from './Button'
import { confirmAction, currentConfirm, errorMessage, subscribeConfirm } from './confirm-queue'
import { Spinner } from './Spinner'

export interface BulkAction<T> {
  /** The button ("Stop"). */
  label: string
  /** What a row it ran on shows afterwards ("Stopping": the request was accepted). */
  done: string
  /** From useActionReason: offline, then role. The machine's say is per row: `refusal`. */
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

type Named = { id: string; name?: string }
const nameOf = (row: unknown) => (row as Named).name ?? (row as Named).id

const slot = css({ minH: '10', mb: '2', display: 'flex', alignItems: 'center' })
const bar = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  flexWrap: 'wrap',
  w: 'full',
  px: '3',
  py: '1',
  borderRadius: 'md',
  bg: 'bg.raised',
  borderWidth: '1px',
  borderColor: 'border.default',
  fontSize: 'sm',
})
const count = css({ fontWeight: 'medium', mr: '2' })
const status = css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'fg.muted' })
export const checkboxClass = css({ w: '4', h: '4', cursor: 'pointer', accentColor: 'accent.default' })

/** Resolves when no confirmation is open. */
function confirmClosed(): Promise<void> {
  return new Promise((resolve) => {
    if (!currentConfirm()) return resolve()
    const off = subscribeConfirm(() => {
      if (currentConfirm()) return
      off()
      resolve()
    })
  })
}

const BulkResults = lazy(() => import('./BulkResults'))

export interface BulkBarProps<T> {
  /** The selected rows of the page, in its order. */
  selected: T[]
  config: BulkConfig<T>
  noun: { one: string; other: string }
  onClear: () => void
}

/** The bar above a list with bulk actions; its space is kept while nothing is selected (no jump). */
export function BulkBar<T>({ selected, config, noun, onClear }: BulkBarProps<T>) {
  const [running, setRunning] = useState<string | null>(null)
  const [report, setReport] = useState<{ title: string; results: BulkResult[] } | null>(null)

  const start = (action: BulkAction<T>) => {
    const rows = selected
    const plan = planBulk(rows, action.refusal)
    const go = async () => {
      setRunning(action.label)
      try {
        const results = await runBulk(rows, plan, action.run, {
          name: nameOf,
          done: action.done,
          message: errorMessage,
        })
        onClear()
        // One dialog at a time: the results open once the confirmation (closing now) has gone.
        void confirmClosed().then(() => setReport({ title: `${action.label}: results`, results }))
      } finally {
        setRunning(null)
      }
    }
    // Nothing to run: no question to ask, the results say why each row was skipped.
    if (!action.confirm || plan.run.length === 0) {
      void go()
      return
    }
    confirmAction({
      title: `${action.label} ${countOf(plan.run.length, noun)}`,
      content: (
        <>
          <p>{planSummary(plan, noun)}</p>
          <p>Acted on: {plan.run.map(nameOf).join(', ')}</p>
          {plan.refused.length > 0 && <p>Skipped: {plan.refused.map((r) => nameOf(r.row)).join(', ')}</p>}
        </>
      ),
      actionLabel: action.label,
      actionType: action.confirm,
      errorTitle: `Could not ${action.label.toLowerCase()} ${noun.other}`,
      run: go,
    })
  }

  return (
    <div className={slot}>
      {(selected.length > 0 || running) && (
        <section aria-label={`Bulk actions on selected ${noun.other}`} className={bar}>
          <span className={count}>{countOf(selected.length, noun)} selected</span>
          {running ? (
            <span role="status" className={status}>
              <Spinner decorative /> {running} in progress…
            </span>
          ) : (
            <>
              {config.actions.map((a) => (
                <Button
                  key={a.label}
                  size="sm"
                  variant="secondary"
                  onClick={() => start(a)}
                  {...(a.disabledReason ? { disabledReason: a.disabledReason } : {})}
                >
                  {a.label}
                </Button>
              ))}
              <Button size="sm" variant="ghost" onClick={onClear}>
                Clear selection
              </Button>
            </>
          )}
        </section>
      )}
      {report && (
        <Suspense fallback={null}>
          <BulkResults title={report.title} results={report.results} onClose={() => setReport(null)} />
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
