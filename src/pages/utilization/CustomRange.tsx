// The custom time range's form, shared by the instance's metrics tab and the utilization charts: two
// datetime-local fields, applied only when both are dates and start is before end (else the reason
// shows on the field it is about).
import { type FormEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { Button, TextField } from '../../components'
import { customRangeProblem } from './local-time'

const form = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: '3' })
const applyClass = css({ mt: '6' })

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
  const [start, setStart] = useState(initialStart)
  const [end, setEnd] = useState(initialEnd)
  // A range the URL gave that cannot be used shows why at once; one typed here, once applied.
  const [problem, setProblem] = useState(() =>
    showProblem ? customRangeProblem(initialStart, initialEnd) : undefined,
  )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = customRangeProblem(start, end)
    setProblem(found)
    if (!found) onApply(start, end)
  }
  return (
    <form className={form} onSubmit={submit} aria-label="Custom time range" noValidate>
      <TextField
        label="Start"
        type="datetime-local"
        value={start}
        error={problem?.field === 'start' ? problem.message : undefined}
        onChange={(e) => setStart(e.currentTarget.value)}
      />
      <TextField
        label="End"
        type="datetime-local"
        value={end}
        error={problem?.field === 'end' ? problem.message : undefined}
        onChange={(e) => setEnd(e.currentTarget.value)}
      />
      <Button type="submit" size="sm" className={applyClass}>
        Apply
      </Button>
    </form>
  )
}
