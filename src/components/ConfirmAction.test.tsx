// @vitest-environment jsdom
import './test-helpers'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmActionHost } from './ConfirmAction'
import { closeConfirmAction, confirmAction, confirmDelete, errorMessage } from './confirm-queue'
import { Toaster, toaster } from './Toast'

// The link, as the write guard reports it: a test drops it while a confirmation is open.
const link = vi.hoisted(() => {
  const listeners = new Set<() => void>()
  return {
    online: true,
    listeners,
    set(online: boolean) {
      this.online = online
      for (const l of listeners) l()
    },
  }
})
vi.mock('../hooks/use-write-guard', async () => {
  const { useSyncExternalStore } = await import('react')
  const subscribe = (l: () => void) => {
    link.listeners.add(l)
    return () => link.listeners.delete(l)
  }
  return {
    useWriteGuard: () => useSyncExternalStore(subscribe, () => (link.online ? undefined : 'You are offline')),
  }
})

afterEach(() => {
  act(() => {
    closeConfirmAction()
    toaster.remove()
  })
  cleanup()
})

function renderHost() {
  render(
    <>
      <ConfirmActionHost />
      <Toaster />
    </>,
  )
}

describe('ConfirmAction', () => {
  it('renders nothing until asked', () => {
    renderHost()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('runs the action with a loading state, toasts the failure message, then closes', async () => {
    renderHost()
    let reject: (e: unknown) => void = () => {}
    const run = vi.fn(() => new Promise((_, r) => (reject = r)))
    act(() =>
      confirmAction({
        title: 'Stop instance',
        content: 'Are you sure you want to stop db-1?',
        actionLabel: 'Stop',
        actionType: 'primary',
        errorTitle: 'Could not stop instance',
        run,
      }),
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop instance' })
    expect(within(dialog).getByText('Are you sure you want to stop db-1?')).toBeTruthy()
    const action = within(dialog).getByRole('button', { name: 'Stop' })
    fireEvent.click(action)
    expect(run).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(action.getAttribute('aria-busy')).toBe('true'))
    // A second click while busy does not run it again.
    fireEvent.click(action)
    expect(run).toHaveBeenCalledTimes(1)
    // Still open while the action is pending.
    expect(screen.getByRole('alertdialog')).toBeTruthy()
    await act(async () => reject({ message: 'Instance is in state starting' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 2000 })
    const toastEl = await screen.findByText('Could not stop instance')
    expect(toastEl).toBeTruthy()
    expect(screen.getByText('Instance is in state starting')).toBeTruthy()
  })

  it('keeps the loading state at least 500 ms, and closes without a toast on success', async () => {
    renderHost()
    const run = vi.fn(() => Promise.resolve('ok'))
    act(() =>
      confirmAction({
        title: 'Reboot',
        content: 'Reboot it?',
        actionLabel: 'Reboot',
        actionType: 'primary',
        errorTitle: 'Could not reboot',
        run,
      }),
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Reboot' })
    const started = Date.now()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reboot' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 2000 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(490)
    expect(run).toHaveBeenCalledTimes(1)
    expect(screen.queryByText('Could not reboot')).toBeNull()
  })

  it('cancel closes without running', async () => {
    renderHost()
    const run = vi.fn(() => Promise.resolve())
    act(() => confirmDelete({ resourceKind: 'disk', name: 'data-7', run }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete disk' })
    // The question describes the dialog (where focus starts is checked in a browser: access.spec).
    expect(screen.getByRole('alertdialog', { description: 'Are you sure you want to delete data-7?' })).toBe(
      dialog,
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(run).not.toHaveBeenCalled()
  })

  it('disables the action with the reason while the link is down, and sends nothing', async () => {
    renderHost()
    const run = vi.fn(() => Promise.resolve())
    act(() => confirmDelete({ resourceKind: 'disk', name: 'data-7', run }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete disk' })
    const del = within(dialog).getByRole('button', { name: 'Delete' })
    expect(del.hasAttribute('aria-disabled')).toBe(false)
    act(() => link.set(false))
    try {
      expect(del.getAttribute('aria-disabled')).toBe('true')
      expect(document.getElementById(del.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'You are offline',
      )
      fireEvent.click(del)
      expect(run).not.toHaveBeenCalled()
      expect(screen.getByRole('alertdialog', { name: 'Delete disk' })).toBe(dialog)
    } finally {
      act(() => link.set(true))
    }
    // Back online, the same confirmation sends it.
    expect(del.hasAttribute('aria-disabled')).toBe(false)
    fireEvent.click(del)
    expect(run).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 2000 })
  })

  it('keeps a write already sent busy when the link drops, and reports how it ended', async () => {
    renderHost()
    let reject: (e: unknown) => void = () => {}
    const run = vi.fn(() => new Promise((_, r) => (reject = r)))
    act(() => confirmDelete({ resourceKind: 'disk', name: 'data-7', run }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete disk' })
    const del = within(dialog).getByRole('button', { name: 'Delete' })
    fireEvent.click(del)
    await waitFor(() => expect(del.getAttribute('aria-busy')).toBe('true'))
    act(() => link.set(false))
    try {
      expect(del.getAttribute('aria-busy')).toBe('true')
      await act(async () => reject(new Error('You are offline')))
      expect(await screen.findByText('Could not delete disk', {}, { timeout: 2000 })).toBeTruthy()
    } finally {
      act(() => link.set(true))
    }
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('confirmDelete uses a danger action that runs and reports failures with the kind', async () => {
    renderHost()
    const run = vi.fn(() => Promise.reject(new Error('Disk is attached')))
    act(() => confirmDelete({ resourceKind: 'disk', name: 'data-7', run }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete disk' })
    const del = within(dialog).getByRole('button', { name: 'Delete' })
    expect(del.className).toContain('danger')
    fireEvent.click(del)
    expect(await screen.findByText('Disk is attached', {}, { timeout: 2000 })).toBeTruthy()
    expect(screen.getByText('Could not delete disk')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })
})

describe('errorMessage', () => {
  it('takes .message from error-like values and falls back otherwise', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom')
    expect(errorMessage({ message: 'from api' })).toBe('from api')
    expect(errorMessage('plain')).toBe('plain')
    expect(errorMessage(undefined)).toBe('Unknown server error')
    expect(errorMessage({ message: 42 })).toBe('Unknown server error')
  })
})
