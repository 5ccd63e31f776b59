// OxQL, the query language of POST /v1/timeseries/query: one builder for the console's queries, and the
// reading of a result into chart points. Field values are quoted and escaped here, so a name or ID
// can never change the shape of a query.

export type OxqlFilter = { readonly field: string; readonly value: string }

export type OxqlQuery = {
  /** `target:metric`, e.g. `virtual_machine:vcpu_usage`. */
  metric: string
  /** Equality filters, joined with `&&`. */
  filters?: readonly OxqlFilter[]
  /** Time bounds, epoch ms: `timestamp >= @start && timestamp < @end`. */
  start: number
  end: number
  /** Alignment window in ms (`align mean_within(<s>s)`): a cumulative counter then reads as a rate. */
  alignMs?: number
  /** `group_by [fields], sum`; the server needs the input aligned (spec 8's group_by error). */
  groupBy?: readonly string[]
}

const IDENT = /^[a-z_][a-z0-9_]*$/
const METRIC = /^[a-z_][a-z0-9_]*:[a-z_][a-z0-9_]*$/

function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`not an OxQL field name: ${name}`)
  return name
}

/** A string literal: JSON's escaping is the grammar's (backslash and double quote escaped). */
const literal = (value: string) => JSON.stringify(value)

/** A timestamp literal, UTC to the millisecond. */
export const oxqlTimestamp = (ms: number): string => `@${new Date(ms).toISOString()}`

export function buildOxql(q: OxqlQuery): string {
  if (!METRIC.test(q.metric)) throw new Error(`not an OxQL metric: ${q.metric}`)
  if (!(q.start < q.end)) throw new Error('an OxQL time range needs start < end')
  const conditions = [
    `timestamp >= ${oxqlTimestamp(q.start)}`,
    `timestamp < ${oxqlTimestamp(q.end)}`,
    ...(q.filters ?? []).map((f) => `${ident(f.field)} == ${literal(f.value)}`),
  ]
  const ops = [`get ${q.metric}`, `filter ${conditions.join(' && ')}`]
  if (q.alignMs !== undefined) {
    const seconds = Math.max(1, Math.round(q.alignMs / 1000))
    ops.push(`align mean_within(${seconds}s)`)
  }
  if (q.groupBy) {
    if (q.alignMs === undefined) throw new Error('OxQL group_by needs aligned input')
    ops.push(`group_by [${q.groupBy.map(ident).join(', ')}], sum`)
  }
  return ops.join(' | ')
}

const NICE_STEPS_S = [10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 86400]

/** An alignment window giving about `points` points over `rangeMs`, rounded up to a round duration. */
export function alignFor(rangeMs: number, points = 120): number {
  const raw = rangeMs / points / 1000
  const step = NICE_STEPS_S.find((s) => s >= raw) ?? (NICE_STEPS_S.at(-1) as number)
  return step * 1000
}

// Results, as the client hands them over (camelCase keys, timestamps as ISO strings).
type FieldValue = { type: string; value: unknown }
type ValueArray = { type: string; values: readonly unknown[] }
export type OxqlTimeseries = {
  fields: object
  points: {
    timestamps: readonly (string | Date)[]
    startTimes?: readonly (string | Date)[] | null
    values: readonly { metricType: string; values: ValueArray }[]
  }
}
export type OxqlResult = { tables: readonly { name: string; timeseries: readonly OxqlTimeseries[] }[] }

export type RatePoint = { t: number; v: number }

const ms = (d: string | Date) => (d instanceof Date ? d.getTime() : Date.parse(d))

const num = (x: unknown): number | null =>
  typeof x === 'number' ? x : typeof x === 'bigint' ? Number(x) : typeof x === 'string' ? Number(x) : null

/** A field of a timeseries (`state`, `disk_id`...), as a string; fields arrive camelCased. */
export function fieldOf(ts: OxqlTimeseries, field: string): string | undefined {
  const camel = field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
  const f = (ts.fields as Record<string, FieldValue | undefined>)[camel]
  return f === undefined ? undefined : String(f.value)
}

/**
 * The points of a timeseries as per-second rates: a cumulative counter by the difference between
 * successive points over their interval (a counter reset is skipped, not drawn as a negative rate); a
 * delta over its own interval; a gauge (what an aligned query returns) as it is. Missing values drop out.
 */
export function ratePoints(ts: OxqlTimeseries): RatePoint[] {
  const first = ts.points.values[0]
  if (!first) return []
  const times = ts.points.timestamps.map(ms)
  const values = first.values.values.map(num)
  const out: RatePoint[] = []
  if (first.metricType === 'gauge') {
    times.forEach((t, i) => {
      const v = values[i]
      if (v !== null && v !== undefined && Number.isFinite(v)) out.push({ t, v })
    })
    return out
  }
  const starts = ts.points.startTimes?.map(ms)
  for (let i = 0; i < times.length; i++) {
    const v = values[i]
    const t = times[i] as number
    if (v === null || v === undefined) continue
    if (first.metricType === 'delta') {
      const from = starts?.[i] ?? times[i - 1]
      if (from !== undefined && t > from) out.push({ t, v: v / ((t - from) / 1000) })
      continue
    }
    const pv = values[i - 1]
    const pt = times[i - 1]
    if (pv === null || pv === undefined || pt === undefined || t <= pt || v < pv) continue
    out.push({ t, v: (v - pv) / ((t - pt) / 1000) })
  }
  return out
}

/** The timeseries of a result's first table (a single `get` answers with one table). */
export const timeseriesOf = (result: OxqlResult | undefined): readonly OxqlTimeseries[] =>
  result?.tables[0]?.timeseries ?? []

/** Spec 8: the platform's group_by alignment complaint, in the catalogue's words. */
export const isGroupByAlignError = (message: string): boolean =>
  /group_by/i.test(message) && /align/i.test(message)
