// Subnets, routers and routes, internet gateways of a VPC (issue 14): the subnet form shows each IP
// network message of spec section 5 and creates a subnet; a custom router made through its form gets a
// route to an internet gateway, which then shows on the gateway's page; the system router's controls
// are disabled with the reason; the subnets tab and a router's page paint from the cache offline with
// their writes disabled; a silo viewer sees every write disabled with the role reason; axe on a tab
// and on a form.
import { randomBytes, randomInt } from 'node:crypto'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectAccessible, login, SW, waitForServiceWorker } from './helpers'

const VPC = '/projects/mock-project/vpcs/mock-vpc'
const SUBNETS = `${VPC}/subnets`
const ROUTERS = `${VPC}/routers`
const routerPage = (name: string) => `${VPC}/routers/${name}`
const SYSTEM_REASON = 'The system router cannot be changed'
const roleReason = (what: string) =>
  `Your role does not allow this: ${what} needs the collaborator role or stronger`

// Tests share one mock server: everything a test makes has a name (and block) of its own.
const uniqueName = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`

const row = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text })

async function expectDisabled(control: Locator, reason: string) {
  await expect(control).toHaveAttribute('aria-disabled', 'true')
  await expect(control).toHaveAccessibleDescription(reason)
}

async function expectRowActionsDisabled(page: Page, name: string, reason: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click()
  for (const action of ['Edit', 'Delete'])
    await expectDisabled(page.getByRole('menuitem', { name: action, exact: true }), reason)
  await page.keyboard.press('Escape')
}

test.describe('subnets, routers and gateways', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('the subnet form shows each IP network message, then creates the subnet', async ({ page }) => {
    const name = uniqueName('subnet')
    await page.goto(SUBNETS)
    await expect(row(page, 'Subnets', 'mock-subnet-2')).toContainText('mock-custom-router')
    await expect(row(page, 'Subnets', 'mock-subnet-2')).toContainText('10.1.1.0/24')
    await expectAccessible(page)

    await page.getByRole('button', { name: 'New subnet' }).click()
    await expect(page).toHaveURL(new RegExp(`${VPC}/subnets-new$`))
    const form = page.getByRole('dialog', { name: 'New subnet' })
    await form.getByRole('textbox', { name: 'Name' }).fill(name)
    const ipv4 = form.getByRole('textbox', { name: 'IPv4 block' })
    const ipv6 = form.getByRole('textbox', { name: 'IPv6 block' })
    for (const [field, value, message] of [
      [ipv4, '10.0.0.0', 'Must contain an IP address and a width, separated by a /'],
      [ipv4, '10.0.0.0/2x', 'Width must be an integer'],
      [ipv4, '10.0.0.0/33', 'Max width for IPv4 is 32'],
      [ipv4, 'banana/24', 'Not a valid IP address'],
      [ipv6, 'fd00::/129', 'Max width for IPv6 is 128'],
    ] as const) {
      await field.fill(value)
      await field.blur()
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      await expect(field).toHaveAccessibleDescription(new RegExp(message))
    }
    await expectAccessible(page)

    const block = `10.${randomInt(100, 250)}.${randomInt(0, 250)}.0/24`
    await ipv4.fill(block)
    await ipv6.fill('')
    await form.getByRole('combobox', { name: 'Custom router' }).selectOption({ label: 'mock-custom-router' })
    await form.getByRole('button', { name: 'Create subnet' }).click()
    await expect(page.getByText(`Subnet ${name} created`)).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`${SUBNETS}$`))
    await expect(row(page, 'Subnets', name)).toContainText(block)
    await expect(row(page, 'Subnets', name)).toContainText('mock-custom-router')

    // Its network interfaces (none yet) and a delete that goes through.
    await page.getByRole('button', { name: `Actions for ${name}` }).click()
    await page.getByRole('menuitem', { name: 'Network interfaces' }).click()
    await expect(page.getByRole('dialog', { name: 'Network interfaces' })).toContainText(
      'No network interfaces',
    )
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: `Actions for ${name}` }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await page
      .getByRole('alertdialog', { name: 'Delete subnet' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(page.getByText(`Subnet ${name} deleted`)).toBeVisible()
    await expect(row(page, 'Subnets', name)).toHaveCount(0)
  })

  test('a subnet with network interfaces cannot be deleted: the server says why', async ({ page }) => {
    await page.goto(SUBNETS)
    await page.getByRole('button', { name: 'Actions for mock-subnet', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Network interfaces' }).click()
    const nics = page.getByRole('dialog', { name: 'Network interfaces' })
    await expect(nics.getByRole('table')).toContainText('db1')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Actions for mock-subnet', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete subnet' })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    // The refusal is the server's own message, in the error toast.
    await expect(page.getByText('Could not delete subnet')).toBeVisible()
    await expect(
      page.getByText('VPC Subnet cannot be deleted while network interfaces in the subnet exist'),
    ).toBeVisible()
    await expect(row(page, 'Subnets', 'mock-subnet-2')).toBeVisible()
  })

  test('a custom router with a route to an internet gateway shows on the gateway', async ({ page }) => {
    const router = uniqueName('router')
    const route = uniqueName('route')
    await page.goto(ROUTERS)
    await page.getByRole('button', { name: 'New router' }).click()
    const form = page.getByRole('dialog', { name: 'New router' })
    await form.getByRole('textbox', { name: 'Name' }).fill(router)
    await form.getByRole('textbox', { name: 'Description' }).fill('made by e2e')
    await form.getByRole('button', { name: 'Create router' }).click()
    await expect(page.getByText(`Router ${router} created`)).toBeVisible()
    await expect(row(page, 'Routers', router)).toContainText('custom')

    await page.getByRole('link', { name: router, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(router)
    await expect(page.getByRole('heading', { name: 'No routes' })).toBeVisible()
    await page.getByRole('button', { name: 'New route' }).click()
    const routeForm = page.getByRole('dialog', { name: 'New route' })
    await routeForm.getByRole('textbox', { name: 'Name' }).fill(route)
    const destination = routeForm.getByRole('textbox', { name: 'Destination value' })
    await destination.fill('10.0.0.0/40')
    await destination.blur()
    await expect(destination).toHaveAccessibleDescription(/Max width for IPv4 is 32/)
    await destination.fill('10.200.0.0/16')
    await expect(routeForm.getByRole('combobox', { name: 'Target type' })).toHaveValue('internet_gateway')
    await routeForm.getByRole('combobox', { name: 'Target value' }).selectOption('mock-gateway')
    await routeForm.getByRole('button', { name: 'Create route' }).click()
    await expect(page.getByText(`Route ${route} created`)).toBeVisible()
    const made = row(page, 'Routes', route)
    await expect(made).toContainText('10.200.0.0/16')
    await expect(made).toContainText('Internet gateway')

    // The gateway link of the route opens the gateway's sheet with this route among those to it.
    await made.getByRole('link', { name: 'mock-gateway' }).click()
    await expect(page).toHaveURL(new RegExp(`${VPC}/internet-gateways/mock-gateway$`))
    const sheet = page.getByRole('dialog', { name: 'Internet gateway mock-gateway' })
    const routes = sheet.getByRole('table', { name: 'Routes to this gateway' })
    await expect(routes.getByRole('row').filter({ hasText: route })).toContainText(router)
    await expect(routes.getByRole('row').filter({ hasText: 'to-mock-gateway' })).toContainText(
      'mock-custom-router',
    )
    await expect(sheet.getByRole('table', { name: 'IP addresses' })).toContainText('mock-gateway-address')
    // The default gateway's routes are the system router's, not this one.
    await expect(routes.getByRole('row').filter({ hasText: 'default-v4' })).toHaveCount(0)
  })

  test('the edit forms of a subnet, a router and a route open with the current values and save', async ({
    page,
  }) => {
    const [subnet, router, route] = [uniqueName('subnet'), uniqueName('router'), uniqueName('route')]
    const q = 'project=mock-project&vpc=mock-vpc'
    const made = async (url: string, data: object) =>
      expect((await page.request.post(url, { data })).status()).toBe(201)
    await made(`/v1/vpc-subnets?${q}`, {
      name: subnet,
      description: 'before',
      ipv4_block: `10.${randomInt(100, 250)}.${randomInt(0, 250)}.0/24`,
    })
    await made(`/v1/vpc-routers?${q}`, { name: router, description: 'before' })
    await made(`/v1/vpc-router-routes?${q}&router=${router}`, {
      name: route,
      description: 'before',
      destination: { type: 'ip_net', value: '10.210.0.0/16' },
      target: { type: 'drop' },
    })

    // Subnet: the form holds its values; the new description is saved.
    await page.goto(SUBNETS)
    await page.getByRole('button', { name: `Actions for ${subnet}` }).click()
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click()
    const subnetForm = page.getByRole('dialog', { name: 'Edit subnet' })
    await expect(subnetForm.getByRole('textbox', { name: 'Name' })).toHaveValue(subnet)
    await expect(subnetForm.getByRole('textbox', { name: 'Description' })).toHaveValue('before')
    await subnetForm.getByRole('textbox', { name: 'Description' }).fill('after')
    await subnetForm.getByRole('button', { name: 'Update subnet' }).click()
    await expect(page.getByText(`Subnet ${subnet} updated`)).toBeVisible()
    await expect(row(page, 'Subnets', subnet)).toContainText('after')

    // Router: the same through its row menu.
    await page.goto(ROUTERS)
    await page.getByRole('button', { name: `Actions for ${router}` }).click()
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click()
    const routerForm = page.getByRole('dialog', { name: 'Edit router' })
    await expect(routerForm.getByRole('textbox', { name: 'Description' })).toHaveValue('before')
    await routerForm.getByRole('textbox', { name: 'Description' }).fill('after')
    await routerForm.getByRole('button', { name: 'Update router' }).click()
    await expect(page.getByText(`Router ${router} updated`)).toBeVisible()
    await expect(row(page, 'Routers', router)).toContainText('after')

    // Route: a new destination, refused first when it is not a network, then saved.
    await page.goto(routerPage(router))
    await page.getByRole('button', { name: `Actions for ${route}` }).click()
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click()
    const routeForm = page.getByRole('dialog', { name: 'Edit route' })
    const destination = routeForm.getByRole('textbox', { name: 'Destination value' })
    await expect(destination).toHaveValue('10.210.0.0/16')
    await destination.fill('10.211.0.0')
    await routeForm.getByRole('button', { name: 'Update route' }).click()
    await expect(destination).toHaveAccessibleDescription(
      /Must contain an IP address and a width, separated by a \//,
    )
    await destination.fill('10.211.0.0/16')
    await routeForm.getByRole('button', { name: 'Update route' }).click()
    await expect(page.getByText(`Route ${route} updated`)).toBeVisible()
    await expect(row(page, 'Routes', route)).toContainText('10.211.0.0/16')
    const saved = await page.request.get(`/v1/vpc-router-routes/${route}?${q}&router=${router}`)
    expect((await saved.json()).destination).toEqual({ type: 'ip_net', value: '10.211.0.0/16' })
  })

  test('the system router is read-only, with the reason on its controls', async ({ page }) => {
    await page.goto(ROUTERS)
    await expect(row(page, 'Routers', 'mock-custom-router')).toBeVisible()
    await expectRowActionsDisabled(page, 'system', SYSTEM_REASON)
    await page.getByRole('link', { name: 'system', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${routerPage('system')}$`))
    await expect(row(page, 'Routes', 'default-v4')).toContainText('0.0.0.0/0')
    await expectDisabled(page.getByRole('button', { name: 'New route' }), SYSTEM_REASON)
    await expectRowActionsDisabled(page, 'default-v4', SYSTEM_REASON)
  })

  test(
    'offline after a first visit, the subnets tab and a router page paint from the cache',
    SW,
    async ({ page, context }) => {
      await page.goto(routerPage('mock-custom-router'))
      await expect(row(page, 'Routes', 'to-db1')).toBeVisible()
      await page.goto(SUBNETS)
      await expect(row(page, 'Subnets', 'mock-subnet-2')).toBeVisible()
      await waitForServiceWorker(page)

      await context.setOffline(true)
      try {
        await page.reload()
        await expect(row(page, 'Subnets', 'mock-subnet-2')).toContainText('mock-custom-router')
        await expectDisabled(page.getByRole('button', { name: 'New subnet' }), 'You are offline')
        await expectRowActionsDisabled(page, 'mock-subnet-2', 'You are offline')

        await page.goto(routerPage('mock-custom-router'))
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('mock-custom-router')
        await expect(row(page, 'Routes', 'to-db1')).toContainText('10.20.30.40')
        await expectDisabled(page.getByRole('button', { name: 'New route' }), 'You are offline')
        await expectRowActionsDisabled(page, 'to-db1', 'You are offline')
      } finally {
        await context.setOffline(false)
      }
    },
  )
})

test('a silo viewer sees every networking write disabled with the role reason', async ({ page }) => {
  await login(page, 'silo-viewer')
  await page.goto(SUBNETS)
  await expect(row(page, 'Subnets', 'mock-subnet-2')).toBeVisible()
  await expectDisabled(page.getByRole('button', { name: 'New subnet' }), roleReason('creating a subnet'))
  await expectRowActionsDisabled(page, 'mock-subnet-2', roleReason('changing a subnet'))

  await page.goto(ROUTERS)
  await expectDisabled(page.getByRole('button', { name: 'New router' }), roleReason('creating a router'))
  // The role comes first: the viewer is told about the role even on the system router.
  await expectRowActionsDisabled(page, 'system', roleReason('changing a router'))

  await page.goto(routerPage('mock-custom-router'))
  await expectDisabled(page.getByRole('button', { name: 'New route' }), roleReason('creating a route'))
  await expectRowActionsDisabled(page, 'to-mock-gateway', roleReason('changing a route'))
})
