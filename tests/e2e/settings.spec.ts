import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { expectAccessible, login } from './helpers'

const suffix = () => Math.random().toString(16).slice(2, 8)
const PUBLIC_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e e2e@test'

type Token = { id: string; time_created: string; time_expires: string | null }

async function listTokens(request: APIRequestContext): Promise<Token[]> {
  const res = await request.get('/v1/me/access-tokens?limit=1000')
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { items: Token[] }).items
}

/**
 * A token through the real device flow: the device asks (/device/auth), the signed-in user confirms
 * the code (/device/confirm), the device polls for its token (/device/token). A random ttl marks the
 * token so this test finds its own among tokens other tests create in parallel.
 */
async function createTokenByDeviceFlow(page: Page): Promise<Token> {
  const clientId = crypto.randomUUID()
  const ttl = 100_000 + Math.floor(Math.random() * 800_000)
  const auth = await page.request.post('/device/auth', {
    form: { client_id: clientId, ttl_seconds: String(ttl) },
  })
  expect(auth.ok()).toBe(true)
  const { device_code, user_code } = (await auth.json()) as { device_code: string; user_code: string }
  const confirm = await page.request.post('/device/confirm', { data: { user_code } })
  expect(confirm.status()).toBe(204)
  const tokenRes = await page.request.post('/device/token', {
    form: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code, client_id: clientId },
  })
  expect(tokenRes.ok()).toBe(true)
  const { access_token } = (await tokenRes.json()) as { access_token: string }
  expect(access_token).toMatch(/^oxide-token-/)
  const mine = (await listTokens(page.request)).filter(
    (t) => t.time_expires && Date.parse(t.time_expires) - Date.parse(t.time_created) === ttl * 1000,
  )
  expect(mine).toHaveLength(1)
  return mine[0] as Token
}

test.describe('SSH keys', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'fleet-admin')
  })

  test('add: empty fields are caught, a rejected key keeps the input, a good key is listed and stored', async ({
    page,
  }) => {
    test.slow() // several round trips, each with the mock's 200-400 ms delay
    const name = `e2e-key-${suffix()}`
    await page.goto('/settings/ssh-keys')
    await expect(page.getByRole('heading', { name: 'SSH keys', level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Add SSH key' }).first().click()
    await expect(page).toHaveURL(/\/settings\/ssh-keys-new$/)
    const dialog = page.getByRole('dialog', { name: 'Add SSH key' })
    await expect(dialog).toBeVisible()
    // The list stays under the side modal.
    await expect(page.getByRole('table', { name: 'SSH keys', includeHidden: true })).toBeAttached()
    await expectAccessible(page)

    // Empty fields: client-side errors, nothing sent.
    await dialog.getByRole('button', { name: 'Add SSH key' }).click()
    await expect(dialog.getByRole('alert')).toContainText('Name is required')
    await expect(dialog.getByRole('alert')).toContainText('Public key is required')

    // A key the server rejects: a clear error, input kept.
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
    await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('added by e2e')
    await dialog.getByRole('textbox', { name: 'Public key', exact: true }).fill('not a key')
    await dialog.getByRole('button', { name: 'Add SSH key' }).click()
    await expect(dialog.getByRole('alert')).toContainText('Failed to parse public key')
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name)
    await expect(dialog.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
      'added by e2e',
    )
    await expect(dialog.getByRole('textbox', { name: 'Public key', exact: true })).toHaveValue('not a key')

    await dialog.getByRole('textbox', { name: 'Public key', exact: true }).fill(PUBLIC_KEY)
    await dialog.getByRole('button', { name: 'Add SSH key' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/settings\/ssh-keys$/)
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible()

    const res = await page.request.get('/v1/me/ssh-keys?limit=1000')
    const keys = ((await res.json()) as { items: { name: string; public_key: string }[] }).items
    expect(keys.find((k) => k.name === name)?.public_key).toBe(PUBLIC_KEY)
  })

  test('view shows read-only fields with copy buttons; delete asks and removes the key', async ({
    page,
    context,
  }) => {
    test.slow() // several round trips, each with the mock's 200-400 ms delay
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const name = `e2e-view-${suffix()}`
    const created = await page.request.post('/v1/me/ssh-keys', {
      data: { name, description: 'to view', public_key: PUBLIC_KEY },
    })
    expect(created.status()).toBe(201)

    await page.goto('/settings/ssh-keys')
    await page.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/settings/ssh-keys/${name}/edit$`))
    const dialog = page.getByRole('dialog', { name: 'SSH key' })
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name)
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('readonly', '')
    await expect(dialog.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue('to view')
    await expect(dialog.getByRole('textbox', { name: 'Public key', exact: true })).toHaveValue(PUBLIC_KEY)
    await expect(dialog.getByRole('textbox', { name: 'Public key', exact: true })).toHaveAttribute(
      'readonly',
      '',
    )
    await expectAccessible(page)
    await dialog.getByRole('button', { name: /^Copy public key/ }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PUBLIC_KEY)
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await expect(page).toHaveURL(/\/settings\/ssh-keys$/)

    await page.getByRole('button', { name: `Actions for ${name}` }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete SSH key' })
    await expect(confirm).toContainText(name)
    await confirm.getByRole('button', { name: 'Delete' }).click()
    // (the list is hidden from the accessibility tree while the dialog is open: wait for it to close)
    await expect(confirm).toBeHidden()
    await expect(page.getByText(`SSH key ${name} deleted`)).toBeVisible()
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0)
    await expect(page.getByRole('main')).toBeFocused()
    await expect.poll(async () => (await page.request.get(`/v1/me/ssh-keys/${name}`)).status()).toBe(404)
  })
})

test.describe('access tokens', () => {
  test('a token from the device flow is listed and deleting it removes it', async ({ page }) => {
    await login(page, 'silo-viewer')
    const token = await createTokenByDeviceFlow(page)
    await page.goto('/settings/access-tokens')
    await expect(page.getByRole('heading', { name: 'Access tokens', level: 1 })).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: token.id })
    await expect(row).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: `Actions for token ${token.id}` }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete access token' })
    await expect(confirm).toContainText(token.id)
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(row).toHaveCount(0)
    expect((await listTokens(page.request)).some((t) => t.id === token.id)).toBe(false)
  })

  test('with no tokens, the empty state says they come from device login', async ({ page }) => {
    await login(page, 'no-role')
    expect(await listTokens(page.request)).toEqual([])
    await page.goto('/settings/access-tokens')
    const empty = page.getByRole('region', { name: 'No access tokens' })
    await expect(empty).toContainText('Tokens come from device login')
    await expect(empty.getByRole('link', { name: '/device/verify' })).toHaveAttribute(
      'href',
      '/device/verify',
    )
    await expectAccessible(page)
  })
})
