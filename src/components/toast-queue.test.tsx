// @vitest-environment jsdom
import './test-helpers'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfirmHost, closeConfirmAction, confirmDelete } from './confirm-queue'
import { ToastHost, toast } from './toast-queue'

afterEach(async () => {
  const { toaster } = await import('./Toast')
  act(() => {
    toaster.remove()
    closeConfirmAction()
  })
  cleanup()
})

describe('lazy toast and confirm hosts', () => {
  it('draw nothing until asked, then show what was asked before their code had loaded', async () => {
    render(
      <>
        <ConfirmHost />
        <ToastHost />
      </>,
    )
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull()
    expect(screen.queryByRole('alertdialog')).toBeNull()

    const dropped = toast.info('Never shown')
    act(() => {
      toast.dismiss(dropped)
      toast.error('Could not stop instance', 'Instance is in state starting')
    })
    const region = await screen.findByRole('region', { name: /Notifications/ }, { timeout: 10_000 })
    expect(
      await within(region).findByText('Instance is in state starting', {}, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(within(region).queryByText('Never shown')).toBeNull()

    act(() => confirmDelete({ resourceKind: 'disk', name: 'data-7', run: () => Promise.resolve() }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete disk' }, { timeout: 10_000 })
    expect(dialog.textContent).toContain('Are you sure you want to delete data-7?')
  })
})
