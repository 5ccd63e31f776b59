// The custom time range's form, shared by the instance's metrics tab and the utilization charts: two
// datetime-local fields, applied only when start is before end (else the reason shows on End).
import { type FormEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { Button, TextField } from '../../components'
import { customRangeError } from './local-time'

const form = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: '3' })
const applyClass = css({ mt: '6' })

export function CustomRange({
  start: initialStart,
  end: initialEnd,
  onApply,
}: {
  /** The fields' first values (datetime-local): the range applied, or the window on screen. */
  start: string
  end: string
  onApply: (start: string, end: string) => void
}) {
  const [start, setStart] = useState(initialStart)
  const [end, setEnd] = useState(initialEnd)
  const [error, setError] = useState<string | undefined>()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const problem = customRangeError(start, end)
    setError(problem)
    if (!problem) onApply(start, end)
  }
  return (
    <form className={form} onSubmit={submit} aria-label="Custom time range" noValidate>
      <TextField
        label="Start"
        type="datetime-local"
        value={start}
        onChange={(e) => setStart(e.currentTarget.value)}
      />
      <TextField
        label="End"
        type="datetime-local"
        value={end}
        error={error}
        onChange={(e) => setEnd(e.currentTarget.value)}
      />
      <Button type="submit" size="sm" className={applyClass}>
        Apply
      </Button>
    </form>
  )
}
