import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimate } from './decimate'

const minutes = (values: readonly number[]) => values.map((v, i) => ({ t: i * 60_000, v }))

describe('decimate', () => {
  it('returns a series that already fits unchanged', () => {
    const points = minutes([1, 2, 3, 4])
    expect(decimate(points, 2)).toBe(points)
  })

  it('keeps at most two points per bucket', () => {
    const points = minutes(Array.from({ length: 10_080 }, (_, i) => Math.sin(i / 50)))
    const out = decimate(points, 800)
    expect(out.length).toBeLessThanOrEqual(1602)
    expect(out.length).toBeGreaterThan(800)
  })

  it('keeps a one-point spike and dip of a week of flat data', () => {
    const values = Array.from({ length: 10_080 }, () => 5)
    values[4321] = 100
    values[7000] = -3
    const out = decimate(minutes(values), 600)
    expect(Math.max(...out.map((p) => p.v))).toBe(100)
    expect(Math.min(...out.map((p) => p.v))).toBe(-3)
    expect(out.find((p) => p.v === 100)?.t).toBe(4321 * 60_000)
  })

  it('keeps the first and last points and time order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 3, maxLength: 2000 }),
        fc.integer({ min: 1, max: 300 }),
        (values, buckets) => {
          const points = minutes(values)
          const out = decimate(points, buckets)
          expect(out.length).toBeLessThanOrEqual(Math.max(points.length, buckets * 2 + 2))
          for (let i = 1; i < out.length; i++) expect(out[i]?.t).toBeGreaterThan(out[i - 1]?.t ?? -1)
          // Every bucket's extremes survive, so the overall extremes do.
          expect(Math.max(...out.map((p) => p.v))).toBe(Math.max(...values))
          expect(Math.min(...out.map((p) => p.v))).toBe(Math.min(...values))
          if (out !== points) {
            expect(out[0]).toBe(points[0])
            expect(out.at(-1)).toBe(points.at(-1))
          }
        },
      ),
    )
  })
})
