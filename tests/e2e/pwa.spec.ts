// The installable PWA against `npm start`: web manifest and icons, the service worker's activation
// and control, no API response in Cache Storage, the CSP with no violation, and the update flow
// (no reload loop; a new version waits for the user's Reload and reloads once).
// Mock mode never registers this worker: that is checked by the mock-mode spec.
import { expect, test } from '@playwright/test'
import { login, SW, waitForServiceWorker } from './helpers'

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1'), 'PNG signature').toBe('PNG')
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) }
}

test.describe('PWA', SW, () => {
  test('the web manifest is linked and served, with its icons', async ({ page }) => {
    await page.goto('/login/default-silo/local')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBeTruthy()
    const res = await page.request.get(href ?? '')
    expect(res.status()).toBe(200)
    const manifest = (await res.json()) as {
      name: string
      short_name: string
      start_url: string
      display: string
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>
    }
    expect(manifest).toMatchObject({
      name: 'Rack Console',
      short_name: 'Rack',
      start_url: '/projects',
      display: 'standalone',
    })
    const wanted = [
      { sizes: '192x192', purpose: undefined, px: 192 },
      { sizes: '512x512', purpose: undefined, px: 512 },
      { sizes: '512x512', purpose: 'maskable', px: 512 },
    ]
    for (const w of wanted) {
      const icon = manifest.icons.find((i) => i.sizes === w.sizes && i.purpose === w.purpose)
      expect(icon, `icon ${w.sizes} ${w.purpose ?? 'any'}`).toBeDefined()
      expect(icon?.type).toBe('image/png')
      const img = await page.request.get(icon?.src ?? '')
      expect(img.status(), icon?.src).toBe(200)
      expect(img.headers()['content-type']).toContain('image/png')
      expect(pngSize(await img.body())).toEqual({ width: w.px, height: w.px })
    }
  })

  test('the service worker activates, controls the page, and caches no API response', async ({ page }) => {
    await login(page)
    await page.goto('/projects/mock-project/instances')
    await expect(page.getByRole('cell', { name: 'db1', exact: true })).toBeVisible()
    await waitForServiceWorker(page)
    const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
    expect(new URL(scriptURL ?? '').pathname).toBe('/sw.js')
    // Visit a second screen too, so API answers have had every chance to be cached.
    await page.goto('/projects')
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()

    const cached = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        for (const req of await cache.keys()) urls.push(new URL(req.url).pathname)
      }
      return urls
    })
    // The precache holds the shell...
    expect(cached).toContain('/index.html')
    expect(cached.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true)
    // ...and never an API answer (those live in IndexedDB, scoped to the user).
    expect(cached.filter((u) => /^\/(v1|experimental)\//.test(u))).toEqual([])
    expect(cached).not.toContain('/mockServiceWorker.js')
    // ...nor what no route needs offline: maps, precompressed siblings, the installer's PNG icons.
    expect(cached.filter((u) => /\.(map|br|gz|png)$/.test(u))).toEqual([])
  })

  test('the service worker registers only after the first screen has painted', async ({ page }) => {
    // Records what was on screen when the app asked to register a worker (the precache downloads
    // start right after): the list's rows and no loading region, or the download competed with them.
    // A busy button is not a loading region (first-screen.ts): a list's Refresh is busy during each
    // background revalidation, whatever the worker does.
    await page.addInitScript(() => {
      const w = window as unknown as { __swAt?: { rows: number; busy: string[] } }
      const register = ServiceWorkerContainer.prototype.register
      ServiceWorkerContainer.prototype.register = function (
        this: ServiceWorkerContainer,
        ...args: Parameters<ServiceWorkerContainer['register']>
      ) {
        w.__swAt ??= {
          rows: document.querySelectorAll('table[aria-label="Instances"] tbody td').length,
          // Named, so a failure says which region was still loading.
          busy: [...document.querySelectorAll('[aria-busy="true"]:not(button)')].map(
            (e) =>
              `${e.tagName.toLowerCase()} ${e.getAttribute('aria-label') ?? e.textContent?.slice(0, 40)}`,
          ),
        }
        return register.apply(this, args)
      }
    })
    await login(page)
    await page.goto('/projects/mock-project/instances')
    await expect(page.getByRole('cell', { name: 'db1', exact: true })).toBeVisible()
    await waitForServiceWorker(page)
    const at = await page.evaluate(() => (window as unknown as { __swAt?: unknown }).__swAt)
    expect(at, 'the app registered the worker').toBeDefined()
    expect(at).toMatchObject({ busy: [] })
    expect((at as { rows: number }).rows, 'rows on screen when the worker registered').toBeGreaterThan(0)
  })

  test('hashed files outside the precache are cached on first use and served offline', async ({
    page,
    context,
  }) => {
    await login(page)
    await page.goto('/projects')
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
    await waitForServiceWorker(page)
    // A query string keeps the precache from answering: the request reaches the run-time route, as
    // a rare route's chunk (left out of the precache) does.
    const src = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[src]')?.src)
    const asset = `${new URL(src ?? '').pathname}?runtime=1`
    const fetchStatus = (url: string) => page.evaluate((u) => fetch(u).then((r) => r.status), url)
    const inRuntimeCache = () =>
      page.evaluate(async () => {
        const cache = await caches.open('rack-assets')
        return (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search)
      })
    expect(await fetchStatus(asset)).toBe(200)
    expect(await fetchStatus('/assets/no-such-chunk-0000.js')).toBe(404)
    expect(await inRuntimeCache()).toEqual([asset])

    await context.setOffline(true)
    expect(await fetchStatus(asset), 'served from the cache offline').toBe(200)
    await context.setOffline(false)
  })

  test('the app runs under its Content-Security-Policy with no violation', async ({ page }) => {
    const consoleErrors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/.test(m.text()))
        consoleErrors.push(m.text())
    })
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] }
      w.__csp = []
      document.addEventListener('securitypolicyviolation', (e) => {
        w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`)
      })
    })
    const violations = () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)

    const res = await page.goto('/login/default-silo/local')
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'")
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveCount(1)
    await login(page)
    await page.goto('/projects/mock-project/instances')
    await expect(page.getByRole('cell', { name: 'db1', exact: true })).toBeVisible()
    // Menus and tooltips position themselves with inline styles: open one of each.
    await page.getByRole('button', { name: 'Actions for db1' }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: /^User menu for / }).click()
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
    await page.keyboard.press('Escape')
    await waitForServiceWorker(page)
    await page.reload()
    await expect(page.getByRole('cell', { name: 'db1', exact: true })).toBeVisible()

    expect(await violations()).toEqual([])
    expect(consoleErrors).toEqual([])

    // The watch works: an inline script is refused and reported.
    await page.evaluate(() => {
      const s = document.createElement('script')
      s.textContent = 'window.__inlineRan = true'
      document.body.append(s)
    })
    // (Reported once per policy in force: the header's and the meta tag's.)
    await expect.poll(async () => (await violations()).length).toBeGreaterThan(0)
    expect(new Set(await violations())).toEqual(new Set(['script-src-elem inline']))
    expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined()
  })

  test('registering the worker does not reload the page, and the first visit is not reloaded later', async ({
    page,
  }) => {
    let navigations = 0
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations++
    })
    await login(page)
    await page.goto('/projects')
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
    const origin = await page.evaluate(() => performance.timeOrigin)
    await waitForServiceWorker(page)
    await page.waitForTimeout(4000)
    expect(navigations).toBe(1)
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(origin)
    await expect(page.getByText('A new version is available')).toHaveCount(0)
  })

  test('a new version waits for Reload, then takes over with exactly one reload', async ({ page }) => {
    await login(page)
    await page.goto('/projects')
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
    await waitForServiceWorker(page)
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)

    let navigations = 0
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations++
    })
    // A new version: the same scope gets a worker from another script URL (same code), which
    // installs and then waits, exactly as a deployed update does. (Playwright cannot rewrite the
    // browser's own update check of /sw.js.)
    await page.evaluate(() =>
      navigator.serviceWorker.register('/sw.js?next=1', { scope: '/' }).then(() => undefined),
    )
    const toast = page.getByText('A new version is available')
    await expect(toast).toBeVisible({ timeout: 20_000 })
    // Waiting: the old worker still controls the page, and nothing reloaded.
    await page.waitForTimeout(1000)
    expect(navigations).toBe(0)
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker)

    await page.getByRole('button', { name: 'Reload' }).click()
    await expect.poll(() => navigations, { timeout: 20_000 }).toBe(1)
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/sw\.js\?next=1$/,
    )
    // No loop: nothing reloads again by itself.
    await page.waitForTimeout(3000)
    expect(navigations, 'one reload, no loop').toBe(1)
  })
})
