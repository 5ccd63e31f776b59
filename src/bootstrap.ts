// Start-up wiring, run once before the first render: the API client feeds the cache layer, the
// session scopes the cache, and exactly one service worker registers (msw in mock mode, else the PWA).
import { configureStorage } from '../storage'
import { api } from './api/client'
import { toUserError } from './api/errors'
import { registerPwa } from './pwa'
import { initSession } from './session'

export async function startApp() {
  configureStorage({ fetcher: api.call, toError: toUserError })
  initSession()
  if (__MOCK_MODE__) {
    // The only place src/ imports mocks/ (ARCHITECTURE.md); tree-shaken from the production build.
    const { startMockWorker } = await import('../mocks/browser')
    await startMockWorker()
  } else {
    registerPwa()
  }
}
