// @vitest-environment jsdom
// Spec section 8's default error page: a render error outside every route's boundary (here the toast
// host, which sits beside the routes) shows "Unexpected Application Error!" with the error's message as
// text, not a blank window; going to another URL tries the app again.
import './components/test-helpers'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

const crash = vi.hoisted(() => ({ on: true }))
vi.mock('./components/toast-queue', async (importOriginal) => {
  const real = await importOriginal<typeof import('./components/toast-queue')>()
  return {
    ...real,
    ToastHost: () => {
      if (crash.on) throw new Error('<b>toaster</b> broke')
      return null
    },
  }
})

afterEach(cleanup)

describe('the last error boundary', () => {
  it('shows the default error page with the message as text, and tries again at another URL', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    window.history.replaceState(null, '', '/no-such-page')
    const { Root } = await import('./App')
    render(<Root />)
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy()
    expect(screen.getByText('<b>toaster</b> broke')).toBeTruthy()
    expect(document.querySelector('b')).toBeNull()

    crash.on = false
    act(() => {
      window.history.pushState(null, '', '/still-no-such-page')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).toBeNull()
  })
})
