import { expect, type Page, test } from '@playwright/test'
import { DEMO_PASSWORD, expectAccessible, login } from './helpers'

const LOGIN = '/login/default-silo/local'

async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Records in every IndexedDB database of the origin (all stores). */
function countIndexedDbRecords(page: Page) {
  return page.evaluate(async () => {
    const dbs = await indexedDB.databases()
    let total = 0
    const names: string[] = []
    for (const info of dbs) {
      if (!info.name) continue
      names.push(info.name)
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name as string)
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
      for (const store of Array.from(db.objectStoreNames)) {
        total += await new Promise<number>((resolve, reject) => {
          const req = db.transaction(store, 'readonly').objectStore(store).count()
          req.onsuccess = () => resolve(req.result)
          req.onerror = () => reject(req.error)
        })
      }
      db.close()
    }
    return { total, names }
  })
}

test.describe('local login', () => {
  test('a protected page visited signed out goes to login and comes back after it', async ({ page }) => {
    await page.goto('/settings/profile?from=e2e')
    await expect(page).toHaveURL(/\/login\/default-silo\/local\?redirect_uri=/)
    const url = new URL(page.url())
    expect(url.searchParams.get('redirect_uri')).toBe('/settings/profile?from=e2e')
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expectAccessible(page)
    await signIn(page, 'fleet-admin')
    await expect(page).toHaveURL(/\/settings\/profile\?from=e2e$/)
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
  })

  test('/login alone opens the default silo login and carries redirect_uri', async ({ page }) => {
    await page.goto('/login?redirect_uri=%2Fsettings%2Fssh-keys')
    await expect(page).toHaveURL(`${LOGIN}?redirect_uri=%2Fsettings%2Fssh-keys`)
    await signIn(page, 'fleet-admin')
    await expect(page).toHaveURL(/\/settings\/ssh-keys$/)
  })

  for (const evil of ['https://evil.example/', '//evil.example/']) {
    test(`redirect_uri=${evil} is not followed`, async ({ page }) => {
      await page.goto(`${LOGIN}?redirect_uri=${encodeURIComponent(evil)}`)
      await signIn(page, 'fleet-admin')
      await expect(page).toHaveURL(/\/projects$/)
      expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL as string).host)
      await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
    })
  }

  test('a wrong password shows an error and keeps the username', async ({ page }) => {
    await page.goto(LOGIN)
    await signIn(page, 'silo-viewer', 'not-the-password')
    await expect(page.getByRole('alert')).toHaveText(
      'Could not sign in. Check the username and password and try again.',
    )
    await expect(page.getByLabel('Username')).toHaveValue('silo-viewer')
    await expect(page).toHaveURL(new RegExp(`${LOGIN}$`))
    // Focus is where the next try starts, not lost with the busy button.
    await expect(page.getByLabel('Password')).toBeFocused()
    await expect(page.getByLabel('Password')).toHaveValue('')
    // and the same form then signs in
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/projects$/)
  })

  test('SAML login names the provider and starts its flow with a POST', async ({ page }) => {
    await page.goto('/login/default-silo/saml/mock-idp?redirect_uri=%2Fsettings%2Fprofile')
    const button = page.getByRole('button', { name: 'Sign in with mock-idp' })
    await expect(button).toBeVisible()
    await expectAccessible(page)
    const post = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/login/default-silo/saml/mock-idp',
    )
    await button.click()
    await post
    // The mock provider signs in as fleet-admin and sends the browser back to redirect_uri.
    await expect(page).toHaveURL(/\/settings\/profile$/)
    await expect(page.getByText('fleet-admin').first()).toBeVisible()
  })
})

test.describe('who is signed in', () => {
  test('a /v1/me that fails on a first visit says so, and Try again goes on to the page', async ({
    page,
  }) => {
    await login(page)
    let failing = true
    await page.route('**/v1/me', (route) =>
      failing ? route.fulfill({ status: 503, body: '' }) : route.continue(),
    )
    await page.goto('/projects/mock-project/instances')
    // Not a skeleton that never ends: the catalogue's words, and a way to ask again.
    await expect(page.getByText('Something went wrong')).toBeVisible()
    await expect(page.getByRole('alert')).toHaveText('Unknown server error')
    failing = false
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible()
  })
})

test.describe('sign out', () => {
  test('from the user menu: ends the session, wipes every IndexedDB record, next visit goes to login', async ({
    page,
  }) => {
    await login(page, 'fleet-admin')
    await page.goto('/projects')
    await expect(page.getByRole('link', { name: 'mock-project', exact: true })).toBeVisible()
    await page.goto('/settings/profile')
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
    // The cache holds something before signing out (so the check below can fail).
    await expect.poll(async () => (await countIndexedDbRecords(page)).total).toBeGreaterThan(0)

    await page.getByRole('button', { name: 'User menu for fleet-admin' }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(new RegExp(`${LOGIN}$`))
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    expect((await countIndexedDbRecords(page)).total).toBe(0)

    // The session is over on the server too.
    expect((await page.request.get('/v1/me')).status()).toBe(401)
    await page.goto('/projects')
    await expect(page).toHaveURL(/\/login\/default-silo\/local\?redirect_uri=%2Fprojects$/)
    expect((await countIndexedDbRecords(page)).total).toBe(0)
  })

  test('from the Page not found screen', async ({ page }) => {
    await login(page, 'silo-viewer')
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(new RegExp(`${LOGIN}$`))
    expect((await page.request.get('/v1/me')).status()).toBe(401)
  })
})

test.describe('403', () => {
  test('no-role sees "Action not authorized" and the no-group notice', async ({ page }) => {
    await login(page, 'no-role')
    await page.goto('/projects')
    await expect(page.getByRole('heading', { name: 'Action not authorized' })).toBeVisible()
    await expect(
      page.getByText(
        'You are not in any groups and have no role on the silo. This usually means the identity provider is not set up correctly.',
      ),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Read about configuring access' })).toHaveAttribute(
      'href',
      /^https:\/\//,
    )
    await expectAccessible(page)
  })

  test('silo-viewer (in a group) gets "Action not authorized" without the notice', async ({ page }) => {
    await login(page, 'silo-viewer')
    await page.goto('/system/access')
    await expect(page.getByRole('heading', { name: 'Action not authorized' })).toBeVisible()
    await expect(page.getByText(/You are not in any groups/)).toHaveCount(0)
  })
})
