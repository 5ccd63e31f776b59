// Offline-first behaviour against `npm start` (production build, real service worker, mock API over
// HTTP): cached first paint offline, disabled writes with their reason, revalidation on reconnect,
// the sign-out wipe of IndexedDB, deep links offline, and forms keeping their input on a network
// failure. Read-only on seeded data: other tests share the server.
import { expect, type Page, test } from '@playwright/test'
import { login, SW, waitForServiceWorker } from './helpers'

const INSTANCES = '/projects/mock-project/instances'
/** A seeded, running instance of mock-project that no test changes. */
const ANCHOR = 'db1'

/** Records per IndexedDB database of the origin (every store counted). */
function countRecords(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const req = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error)
      })
    const out: Record<string, number> = {}
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await req(indexedDB.open(info.name))
      const stores = [...db.objectStoreNames]
      let n = 0
      if (stores.length > 0) {
        const tx = db.transaction(stores, 'readonly')
        for (const s of stores) n += await req(tx.objectStore(s).count())
      }
      db.close()
      out[info.name] = n
    }
    return out
  })
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0)

function instancesTable(page: Page) {
  return page.getByRole('table', { name: 'Instances' })
}

/** Data rows only (the header row has column headers, not cells). */
function dataRows(page: Page) {
  return instancesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
}

test.describe('offline', () => {
  test(
    'the instances list paints from cache offline, writes say why they are disabled, and reconnecting revalidates',
    SW,
    async ({ page, context }) => {
      test.slow()
      await login(page)
      await page.goto(INSTANCES)
      await expect(instancesTable(page).getByRole('cell', { name: ANCHOR, exact: true })).toBeVisible()
      await waitForServiceWorker(page)
      const onlineCount = await dataRows(page).count()
      expect(onlineCount).toBeGreaterThan(1)
      const status = page.getByRole('status').filter({ hasText: 'You are offline' })
      await expect(status).toHaveCount(0)

      await context.setOffline(true)
      // Timing is the bench's business (`npm run bench`), never a pass/fail threshold here: the first
      // paint is only logged, on the page's own clock from its navigation start.
      await page.addInitScript(`new MutationObserver((_, obs) => {
      if ([...document.querySelectorAll('td')].some((td) => td.textContent === ${JSON.stringify(ANCHOR)})) {
        window.__firstRowAt = performance.now()
        obs.disconnect()
      }
    }).observe(document, { childList: true, subtree: true })`)
      await page.reload({ waitUntil: 'commit' })
      await expect(instancesTable(page).getByRole('cell', { name: ANCHOR, exact: true })).toBeVisible()
      const inPage = await page.evaluate(() =>
        Math.round((window as { __firstRowAt?: number }).__firstRowAt ?? -1),
      )
      test.info().annotations.push({ type: 'timing', description: `first row offline after ${inPage} ms` })
      console.log(`offline: first row in the DOM ${inPage} ms after navigation start`)
      await expect(dataRows(page)).toHaveCount(onlineCount)

      // The connectivity indicator and the cache status.
      await expect(status).toBeVisible()
      await expect(page.getByText(/^Cached \d+ (s|min) ago · Updated \d\d:\d\d:\d\d$/)).toBeVisible()
      const offlineStamp = await page.getByText(/Updated \d\d:\d\d:\d\d/).textContent()
      const updatedBefore = offlineStamp?.match(/Updated (\d\d:\d\d:\d\d)/)?.[1]
      expect(updatedBefore).toBeDefined()

      // Writes: listed, aria-disabled, with the reason as description and as tooltip.
      await page.getByRole('button', { name: `Actions for ${ANCHOR}` }).click()
      // Serial console is no write, but it needs the connection as much.
      for (const label of ['Stop', 'Delete', 'Serial console']) {
        const item = page.getByRole('menuitem', { name: label })
        await expect(item).toHaveAttribute('aria-disabled', 'true')
        await expect(item).toHaveAccessibleDescription('You are offline')
      }
      await page.getByRole('menuitem', { name: 'Stop' }).hover()
      await expect(page.getByRole('tooltip')).toHaveText('You are offline')
      // Choosing it does nothing: no confirmation dialog opens.
      await page.keyboard.press('Enter') // the hovered item is the highlighted one
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('menu')).toHaveCount(0)

      // Back online: the view revalidates by itself and the indicator goes.
      const refetch = page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/instances')
      // The "Updated" time has a resolution of one second: reconnect once the page's clock shows
      // another second than the stamp, so a revalidation is bound to change it.
      await expect
        .poll(() =>
          page.evaluate(() =>
            new Intl.DateTimeFormat('en-GB', {
              hour: '2-digit',
              minute: '2-digit',
              second: '2-digit',
            }).format(new Date()),
          ),
        )
        .not.toBe(updatedBefore)
      await context.setOffline(false)
      await refetch
      await expect(status).toHaveCount(0)
      await expect(page.getByText(/^Cached /)).toHaveCount(0)
      await expect
        .poll(async () => (await page.getByText(/^Updated \d\d:\d\d:\d\d$/).textContent())?.slice(8))
        .not.toBe(updatedBefore)
      await expect(instancesTable(page).getByRole('cell', { name: ANCHOR, exact: true })).toBeVisible()
    },
  )

  test('signing out leaves zero records in every IndexedDB database and lands on the login page', async ({
    page,
  }) => {
    await login(page)
    await page.goto(INSTANCES)
    await expect(instancesTable(page).getByRole('cell', { name: ANCHOR, exact: true })).toBeVisible()
    await expect
      .poll(async () => total(await countRecords(page)), { message: 'the cache is filled' })
      .toBeGreaterThan(0)

    await page.getByRole('button', { name: /^User menu for / }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login(\/|$|\?)/)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    const counts = await countRecords(page)
    expect(counts, 'records left per database').toEqual(
      Object.fromEntries(Object.keys(counts).map((name) => [name, 0])),
    )
  })

  test('a deep link loads offline after one visit to the app', SW, async ({ page, context }) => {
    await login(page)
    await page.goto('/projects')
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
    await waitForServiceWorker(page)

    await context.setOffline(true)
    await page.goto('/projects/mock-project/disks')
    await expect(page.getByRole('heading', { name: 'Disks', level: 1 })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0)
    // Nothing cached for the list: it says so, never that the project has no disks.
    const main = page.getByRole('main')
    await expect(
      main.getByText('Disks are not cached on this device yet. They show here once the connection is back.'),
    ).toBeVisible()
    await expect(main.getByText('No disks')).toHaveCount(0)
    await expect(main.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0)
    // The same on a list reached from the sidebar.
    await page.getByRole('link', { name: 'Snapshots', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Snapshots', level: 1 })).toBeVisible()
    await expect(
      main.getByText('Snapshots are not cached on this device yet.', { exact: false }),
    ).toBeVisible()
    await expect(main.getByText('No snapshots')).toHaveCount(0)
  })

  test('a page whose code does not arrive keeps the shell, says why, and loads when asked again', async ({
    page,
  }) => {
    await login(page)
    let arrives = false
    await page.route(/\/assets\/FloatingIpsPage-[^/]*\.js$/, (route) =>
      arrives ? route.continue() : route.abort('internetdisconnected'),
    )
    await page.goto('/projects/mock-project/instances')
    await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible()
    const main = page.getByRole('main')
    const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' })

    // Online, a dropped request: the shell stays (breadcrumbs, sidebar), Try again asks again.
    await page.getByRole('link', { name: 'Floating IPs', exact: true }).click()
    await expect(main.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
    await expect(breadcrumbs).toContainText('Floating IPs')
    arrives = true
    await main.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { name: 'Floating IPs', level: 1 })).toBeVisible()
    await expect(page.getByRole('cell', { name: 'cola-float', exact: true })).toBeVisible()
  })

  test('offline, a page whose code is not on the device says so and opens when the connection is back', async ({
    page,
    context,
  }) => {
    await login(page)
    await page.route(/\/assets\/VpcsPage-[^/]*\.js$/, (route) => route.abort('internetdisconnected'))
    await page.goto('/projects/mock-project/instances')
    await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible()
    await context.setOffline(true)
    await page.getByRole('link', { name: 'VPCs', exact: true }).click()
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: 'You are offline' })).toBeVisible()
    await expect(main).toContainText(
      'This page is not on this device yet. It opens once the connection is back.',
    )
    await page.unrouteAll()
    await context.setOffline(false)
    await expect(page.getByRole('heading', { name: 'VPCs', level: 1 })).toBeVisible()
  })

  test('a form whose submit failed for the network keeps what was typed and says why', async ({
    page,
    context,
  }) => {
    await page.goto('/login/default-silo/local')
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await context.setOffline(true)
    await page.getByLabel('Username').fill('fleet-admin')
    await page.getByLabel('Password').fill('oxide')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('You are offline')
    await expect(page.getByLabel('Username')).toHaveValue('fleet-admin')
    await expect(page).toHaveURL(/\/login\/default-silo\/local/)
  })
})
