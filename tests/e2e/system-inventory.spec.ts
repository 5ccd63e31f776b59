// Issue 15, inventory: the sleds table and setting a sled's provision policy, a sled's page with its
// instances and disks, the index redirects, /system/issues, the offline paint with writes disabled,
// and the 403 page for a user without a fleet role. Seed (mocks/seed/system.ts): sled 0 (serial
// BRM42221000) runs instances; sled 6 (BRM42221006) is provisionable; sled 15 (BRM42221023) is expunged.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { expectAccessible, login, SW, waitForServiceWorker } from './helpers'

const SLED = 'BRM42221000'
const FREE_SLED = 'BRM42221006'
const EXPUNGED_SLED = 'BRM42221023'

type SledRow = { id: string; baseboard: { serial: string } }

async function sledId(request: APIRequestContext, serial: string): Promise<string> {
  const res = await request.get('/v1/system/hardware/sleds?limit=100')
  expect(res.ok()).toBe(true)
  const sled = ((await res.json()) as { items: SledRow[] }).items.find((s) => s.baseboard.serial === serial)
  expect(sled, `sled ${serial} is seeded`).toBeTruthy()
  return (sled as SledRow).id
}

type SledInstanceRow = { name: string; project_name: string; silo_name: string; state: string }

/** The first instance of a sled's first page, as the API orders it (the one the tab shows first). */
async function firstInstance(request: APIRequestContext, id: string): Promise<SledInstanceRow> {
  const res = await request.get(`/v1/system/hardware/sleds/${id}/instances?limit=50`)
  expect(res.ok()).toBe(true)
  const first = ((await res.json()) as { items: SledInstanceRow[] }).items[0]
  expect(first, 'the sled runs an instance').toBeTruthy()
  return first as SledInstanceRow
}

const instanceRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Instances' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) })

const sledRow = (page: Page, serial: string) =>
  page.getByRole('table', { name: 'Sleds' }).getByRole('row').filter({ hasText: serial })

async function openPolicyItem(page: Page, serial: string) {
  await page.getByRole('button', { name: `Actions for sled ${serial}` }).click()
  return page.getByRole('menuitem', { name: 'Set provision policy' })
}

test.describe('system inventory', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'fleet-admin')
  })

  test('/system/inventory redirects to its sleds, which lists the rack and passes axe', async ({ page }) => {
    await page.goto('/system/inventory')
    await expect(page).toHaveURL(/\/system\/inventory\/sleds$/)
    await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Sleds' })).toHaveAttribute('aria-selected', 'true')
    const row = sledRow(page, SLED)
    await expect(row).toContainText('913-0000019')
    await expect(row).toContainText('In service')
    await expect(row).toContainText('Provisionable')
    await expect(row).toContainText('active')
    await expect(sledRow(page, EXPUNGED_SLED)).toContainText('Expunged')
    await expect(sledRow(page, EXPUNGED_SLED)).toContainText('decommissioned')
    await expectAccessible(page)
  })

  test('set a sled provision policy and see it in the table; an expunged sled says why not', async ({
    page,
  }) => {
    const id = await sledId(page.request, FREE_SLED)
    const provisionable = () =>
      page.request.put(`/v1/system/hardware/sleds/${id}/provision-policy`, {
        data: { state: 'provisionable' },
      })
    // From the seed's state even when a try before this one ended half way.
    expect((await provisionable()).ok()).toBe(true)
    try {
      await page.goto('/system/inventory/sleds')
      await expect(sledRow(page, FREE_SLED)).toContainText('Provisionable')
      await (await openPolicyItem(page, FREE_SLED)).click()
      const dialog = page.getByRole('dialog', { name: 'Set provision policy' })
      await expect(dialog).toContainText(FREE_SLED)
      await expect(dialog.getByRole('radio', { name: 'Provisionable', exact: true })).toBeChecked()
      await dialog.getByRole('radio', { name: 'Non-provisionable' }).check()
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expect(dialog).toBeHidden()
      await expect(sledRow(page, FREE_SLED)).toContainText('Non-provisionable')
      await expect(page.getByText(`Sled ${FREE_SLED} is now non-provisionable`)).toBeVisible()

      const expunged = await openPolicyItem(page, EXPUNGED_SLED)
      await expect(expunged).toHaveAttribute('aria-disabled', 'true')
      await expect(expunged).toHaveAccessibleDescription(
        'An expunged sled cannot change its provision policy',
      )
    } finally {
      // Other specs read the seed: put the sled back however the test ended.
      expect((await provisionable()).ok()).toBe(true)
    }
  })

  test('a sled redirects to its instances; its page shows the sled, its instances and disks', async ({
    page,
  }) => {
    const id = await sledId(page.request, SLED)
    await page.goto('/system/inventory/sleds')
    await sledRow(page, SLED)
      .getByRole('link', { name: id.split('-')[0] })
      .click()
    await expect(page).toHaveURL(new RegExp(`/system/inventory/sleds/${id}/instances$`))
    await expect(page.getByRole('heading', { name: `Sled ${SLED}`, level: 1 })).toBeVisible()
    // Spec section 2's crumb labels: Inventory, Sleds, then the sled.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' })
    await expect(crumbs.getByRole('link', { name: 'Sleds' })).toHaveAttribute(
      'href',
      '/system/inventory/sleds',
    )
    await expect(page).toHaveTitle(`Instances / ${id} / Sleds / Inventory / Rack Console`)
    await expect(page.getByRole('definition').filter({ hasText: '1,011.57 GiB' })).toBeVisible()
    const first = await firstInstance(page.request, id)
    const row = instanceRow(page, first.name)
    await expect(row).toContainText(first.project_name)
    await expect(row).toContainText(first.silo_name)
    await expect(row).toContainText(first.state)
    await expectAccessible(page)

    await page.getByRole('tab', { name: 'Disks' }).click()
    await expect(page).toHaveURL(new RegExp(`/system/inventory/sleds/${id}/disks$`))
    await expect(page.getByRole('table', { name: 'Physical disks' }).getByRole('row')).toHaveCount(13)

    await page.goto(`/system/inventory/sleds/${id}`)
    await expect(page).toHaveURL(new RegExp(`/system/inventory/sleds/${id}/instances$`))
  })

  test('the disks and switches tabs list the hardware', async ({ page }) => {
    await page.goto('/system/inventory/disks')
    const disks = page.getByRole('table', { name: 'Physical disks' })
    await expect(disks.getByRole('row').filter({ hasText: 'WUS5EA138ESP7E3' }).first()).toContainText('U.2')
    await page.getByRole('tab', { name: 'Switches' }).click()
    await expect(page).toHaveURL(/\/system\/inventory\/switches$/)
    const sw = page
      .getByRole('table', { name: 'Switches' })
      .getByRole('row')
      .filter({ hasText: 'BRM44220010' })
    await expect(sw).toContainText('913-0000006')
  })

  test('/system/issues shows its empty state', async ({ page }) => {
    await page.goto('/system/issues')
    await expect(page.getByRole('heading', { name: 'Issues', level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No issues' })).toBeVisible()
    await expectAccessible(page)
  })

  test(
    'offline after a first visit, the sleds and a sled page paint from the cache; writes say why',
    SW,
    async ({ page, context }) => {
      const id = await sledId(page.request, SLED)
      const first = await firstInstance(page.request, id)
      await page.goto(`/system/inventory/sleds/${id}/instances`)
      await expect(instanceRow(page, first.name)).toContainText(first.project_name)
      await page.goto('/system/inventory/sleds')
      await expect(sledRow(page, SLED)).toContainText('Provisionable')
      await waitForServiceWorker(page)
      await context.setOffline(true)

      await page.reload()
      await expect(sledRow(page, SLED)).toContainText('Provisionable')
      const item = await openPolicyItem(page, SLED)
      await expect(item).toHaveAttribute('aria-disabled', 'true')
      await expect(item).toHaveAccessibleDescription('You are offline')
      await page.keyboard.press('Escape')

      await page.goto(`/system/inventory/sleds/${id}/instances`)
      await expect(page.getByRole('heading', { name: `Sled ${SLED}`, level: 1 })).toBeVisible()
      await expect(instanceRow(page, first.name)).toContainText(first.project_name)
      const button = page.getByRole('button', { name: 'Set provision policy' })
      await expect(button).toHaveAttribute('aria-disabled', 'true')
      await expect(button).toHaveAccessibleDescription('You are offline')
    },
  )
})

test('a silo viewer gets the 403 page on /system/inventory', async ({ page }) => {
  await login(page, 'silo-viewer')
  await page.goto('/system/inventory/sleds')
  await expect(page.getByRole('heading', { name: 'Action not authorized' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Sleds' })).toHaveCount(0)
})
