import { defineConfig, devices } from '@playwright/test'

// e2e runs against `npm start` (production build, real service worker, mock API over real HTTP) on a
// fixed, unusual port with strict binding, and against the mock-mode build for the in-browser mock.
// Browsers are never downloaded: Debian's chromium is used (TOOLCHAIN.md).
export const PORT = Number(process.env.E2E_PORT ?? 47113)
export const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 47114)

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

export default defineConfig({
  testDir: './e2e',
  outputDir: `../test-results/e2e-${PORT}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_JSON ? [['list'], ['json', { outputFile: process.env.PW_JSON }]] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions,
    // A trace recorded for every test (retain-on-failure) cost 38% of the suite's test time (264 s
    // against 163 s on four specs); CI retries once, and the retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  // Tests tagged @sw (helpers.ts SW: offline reloads, the PWA) run with the service worker; the rest
  // block it, so a test does not pay for installing the worker and precaching the whole app.
  projects: [
    {
      name: 'server',
      testIgnore: /mock-mode\.spec\.ts/,
      grepInvert: /@sw/,
      use: { baseURL: `http://127.0.0.1:${PORT}`, serviceWorkers: 'block' },
    },
    {
      name: 'server-sw',
      testIgnore: /mock-mode\.spec\.ts/,
      grep: /@sw/,
      use: { baseURL: `http://127.0.0.1:${PORT}`, serviceWorkers: 'allow' },
    },
    {
      name: 'mock-mode',
      testMatch: /mock-mode\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${MOCK_PORT}` },
    },
  ],
  webServer: [
    {
      command: `npx tsx mocks/server.ts`,
      cwd: '..',
      url: `http://127.0.0.1:${PORT}/projects`,
      // MOCK_TEST_HOOKS: the /__mock/* hooks (reset, disk hash, holding transitions) answer only in
      // test runs; without it they are 404 to anyone but a fleet admin.
      // KEEP_ALIVE_TIMEOUT_MS: Playwright's API client (page.request) keeps idle sockets past the
      // server's 5 s keep-alive and reuses one the server has closed: ECONNRESET in a test's own API
      // call (microsoft/playwright#42698). Longer than any test, so the server never closes first.
      env: { PORT: String(PORT), HOST: '127.0.0.1', MOCK_TEST_HOOKS: '1', KEEP_ALIVE_TIMEOUT_MS: '300000' },
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe',
    },
    // E2E_SKIP_MOCK=1 skips the mock-mode build for focused runs of server-project tests.
    ...(process.env.E2E_SKIP_MOCK
      ? []
      : [
          {
            command: `npx vite build --mode mock --logLevel warn && npx vite preview --mode mock --outDir ${process.env.DIST_MOCK_DIR ?? 'dist-mock'} --port ${MOCK_PORT} --strictPort --host 127.0.0.1`,
            cwd: '..',
            url: `http://127.0.0.1:${MOCK_PORT}/`,
            reuseExistingServer: false,
            timeout: 240_000,
          },
        ]),
  ],
})
