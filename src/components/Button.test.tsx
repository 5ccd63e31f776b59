// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button } from './Button'
import { asKeyboardUser } from './test-helpers'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('Button', () => {
  it('fires onClick normally', () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Start</Button>)
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('with disabledReason: aria-disabled, still focusable, ignores clicks, shows the reason', async () => {
    const onClick = vi.fn()
    render(
      <Button onClick={onClick} disabledReason="Only stopped instances can be started">
        Start
      </Button>,
    )
    const btn = screen.getByRole('button', { name: 'Start' })
    expect(btn.getAttribute('aria-disabled')).toBe('true')
    expect(btn.hasAttribute('disabled')).toBe(false)
    fireEvent.click(btn)
    expect(onClick).not.toHaveBeenCalled()
    // The reason is the accessible description even before any tooltip shows.
    const descId = btn.getAttribute('aria-describedby')
    expect(descId && document.getElementById(descId)?.textContent).toBe(
      'Only stopped instances can be started',
    )
    expect(screen.queryByRole('tooltip')).toBeNull()
    // Keyboard focus opens the tooltip with the reason.
    asKeyboardUser()
    act(() => btn.focus())
    expect(document.activeElement).toBe(btn)
    const tip = await screen.findByRole('tooltip')
    expect(tip.textContent).toBe('Only stopped instances can be started')
  })

  it('a submit button with disabledReason does not submit its form', () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault())
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" disabledReason="Offline">
          Create
        </Button>
      </form>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('loading sets aria-busy and aria-disabled and ignores clicks; its spinner stays 500 ms but not the block', () => {
    vi.useFakeTimers()
    const onClick = vi.fn()
    const { rerender } = render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    )
    const btn = screen.getByRole('button', { name: 'Save' })
    const spinner = () => btn.querySelector('[aria-hidden="true"]')
    expect(btn.getAttribute('aria-busy')).toBe('true')
    expect(btn.getAttribute('aria-disabled')).toBe('true')
    expect(spinner()).not.toBeNull()
    fireEvent.click(btn)
    expect(onClick).not.toHaveBeenCalled()
    rerender(
      <Button loading={false} onClick={onClick}>
        Save
      </Button>,
    )
    // The work has ended: the spinner is still shown (spec 9), but a click is taken at once (a form
    // sent again right after a failure must not be dropped).
    expect(spinner()).not.toBeNull()
    expect(btn.hasAttribute('aria-busy')).toBe(false)
    expect(btn.hasAttribute('aria-disabled')).toBe(false)
    fireEvent.click(btn)
    expect(onClick).toHaveBeenCalledTimes(1)
    act(() => vi.advanceTimersByTime(500))
    expect(spinner()).toBeNull()
  })

  it('a submit button whose submit just failed submits again at once', () => {
    vi.useFakeTimers()
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault())
    const view = (loading: boolean) => (
      <form onSubmit={onSubmit}>
        <Button type="submit" loading={loading}>
          Create
        </Button>
      </form>
    )
    const { rerender } = render(view(true))
    rerender(view(false))
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })
})

describe('Button reason changes', () => {
  it('keeps the same element (and focus) when a disabled reason appears and goes', () => {
    const { rerender } = render(<Button>Save</Button>)
    const btn = screen.getByRole('button', { name: 'Save' })
    act(() => btn.focus())
    rerender(<Button disabledReason="You are offline">Save</Button>)
    expect(screen.getByRole('button', { name: 'Save' })).toBe(btn)
    expect(btn.getAttribute('aria-disabled')).toBe('true')
    rerender(<Button>Save</Button>)
    expect(screen.getByRole('button', { name: 'Save' })).toBe(btn)
    expect(btn.hasAttribute('aria-disabled')).toBe(false)
    expect(btn.hasAttribute('aria-describedby')).toBe(false)
    expect(document.activeElement).toBe(btn)
  })
})
