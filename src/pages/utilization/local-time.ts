// A custom time range as the range controls take it: two datetime-local values (`2025-01-01T12:30`,
// local time), as the URL carries them (`?start=&end=`), and why a pair cannot be used. The instance's
// metrics tab and the utilization charts check them here and share their form (CustomRange.tsx); a
// link's unusable range falls back to the metrics tab's default preset, while the utilization charts
// keep Custom open saying why.

/** A datetime-local value (`2025-01-01T12:30`, local time) as epoch ms; NaN when it is not one. */
export const parseLocal = (value: string): number =>
  /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/.test(value) ? new Date(value).getTime() : Number.NaN

/** Epoch ms as a datetime-local value, to the minute. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}

/** Why a custom range cannot be used and which field it is about, or undefined when it can. */
export function customRangeProblem(
  start: string,
  end: string,
): { field: 'start' | 'end'; message: string } | undefined {
  const s = parseLocal(start)
  const e = parseLocal(end)
  if (Number.isNaN(s)) return { field: 'start', message: 'Enter a start date and time' }
  if (Number.isNaN(e)) return { field: 'end', message: 'Enter an end date and time' }
  if (s >= e) return { field: 'end', message: 'Start must be before end' }
  return undefined
}

/** Why a custom range cannot be used, or undefined when it can. */
export const customRangeError = (start: string, end: string): string | undefined =>
  customRangeProblem(start, end)?.message
