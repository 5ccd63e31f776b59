// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PREFETCH_HOVER_MS, usePrefetch } from './use-prefetch'

const warmRoute = vi.hoisted(() => vi.fn())
vi.mock('../routes', () => ({ warmRoute }))

function Opener({ href }: { href: string | undefined }) {
  return (
    <button type="button" {...usePrefetch(href)}>
      New disk
    </button>
  )
}

beforeEach(() => {
  vi.useFakeTimers()
  warmRoute.mockClear()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('usePrefetch (spec 9: link prefetch after a 100 ms hover)', () => {
  it('warms the route once the pointer has rested 100 ms', () => {
    render(<Opener href="/projects/p/disks-new" />)
    fireEvent.mouseEnter(screen.getByRole('button'))
    vi.advanceTimersByTime(PREFETCH_HOVER_MS - 1)
    expect(warmRoute).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(warmRoute).toHaveBeenCalledWith('/projects/p/disks-new')
  })

  it('a pointer passing through in under 100 ms warms nothing, even after a re-render', () => {
    const { rerender } = render(<Opener href="/a" />)
    fireEvent.mouseEnter(screen.getByRole('button'))
    rerender(<Opener href="/a" />)
    fireEvent.mouseLeave(screen.getByRole('button'))
    vi.advanceTimersByTime(PREFETCH_HOVER_MS * 2)
    expect(warmRoute).not.toHaveBeenCalled()
  })

  it('keyboard focus warms at once; unmounting cancels a pending hover', () => {
    const { unmount } = render(<Opener href="/b" />)
    fireEvent.focus(screen.getByRole('button'))
    expect(warmRoute).toHaveBeenCalledWith('/b')
    fireEvent.mouseEnter(screen.getByRole('button'))
    unmount()
    vi.advanceTimersByTime(PREFETCH_HOVER_MS)
    expect(warmRoute).toHaveBeenCalledTimes(1)
  })

  it('a hover pending when the control becomes disabled warms nothing', () => {
    const { rerender } = render(<Opener href="/c" />)
    fireEvent.mouseEnter(screen.getByRole('button'))
    rerender(<Opener href={undefined} />)
    vi.advanceTimersByTime(PREFETCH_HOVER_MS)
    expect(warmRoute).not.toHaveBeenCalled()
  })

  it('a control that cannot be used (no href) warms nothing', () => {
    render(<Opener href={undefined} />)
    fireEvent.mouseEnter(screen.getByRole('button'))
    fireEvent.focus(screen.getByRole('button'))
    vi.advanceTimersByTime(PREFETCH_HOVER_MS)
    expect(warmRoute).not.toHaveBeenCalled()
  })
})
