// VPCs (issue 14): create a VPC and see it listed (its DNS name following its name, its firewall rule
// count), a taken name on the create form, rename through the edit form over the VPC's page and land
// on the new name's URL, delete from the page and from the list, the server's refusal to delete a VPC
// with interfaces, Page not found for an unknown VPC, the list and a VPC's page painted from the cache
// with the network off, a silo viewer's disabled controls, and axe on the list, the page and the form.
import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import { expectAccessible, login, rowNamed, SW, waitForServiceWorker } from './helpers'

const PROJECT = 'mock-project'
const LIST = `/projects/${PROJECT}/vpcs`
const vpcPage = (name: string) => `${LIST}/${name}`
// The seeded mock-vpc's IPv6 prefix (mocks/seed/networking.ts).
const MOCK_PREFIX = 'fd8d:4a0d:2c2e::/48'

// Sorted first by name, so a VPC of the test's own is on the list's first page.
const uniqueName = (prefix: string) => `aa-${prefix}-${randomBytes(3).toString('hex')}`

const roleReason = (what: string) =>
  `Your role does not allow this: ${what} needs the collaborator role or stronger`

/** A VPC of the test's own: tests share one mock server, so the seeded one is never changed. */
async function createVpc(request: APIRequestContext, name: string, description = 'e2e VPC') {
  const res = await request.post(`/v1/vpcs?project=${PROJECT}`, {
    data: { name, description, dns_name: name },
  })
  expect(res.status(), await res.text()).toBe(201)
}

async function ruleCount(request: APIRequestContext, vpc: string): Promise<number> {
  const res = await request.get(`/v1/vpc-firewall-rules?project=${PROJECT}&vpc=${vpc}`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as { rules: unknown[] }).rules.length
}

const rowOf = (page: Page, name: string) => rowNamed(page.getByRole('table', { name: 'VPCs' }), name)
const heading = (page: Page) => page.getByRole('heading', { level: 1 })
/** A form's text field by its exact label ("Name" is also in "DNS name"). */
const field = (form: Locator, label: string) => form.getByRole('textbox', { name: label, exact: true })
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

async function openRowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}

async function expectDisabled(control: Locator, reason: string) {
  await expect(control).toHaveAttribute('aria-disabled', 'true')
  await expect(control).toHaveAccessibleDescription(reason)
}

/** The row menu's Edit and Delete, each disabled with its reason. */
async function expectRowWritesDisabled(page: Page, vpc: string, reasons: [edit: string, del: string]) {
  await page.getByRole('button', { name: `Actions for ${vpc}` }).click()
  await expectDisabled(page.getByRole('menuitem', { name: 'Edit', exact: true }), reasons[0])
  await expectDisabled(page.getByRole('menuitem', { name: 'Delete', exact: true }), reasons[1])
  await page.keyboard.press('Escape')
}

test.describe('VPCs', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('create a VPC and see it listed with its DNS name and firewall rule count', async ({ page }) => {
    const name = uniqueName('vpc')
    await page.goto(LIST)
    await expect(heading(page)).toHaveText('VPCs')
    const seeded = rowOf(page, 'mock-vpc')
    await expect(seeded.getByRole('link', { name: 'mock-vpc', exact: true })).toHaveAttribute(
      'href',
      vpcPage('mock-vpc'),
    )
    await expect(seeded).toContainText('The VPC of mock-project')
    const seededRules = await ruleCount(page.request, 'mock-vpc')
    await expect(seeded.getByRole('cell', { name: String(seededRules), exact: true })).toBeVisible()
    await expectAccessible(page)

    await button(page, 'New VPC').click()
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/vpcs-new$`))
    const form = page.getByRole('dialog', { name: 'New VPC' })
    await field(form, 'Name').fill(name)
    // The DNS name defaults to the name.
    await expect(field(form, 'DNS name')).toHaveValue(name)
    await field(form, 'Description').fill('made by e2e')
    await field(form, 'IPv6 prefix').fill('fd00::/64')
    await form.getByRole('button', { name: 'Create VPC' }).click()
    const prefix = field(form, 'IPv6 prefix')
    await expect(prefix).toHaveAttribute('aria-invalid', 'true')
    await expect(prefix).toHaveAccessibleDescription(/Must be a \/48 in the unique local range fd00::\/8/)
    await expectAccessible(page)
    await prefix.fill('fd12:3456:789a::/48')
    await form.getByRole('button', { name: 'Create VPC' }).click()

    await expect(form).toBeHidden()
    await expect(page.getByText(`VPC ${name} created`)).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`${LIST}$`))
    const row = rowOf(page, name)
    await expect(row).toContainText('made by e2e')
    const rules = await ruleCount(page.request, name)
    expect(rules).toBeGreaterThan(0)
    await expect(row.getByRole('cell', { name: String(rules), exact: true })).toBeVisible()
    const made = (await (await page.request.get(`/v1/vpcs/${name}?project=${PROJECT}`)).json()) as {
      dns_name: string
      ipv6_prefix: string
    }
    expect(made).toMatchObject({ dns_name: name, ipv6_prefix: 'fd12:3456:789a::/48' })
  })

  test('a taken name is refused on the name field with every value kept', async ({ page }) => {
    await page.goto(`/projects/${PROJECT}/vpcs-new`)
    const form = page.getByRole('dialog', { name: 'New VPC' })
    const nameField = field(form, 'Name')
    await nameField.fill('mock-vpc')
    await field(form, 'Description').fill('a second try')
    await field(form, 'DNS name').fill('second-try')
    await form.getByRole('button', { name: 'Create VPC' }).click()
    await expect(nameField).toHaveAttribute('aria-invalid', 'true')
    await expect(nameField).toHaveAccessibleDescription(/VPC name already exists/)
    await expect(nameField).toHaveValue('mock-vpc')
    await expect(field(form, 'Description')).toHaveValue('a second try')
    await expect(field(form, 'DNS name')).toHaveValue('second-try')
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/vpcs-new$`))
  })

  test("the edit form opened from a VPC's subnets tab closes onto that tab", async ({ page }) => {
    await page.goto(`${vpcPage('mock-vpc')}/subnets`)
    await expect(page.getByRole('tab', { name: 'Subnets', selected: true })).toBeVisible()
    await button(page, 'Edit').click()
    const form = page.getByRole('dialog', { name: 'Edit VPC' })
    await expect(field(form, 'Name')).toHaveValue('mock-vpc')
    await form.getByRole('button', { name: 'Cancel' }).click()
    await expect(form).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`${vpcPage('mock-vpc')}/subnets$`))
    await expect(page.getByRole('tab', { name: 'Subnets', selected: true })).toBeVisible()
  })

  test('rename over the VPC page, delete from the page and from the list', async ({ page }) => {
    const name = uniqueName('edit')
    const renamed = `${name}-renamed`
    const other = uniqueName('gone')
    await createVpc(page.request, name, 'before the edit')
    await createVpc(page.request, other)

    await page.goto(LIST)
    await openRowAction(page, name, 'Edit')
    await expect(page).toHaveURL(new RegExp(`${vpcPage(name)}/edit$`))
    const form = page.getByRole('dialog', { name: 'Edit VPC' })
    await expect(field(form, 'Name')).toHaveValue(name)
    await expect(field(form, 'Description')).toHaveValue('before the edit')
    await expect(field(form, 'DNS name')).toHaveValue(name)
    // The prefix is fixed at creation: the edit form does not offer it.
    await expect(field(form, 'IPv6 prefix')).toHaveCount(0)
    await expectAccessible(page)
    await form.getByRole('button', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(new RegExp(`${vpcPage(name)}/firewall-rules$`))
    await expect(heading(page)).toHaveText(name)
    await expectAccessible(page)

    await button(page, 'Edit').click()
    await field(form, 'Name').fill(renamed)
    await field(form, 'Description').fill('after the edit')
    await field(form, 'DNS name').fill('renamed-dns')
    await form.getByRole('button', { name: 'Update VPC' }).click()
    await expect(form).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`${vpcPage(renamed)}/firewall-rules$`))
    await expect(heading(page)).toHaveText(renamed)
    const props = page.locator('dl').first()
    await expect(props).toContainText('after the edit')
    await expect(props).toContainText('renamed-dns')

    await button(page, 'Delete').click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete VPC' })
    await expect(confirm).toContainText(renamed)
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(new RegExp(`${LIST}$`))
    await expect(page.getByText(`VPC ${renamed} deleted`)).toBeVisible()
    await expect(rowOf(page, renamed)).toHaveCount(0)

    await openRowAction(page, other, 'Delete')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(rowOf(page, other)).toHaveCount(0)
    await expect
      .poll(async () => (await page.request.get(`/v1/vpcs/${other}?project=${PROJECT}`)).status())
      .toBe(404)
  })

  test("a VPC the server will not delete stays, with the server's reason", async ({ page }) => {
    // mock-vpc holds the seeded instances' interfaces, so the server refuses and nothing changes.
    await page.goto(LIST)
    await openRowAction(page, 'mock-vpc', 'Delete')
    await page
      .getByRole('alertdialog', { name: 'Delete VPC' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(page.getByText('Could not delete VPC')).toBeVisible()
    await expect(
      page.getByText('VPC cannot be deleted while network interfaces in its subnets exist'),
    ).toBeVisible()
    await expect(rowOf(page, 'mock-vpc')).toBeVisible()
  })

  test('an unknown VPC is Page not found', async ({ page }) => {
    await page.goto(vpcPage('nonexistent'))
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(button(page, 'Sign out')).toBeVisible()
  })

  test(
    'offline after a first visit, the list and a VPC paint from the cache with writes disabled',
    SW,
    async ({ page, context }) => {
      await page.goto(vpcPage('mock-vpc'))
      // The heading is the URL's name at once: wait for the VPC itself, so it is cached.
      await expect(page.locator('dl').first()).toContainText(MOCK_PREFIX)
      await page.goto(LIST)
      await expect(rowOf(page, 'mock-vpc')).toBeVisible()
      await waitForServiceWorker(page)

      await context.setOffline(true)
      try {
        await page.reload()
        await expect(rowOf(page, 'mock-vpc')).toContainText('The VPC of mock-project')
        await expectDisabled(button(page, 'New VPC'), 'You are offline')
        await expectRowWritesDisabled(page, 'mock-vpc', ['You are offline', 'You are offline'])

        await page.getByRole('link', { name: 'mock-vpc', exact: true }).click()
        await expect(heading(page)).toHaveText('mock-vpc')
        await expect(page.locator('dl').first()).toContainText(MOCK_PREFIX)
        for (const action of ['Edit', 'Delete']) await expectDisabled(button(page, action), 'You are offline')
      } finally {
        await context.setOffline(false)
      }
    },
  )
})

test('a silo viewer sees New VPC, Edit and Delete disabled with the role reason', async ({ page }) => {
  await login(page, 'silo-viewer')
  await page.goto(LIST)
  await expect(rowOf(page, 'mock-vpc')).toBeVisible()
  await expectDisabled(button(page, 'New VPC'), roleReason('creating a VPC'))
  const reasons = [roleReason('editing a VPC'), roleReason('deleting a VPC')] as [string, string]
  await expectRowWritesDisabled(page, 'mock-vpc', reasons)

  await page.goto(vpcPage('mock-vpc'))
  await expect(heading(page)).toHaveText('mock-vpc')
  await expectDisabled(button(page, 'Edit'), reasons[0])
  await expectDisabled(button(page, 'Delete'), reasons[1])
})
