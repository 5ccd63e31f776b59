/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os'
import pandacss from '@pandacss/dev/postcss'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import {
  dropMockWorker,
  firstVisitChunks,
  MOCK_WORKER_FILE,
  precompressBuild,
  rareChunks,
} from './src/server/build.ts'
import { withCspMeta } from './src/server/csp.ts'

// Two browser builds share this config:
// - production (default): the PWA; the service worker from sw/sw.ts precaches the app shell.
// - mock (`--mode mock`): the msw worker serves the mock API in the browser; the PWA worker is
//   disabled so the two workers never fight over the scope (TOOLCHAIN.md).
// The Content-Security-Policy meta tag (src/server/csp.ts holds the one policy; the Node server sends
// the same directives as a header, plus the header-only ones). Not applied to the dev server, whose
// React refresh preamble is an inline script.
const cspMeta = (mode: string): Plugin => ({
  name: 'csp-meta',
  apply: 'build',
  transformIndexHtml: (html) => withCspMeta(html, mode),
})

// Which chunks are left out of the precache; filled during the build, read by the manifest transform.
const rare = rareChunks()
// The shell and the list kit as two chunks (build.ts firstVisitChunks).
const firstVisit = firstVisitChunks(['src/pages/project/InstancesPage.tsx'])

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    cspMeta(mode),
    dropMockWorker(mode),
    rare.plugin,
    firstVisit.plugin,
    VitePWA({
      disable: mode === 'mock',
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Rack Console',
        short_name: 'Rack',
        description: 'Offline-first console for an Oxide-style cloud platform',
        start_url: '/projects',
        scope: '/',
        display: 'standalone',
        background_color: '#0d1117',
        theme_color: '#0d1117',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // The precache is what a later route needs offline: the app shell (index.html, the CSS, the
      // favicon and login art) and the JS chunks. Not the PNG icons (only the installer reads them),
      // source maps, the .br/.gz siblings (the worker fetches with Accept-Encoding and gets them
      // anyway), the mock worker, or the large chunks of rare routes (build.ts rareChunks), which
      // sw/sw.ts caches on first use.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,svg,png,webp}', '*.svg', 'icons/*.svg'],
        globIgnores: [MOCK_WORKER_FILE, '**/*.map', '**/*.br', '**/*.gz'],
        manifestTransforms: [rare.filter],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
    // After VitePWA: compresses the service worker and manifest it writes, too.
    precompressBuild(mode),
  ],
  css: { postcss: { plugins: [pandacss() as never] } },
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  define: { __MOCK_MODE__: JSON.stringify(mode === 'mock') },
  build: {
    // DIST_DIR / DIST_MOCK_DIR let parallel test runs on one machine build into folders of their own.
    outDir: mode === 'mock' ? (process.env.DIST_MOCK_DIR ?? 'dist-mock') : (process.env.DIST_DIR ?? 'dist'),
    // Maps are written for symbolicating reports but not referenced from the bundles, and the server
    // answers 404 for *.map: browsers never get the source.
    sourcemap: 'hidden',
    target: 'es2022',
    rolldownOptions: { output: { codeSplitting: { groups: firstVisit.groups } } },
  },
  server: { port: 5173 },
  preview: { port: 4173 },
  test: {
    include: ['{src,machines,storage,mocks,tests/unit}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup-unit.ts'],
    testTimeout: 20_000,
    // Vitest's default leaves one core free: on a 2-core machine that is one worker, and the unit
    // step takes half again as long (174 s against 112 s, measured on the CI machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
}))
