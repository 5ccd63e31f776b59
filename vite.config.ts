/// <reference types="vitest/config" />
import pandacss from '@pandacss/dev/postcss'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

// Two browser builds share this config:
// - production (default): the PWA; the service worker from sw/sw.ts precaches the app shell.
// - mock (`--mode mock`): the msw worker serves the mock API in the browser; the PWA worker is
//   disabled so the two workers never fight over the scope (TOOLCHAIN.md).
// The strict Content-Security-Policy (no inline scripts). The Node server sends it as a header too;
// the meta tag keeps it in force wherever the built files are served. Not applied to the dev server,
// whose React refresh preamble is an inline script.
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ')

// The in-browser mock validates request bodies with ajv, which compiles validators with
// new Function: only the mock build (never production) allows eval for that.
const cspMeta = (mode: string): Plugin => ({
  name: 'csp-meta',
  apply: 'build',
  transformIndexHtml: (html) => {
    const csp = mode === 'mock' ? CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'") : CSP
    return html.replace(
      '<meta charset="UTF-8" />',
      `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${csp}" />`,
    )
  },
})

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    cspMeta(mode),
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
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        globIgnores: ['mockServiceWorker.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  css: { postcss: { plugins: [pandacss() as never] } },
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  define: { __MOCK_MODE__: JSON.stringify(mode === 'mock') },
  build: {
    // DIST_DIR / DIST_MOCK_DIR let parallel test runs on one machine build into folders of their own.
    outDir: mode === 'mock' ? (process.env.DIST_MOCK_DIR ?? 'dist-mock') : (process.env.DIST_DIR ?? 'dist'),
    sourcemap: true,
    target: 'es2022',
  },
  server: { port: 5173 },
  preview: { port: 4173 },
  test: {
    include: ['{src,machines,storage,mocks,tests/unit}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup-unit.ts'],
    testTimeout: 20_000,
  },
}))
