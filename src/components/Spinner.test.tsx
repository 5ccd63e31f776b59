// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Spinner, useMinDuration } from './Spinner'

describe('useMinDuration', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    cleanup()
  })

  it('holds a briefly shown spinner for 500 ms from when it turned on', () => {
    const { result, rerender } = renderHook(({ active }) => useMinDuration(active, 500), {
      initialProps: { active: true },
    })
    expect(result.current).toBe(true)
    act(() => vi.advanceTimersByTime(100))
    rerender({ active: false })
    expect(result.current).toBe(true)
    act(() => vi.advanceTimersByTime(399))
    expect(result.current).toBe(true)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe(false)
  })

  it('drops at once when it was already shown longer than the minimum', () => {
    const { result, rerender } = renderHook(({ active }) => useMinDuration(active), {
      initialProps: { active: true },
    })
    act(() => vi.advanceTimersByTime(800))
    rerender({ active: false })
    expect(result.current).toBe(false)
  })

  it('never shows when never active', () => {
    const { result } = renderHook(() => useMinDuration(false))
    expect(result.current).toBe(false)
  })

  it('restarts the minimum when shown again', () => {
    const { result, rerender } = renderHook(({ active }) => useMinDuration(active), {
      initialProps: { active: true },
    })
    rerender({ active: false })
    act(() => vi.advanceTimersByTime(500))
    expect(result.current).toBe(false)
    rerender({ active: true })
    act(() => vi.advanceTimersByTime(50))
    rerender({ active: false })
    act(() => vi.advanceTimersByTime(449))
    expect(result.current).toBe(true)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe(false)
  })
})

describe('Spinner', () => {
  afterEach(cleanup)
  it('is a labelled status unless decorative', () => {
    const { rerender } = render(<Spinner label="Loading disks" />)
    expect(screen.getByRole('status', { name: 'Loading disks' })).toBeTruthy()
    rerender(<Spinner decorative />)
    expect(screen.queryByRole('status')).toBeNull()
  })
})
