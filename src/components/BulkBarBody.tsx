// The bulk action bar while rows are selected (loaded with the first selection; see BulkBar.tsx).
import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { type BulkResult, countOf, planBulk, planSummary, runBulk } from '../ui/bulk'
import type { BulkAction, BulkBarProps } from './BulkBar'
import { Button } from './Button'
import { confirmAction, currentConfirm, errorMessage, subscribeConfirm } from './confirm-queue'
import { Spinner } from './Spinner'

type Named = { id: string; name?: string }
const nameOf = (row: unknown) => (row as Named).name ?? (row as Named).id

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

/** The bar while rows are selected or an action runs, and the results dialog after. */
export default function BulkBarBody<T>({ selected, config, noun, onClear }: BulkBarProps<T>) {
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
    <>
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
    </>
  )
}
