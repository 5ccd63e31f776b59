/// <reference lib="WebWorker" />
// The PWA service worker (injectManifest): precaches the app shell and the route chunks, and serves
// index.html for navigations, so the console opens offline. It never caches API responses: those live
// in IndexedDB, scoped to the signed-in user (storage/).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// API paths are never navigations we serve from the shell (nor cached): the network answers them.
const API_PATHS = [/^\/v1\//, /^\/experimental\//, /^\/__mock\//]
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: API_PATHS }))

/**
 * Hashed build files left out of the precache (the large chunks of rare routes: vite.config.ts) are
 * kept here once fetched, so a route visited once opens offline too. A hashed name never changes
 * content, so the cache answers first. Emptied when a new version activates: the old version's
 * chunks are never asked for again, and the new ones refill it on use.
 */
const ASSET_CACHE = 'rack-assets'

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(ASSET_CACHE)
  const hit = await cache.match(request)
  if (hit) return hit
  const response = await fetch(request)
  // Only complete same-origin answers: a 404 (or a partial range) must never stick.
  if (response.status === 200 && response.type === 'basic') await cache.put(request, response.clone())
  return response
}

// Registered after the precache route, so it only sees /assets/ files the precache does not hold.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  ({ request }) => cacheFirst(request),
)

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | undefined)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// First install: take control at once so the very first visit is already offline-capable.
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([self.clients.claim(), caches.delete(ASSET_CACHE)]))
})
