// Silos (issue 15): create a silo through its form (quotas, a TLS certificate, a fleet role mapping),
// add a SAML identity provider and open its read-only view; a taken name on the create form; edit a
// silo's quotas; delete a silo, and the server's refusal for one with projects; a silo viewer's 403
// page and missing System sidebar; the list and a silo page painted from the cache with the network off;
// axe on the list, the silo page and the create form.
import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import { expectAccessible, login, rowNamed, SW, waitForServiceWorker } from './helpers'

const LIST = '/system/silos'
const siloPage = (name: string) => `${LIST}/${name}`
// Sorted first by name, so a silo of the test's own is on the list's first page.
const uniqueName = (prefix: string) => `aa-${prefix}-${randomBytes(3).toString('hex')}`

const CERT = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUe2e\n-----END CERTIFICATE-----'
const KEY = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgE\n-----END PRIVATE KEY-----'

/** A silo of the test's own: tests share one mock server, so the seeded ones are never changed. */
async function createSilo(request: APIRequestContext, name: string) {
  const res = await request.post('/v1/system/silos', {
    data: {
      name,
      description: 'e2e silo',
      discoverable: true,
      identity_mode: 'saml_jit',
      quotas: { cpus: 8, memory: 16 * 1024 ** 3, storage: 100 * 1024 ** 3 },
      tls_certificates: [],
      mapped_fleet_roles: {},
    },
  })
  expect(res.status(), await res.text()).toBe(201)
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const textbox = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true })
const rowOf = (page: Page, table: string, name: string) =>
  rowNamed(page.getByRole('table', { name: table }), name)

async function expectDisabled(control: Locator, reason: string) {
  await expect(control).toHaveAttribute('aria-disabled', 'true')
  await expect(control).toHaveAccessibleDescription(reason)
}

test.describe('silos', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('create a silo with a SAML provider, see it listed and open its view', async ({ page }) => {
    const name = uniqueName('silo')
    await page.goto(LIST)
    await expect(heading(page)).toHaveText('Silos')
    await expect(rowOf(page, 'Silos', 'other-silo')).toContainText('SAML JIT')
    await expectAccessible(page)

    await page.getByRole('button', { name: 'New silo', exact: true }).click()
    await expect(page).toHaveURL('/system/silos-new')
    const form = page.getByRole('dialog', { name: 'New silo' })
    await textbox(form, 'Name').fill(name)
    await textbox(form, 'Description').fill('Made by e2e')
    await form.getByRole('radio', { name: 'Local only' }).check()
    await form.getByRole('spinbutton', { name: 'CPUs' }).fill('16')
    await form.getByRole('spinbutton', { name: 'Memory (GiB)' }).fill('64')
    await form.getByRole('spinbutton', { name: 'Storage (GiB)' }).fill('500')
    await textbox(form, 'Certificate name').fill('web-cert')
    // Enter in a certificate field adds the certificate (not complete yet here), never sends the silo.
    await textbox(form, 'Certificate name').press('Enter')
    await expect(form.getByText('Certificate is required').first()).toBeVisible()
    await expect(page).toHaveURL('/system/silos-new')
    await textbox(form, 'Certificate (PEM)').fill(CERT)
    await textbox(form, 'Private key (PEM)').fill(KEY)
    // Typed in but not added: the silo is not sent without it.
    await form.getByRole('button', { name: 'Create silo' }).click()
    await expect(form.getByText('Add this certificate or clear it')).toBeVisible()
    await expect(page).toHaveURL('/system/silos-new')
    await textbox(form, 'Certificate description').press('Enter')
    await expect(form.getByRole('list', { name: 'TLS certificates' })).toContainText('web-cert')
    // The adder starts empty again for another certificate.
    await expect(textbox(form, 'Certificate name')).toHaveValue('')
    await form
      .getByRole('group', { name: 'Silo admins get' })
      .getByRole('checkbox', { name: 'Fleet viewer' })
      .check()
    await expectAccessible(page)
    await form.getByRole('button', { name: 'Create silo' }).click()

    // The new silo opens on its page, on its identity providers.
    await expect(page).toHaveURL(`${siloPage(name)}/idps`)
    await expect(heading(page)).toHaveText(name)
    await expect(page.getByText('Local only')).toBeVisible()
    await expect(page.getByText('No identity providers', { exact: true })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('tab', { name: 'Fleet roles' }).click()
    await expect(rowOf(page, 'Fleet roles', 'Silo admin')).toContainText('Fleet viewer')
    await page.getByRole('tab', { name: 'Quotas' }).click()
    await expect(rowOf(page, 'Quotas', 'CPUs')).toContainText('16')
    await expect(rowOf(page, 'Quotas', 'Memory')).toContainText('64 GiB')

    await page.getByRole('tab', { name: 'Identity providers' }).click()
    await page.getByRole('button', { name: 'New identity provider' }).click()
    const idp = page.getByRole('dialog', { name: 'New identity provider' })
    await textbox(idp, 'Name').fill('okta')
    await textbox(idp, 'Metadata URL').fill('https://idp.example.com/metadata.xml')
    await textbox(idp, 'IdP entity ID').fill('https://idp.example.com/entity')
    await textbox(idp, 'SP client ID').fill('console-client')
    await textbox(idp, 'ACS URL').fill(`https://${name}.sys.example.com/login/${name}/saml/okta`)
    await textbox(idp, 'SLO URL').fill(`https://${name}.sys.example.com/logout`)
    await textbox(idp, 'Technical contact email').fill('not an email')
    await textbox(idp, 'Group attribute name').fill('groups')
    await idp.getByRole('button', { name: 'Create identity provider' }).click()
    await expect(idp.getByText('Must be an email address, like ops@example.com').first()).toBeVisible()
    await textbox(idp, 'Technical contact email').fill('ops@example.com')
    await idp.getByRole('button', { name: 'Create identity provider' }).click()
    await expect(idp).toBeHidden()

    const row = rowOf(page, 'Identity providers', 'okta')
    await expect(row).toContainText('SAML')
    await row.getByRole('link', { name: 'okta' }).click()
    await expect(page).toHaveURL(`${siloPage(name)}/idps/saml/okta`)
    const view = page.getByRole('dialog', { name: 'Identity provider' })
    await expect(view).toContainText('https://idp.example.com/entity')
    await expect(view).toContainText('console-client')
    await expect(view).toContainText('ops@example.com')
    await expect(view).toContainText('groups')
    await expect(view.getByRole('button', { name: /copy identity provider ID/i })).toBeVisible()
    await expect(view.getByRole('textbox')).toHaveCount(0)
  })

  test('a taken name comes back on the name field with every value kept', async ({ page }) => {
    await page.goto('/system/silos-new')
    const form = page.getByRole('dialog', { name: 'New silo' })
    await textbox(form, 'Name').fill('other-silo')
    await textbox(form, 'Description').fill('kept')
    await form.getByRole('spinbutton', { name: 'CPUs' }).fill('7')
    await form.getByRole('button', { name: 'Create silo' }).click()
    await expect(textbox(form, 'Name')).toHaveAccessibleDescription(/Silo name already exists/)
    await expect(textbox(form, 'Description')).toHaveValue('kept')
    await expect(form.getByRole('spinbutton', { name: 'CPUs' })).toHaveValue('7')
  })

  test("edit a silo's quotas and see the new figure", async ({ page }) => {
    const name = uniqueName('quota')
    await createSilo(page.request, name)
    await page.goto(`${siloPage(name)}/quotas`)
    await expect(rowOf(page, 'Quotas', 'CPUs')).toContainText('8')
    await page.getByRole('button', { name: 'Edit quotas' }).click()
    const form = page.getByRole('dialog', { name: 'Edit quotas' })
    await expect(form.getByRole('spinbutton', { name: 'CPUs' })).toHaveValue('8')
    await form.getByRole('spinbutton', { name: 'CPUs' }).fill('24')
    await form.getByRole('spinbutton', { name: 'Storage (GiB)' }).fill('2048')
    await form.getByRole('button', { name: 'Update quotas' }).click()
    await expect(form).toBeHidden()
    await expect(rowOf(page, 'Quotas', 'CPUs')).toContainText('24')
    await expect(rowOf(page, 'Quotas', 'Storage')).toContainText('2 TiB')
  })

  test("delete a silo; a silo with projects is refused with the server's message", async ({ page }) => {
    const name = uniqueName('gone')
    await createSilo(page.request, name)
    await page.goto(LIST)
    await page.getByRole('button', { name: `Actions for ${name}` }).click()
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete silo' })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(rowOf(page, 'Silos', name)).toHaveCount(0)
    await expect.poll(async () => (await page.request.get(`/v1/system/silos/${name}`)).status()).toBe(404)

    // default-silo holds the demo projects: the mock refuses, and nothing is deleted.
    await page.getByRole('button', { name: 'Actions for default-silo' }).click()
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Could not delete silo')).toBeVisible()
    await expect(page.getByText(/to be deleted contains a project/i)).toBeVisible()
    await expect(rowOf(page, 'Silos', 'default-silo')).toHaveCount(1)
  })

  test(
    'the list and a silo page paint from the cache offline, writes disabled',
    SW,
    async ({ page, context }) => {
      await page.goto(`${siloPage('other-silo')}/idps`)
      await expect(rowOf(page, 'Identity providers', 'other-idp')).toBeVisible()
      await page.goto(LIST)
      await expect(rowOf(page, 'Silos', 'other-silo')).toBeVisible()
      await waitForServiceWorker(page)
      await context.setOffline(true)
      await page.reload()
      await expect(rowOf(page, 'Silos', 'other-silo')).toContainText('SAML JIT')
      await expectDisabled(page.getByRole('button', { name: 'New silo', exact: true }), 'You are offline')
      await page.getByRole('button', { name: 'Actions for other-silo' }).click()
      await expectDisabled(page.getByRole('menuitem', { name: 'Delete', exact: true }), 'You are offline')
      await page.keyboard.press('Escape')

      await rowOf(page, 'Silos', 'other-silo').getByRole('link', { name: 'other-silo' }).click()
      await expect(heading(page)).toHaveText('other-silo')
      await expect(rowOf(page, 'Identity providers', 'other-idp')).toBeVisible()
      await expectDisabled(page.getByRole('button', { name: 'Delete', exact: true }), 'You are offline')
      await expectDisabled(page.getByRole('button', { name: 'New identity provider' }), 'You are offline')
    },
  )
})

test.describe('silos as a silo viewer', () => {
  test('gets the 403 page and no System sidebar section', async ({ page }) => {
    const asked: string[] = []
    page.context().on('request', (r) => {
      if (new URL(r.url()).pathname === '/v1/system/policy') asked.push(r.url())
    })
    await login(page, 'silo-viewer')
    // The silo's own screens show the sidebar without the System part, and without asking for the
    // fleet policy the server refuses this user (the user's own record says there is no fleet role).
    await page.goto('/projects')
    await expect(page.getByRole('navigation', { name: 'Silo' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'mock-project' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'System' })).toHaveCount(0)
    expect(asked).toEqual([])
    for (const url of [LIST, siloPage('default-silo')]) {
      await page.goto(url)
      await expect(page.getByRole('heading', { name: 'Action not authorized' })).toBeVisible()
    }
  })
})
