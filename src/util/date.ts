// Dates as the console shows them: one formatter, created once (Intl formatters are costly to build).
const dateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

export function formatDateTime(d: Date | undefined | null): string {
  return d ? dateTime.format(d) : '—'
}

/** "3 min", "2 h", "5 days": how long something has been so (time in an instance state, a cache's age). */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m} min`
  const h = Math.floor(m / 60)
  if (h < 48) return `${h} h`
  return `${Math.floor(h / 24)} days`
}
