import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { throttle } from './scroll'

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs at most once per 125 ms window, and the last call of a burst always runs', () => {
    const calls: [number, number][] = []
    const start = Date.now()
    const t = throttle((n: number) => calls.push([n, Date.now() - start]), 125)
    t(1)
    vi.advanceTimersByTime(0)
    expect(calls).toEqual([[1, 0]]) // nothing ran before: the first call goes at once
    vi.advanceTimersByTime(10)
    t(2)
    vi.advanceTimersByTime(10)
    t(3)
    vi.advanceTimersByTime(100)
    expect(calls).toEqual([[1, 0]]) // still inside the window
    vi.advanceTimersByTime(5)
    expect(calls).toEqual([
      [1, 0],
      [3, 125],
    ])
    t(4)
    vi.advanceTimersByTime(124)
    expect(calls.length).toBe(2)
    vi.advanceTimersByTime(1)
    expect(calls.at(-1)).toEqual([4, 250])
  })

  it('flush runs the pending call at once', () => {
    const calls: number[] = []
    const t = throttle((n: number) => calls.push(n), 125)
    t(7)
    t.flush()
    expect(calls).toEqual([7])
  })
})
