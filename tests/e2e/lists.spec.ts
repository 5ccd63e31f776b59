// The list kit (issues 10 and 11): one reason hook disables every write action for a silo viewer,
// sorting by name is the API's and holds across pages, and a 100-row page is virtualised.
import { expect, type Page, test } from '@playwright/test'
import { expectAccessible, login } from './helpers'

const roleReason = (what: string, role: string) =>
  `Your role does not allow this: ${what} needs the ${role} role or stronger`

/** Opens the row menu named `label` and checks each item is disabled with `reason`; Copy ID is not. */
async function expectMenuDisabled(page: Page, label: string, items: string[], reason: string) {
  await page.getByRole('button', { name: label }).click()
  for (const name of items) {
    const item = page.getByRole('menuitem', { name, exact: true })
    await expect(item, name).toHaveAttribute('aria-disabled', 'true')
    await expect(item, name).toHaveAccessibleDescription(reason)
  }
  await expect(page.getByRole('menuitem', { name: 'Copy ID' })).not.toHaveAttribute('aria-disabled')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
}

test.describe('a silo viewer', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'silo-viewer')
  })

  test('sees every write action of projects, instances and disks disabled with the role reason', async ({
    page,
  }) => {
    test.slow() // three lists, a dozen menus, and axe
    await page.goto('/projects')
    await expectMenuDisabled(
      page,
      'Actions for mock-project',
      ['Delete'],
      roleReason('deleting a project', 'collaborator'),
    )

    await page.goto('/projects/mock-project/instances')
    const instances = roleReason('managing instances', 'limited collaborator')
    // db1 is running, web1 stopped: whatever the state allows, the role refuses first.
    await expectMenuDisabled(page, 'Actions for db1', ['Start', 'Stop', 'Reboot', 'Delete'], instances)
    await expectMenuDisabled(page, 'Actions for web1', ['Start', 'Stop', 'Reboot', 'Delete'], instances)

    await page.goto('/projects/mock-project/disks')
    // New disks, snapshots and deletes need the collaborator role (what the server asks); detaching
    // changes the instance, which a limited collaborator may.
    const disks = roleReason('managing disks', 'collaborator')
    const create = page.getByRole('button', { name: 'New disk' })
    await expect(create).toHaveAttribute('aria-disabled', 'true')
    await expect(create).toHaveAccessibleDescription(disks)
    // (Playwright refuses to click an aria-disabled button: send the click event directly)
    await create.dispatchEvent('click')
    await expect(page).toHaveURL(/\/disks$/)
    for (const disk of ['db1-boot', 'data-disk']) {
      await expectMenuDisabled(page, `Actions for ${disk}`, ['Snapshot', 'Delete'], disks)
      await expectMenuDisabled(
        page,
        `Actions for ${disk}`,
        ['Detach'],
        roleReason('detaching disks', 'limited collaborator'),
      )
    }
    await expectAccessible(page)
  })

  test('sees the access pages’ write controls disabled with their reason', async ({ page }) => {
    for (const [path, reason] of [
      ['/access', 'Only silo admins can change access'],
      ['/projects/mock-project/access', 'Only project admins can change access'],
    ] as const) {
      await page.goto(path)
      const add = page.getByRole('button', { name: 'Add user or group' })
      await expect(add).toHaveAttribute('aria-disabled', 'true')
      await expect(add).toHaveAccessibleDescription(reason)
    }
  })
})

test.describe('scale-project', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('sorting by name is the API’s: the order holds across pages', async ({ page }) => {
    await page.goto('/projects/scale-project/instances')
    const table = page.getByRole('table', { name: 'Instances' })
    const header = table.getByRole('columnheader', { name: 'Name' })
    const firstName = table.getByRole('row').nth(1).getByRole('link')
    await expect(header).toHaveAttribute('aria-sort', 'ascending')
    await expect(firstName).toHaveText('instance-00001')

    await header.getByRole('button', { name: 'Name' }).click()
    await expect(header).toHaveAttribute('aria-sort', 'descending')
    await expect(firstName).toHaveText('instance-10000')
    await expect(page).toHaveURL(/sort=name_descending/)

    // Page 2 continues the descending order over all 10,000 instances, not within page 1.
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(firstName).toHaveText('instance-09950')
    await expect(header).toHaveAttribute('aria-sort', 'descending')
    await page.getByRole('button', { name: 'Previous' }).click()
    await expect(firstName).toHaveText('instance-10000')

    // Other columns are not offered as sortable: sorting one page would pass for sorting the list.
    await expect(table.getByRole('columnheader', { name: 'Created' })).not.toHaveAttribute('aria-sort')
  })

  test('a 100-row page renders only the rows in view, and scrolling reveals later rows', async ({ page }) => {
    await page.goto('/projects/scale-project/instances?limit=100')
    const table = page.getByRole('table', { name: 'Instances' })
    await expect(table.getByRole('cell', { name: 'instance-00001', exact: true })).toBeVisible()
    await expect(table).toHaveAttribute('aria-rowcount', '101')
    const rendered = await table.locator('tbody tr:not([aria-hidden])').count()
    expect(rendered).toBeGreaterThan(0)
    expect(rendered).toBeLessThan(100)
    await expect(table.getByRole('cell', { name: 'instance-00100', exact: true })).toHaveCount(0)

    // The virtualiser's code may still be loading (its first rows stand in): scroll its own box.
    await expect(page.locator('[data-virtualized]')).toHaveCount(1)
    await table.evaluate((el) => {
      const box = el.parentElement!
      box.scrollTop = box.scrollHeight
    })
    await expect(table.getByRole('cell', { name: 'instance-00100', exact: true })).toBeVisible()
    await expect(table.getByRole('cell', { name: 'instance-00001', exact: true })).toHaveCount(0)
  })

  test('rows scrolled while the virtualiser loads stay in view when it takes over', async ({ page }) => {
    let release = () => {}
    const held = new Promise<void>((r) => {
      release = r
    })
    await page.route('**/assets/VirtualTable-*.js', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/projects/scale-project/instances?limit=100')
    const table = page.getByRole('table', { name: 'Instances' })
    await expect(table.getByRole('cell', { name: 'instance-00001', exact: true })).toBeVisible()
    await expect(page.locator('[data-virtualized]')).toHaveCount(0)
    const at = await table.evaluate((el) => {
      const box = el.parentElement as HTMLElement
      box.scrollTop = 600
      box.dispatchEvent(new Event('scroll'))
      return box.scrollTop
    })
    expect(at).toBeGreaterThan(300)
    release()
    const box = page.locator('[data-virtualized]')
    await expect(box).toHaveCount(1)
    // Where it was, to within a row (the virtualiser measures the rows it renders and keeps them put).
    await expect.poll(async () => Math.abs((await box.evaluate((el) => el.scrollTop)) - at)).toBeLessThan(45)
    await expect(table.getByRole('cell', { name: 'instance-00001', exact: true })).not.toBeInViewport()
  })
})

test('Copy ID on a row copies the resource id and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await login(page)
  await page.goto('/projects/mock-project/disks')
  await page.getByRole('button', { name: 'Actions for data-disk' }).click()
  await page.getByRole('menuitem', { name: 'Copy ID' }).click()
  await expect(page.getByText('Disk ID copied')).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(/^[0-9a-f-]{36}$/)
})

test('in an 820 px window a wide list scrolls in its own box, not the page, with row menus in reach', async ({
  page,
}) => {
  await page.setViewportSize({ width: 820, height: 720 })
  await login(page)
  for (const [path, row] of [
    ['/projects/mock-project/disks', 'data-disk'],
    ['/projects/mock-project/instances', 'db1'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('button', { name: `Actions for ${row}` })).toBeVisible()
    const widths = await page.evaluate(() => {
      const t = document.querySelector('table')
      return {
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
        box: t?.parentElement?.clientWidth ?? 0,
        table: t?.scrollWidth ?? 0,
      }
    })
    // The table is wider than its box (it scrolls there), and nothing makes the page wider than the window.
    expect(widths.table, path).toBeGreaterThan(widths.box)
    expect(widths.page, path).toBeLessThanOrEqual(widths.window)
    // The sticky actions column keeps every row's menu inside the window.
    const menu = page.getByRole('button', { name: `Actions for ${row}` })
    const box = await menu.boundingBox()
    expect((box?.x ?? Infinity) + (box?.width ?? 0), path).toBeLessThanOrEqual(820)
  }
})

test('a re-read that fails keeps the rows and says the list was not updated, and why', async ({ page }) => {
  await login(page)
  await page.goto('/projects')
  await expect(page.getByRole('link', { name: 'mock-project', exact: true })).toBeVisible()
  await expect(page.getByText(/^Updated \d\d:\d\d:\d\d$/)).toBeVisible()
  await page.route('**/v1/projects?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        request_id: 'r1',
        error_code: 'ServiceNotAvailable',
        message: 'Service Unavailable',
      }),
    }),
  )
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByText('Not updated:')).toBeVisible()
  await expect(page.getByText(/Not updated: Service Unavailable · Updated \d\d:\d\d:\d\d/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'mock-project', exact: true })).toBeVisible()
  // The next answer clears it.
  await page.unroute('**/v1/projects?*')
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByText('Not updated:')).toHaveCount(0)
  await expect(page.getByText(/^Updated \d\d:\d\d:\d\d$/)).toBeVisible()
})
