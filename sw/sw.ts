/// <reference lib="WebWorker" />
// The PWA service worker (injectManifest): precaches the app shell and serves index.html for
// navigations, so the console opens offline. It never caches API responses: those live in IndexedDB,
// scoped to the signed-in user (storage/).
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

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | undefined)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// First install: take control at once so the very first visit is already offline-capable.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})
