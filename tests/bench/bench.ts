// `npm run bench`: what a user waits for, on the production build served by the server behind
// `npm start` (run in-process here), Chromium, median of RUNS runs. Not a test: it prints figures,
// each with its target (the speed issue's table) and the ratio to that target, plus ratios between
// scenarios measured in the same run. Timings never live in `npm test`.
//
// Scenarios (all "navigation start -> the frame after the first data row enters the DOM"):
// - cold: a fresh browser context (no HTTP cache, no service worker, no IndexedDB), signed in through
//   the login endpoint, then one navigation.
// - shell-warm: the HTTP and service-worker caches warm, IndexedDB emptied before the reload: what the
//   app shell cache gives on its own.
// - warm: the full warm reload (HTTP, service worker and IndexedDB filled).
// - offline: the same warm context with the network cut.
// - slow-cold / slow-warm: the same as cold and warm on an emulated slow link (400 ms latency, 50 KB/s
//   down, 50 KB/s up; Chrome's network emulation on the page).
// - page-flip: scale-project (10,000 instances, 100 rows a page): from the click on Previous (back to a
//   page already visited) to the frame after its first row changed, timed inside the page.
// - bytes: scripts on the wire for a first visit (fresh context, Accept-Encoding as Chrome sends it),
//   summed from the network's encoded lengths of the page's script responses until the network is
//   idle; per route.
//
// - form by URL: a fresh context opens a create form's own URL (/projects/mock-project/disks-new): to
//   the frame after the side modal's first field enters the DOM (the form's code had to arrive), cold
//   and on the slow link. The disks list's cold first row in the same run is its reference.
// - chart render: TimeSeriesChart with 7 days of one-minute points (10,080 per series, 3 series),
//   median ms per render in Chromium (tests/bench/chart-entry.tsx, bundled here with esbuild), beside
//   the same render with no decimation (a plot wider than the point count) as the run's baseline.
//   BENCH_ONLY=chart measures only this figure (no server, no build).
// - BENCH_ONLY=first: only the first-visit figures (script bytes and files per route, the slow-link
//   first visit), for comparing builds quickly.
// - BENCH_ONLY=profile: where a warm reload's time goes (the speed issue's "profile that explains what
//   is left"): a V8 CPU profile of RUNS warm reloads of the instances list, from navigation start to
//   the first row, split into script execution per chunk, the renderer's own work (parse, style,
//   layout, GC) and idle time (waiting: the service worker's answers, IndexedDB, timers), beside the
//   navigation's milestones (HTML answered, last script answered, first row).
//
// The mock answers every /v1 call after a fixed delay for the whole run (MOCK_DELAY_MS, default 300:
// the middle of the spec's 200-400 ms), printed with the results. BENCH_PORT (47513), BENCH_RUNS (5),
// BENCH_DIST (serve another build, e.g. to compare two builds on one machine).
import type { CDPSession } from 'playwright-core'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

const PORT = Number(process.env.BENCH_PORT ?? 47513)
const HOST = '127.0.0.1'
const BASE = `http://${HOST}:${PORT}`
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const DIST = process.env.BENCH_DIST || undefined
// Read by the mock's config when its module loads: set before the server module is imported.
process.env.MOCK_DELAY_MS = process.env.MOCK_DELAY_MS ?? '300'
const MOCK_DELAY = process.env.MOCK_DELAY_MS

const INSTANCES = '/projects/mock-project/instances'
const SCALE = '/projects/scale-project/instances'
const SLOW = { latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 }
/** Routes whose first-load script bytes are reported. */
const BYTE_ROUTES = [INSTANCES, '/projects', '/projects/mock-project/disks', '/settings/profile']
const DISKS = '/projects/mock-project/disks'
const DISK_FORM = '/projects/mock-project/disks-new'

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
  // A side modal's form: its first field.
  const form = new MutationObserver(() => {
    if (window.__formPaint !== undefined || !document.querySelector('[role="dialog"] form input')) return
    form.disconnect()
    requestAnimationFrame(() => { window.__formPaint = performance.now() })
  })
  form.observe(document, { childList: true, subtree: true })
})()`

// In the page: click Previous, then resolve with the time until the frame after the first row's text
// changed. One evaluate, so no driver round trip is in the figure.
const PAGE_FLIP = `new Promise((resolve, reject) => {
  const firstCell = () => document.querySelector('table[aria-label] tbody tr td:not(:has(input))')
  const before = firstCell()?.textContent
  const prev = [...document.querySelectorAll('nav[aria-label="Pagination"] button')]
    .find((b) => b.textContent.trim() === 'Previous')
  if (!prev || prev.disabled) return reject(new Error('no enabled Previous button'))
  const t0 = performance.now()
  const obs = new MutationObserver(() => {
    const now = firstCell()?.textContent
    if (now === undefined || now === before) return
    obs.disconnect()
    requestAnimationFrame(() => resolve(performance.now() - t0))
  })
  obs.observe(document.body, { childList: true, subtree: true, characterData: true })
  prev.click()
})`

type Target = { label: string; target: number; unit: 'ms' | 'KB' }

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 900 } })
  await context.addInitScript({ content: FIRST_ROW_PROBE })
  const res = await context.request.post('/v1/login/default-silo/local', {
    data: { username: 'fleet-admin', password: 'oxide' },
  })
  if (!res.ok()) throw new Error(`login failed: ${res.status()}`)
  return context
}

/** Which probe a navigation waits for: the first data row's frame, or a side modal form's first field's. */
type Mark = '__firstPaint' | '__formPaint'

async function firstRow(page: Page, path: string, mark: Mark = '__firstPaint'): Promise<number> {
  await page.goto(path, { waitUntil: 'commit' })
  await page.waitForFunction((m) => (window as unknown as Record<string, unknown>)[m] !== undefined, mark, {
    timeout: 120_000,
  })
  return page.evaluate((m) => (window as unknown as Record<string, number>)[m] as number, mark)
}

/** Lets the revalidation a navigation started finish, so the next run starts from a quiet page. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined)
}

async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(
    async () => {
      const reg = await navigator.serviceWorker.getRegistration()
      return navigator.serviceWorker.controller !== null && reg?.active?.state === 'activated'
    },
    null,
    { timeout: 60_000, polling: 200 },
  )
}

async function throttle(page: Page, on: boolean): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send(
    'Network.emulateNetworkConditions',
    on
      ? { offline: false, ...SLOW }
      : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
  )
  return cdp
}

/** Empties IndexedDB from a same-origin page that does not run the app (nothing holds it open). */
async function emptyIndexedDb(page: Page) {
  await page.goto('/manifest.webmanifest')
  await page.evaluate(async () => {
    for (const d of await indexedDB.databases()) {
      if (!d.name) continue
      await new Promise<void>((resolve, reject) => {
        const r = indexedDB.deleteDatabase(d.name as string)
        r.onsuccess = () => resolve()
        r.onerror = () => reject(r.error)
        r.onblocked = () => reject(new Error(`deleting ${d.name} is blocked`))
      })
    }
  })
}

/** Fresh contexts open `path`: ms to the first data row's frame (or to a form's first field's, `mark`). */
async function cold(browser: Browser, path: string, slow = false, mark?: Mark): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext(browser)
    const page = await context.newPage()
    if (slow) await throttle(page, true)
    out.push(await firstRow(page, path, mark))
    await context.close()
  }
  return out
}

/** One warm context: shell-warm, warm and offline reloads of `path`, and slow-warm when asked. */
async function warmSeries(browser: Browser, path: string, withSlow: boolean) {
  const context = await newContext(browser)
  const page = await context.newPage()
  // The first visit fills IndexedDB, installs the service worker and lets it take control.
  await firstRow(page, path)
  await waitForServiceWorker(page)
  await settle(page)
  const shellWarm: number[] = []
  for (let i = 0; i < RUNS; i++) {
    await emptyIndexedDb(page)
    shellWarm.push(await firstRow(page, path))
    await settle(page)
  }
  const warm: number[] = []
  for (let i = 0; i < RUNS; i++) {
    warm.push(await firstRow(page, path))
    await settle(page)
  }
  const slowWarm: number[] = []
  if (withSlow) {
    const cdp = await throttle(page, true)
    for (let i = 0; i < RUNS; i++) {
      slowWarm.push(await firstRow(page, path))
      await settle(page)
    }
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    await cdp.detach()
  }
  await context.setOffline(true)
  const offline: number[] = []
  for (let i = 0; i < RUNS; i++) offline.push(await firstRow(page, path))
  await context.close()
  return { shellWarm, warm, slowWarm, offline }
}

/** Scale-project at 100 rows a page: visit pages 1 and 2, then time flips back to page 1. */
async function pageFlips(browser: Browser): Promise<number[]> {
  const context = await newContext(browser)
  const page = await context.newPage()
  await firstRow(page, `${SCALE}?limit=100`)
  await settle(page)
  const out: number[] = []
  for (let i = 0; i < RUNS; i++) {
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL(/page=/)
    await settle(page)
    out.push((await page.evaluate(PAGE_FLIP)) as number)
    await settle(page)
  }
  await context.close()
  return out
}

/** Script bytes on the wire for a first visit of `path` (fresh context, nothing cached). */
async function scriptBytes(
  browser: Browser,
  path: string,
): Promise<{ scripts: number; files: number; total: number }> {
  const context = await newContext(browser)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const types = new Map<string, string>()
  let scripts = 0
  let files = 0
  let total = 0
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type))
  cdp.on('Network.loadingFinished', (e) => {
    total += e.encodedDataLength
    if (types.get(e.requestId) !== 'Script') return
    scripts += e.encodedDataLength
    files++
  })
  await page.goto(path, { waitUntil: 'networkidle' })
  await context.close()
  return { scripts, files, total }
}

/** Chart render samples (ms): decimated to a 1200 px plot, and the undecimated baseline. */
async function chartRenders(browser: Browser): Promise<{ decimated: number[]; full: number[] }> {
  const { build } = await import('esbuild')
  const bundle = await build({
    entryPoints: [new URL('./chart-entry.tsx', import.meta.url).pathname],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false' },
    tsconfig: new URL('../../tsconfig.json', import.meta.url).pathname,
    // panda's generated modules are .mjs files behind directory imports.
    resolveExtensions: ['.tsx', '.ts', '.mjs', '.js'],
  })
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await page.setContent('<!doctype html><html><body></body></html>')
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' })
  // A first render of each warms the JIT; it is not counted.
  const run = (width: number, runs: number) =>
    page.evaluate(([w, n]) => window.chartBench(w as number, n as number), [width, runs])
  await run(1200, 2)
  const decimated = await run(1200, RUNS * 2)
  await run(20_000, 1)
  const full = await run(20_000, RUNS)
  await context.close()
  return { decimated, full }
}

declare global {
  interface Window {
    chartBench: (plotWidth: number, runs: number) => number[]
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return (s.length % 2 ? s[m] : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2) ?? 0
}

async function portTaken(): Promise<boolean> {
  try {
    await fetch(`${BASE}/`)
    return true
  } catch {
    return false
  }
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

function printChart(chart: { decimated: number[]; full: number[] }) {
  const m = median(chart.decimated)
  const f = median(chart.full)
  console.log(
    `\nChart render (7 days of 1-minute points, 3 x 10,080, Chromium): median ${m.toFixed(1)} ms per render (min ${Math.min(...chart.decimated).toFixed(1)}, max ${Math.max(...chart.decimated).toFixed(1)}; target < 100 ms, median / target ${(m / 100).toFixed(2)}); without decimation ${f.toFixed(1)} ms; decimated / undecimated ${(m / f).toFixed(2)}`,
  )
}

type ProfileNode = { id: number; callFrame: { url: string; functionName: string } }
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number }

/** Warm reloads under the CPU profiler: ms per bucket (script chunk, renderer work, idle), medians. */
async function profileWarm(browser: Browser) {
  const context = await newContext(browser)
  const page = await context.newPage()
  await firstRow(page, INSTANCES)
  await waitForServiceWorker(page)
  await settle(page)
  await firstRow(page, INSTANCES)
  await settle(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  const runs: { buckets: Map<string, number>; milestones: Record<string, number> }[] = []
  for (let i = 0; i < RUNS; i++) {
    await cdp.send('Profiler.start')
    const firstPaint = await firstRow(page, INSTANCES)
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
    const milestones: Record<string, number> = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      const scripts = performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.js')) as PerformanceResourceTiming[]
      const w = window as unknown as { __firstRow: number }
      return {
        'HTML answered': nav.responseEnd,
        'DOM interactive': nav.domInteractive,
        'last script answered': Math.max(
          0,
          ...scripts.filter((s) => s.responseEnd < w.__firstRow).map((s) => s.responseEnd),
        ),
        'first row in the DOM': w.__firstRow,
      }
    })
    milestones['frame after the first row'] = firstPaint
    // The profile runs from just before the navigation (the old page's unload, a few ms) to the frame
    // after the first row.
    const byId = new Map(profile.nodes.map((n) => [n.id, n]))
    const buckets = new Map<string, number>()
    profile.samples.forEach((id, k) => {
      const node = byId.get(id)
      if (!node) return
      const url = node.callFrame.url
      const name = url
        ? `script ${url.replace(/^.*\/assets\//, '').replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js')}`
        : node.callFrame.functionName === '(idle)'
          ? 'idle (waiting)'
          : `renderer ${node.callFrame.functionName || '(anonymous)'}`
      buckets.set(name, (buckets.get(name) ?? 0) + (profile.timeDeltas[k] ?? 0) / 1000)
    })
    runs.push({ buckets, milestones })
    await settle(page)
  }
  await context.close()
  return runs
}

function printProfile(runs: Awaited<ReturnType<typeof profileWarm>>) {
  const med = (xs: number[]) => median(xs).toFixed(0)
  console.log(
    `\nWarm reload of ${INSTANCES}, milestones (ms from navigation start, median of ${runs.length}):`,
  )
  for (const key of Object.keys(runs[0]?.milestones ?? {}))
    console.log(`| ${key} | ${med(runs.map((r) => r.milestones[key] ?? 0))} ms |`)
  const names = new Set(runs.flatMap((r) => [...r.buckets.keys()]))
  const rows = [...names]
    .map((n) => ({ n, ms: median(runs.map((r) => r.buckets.get(n) ?? 0)) }))
    .sort((a, b) => b.ms - a.ms)
  const total = rows.reduce((a, r) => a + r.ms, 0)
  console.log(`\nCPU profile of the profiled window (median ms per bucket; total ${total.toFixed(0)} ms):`)
  console.log('| bucket | ms | share |')
  console.log('| --- | --- | --- |')
  for (const r of rows.filter((x) => x.ms >= 1).slice(0, 25))
    console.log(`| ${r.n} | ${r.ms.toFixed(1)} | ${((100 * r.ms) / total).toFixed(0)}% |`)
}

/** First-visit script bytes per route (fresh context, until the network is idle). */
async function printRouteBytes(
  browser: Browser,
  instances?: { scripts: number; files: number; total: number },
) {
  console.log('\nFirst visit, bytes on the wire per route (fresh context, until the network is idle):')
  console.log('| route | scripts | script files | everything |')
  console.log('| --- | --- | --- | --- |')
  for (const route of BYTE_ROUTES) {
    const b = route === INSTANCES && instances ? instances : await scriptBytes(browser, route)
    console.log(
      `| ${route} | ${(b.scripts / 1000).toFixed(1)} KB | ${b.files} | ${(b.total / 1000).toFixed(1)} KB |`,
    )
  }
}

/** BENCH_ONLY=first: the first-visit figures alone (bytes per route, the slow-link first visit). */
async function printFirstVisit(browser: Browser) {
  await printRouteBytes(browser)
  const slow = await cold(browser, INSTANCES, true)
  console.log(
    `\nslow link: first visit of ${INSTANCES}: median ${Math.round(median(slow))} ms (min ${Math.round(Math.min(...slow))}, max ${Math.round(Math.max(...slow))}; target 5000 ms; ${RUNS} runs, mock delay ${MOCK_DELAY} ms)`,
  )
  const list = await cold(browser, DISKS, true)
  const form = await cold(browser, DISK_FORM, true, '__formPaint')
  console.log(
    `slow link: first visit of ${DISK_FORM}: form's first field at median ${Math.round(median(form))} ms (min ${Math.round(Math.min(...form))}, max ${Math.round(Math.max(...form))}); the list's first row of ${DISKS} at ${Math.round(median(list))} ms in the same run (form/list ${(median(form) / median(list)).toFixed(2)})`,
  )
}

/** Runs `work` against the production build served in-process, then stops both. */
async function withServerAndBrowser(work: (browser: Browser) => Promise<void>) {
  // Never measure someone else's server.
  if (await portTaken()) throw new Error(`${BASE} is already in use: set BENCH_PORT to a free port`)
  const { startServer } = await import('../../mocks/server')
  const server = await startServer({ port: PORT, host: HOST, dist: DIST, build: DIST === undefined })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
  try {
    await work(browser)
  } finally {
    await browser.close()
    await server.close()
  }
}

async function main() {
  if (process.env.BENCH_ONLY === 'profile') {
    await withServerAndBrowser(async (browser) => printProfile(await profileWarm(browser)))
    return
  }
  if (process.env.BENCH_ONLY === 'first') {
    await withServerAndBrowser(printFirstVisit)
    return
  }
  if (process.env.BENCH_ONLY === 'chart') {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    })
    try {
      printChart(await chartRenders(browser))
    } finally {
      await browser.close()
    }
    return
  }
  // Never measure someone else's server.
  if (await portTaken()) throw new Error(`${BASE} is already in use: set BENCH_PORT to a free port`)
  const { startServer } = await import('../../mocks/server')
  const server = await startServer({ port: PORT, host: HOST, dist: DIST, build: DIST === undefined })
  let browser: Browser | undefined
  process.on('SIGINT', () => {
    void server.close().finally(() => process.exit(130))
  })
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    })
    // One throw-away visit so the first cold run does not pay for the server's first requests.
    {
      const context = await newContext(browser)
      const page = await context.newPage()
      await firstRow(page, INSTANCES)
      await firstRow(page, SCALE)
      await context.close()
    }

    const results: { row: Target; samples: number[] }[] = []
    const add = (label: string, target: number, samples: number[], unit: Target['unit'] = 'ms') =>
      results.push({ row: { label, target, unit }, samples })

    const c = await cold(browser, INSTANCES)
    const w = await warmSeries(browser, INSTANCES, true)
    add('warm reload', 150, w.warm)
    add('offline reload', 150, w.offline)
    add('cold (fresh profile)', 1000, c)
    add('shell-warm (HTTP+SW warm, IndexedDB empty)', 0, w.shellWarm)
    const bytes = await scriptBytes(browser, INSTANCES)
    add('first visit: scripts on the wire', 150, [bytes.scripts / 1000], 'KB')
    add('slow link: first visit', 5000, await cold(browser, INSTANCES, true))
    add('slow link: warm reload', 400, w.slowWarm)
    add('scale-project: flip to a visited page', 50, await pageFlips(browser))
    const sc = await cold(browser, SCALE)
    const sw = await warmSeries(browser, SCALE, false)
    add('scale-project page 1: cold', 0, sc)
    add('scale-project page 1: warm', 0, sw.warm)
    add('scale-project page 1: offline', 0, sw.offline)
    add('disks list: cold (reference for the form)', 0, await cold(browser, DISKS))
    add('form by URL (disks-new): cold', 0, await cold(browser, DISK_FORM, false, '__formPaint'))
    add(
      'slow link: form by URL (disks-new), first visit',
      0,
      await cold(browser, DISK_FORM, true, '__formPaint'),
    )
    const chart = await chartRenders(browser)
    add('chart render: 7 days x 3 series, decimated', 100, chart.decimated)
    add('chart render: the same, undecimated (baseline)', 0, chart.full)

    console.log(`\nRack Console bench: median of ${RUNS} runs, ${new Date().toISOString()}`)
    console.log(
      `server ${BASE} (${DIST ?? 'dist/'}), mock delay ${MOCK_DELAY} ms per /v1 call (fixed for the run), chromium ${browser.version()}`,
    )
    console.log(
      `times: navigation start -> the frame after the first data row of ${INSTANCES} unless named\n`,
    )
    console.log(`| figure | median | min | max | target | median / target |`)
    console.log(`| --- | --- | --- | --- | --- | --- |`)
    for (const { row, samples } of results) {
      const fmt = (x: number) => (row.unit === 'KB' ? `${x.toFixed(1)} KB` : `${Math.round(x)} ms`)
      const m = median(samples)
      const target = row.target ? `<= ${fmt(row.target)}` : '(reference)'
      const ratio = row.target ? (m / row.target).toFixed(2) : ''
      console.log(
        `| ${row.label} | ${fmt(m)} | ${fmt(Math.min(...samples))} | ${fmt(Math.max(...samples))} | ${target} | ${ratio} |`,
      )
    }
    const cm = median(c)
    console.log(
      `\nratios in this run: warm/cold ${(median(w.warm) / cm).toFixed(2)}, offline/cold ${(median(w.offline) / cm).toFixed(2)}, shell-warm/cold ${(median(w.shellWarm) / cm).toFixed(2)}, warm/shell-warm ${(median(w.warm) / median(w.shellWarm)).toFixed(2)} (the data cache's own gain)`,
    )

    await printRouteBytes(browser, bytes)
    printChart(chart)
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
