// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COPY_CONFIRM_MS, CopyButton } from './CopyButton'

describe('CopyButton', () => {
  const writeText = vi.fn<(v: string) => Promise<void>>()

  beforeEach(() => {
    vi.useFakeTimers()
    writeText.mockReset().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('copies, confirms for exactly 2 s, then reverts', async () => {
    expect(COPY_CONFIRM_MS).toBe(2000)
    render(<CopyButton value="abc-123" label="ID" />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy ID' }))
    })
    expect(writeText).toHaveBeenCalledWith('abc-123')
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(1999))
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('button', { name: 'Copy ID' })).toBeTruthy()
  })

  it('a second copy restarts the 2 s', async () => {
    render(<CopyButton value="x" label="name" />)
    const btn = screen.getByRole('button', { name: 'Copy name' })
    await act(async () => fireEvent.click(btn))
    act(() => vi.advanceTimersByTime(1500))
    await act(async () => fireEvent.click(btn))
    act(() => vi.advanceTimersByTime(1500))
    expect(btn.getAttribute('aria-label')).toBe('Copied')
    act(() => vi.advanceTimersByTime(500))
    expect(btn.getAttribute('aria-label')).toBe('Copy name')
  })

  it('falls back to execCommand without the clipboard API, and does not confirm a failed copy', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })
    const exec = vi.fn(() => false)
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true })
    render(<CopyButton value="x" label="ID" />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy ID' })))
    expect(exec).toHaveBeenCalledWith('copy')
    expect(screen.getByRole('button', { name: 'Copy ID' })).toBeTruthy()
    exec.mockReturnValue(true)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy ID' })))
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy()
  })
})
