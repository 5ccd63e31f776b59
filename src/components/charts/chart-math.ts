// The pure parts of a time-series chart, kept apart from the drawing so they are tested on their own:
// which point is nearest a time, the y domain, tick labels for a time span, the room the y-axis labels
// need, and the per-series summary.

export type ChartPoint = { t: number; v: number }

/** Index of the point of `points` (sorted by t) whose time is nearest `t`; -1 when there are none. */
export function nearestIndex(points: readonly ChartPoint[], t: number): number {
  const n = points.length
  if (n === 0) return -1
  let lo = 0
  let hi = n - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((points[mid] as ChartPoint).t < t) lo = mid + 1
    else hi = mid
  }
  if (lo > 0 && t - (points[lo - 1] as ChartPoint).t <= (points[lo] as ChartPoint).t - t) return lo - 1
  return lo
}

/** The top of the y axis: a fixed top when given, else the data's maximum (0..1 for flat zero data). */
export function yTop(series: readonly { points: readonly ChartPoint[] }[], yMax?: number): number {
  if (yMax !== undefined && yMax > 0) return yMax
  let top = 0
  for (const s of series) for (const p of s.points) if (p.v > top) top = p.v
  return top > 0 ? top : 1
}

const STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] as const

/**
 * The y axis of byte values (bytes, bytes per second): ticks at round numbers of one binary unit
 * (10 GiB, 20 GiB…), as the labels print them, rather than at round byte counts (2·10^13 B prints
 * as 18.19 TiB). At most about `count` steps from 0; `fixedTop` keeps `top` as the axis' end (a
 * quota), else the end is rounded up to the next tick.
 */
export function binaryTicks(top: number, count: number, fixedTop: boolean): { top: number; ticks: number[] } {
  let unit = 1
  while (top / unit >= 1024) unit *= 1024
  const raw = top / unit / Math.max(1, count)
  const step = (STEPS.find((m) => m >= raw) ?? 1000) * unit
  const end = fixedTop ? top : Math.ceil(top / step) * step
  const ticks: number[] = []
  for (let i = 0; i * step <= end * (1 + 1e-9); i++) ticks.push(i * step)
  return { top: end, ticks }
}

/**
 * Glyph widths in em, rounded up from DejaVu Sans (the widest common UI sans-serif, Debian's default):
 * an estimate that is never short for the axis' labels, so no font clips them. Measuring would need
 * layout (a canvas or a rendered text node) on every tick change; the labels are short and few.
 */
const NARROW = /[\s.,:;'!|()[\]/ijlft]/
const WIDE = /[%@MWmw]/
const CAPITAL = /[A-Z]/

/** The estimated width in px of `text` at `fontSize` px. */
export function textWidth(text: string, fontSize: number): number {
  let em = 0
  for (const ch of text) em += NARROW.test(ch) ? 0.4 : WIDE.test(ch) ? 1 : CAPITAL.test(ch) ? 0.78 : 0.65
  return em * fontSize
}

/** The y axis' tick, and the gap between a tick and its label, in px. */
export const Y_TICK_LENGTH = 8
export const Y_LABEL_GAP = 4
/** Room left of the widest label; and the least margin, as the x axis' first label is centred on the plot's edge. */
const Y_LABEL_PAD = 4
const MIN_LEFT = 40

/** The left margin that shows the widest y tick label whole (e.g. "20,000 vCPUs"). */
export function yAxisMargin(labels: readonly string[], fontSize: number): number {
  const widest = labels.reduce((w, label) => Math.max(w, textWidth(label, fontSize)), 0)
  return Math.max(MIN_LEFT, Math.ceil(widest + Y_TICK_LENGTH + Y_LABEL_GAP + Y_LABEL_PAD))
}

const clock = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: false })
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })
const dayClock = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
})
const full = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
})

const DAY_MS = 86_400_000

/** Tick labels for an axis spanning `span` ms: hours and minutes within a day, dates beyond two. */
export function timeTickFormat(span: number): (t: number) => string {
  if (span <= DAY_MS) return (t) => clock.format(t)
  if (span <= 2 * DAY_MS) return (t) => dayClock.format(t)
  return (t) => day.format(t)
}

/** A point's time in a tooltip or table: to the second, with the date. */
export const formatPointTime = (t: number): string => full.format(t)

export type SeriesSummary = { label: string; min: number; max: number; latest: number } | null

/** Min, max and latest value of a series, or null when it has no points. */
export function summarize(label: string, points: readonly ChartPoint[]): SeriesSummary {
  const last = points[points.length - 1]
  if (!last) return null
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  for (const p of points) {
    if (p.v < min) min = p.v
    if (p.v > max) max = p.v
  }
  return { label, min, max, latest: last.v }
}

/** One sentence per series: "run: min 1%, max 9%, latest 4%". */
export function summaryText(s: NonNullable<SeriesSummary>, format: (v: number) => string): string {
  return `${s.label}: min ${format(s.min)}, max ${format(s.max)}, latest ${format(s.latest)}`
}

/** Rows of the table alternative: one per time any series has a point, a cell per series. */
export function tableRows(
  series: readonly { points: readonly ChartPoint[] }[],
): { t: number; values: (number | undefined)[] }[] {
  const byTime = new Map<number, (number | undefined)[]>()
  series.forEach((s, i) => {
    for (const p of s.points) {
      let row = byTime.get(p.t)
      if (!row) {
        row = new Array(series.length).fill(undefined)
        byTime.set(p.t, row)
      }
      row[i] = p.v
    }
  })
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([t, values]) => ({ t, values }))
}
