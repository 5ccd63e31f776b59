// @vitest-environment jsdom
import './test-helpers'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { ToastHost, toast } from './toast-queue'

afterEach(cleanup)

// A module that imports Toast.tsx directly loads the real toaster before any toast is asked for; the
// toasts then go straight to its store, and the host must still mount it to draw them.
it('draws toasts when the toaster module was loaded before the first toast', async () => {
  await import('./Toast')
  render(<ToastHost />)
  act(() => {
    toast.success('Disk ID copied')
  })
  const region = await screen.findByRole('region', { name: /Notifications/ }, { timeout: 10_000 })
  expect(await within(region).findByText('Disk ID copied', {}, { timeout: 10_000 })).toBeTruthy()
})
