// Start-up wiring, run once before the first render: the API client feeds the cache layer, the
// session scopes the cache, and exactly one service worker registers (msw in mock mode, else the PWA).
import { canonicalJson, configureStorage, type Fetcher, getCacheScope, STALE_MS } from '../storage'
import { api } from './api/client'
import { createEarlyRequests } from './api/early'
import { toUserError } from './api/errors'
import { firstScreenPainted } from './first-screen'
import type { DataReader } from './routes'
import { initSession, pendingLogout } from './session'

const early = createEarlyRequests(api.call as Parameters<typeof createEarlyRequests>[0], {
  // The identity the cache gives the request it makes for a key (storage/revalidate.ts).
  keyOf: (name, params) => `${name} ${canonicalJson(params ?? {})}`,
  maxAgeMs: STALE_MS,
  scoped: () => getCacheScope() !== null,
})

const withPageToken = (params: unknown, pageToken: string | null | undefined): unknown => {
  if (!pageToken) return params
  const p = (params ?? {}) as { query?: object }
  return { ...p, query: { ...p.query, pageToken } }
}

/**
 * On a cold start (signed in, but whose cache this is not known yet) the route's calls go out at once,
 * side by side with /v1/me, instead of after it. Null when the cache is scoped (the screen's own
 * requests start right away), offline, or while a sign-out waits for the server (nothing may ask).
 */
export function coldStartReader(): DataReader | null {
  if (getCacheScope() !== null || pendingLogout()) return null
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null
  return {
    list: (endpoint, params, pageToken) => early.start(endpoint, withPageToken(params, pageToken)),
    resource: (endpoint, params) => early.start(endpoint, params),
  }
}

export async function startApp() {
  configureStorage({ fetcher: early.fetcher as Fetcher, toError: toUserError })
  initSession()
  if (__MOCK_MODE__) {
    // The only place src/ imports mocks/ (ARCHITECTURE.md); tree-shaken from the production build.
    const { startMockWorker } = await import('../mocks/browser')
    await startMockWorker()
  } else {
    // The worker's registration (its own chunk, with workbox-window) loads once the first screen has
    // painted, so neither it nor the precache it starts competes with that screen on a slow link.
    void firstScreenPainted()
      .then(() => import('./pwa'))
      .then((m) => m.registerPwa())
  }
}
