// Min/max decimation: a series of many more points than the chart has pixels becomes at most two points
// per pixel column, the lowest and the highest of the column in time order. A line through them covers
// the same vertical extent in each column as the full series would, so a one-minute spike in a week of
// data still shows (averaging or taking every nth point would flatten it).

export type TimePoint = { t: number; v: number }

/**
 * Reduces `points` (sorted by t) to at most two per bucket, `buckets` equal slices of time between the
 * first and last point, plus the first and last points themselves so the line spans the whole range.
 * A series already small enough comes back as is (the same array).
 */
export function decimate<P extends TimePoint>(points: readonly P[], buckets: number): readonly P[] {
  const n = points.length
  const count = Math.max(1, Math.floor(buckets))
  if (n <= count * 2) return points
  const first = points[0] as P
  const last = points[n - 1] as P
  const span = last.t - first.t
  if (!(span > 0)) return [first, last]
  const out: P[] = []
  let bucket = -1
  let min = first
  let max = first
  const flush = () => {
    if (bucket < 0) return
    // Time order inside the bucket, so the line does not double back.
    if (min === max) out.push(min)
    else if (min.t <= max.t) out.push(min, max)
    else out.push(max, min)
  }
  for (const p of points) {
    // The last point belongs to the last bucket, not a bucket of its own.
    const b = Math.min(count - 1, Math.floor(((p.t - first.t) / span) * count))
    if (b !== bucket) {
      flush()
      bucket = b
      min = p
      max = p
    } else if (p.v < min.v) min = p
    else if (p.v > max.v) max = p
  }
  flush()
  if (out[0] !== first) out.unshift(first)
  if (out[out.length - 1] !== last) out.push(last)
  return out
}
