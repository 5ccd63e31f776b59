// @vitest-environment jsdom
import './test-helpers'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster, toast, toaster } from './Toast'

afterEach(() => {
  act(() => toaster.remove())
  cleanup()
})

describe('toasts', () => {
  it('renders success, error and info toasts inside a polite live region', async () => {
    render(<Toaster />)
    act(() => {
      toast.success('Instance started', 'db-1 is running')
      toast.error('Could not delete disk', 'Disk is attached')
      toast.info('Back online')
    })
    const region = await screen.findByRole('region', { name: /Notifications/ })
    expect(region.getAttribute('aria-live')).toBe('polite')
    const statuses = await within(region).findAllByRole('status')
    expect(statuses).toHaveLength(3)
    expect(within(region).getByText('db-1 is running')).toBeTruthy()
    expect(
      within(region).getByText('Could not delete disk').closest('[data-type]')?.getAttribute('data-type'),
    ).toBe('error')
  })

  it('runs an action and can be dismissed', async () => {
    render(<Toaster />)
    const onClick = vi.fn()
    act(() => {
      toast.info('Update available', undefined, { action: { label: 'Reload', onClick } })
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Reload' }))
    expect(onClick).toHaveBeenCalledTimes(1)
    act(() => {
      toast.success('Saved')
    })
    const saved = await screen.findByText('Saved')
    const root = saved.closest('[role=status]') as HTMLElement
    expect(root.getAttribute('data-state')).toBe('open')
    fireEvent.click(within(root).getByRole('button', { name: 'Dismiss notification' }))
    await waitFor(() => expect(!root.isConnected || root.getAttribute('data-state') === 'closed').toBe(true))
  })
})
