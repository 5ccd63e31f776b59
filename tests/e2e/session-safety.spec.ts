// Session safety (issue 9) against `npm start` (production build, real service worker, mock API over
// HTTP): a sign-out the server never heard of, a shared laptop reopened offline, and a form whose
// session expired while it was being filled. Every test signs in with its own session.
import { expect, type Page, test } from '@playwright/test'
import { DEMO_PASSWORD, login, SW, waitForServiceWorker } from './helpers'

const INSTANCES = '/projects/mock-project/instances'
/** A seeded, running instance of mock-project that no test changes. */
const ANCHOR = 'db1'
const LOGIN = '/login/default-silo/local'
const PENDING_NOTICE =
  'You are signed out here, but the server could not be reached: your session may still be active. It will be ended when the connection is back.'

// Tracing records every step; these tests reload offline and count records, keep it light.
test.use({ trace: 'off' })

/** Records in every IndexedDB database of the origin (all stores). */
function countRecords(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const req = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error)
      })
    let n = 0
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await req(indexedDB.open(info.name))
      const stores = [...db.objectStoreNames]
      if (stores.length > 0) {
        const tx = db.transaction(stores, 'readonly')
        for (const s of stores) n += await req(tx.objectStore(s).count())
      }
      db.close()
    }
    return n
  })
}

const anchorCell = (page: Page) =>
  page.getByRole('table', { name: 'Instances' }).getByRole('cell', { name: ANCHOR, exact: true })

async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: /^User menu for / }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
}

/** Counts /v1/me requests from the page from now on. */
function countMeRequests(page: Page) {
  const seen = { n: 0 }
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/v1/me') seen.n++
  })
  return seen
}

test.describe('sign-out that cannot reach the server', () => {
  test(
    'offline: wipes, says the session may be active, stays signed out across reloads and ends the session on reconnect',
    SW,
    async ({ page, context }) => {
      test.slow()
      await login(page)
      await page.goto('/projects')
      await expect(page.getByRole('link', { name: 'mock-project', exact: true })).toBeVisible()
      await waitForServiceWorker(page)
      await expect.poll(() => countRecords(page), { message: 'the cache is filled' }).toBeGreaterThan(0)

      await context.setOffline(true)
      await signOutFromMenu(page)
      await expect(page).toHaveURL(new RegExp(`${LOGIN}$`))
      await expect(page.getByText(PENDING_NOTICE)).toBeVisible()
      expect(await countRecords(page)).toBe(0)

      // A reload, and a signed-in address, still show the login page: nothing asks who is signed in.
      const me = countMeRequests(page)
      await page.reload()
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
      await expect(page.getByText(PENDING_NOTICE)).toBeVisible()
      await page.goto('/projects')
      await expect(page).toHaveURL(new RegExp(`${LOGIN}$`))
      await expect(page.getByText(PENDING_NOTICE)).toBeVisible()
      expect(me.n).toBe(0)
      expect(await countRecords(page)).toBe(0)

      // The link comes back: the logout goes out by itself and the notice goes once it is done.
      const logout = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/logout')
      await context.setOffline(false)
      expect((await logout).status()).toBe(204)
      await expect(page.getByText(PENDING_NOTICE)).toHaveCount(0)
      expect(me.n).toBe(0)
      expect((await page.request.get('/v1/me')).status()).toBe(401)
    },
  )

  test('logout answering 503: the next start retries it, and only its success ends the pending state', async ({
    page,
  }) => {
    const isLogout = (url: URL) => url.pathname === '/v1/logout'
    await page.route(isLogout, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ request_id: 'e2e', error_code: 'ServiceUnavailable', message: 'down' }),
      }),
    )
    await login(page)
    await page.goto(INSTANCES)
    await expect(anchorCell(page)).toBeVisible()
    await expect.poll(() => countRecords(page)).toBeGreaterThan(0)

    await signOutFromMenu(page)
    await expect(page).toHaveURL(new RegExp(`${LOGIN}$`))
    await expect(page.getByText(PENDING_NOTICE)).toBeVisible()
    expect(await countRecords(page)).toBe(0)

    // Still failing: a reload of a signed-in page is the login page, and the user is not signed in.
    const me = countMeRequests(page)
    const failedRetry = page.waitForResponse((r) => isLogout(new URL(r.url())))
    await page.goto(INSTANCES)
    expect((await failedRetry).status()).toBe(503)
    await expect(page).toHaveURL(new RegExp(`${LOGIN}$`))
    await expect(page.getByText(PENDING_NOTICE)).toBeVisible()
    await expect(anchorCell(page)).toHaveCount(0)
    expect(me.n).toBe(0)

    // The server answers again: the next start ends the session for real.
    await page.unroute(isLogout)
    const retry = page.waitForResponse((r) => isLogout(new URL(r.url())))
    await page.reload()
    expect((await retry).status()).toBe(204)
    await expect(page.getByText(PENDING_NOTICE)).toHaveCount(0)
    expect((await page.request.get('/v1/me')).status()).toBe(401)
    expect(me.n).toBe(0)
  })
})

test.describe('shared laptop: a new browser session opened offline', SW, () => {
  async function cacheThenNewBrowserSessionOffline(
    page: Page,
    context: import('@playwright/test').BrowserContext,
  ) {
    await login(page)
    await page.goto(INSTANCES)
    await expect(anchorCell(page)).toBeVisible()
    await waitForServiceWorker(page)
    await expect.poll(() => countRecords(page)).toBeGreaterThan(0)
    // Closing the browser ends its session cookies; the cache in IndexedDB stays.
    await context.clearCookies()
    await context.setOffline(true)
    await page.reload()
  }

  test('shows no cached row until the user confirms whose data it is; "continue" then shows it', async ({
    page,
    context,
  }) => {
    test.slow()
    await cacheThenNewBrowserSessionOffline(page, context)
    await expect(page.getByRole('heading', { name: 'Continue as fleet-admin?' })).toBeVisible()
    await expect(page.getByText(/console data cached for fleet-admin/)).toBeVisible()
    await expect(anchorCell(page)).toHaveCount(0)
    expect(await countRecords(page)).toBeGreaterThan(0)

    await page.getByRole('button', { name: 'Continue as fleet-admin' }).click()
    await expect(anchorCell(page)).toBeVisible()
  })

  test('"sign out" on the confirmation leaves zero IndexedDB records', async ({ page, context }) => {
    test.slow()
    await cacheThenNewBrowserSessionOffline(page, context)
    await expect(page.getByRole('heading', { name: 'Continue as fleet-admin?' })).toBeVisible()
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(new RegExp(`${LOGIN}$`))
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    expect(await countRecords(page)).toBe(0)
    await expect(anchorCell(page)).toHaveCount(0)
  })
})

test.describe('unsaved input across an expired session', () => {
  test('the SSH key form keeps what was typed through the sign-in round trip', async ({ page }) => {
    await login(page)
    await page.goto('/settings/ssh-keys-new')
    const name = page.getByRole('textbox', { name: 'Name' })
    const key = page.getByRole('textbox', { name: 'Public key' })
    await name.fill('draft-kept')
    await key.fill('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDraftKeptAcrossSignIn e2e@laptop')

    // The session ends on the server (the cookie goes with it): the next call answers 401. That is
    // the submit's, or a background read's that goes first (ci36 saw one): either way the form's
    // values are saved and the page goes to sign-in.
    expect((await page.request.post('/v1/logout')).status()).toBe(204)
    await page
      .getByRole('button', { name: 'Add SSH key' })
      .click({ timeout: 5_000 })
      .catch(() => undefined)
    await expect(page).toHaveURL(`${LOGIN}?redirect_uri=${encodeURIComponent('/settings/ssh-keys-new')}`)

    await page.getByLabel('Username').fill('fleet-admin')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/settings\/ssh-keys-new$/)
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('draft-kept')
    await expect(page.getByRole('textbox', { name: 'Public key' })).toHaveValue(
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDraftKeptAcrossSignIn e2e@laptop',
    )
    // Restored once: nothing of it is left in storage.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('draft')))).toEqual(
      [],
    )
  })
})

/** The scopes ([userId, siloId] as JSON) of every cache entry of the origin. */
function cachedScopes(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('rack-console-cache')
      r.onsuccess = () => resolve(r.result)
      r.onerror = () => reject(r.error)
    })
    const all = await new Promise<{ scope: string }[]>((resolve, reject) => {
      const q = db.transaction('entries').objectStore('entries').getAll()
      q.onsuccess = () => resolve(q.result as { scope: string }[])
      q.onerror = () => reject(q.error)
    })
    db.close()
    return [...new Set(all.map((e) => e.scope))]
  })
}

test.describe('two tabs of one browser', () => {
  test('signing out in one sends the other to sign-in with its way back and its input kept; no answer stays in the HTTP cache', async ({
    page,
    context,
  }) => {
    const answered = new Set<string>()
    context.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/v1/') && r.request().method() === 'GET' && r.ok())
        answered.add(r.url())
    })
    await login(page)
    await page.goto(INSTANCES)
    await expect(anchorCell(page)).toBeVisible()
    const other = await context.newPage()
    await other.goto('/settings/ssh-keys-new')
    await other.getByRole('textbox', { name: 'Name' }).fill('typed-in-the-other-tab')

    await signOutFromMenu(page)
    await expect(page).toHaveURL(new RegExp(`${LOGIN}$`))
    await expect(other).toHaveURL(`${LOGIN}?redirect_uri=${encodeURIComponent('/settings/ssh-keys-new')}`)
    expect(await countRecords(page)).toBe(0)
    // The browser's own HTTP cache, which no sign-out can wipe, holds none of the user's answers.
    expect(answered.size).toBeGreaterThan(3)
    const stored = await page.evaluate(
      async (urls) => {
        const hits: string[] = []
        for (const url of urls) {
          const res = await fetch(url, { cache: 'only-if-cached', mode: 'same-origin' }).catch(() => null)
          if (res) hits.push(url)
        }
        return hits
      },
      [...answered],
    )
    expect(stored).toEqual([])

    await other.getByLabel('Username').fill('fleet-admin')
    await other.getByLabel('Password').fill(DEMO_PASSWORD)
    await other.getByRole('button', { name: 'Sign in' }).click()
    await expect(other).toHaveURL(/\/settings\/ssh-keys-new$/)
    await expect(other.getByRole('textbox', { name: 'Name' })).toHaveValue('typed-in-the-other-tab')
  })

  test('another user signing in in one tab turns the other into that user, and the cache holds only theirs', async ({
    page,
    context,
  }) => {
    await login(page)
    await page.goto('/settings/ssh-keys')
    await expect(page.getByRole('button', { name: 'User menu for fleet-admin' })).toBeVisible()
    const other = await context.newPage()
    await other.goto(LOGIN)
    await other.getByLabel('Username').fill('silo-viewer')
    await other.getByLabel('Password').fill(DEMO_PASSWORD)
    await other.getByRole('button', { name: 'Sign in' }).click()
    await expect(other).not.toHaveURL(/\/login/)

    await expect(page.getByRole('button', { name: 'User menu for silo-viewer' })).toBeVisible()
    await expect(page).toHaveURL(/\/settings\/ssh-keys$/)
    const viewer = (await (await page.request.get('/v1/me')).json()) as { id: string }
    await expect.poll(() => cachedScopes(page)).toEqual([expect.stringContaining(viewer.id)])
  })
})
