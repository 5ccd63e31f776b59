import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { throttle } from './scroll'

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())
  it('runs at most once per window and always runs the last call', () => {
    const calls: number[] = []
    const t = throttle((n: number) => calls.push(n), 125)
    t(1)
    t(2)
    t(3)
    expect(calls).toEqual([])
    vi.advanceTimersByTime(125)
    expect(calls).toEqual([3])
    t(4)
    vi.advanceTimersByTime(124)
    expect(calls).toEqual([3])
    vi.advanceTimersByTime(1)
    expect(calls).toEqual([3, 4])
  })
  it('flush runs the pending call at once', () => {
    const calls: number[] = []
    const t = throttle((n: number) => calls.push(n), 125)
    t(7)
    t.flush()
    expect(calls).toEqual([7])
  })
})
