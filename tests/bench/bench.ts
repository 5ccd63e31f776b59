// `npm run bench`: time from navigation to the first table row, cold / warm / offline, for the
// instances of mock-project and page 1 of scale-project. Not a test: it prints figures.
//
// - cold: a fresh browser context per run (no HTTP cache, no service worker, no IndexedDB), signed in
//   through the login endpoint, then one navigation.
// - warm: one context whose first visit filled the cache and installed the service worker; each run
//   is a new navigation with the network on (the page paints from IndexedDB, then revalidates).
// - offline: the same warm context with the network cut (the service worker serves the shell, the
//   page paints from IndexedDB).
//
// "First row" is measured in the page: a MutationObserver notes when the first data row (not a
// skeleton row) of the table enters the DOM, and the next animation frame stands for its paint.
// Times are from the navigation's start (performance.timeOrigin). The wall time from page.goto's call
// is printed too. Each figure is the median of RUNS runs.
//
// It runs its own server in-process (mocks/server.ts, the server behind `npm start`, which builds
// dist/ first when stale) on BENCH_PORT (default 47513) and closes it on exit. BENCH_DIST serves
// another build instead (to compare two builds on one machine); BENCH_RUNS sets the run count.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { startServer } from '../../mocks/server'

const PORT = Number(process.env.BENCH_PORT ?? 47513)
const HOST = '127.0.0.1'
const BASE = `http://${HOST}:${PORT}`
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
/** A built app to serve instead of dist/ (to compare two builds); dist/ is built first when stale. */
const DIST = process.env.BENCH_DIST || undefined

const TARGETS = [
  { name: 'mock-project instances', path: '/projects/mock-project/instances' },
  { name: 'scale-project page 1', path: '/projects/scale-project/instances' },
] as const

type Sample = { firstRow: number; wall: number }

// Runs in the page before any of its scripts. A string, not a function: tsx (esbuild keepNames) would
// wrap a function's inner helpers in a `__name` call that does not exist in the page.
const FIRST_ROW_PROBE = `(() => {
  const found = () =>
    document.querySelector('table[aria-label] tbody tr:not([data-testid="skeleton-row"]) td') !== null
  const obs = new MutationObserver(() => {
    if (window.__firstRow !== undefined || !found()) return
    window.__firstRow = performance.now()
    window.__firstRowEpoch = Date.now()
    obs.disconnect()
    requestAnimationFrame(() => { window.__firstPaint = performance.now() })
  })
  obs.observe(document, { childList: true, subtree: true })
})()`

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 900 } })
  await context.addInitScript({ content: FIRST_ROW_PROBE })
  const res = await context.request.post('/v1/login/default-silo/local', {
    data: { username: 'fleet-admin', password: 'oxide' },
  })
  if (!res.ok()) throw new Error(`login failed: ${res.status()}`)
  return context
}

async function measure(page: Page, path: string): Promise<Sample> {
  const t0 = Date.now()
  await page.goto(path, { waitUntil: 'commit' })
  await page.waitForFunction(() => (window as { __firstPaint?: number }).__firstPaint !== undefined, null, {
    timeout: 30_000,
  })
  const { paint, epoch } = await page.evaluate(() => {
    const w = window as unknown as { __firstPaint: number; __firstRowEpoch: number }
    return { paint: w.__firstPaint, epoch: w.__firstRowEpoch }
  })
  return { firstRow: paint, wall: epoch - t0 }
}

/** Lets the revalidation a navigation started finish, so the next run starts from a quiet page. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined)
  await page.waitForTimeout(200)
}

async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(
    async () => {
      const reg = await navigator.serviceWorker.getRegistration()
      return navigator.serviceWorker.controller !== null && reg?.active?.state === 'activated'
    },
    null,
    { timeout: 30_000, polling: 200 },
  )
}

async function cold(browser: Browser, path: string): Promise<Sample[]> {
  const out: Sample[] = []
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext(browser)
    const page = await context.newPage()
    out.push(await measure(page, path))
    await context.close()
  }
  return out
}

async function warmAndOffline(
  browser: Browser,
  path: string,
): Promise<{ warm: Sample[]; offline: Sample[] }> {
  const context = await newContext(browser)
  const page = await context.newPage()
  // The first visit fills IndexedDB, installs the service worker and lets it take control.
  await measure(page, path)
  await waitForServiceWorker(page)
  await settle(page)
  const warm: Sample[] = []
  for (let i = 0; i < RUNS; i++) {
    warm.push(await measure(page, path))
    await settle(page)
  }
  await context.setOffline(true)
  const offline: Sample[] = []
  for (let i = 0; i < RUNS; i++) {
    offline.push(await measure(page, path))
    await page.waitForTimeout(200)
  }
  await context.close()
  return { warm, offline }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return (s.length % 2 ? s[m] : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2) ?? 0
}
const ms = (x: number) => `${Math.round(x)} ms`.padStart(8)

async function portTaken(): Promise<boolean> {
  try {
    await fetch(`${BASE}/`)
    return true
  } catch {
    return false
  }
}

async function main() {
  // Never measure someone else's server.
  if (await portTaken()) throw new Error(`${BASE} is already in use: set BENCH_PORT to a free port`)
  const server = await startServer({ port: PORT, host: HOST, dist: DIST, build: DIST === undefined })
  let browser: Browser | undefined
  process.on('SIGINT', () => {
    void server.close().finally(() => process.exit(130))
  })
  try {
    browser = await chromium.launch({
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
    })
    // One throw-away visit so the first cold run does not pay for the server's first requests.
    {
      const context = await newContext(browser)
      const page = await context.newPage()
      for (const t of TARGETS) await measure(page, t.path)
      await context.close()
    }
    const rows: string[] = []
    const header = `${'target'.padEnd(26)}${'scenario'.padEnd(10)}${'median'.padStart(8)}${'min'.padStart(8)}${'max'.padStart(8)}${'wall'.padStart(8)}  vs cold`
    for (const t of TARGETS) {
      const c = await cold(browser, t.path)
      const { warm, offline } = await warmAndOffline(browser, t.path)
      const coldMedian = median(c.map((s) => s.firstRow))
      for (const [label, samples] of [
        ['cold', c],
        ['warm', warm],
        ['offline', offline],
      ] as const) {
        const f = samples.map((s) => s.firstRow)
        const ratio = label === 'cold' ? '' : `  ${(median(f) / coldMedian).toFixed(2)}`
        rows.push(
          `${t.name.padEnd(26)}${label.padEnd(10)}${ms(median(f))}${ms(Math.min(...f))}${ms(Math.max(...f))}${ms(median(samples.map((s) => s.wall)))}${ratio}`,
        )
      }
    }
    console.log(
      `\nTime to first row (navigation start -> next frame after the first data row), median of ${RUNS}`,
    )
    console.log(`server ${BASE} (${DIST ?? 'dist/'}), chromium ${browser.version()}\n`)
    console.log(header)
    for (const r of rows) console.log(r)
    console.log('\nwall = from the page.goto call to the first row (includes the driver round trip)')
  } finally {
    await browser?.close().catch(() => undefined)
    await server.close()
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err)
    process.exit(1)
  },
)
