// The custom time range's form, shared by the instance's metrics tab and the utilization charts: two
// datetime-local fields, applied only when both are dates and start is before end (else the reason
// shows on the field it is about).
import { type FormEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { Button, TextField } from '../../components'
import { customRangeProblem } from './local-time'

const form = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: '3' })
const applyClass = css({ mt: '6' })
const FIELDS = [
  { key: 'start', label: 'Start' },
  { key: 'end', label: 'End' },
] as const

export function CustomRange({
  start: initialStart,
  end: initialEnd,
  onApply,
  showProblem = false,
}: {
  /** The fields' first values (datetime-local): the range applied, or the window on screen. */
  start: string
  end: string
  onApply: (start: string, end: string) => void
  /** Say at once why the first values cannot be applied (a link's range). */
  showProblem?: boolean
}) {
  const [bounds, setBounds] = useState({ start: initialStart, end: initialEnd })
  // A range the URL gave that cannot be used shows why at once; one typed here, once applied.
  const [problem, setProblem] = useState(() =>
    showProblem ? customRangeProblem(initialStart, initialEnd) : undefined,
  )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = customRangeProblem(bounds.start, bounds.end)
    setProblem(found)
    if (!found) onApply(bounds.start, bounds.end)
  }
  return (
    <form className={form} onSubmit={submit} aria-label="Custom time range" noValidate>
      {FIELDS.map(({ key, label }) => (
        <TextField
          key={key}
          label={label}
          type="datetime-local"
          value={bounds[key]}
          error={problem?.field === key ? problem.message : undefined}
          onChange={(e) => {
            const value = e.currentTarget.value
            setBounds((b) => ({ ...b, [key]: value }))
          }}
        />
      ))}
      <Button type="submit" size="sm" className={applyClass}>
        Apply
      </Button>
    </form>
  )
}
