// @vitest-environment jsdom
// The auto-refresh the metric charts share: one interval list (with 2 minutes), read leniently from the
// URL, and a timer that ticks only while the interval is on and the console online, and stops on
// unmount.
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connectivityReady, resetConnectivity } from '../../../storage/connectivity'
import {
  lastUpdatedText,
  parseRefresh,
  REFRESH_INTERVALS,
  refreshMs,
  useLastUpdated,
  useRefreshOnTick,
  useRefreshTick,
} from './auto-refresh'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] })
  resetConnectivity()
})

afterEach(() => {
  resetConnectivity()
  vi.useRealTimers()
})

describe('refresh intervals', () => {
  it('offers off, 10 s, 1 min, 2 min and 5 min, off by default', () => {
    expect(REFRESH_INTERVALS.map((r) => [r.id, r.label, r.ms])).toEqual([
      ['off', 'Off', 0],
      ['10s', '10 seconds', 10_000],
      ['1m', '1 minute', 60_000],
      ['2m', '2 minutes', 120_000],
      ['5m', '5 minutes', 300_000],
    ])
    expect(parseRefresh('2m')).toBe('2m')
    expect(parseRefresh(null)).toBe('off')
    expect(parseRefresh('1s')).toBe('off')
    expect(refreshMs('2m')).toBe(120_000)
    expect(refreshMs('off')).toBe(0)
  })
})

describe('useRefreshTick', () => {
  it('ticks on the interval, never when off, and stops on unmount', () => {
    const { result, rerender, unmount } = renderHook(({ ms }) => useRefreshTick(ms), {
      initialProps: { ms: 0 },
    })
    act(() => vi.advanceTimersByTime(60_000))
    expect(result.current.tick).toBe(0)

    rerender({ ms: 10_000 })
    act(() => vi.advanceTimersByTime(9_999))
    expect(result.current.tick).toBe(0)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current.tick).toBe(1)
    act(() => vi.advanceTimersByTime(20_000))
    expect(result.current.tick).toBe(3)

    rerender({ ms: 0 })
    act(() => vi.advanceTimersByTime(60_000))
    expect(result.current.tick).toBe(3)

    rerender({ ms: 10_000 })
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('pauses while offline and starts again on reconnect', async () => {
    await connectivityReady()
    const { result } = renderHook(() => useRefreshTick(10_000))
    act(() => {
      window.dispatchEvent(new Event('offline'))
    })
    act(() => vi.advanceTimersByTime(60_000))
    expect(result.current.tick).toBe(0)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    act(() => vi.advanceTimersByTime(10_000))
    expect(result.current.tick).toBe(1)
  })

  it('bump moves the tick at once (the Refresh button)', () => {
    const { result } = renderHook(() => useRefreshTick(0))
    act(() => result.current.bump())
    expect(result.current.tick).toBe(1)
  })
})

describe('useRefreshOnTick', () => {
  it('refreshes on each new tick, not on mount', () => {
    const refresh = vi.fn()
    const { rerender } = renderHook(({ tick }) => useRefreshOnTick(tick, refresh), {
      initialProps: { tick: 4 },
    })
    expect(refresh).not.toHaveBeenCalled()
    rerender({ tick: 5 })
    rerender({ tick: 5 })
    expect(refresh).toHaveBeenCalledTimes(1)
  })
})

describe('useLastUpdated', () => {
  it('says the oldest time reported, and forgets a source that goes away', () => {
    const { result } = renderHook(() => useLastUpdated())
    expect(lastUpdatedText(result.current.oldest)).toBe('')
    const older = new Date(2025, 2, 2, 10, 37, 12)
    const newer = new Date(2025, 2, 2, 10, 38, 0)
    act(() => {
      result.current.report('cpus', newer)
      result.current.report('memory', older)
    })
    expect(result.current.oldest).toEqual(older)
    expect(lastUpdatedText(result.current.oldest)).toBe('Last updated 10:37:12')
    act(() => result.current.report('memory', undefined))
    expect(result.current.oldest).toEqual(newer)
  })
})
