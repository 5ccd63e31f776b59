// IP pools (issue 15): ranges added (a bad address first) and removed on ip-pool-1; a pool linked to a
// silo from either side, seen on the other, made default and unlinked; a default cleared, and Clear
// default refused to a fleet viewer; the list painting offline with its writes disabled. Tests share
// the mock: every pool, silo, user and range made here is the test's own.
import { randomBytes, randomInt } from 'node:crypto'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import {
  createViewerSilo,
  expectAccessible,
  login,
  SW,
  signInAsFleetViewer,
  waitForServiceWorker,
  watchPageErrors,
} from './helpers'

const POOLS = '/system/networking/ip-pools'
const uniqueName = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`

/** A pool of the test's own (IPv6, so no silo's IPv4 default moves), by the API. */
async function createPool(request: APIRequestContext, name: string) {
  const res = await request.post('/v1/system/ip-pools', {
    data: { name, description: 'e2e pool', ip_version: 'v6' },
  })
  expect(res.status(), await res.text()).toBe(201)
}

async function linkPool(request: APIRequestContext, pool: string, silo: string, isDefault: boolean) {
  const res = await request.post(`/v1/system/ip-pools/${pool}/silos`, {
    data: { silo, is_default: isDefault },
  })
  expect(res.status(), await res.text()).toBe(201)
}

/** The link's flag as the API has it. */
async function isDefaultLink(request: APIRequestContext, pool: string, siloId: string) {
  const res = await request.get(`/v1/system/ip-pools/${pool}/silos`)
  expect(res.status(), await res.text()).toBe(200)
  const { items } = (await res.json()) as { items: { silo_id: string; is_default: boolean }[] }
  return items.find((l) => l.silo_id === siloId)?.is_default
}

/** Opens a row's menu and confirms `action` in its dialog. */
async function confirmRowAction(page: Page, menu: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${menu}` }).click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByRole('button', { name: action, exact: true }).click()
  await expect(dialog).toBeHidden()
}

test.describe('IP pools', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('adds an IPv4 range to ip-pool-1 after refusing a bad address, then removes it', async ({ page }) => {
    const errors = watchPageErrors(page)
    // An address block no other test uses: the mock refuses ranges that overlap any pool's.
    const base = `10.${randomInt(0, 256)}.${randomInt(0, 256)}`
    const [first, last] = [`${base}.1`, `${base}.10`]
    await page.goto(`${POOLS}/ip-pool-1`)
    await expect(page).toHaveURL(`${POOLS}/ip-pool-1/ranges`)
    const ranges = page.getByRole('table', { name: 'Ranges' })
    await expect(ranges.getByRole('row').filter({ hasText: '198.51.100.10' })).toBeVisible()
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Add range' }).click()
    await expect(page).toHaveURL(`${POOLS}/ip-pool-1/ranges-add`)
    const form = page.getByRole('dialog', { name: 'Add IP range' })
    await form.getByRole('textbox', { name: 'First' }).fill('10.0.0')
    await form.getByRole('textbox', { name: 'Last' }).fill(last)
    await form.getByRole('button', { name: 'Add range' }).click()
    await expect(form.getByRole('textbox', { name: 'First' })).toHaveAccessibleDescription(
      /Not a valid IP address/,
    )
    await expectAccessible(page)

    // The pool's version decides: an IPv6 address is refused by an IPv4 pool.
    await form.getByRole('textbox', { name: 'First' }).fill('2001:db8::1')
    await form.getByRole('button', { name: 'Add range' }).click()
    await expect(form.getByRole('textbox', { name: 'First' })).toHaveAccessibleDescription(
      /This pool holds IPv4 addresses: enter an IPv4 address/,
    )

    // The server's refusal (an overlap with the seeded range) keeps both values.
    await form.getByRole('textbox', { name: 'First' }).fill('192.0.2.5')
    await form.getByRole('textbox', { name: 'Last' }).fill('192.0.2.6')
    await form.getByRole('button', { name: 'Add range' }).click()
    await expect(form.getByText(/overlaps with an existing range/).first()).toBeVisible()
    await expect(form.getByRole('textbox', { name: 'First' })).toHaveValue('192.0.2.5')
    await expect(form.getByRole('textbox', { name: 'Last' })).toHaveValue('192.0.2.6')

    await form.getByRole('textbox', { name: 'First' }).fill(first)
    await form.getByRole('textbox', { name: 'Last' }).fill(last)
    await form.getByRole('button', { name: 'Add range' }).click()
    await expect(form).toBeHidden()
    await expect(page).toHaveURL(`${POOLS}/ip-pool-1/ranges`)
    const row = ranges.getByRole('row').filter({ hasText: first })
    await expect(row).toContainText(last)

    await confirmRowAction(page, `${first} – ${last}`, 'Remove')
    await expect(row).toHaveCount(0)
    expect(errors).toEqual([])
  })

  // Both link a new IPv6 pool to other-silo as its default: run side by side, one's default link is
  // refused while the other's stands ("IP pool resource name already exists"). One after the other.
  test.describe('links to other-silo', () => {
    test.describe.configure({ mode: 'default' })

    test('links a pool to a silo from the pool, makes it default and unlinks it from the silo', async ({
      page,
    }) => {
      const pool = uniqueName('e2e-pool')
      await createPool(page.request, pool)
      await page.goto(`${POOLS}/${pool}/silos`)
      const silos = page.getByRole('table', { name: 'Linked silos' })
      await expect(page.getByText('No linked silos')).toBeVisible()

      await page.getByRole('button', { name: 'Link silo' }).click()
      const form = page.getByRole('dialog', { name: 'Link silo' })
      await form.getByRole('combobox', { name: 'Silo' }).selectOption('other-silo')
      await form.getByRole('button', { name: 'Link', exact: true }).click()
      await expect(form).toBeHidden()
      await expect(silos.getByRole('link', { name: 'other-silo' })).toBeVisible()

      // The other side: the silo's IP pools tab lists the pool, not as its default yet.
      await silos.getByRole('link', { name: 'other-silo' }).click()
      await expect(page).toHaveURL('/system/silos/other-silo/idps')
      await page.getByRole('tab', { name: 'IP pools' }).click()
      await expect(page).toHaveURL('/system/silos/other-silo/ip-pools')
      const row = page.getByRole('table', { name: 'IP pools' }).getByRole('row').filter({ hasText: pool })
      await expect(row).toContainText('IPv6')
      await expect(row.getByText('default', { exact: true })).toHaveCount(0)

      await confirmRowAction(page, pool, 'Make default')
      await expect(row.getByText('default', { exact: true })).toBeVisible()
      await page.getByRole('button', { name: `Actions for ${pool}` }).click()
      const again = page.getByRole('menuitem', { name: 'Make default' })
      await expect(again).toHaveAttribute('aria-disabled', 'true')
      await expect(again).toHaveAccessibleDescription('Already the default pool of this silo')
      await page.keyboard.press('Escape')

      await confirmRowAction(page, pool, 'Unlink')
      await expect(row).toHaveCount(0)
      await page.goto(`${POOLS}/${pool}/silos`)
      await expect(page.getByText('No linked silos')).toBeVisible()
    })

    test("links a pool as default from the silo's side and unlinks it from the pool", async ({ page }) => {
      const pool = uniqueName('e2e-pool')
      await createPool(page.request, pool)
      await page.goto('/system/silos/other-silo/ip-pools')
      await page.getByRole('button', { name: 'Link IP pool' }).click()
      const form = page.getByRole('dialog', { name: 'Link IP pool' })
      await form.getByRole('combobox', { name: 'IP pool' }).selectOption(pool)
      await form.getByRole('checkbox', { name: 'Make default' }).check()
      await form.getByRole('button', { name: 'Link', exact: true }).click()
      await expect(form).toBeHidden()
      await page.getByRole('table', { name: 'IP pools' }).getByRole('link', { name: pool }).click()

      await expect(page).toHaveURL(`${POOLS}/${pool}/ranges`)
      await page.getByRole('tab', { name: 'Linked silos' }).click()
      const row = page
        .getByRole('table', { name: 'Linked silos' })
        .getByRole('row')
        .filter({ hasText: 'other-silo' })
      await expect(row.getByText('default', { exact: true })).toBeVisible()
      await expectAccessible(page)
      await confirmRowAction(page, 'other-silo', 'Unlink')
      await expect(page.getByText('No linked silos')).toBeVisible()
    })
  })

  test("clears a silo's default pool: the link stays, on both sides without the badge", async ({ page }) => {
    const pool = uniqueName('e2e-pool')
    const silo = uniqueName('zz-e2e-silo')
    await createPool(page.request, pool)
    const siloId = await createViewerSilo(page.request, silo)
    await linkPool(page.request, pool, silo, false)
    await page.goto(`${POOLS}/${pool}/silos`)
    const row = page.getByRole('table', { name: 'Linked silos' }).getByRole('row').filter({ hasText: silo })
    await expect(row).toBeVisible()
    await expect(row.getByText('default', { exact: true })).toHaveCount(0)

    // Only the default can be cleared.
    await page.getByRole('button', { name: `Actions for ${silo}` }).click()
    const clear = page.getByRole('menuitem', { name: 'Clear default' })
    await expect(clear).toHaveAttribute('aria-disabled', 'true')
    await expect(clear).toHaveAccessibleDescription('Not the default pool of this silo')
    await page.keyboard.press('Escape')

    await confirmRowAction(page, silo, 'Make default')
    await expect(row.getByText('default', { exact: true })).toBeVisible()
    expect(await isDefaultLink(page.request, pool, siloId)).toBe(true)

    await page.getByRole('button', { name: `Actions for ${silo}` }).click()
    await page.getByRole('menuitem', { name: 'Clear default', exact: true }).click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText(`Stop ${pool} being the default IP pool of silo ${silo}?`)
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Clear default', exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(row.getByText('default', { exact: true })).toHaveCount(0)
    await expect(row).toBeVisible()
    expect(await isDefaultLink(page.request, pool, siloId)).toBe(false)

    // The silo's side agrees: linked, not the default, nothing to clear.
    await page.goto(`/system/silos/${silo}/ip-pools`)
    const other = page.getByRole('table', { name: 'IP pools' }).getByRole('row').filter({ hasText: pool })
    await expect(other).toContainText('IPv6')
    await expect(other.getByText('default', { exact: true })).toHaveCount(0)
    await page.getByRole('button', { name: `Actions for ${pool}` }).click()
    await expect(page.getByRole('menuitem', { name: 'Clear default' })).toHaveAccessibleDescription(
      'Not the default pool of this silo',
    )
  })

  test('a fleet viewer sees Clear default disabled for the role', async ({ page }) => {
    const pool = uniqueName('e2e-pool')
    const silo = uniqueName('zz-e2e-silo')
    await createPool(page.request, pool)
    await createViewerSilo(page.request, silo)
    await linkPool(page.request, pool, silo, true)
    await signInAsFleetViewer(page.request, silo)

    await page.goto(`${POOLS}/${pool}/silos`)
    const row = page.getByRole('table', { name: 'Linked silos' }).getByRole('row').filter({ hasText: silo })
    await expect(row.getByText('default', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: `Actions for ${silo}` }).click()
    const clear = page.getByRole('menuitem', { name: 'Clear default' })
    await expect(clear).toHaveAttribute('aria-disabled', 'true')
    await expect(clear).toHaveAccessibleDescription(
      'Your role does not allow this: changing the links of IP pools and silos needs the fleet admin role or stronger',
    )
  })

  test(
    'the list paints offline after a first visit, with New IP pool disabled',
    SW,
    async ({ page, context }) => {
      await page.goto(POOLS)
      const list = page.getByRole('table', { name: 'IP Pools' })
      const row = list
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: 'ip-pool-1', exact: true }) })
      await expect(row).toContainText('IPv4')
      // Addresses used / remaining, from the utilization call, once the rows have painted.
      await expect(row).toContainText(/\d+ \/ \d+/)
      await expectAccessible(page)
      await waitForServiceWorker(page)
      await context.setOffline(true)
      await page.reload()
      await expect(row).toContainText('IPv4')
      const create = page.getByRole('button', { name: 'New IP pool' })
      await expect(create).toHaveAttribute('aria-disabled', 'true')
      await expect(create).toHaveAccessibleDescription('You are offline')
      await page.getByRole('button', { name: 'Actions for ip-pool-1' }).click()
      const remove = page.getByRole('menuitem', { name: 'Delete' })
      await expect(remove).toHaveAttribute('aria-disabled', 'true')
      await expect(remove).toHaveAccessibleDescription('You are offline')
    },
  )

  test('creates a pool, refuses to delete it while it has a range, then deletes it', async ({ page }) => {
    const pool = uniqueName('e2e-pool')
    await page.goto('/system/networking/ip-pools-new')
    const form = page.getByRole('dialog', { name: 'New IP pool' })
    await form.getByRole('textbox', { name: 'Name' }).fill(pool)
    await form.getByRole('combobox', { name: 'IP version' }).selectOption('IPv6')
    await form.getByRole('button', { name: 'Create IP pool' }).click()
    await expect(page).toHaveURL(`${POOLS}/${pool}/ranges`)
    await expect(page.getByText('No ranges')).toBeVisible()

    // Four hex digits without a leading zero: the address reads back as typed.
    const hex = randomInt(0x1000, 0x10000).toString(16)
    await page.getByRole('button', { name: 'Add range' }).click()
    const rangeForm = page.getByRole('dialog', { name: 'Add IP range' })
    await rangeForm.getByRole('textbox', { name: 'First' }).fill(`fd00:${hex}::1`)
    await rangeForm.getByRole('textbox', { name: 'Last' }).fill(`fd00:${hex}::9`)
    await rangeForm.getByRole('button', { name: 'Add range' }).click()
    await expect(rangeForm).toBeHidden()
    await page.getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(
      page.getByText('IP Pool cannot be deleted while it contains IP ranges').first(),
    ).toBeVisible()
    await expect(
      page
        .getByRole('table', { name: 'Ranges' })
        .getByRole('row')
        .filter({ hasText: `fd00:${hex}::1` }),
    ).toBeVisible()

    await confirmRowAction(page, `fd00:${hex}::1 – fd00:${hex}::9`, 'Remove')
    await page.getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(POOLS)
    await expect(page.getByRole('link', { name: pool, exact: true })).toHaveCount(0)
  })
})
