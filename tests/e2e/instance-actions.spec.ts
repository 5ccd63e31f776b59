// The instance page's write actions (issue 12): the header's start/stop/reboot/resize/delete and the
// storage tab's attach, create and attach, set or unset as boot disk, snapshot and detach, each
// enabled or refused by the machines, then by the role (silo viewer) and by the network (offline).
// Every test that changes something works on an instance of its own (tests share one mock server).
import { randomBytes } from 'node:crypto'
import { expect, type Locator, type Page, test } from '@playwright/test'
import {
  createDisk,
  createInstance,
  expectAccessible,
  holdTransitions,
  login,
  SW,
  waitForServiceWorker,
  watchPageErrors,
} from './helpers'

const PROJECT = 'mock-project'
const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`
const pageOf = (name: string, tab = 'storage') => `/projects/${PROJECT}/instances/${name}/${tab}`

const props = (page: Page) => page.locator('dl').first()
// The header's actions (the side modal and the confirm dialog are portalled out of main).
const action = (page: Page, name: string) => page.getByRole('main').getByRole('button', { name, exact: true })
const otherDisks = (page: Page) => page.getByRole('table', { name: 'Other disks' })
const bootDisk = (page: Page) => page.getByRole('table', { name: 'Boot disk' })

async function expectRefused(control: Locator, reason: string | RegExp) {
  await expect(control).toHaveAttribute('aria-disabled', 'true')
  await expect(control).toHaveAccessibleDescription(reason)
}

async function expectAllowed(control: Locator) {
  await expect(control).toBeVisible()
  await expect(control).not.toHaveAttribute('aria-disabled', 'true')
}

/** Sees the toast that reports an action, then dismisses it (it would cover the rows' menus). */
async function closeToast(page: Page, text: string | RegExp) {
  const toast = page.getByRole('status').filter({ hasText: text })
  await expect(toast).toBeVisible()
  await toast.getByRole('button', { name: 'Dismiss notification' }).click()
  await expect(toast).toHaveCount(0)
}

/** Opens the row menu of a disk and returns its item of that name. */
async function diskMenuItem(page: Page, disk: string, item: string): Promise<Locator> {
  await page.getByRole('button', { name: `Actions for ${disk}` }).click()
  return page.getByRole('menuitem', { name: item })
}

test.describe('instance page actions', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('stop from the page: stopping, then stopped, and only then Delete, Start and Resize', async ({
    page,
  }) => {
    const errors = watchPageErrors(page)
    const name = unique('stop')
    const id = await createInstance(page.request, name, { start: true })
    await page.goto(pageOf(name))
    await expect(props(page).getByText('running', { exact: true })).toBeVisible()
    await expectRefused(action(page, 'Delete'), 'Only a stopped or failed instance can be deleted')
    await expectRefused(action(page, 'Start'), 'Only a stopped or failed instance can be started')
    await expectAllowed(action(page, 'Reboot'))

    let navigations = 0
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations++
    })
    await holdTransitions(page.request, [id], true)
    try {
      await action(page, 'Stop').click()
      const dialog = page.getByRole('alertdialog', { name: `Stop ${name}` })
      await dialog.getByRole('button', { name: 'Stop' }).click()
      await expect(dialog).toHaveCount(0)
      await expect(props(page).getByText('stopping', { exact: true })).toBeVisible()
      await expectRefused(action(page, 'Delete'), 'Only a stopped or failed instance can be deleted')
      await expectRefused(action(page, 'Resize'), /^Only a stopped, failed or creating instance/)
    } finally {
      await holdTransitions(page.request, [id], false)
    }
    await expect(props(page).getByText('stopped', { exact: true })).toBeVisible({ timeout: 15_000 })
    await expectAllowed(action(page, 'Delete'))
    await expectAllowed(action(page, 'Start'))
    await expectAllowed(action(page, 'Resize'))
    await expectRefused(action(page, 'Stop'), /^Only a running, starting, rebooting or failed/)
    expect(navigations).toBe(0)
    expect(errors).toEqual([])
    await page.request.delete(`/v1/instances/${id}`)
  })

  test('resize a stopped instance: a refusal keeps the values, then the header shows the new size', async ({
    page,
  }) => {
    const name = unique('resize')
    const id = await createInstance(page.request, name, { start: false })
    await page.goto(pageOf(name))
    await action(page, 'Resize').click()
    const dialog = page.getByRole('dialog', { name: 'Resize instance' })
    const vcpus = dialog.getByRole('spinbutton', { name: 'vCPUs' })
    const memory = dialog.getByRole('spinbutton', { name: 'Memory (GiB)' })
    await expect(vcpus).toHaveValue('1')
    await expect(memory).toHaveValue('1')
    await expectAccessible(page)

    // The client refuses what the platform would (spec 9: 1 to 64 vCPUs).
    await vcpus.fill('65')
    await dialog.getByRole('button', { name: 'Resize' }).click()
    await expect(vcpus).toHaveAccessibleDescription('vCPUs must be at most 64')

    // The server's refusal: the catalogue's wording on the field it names; the values are kept.
    await page.route(`**/v1/instances/${id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            json: {
              request_id: 'e2e',
              error_code: 'InvalidRequest',
              message: 'memory must be divisible by 1 MiB',
            },
          })
        : route.continue(),
    )
    await vcpus.fill('4')
    await memory.fill('8')
    await dialog.getByRole('button', { name: 'Resize' }).click()
    await expect(memory).toHaveAccessibleDescription('Memory must be divisible by 1 MiB')
    await expect(vcpus).toHaveValue('4')
    await expect(memory).toHaveValue('8')

    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await dialog.getByRole('button', { name: 'Resize' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(props(page).getByRole('definition').filter({ hasText: /^4$/ })).toBeVisible()
    await expect(props(page).getByText('8 GiB', { exact: true })).toBeVisible()
    await page.request.delete(`/v1/instances/${id}`)
  })

  test('storage: attach a detached disk, set and unset it as boot disk, snapshot, detach; create and attach', async ({
    page,
  }) => {
    test.slow()
    const name = unique('disks')
    const disk = unique('extra')
    const id = await createInstance(page.request, name, { start: false })
    await createDisk(page.request, disk)
    await page.goto(pageOf(name))
    await expect(page.getByText('No other disks')).toBeVisible()

    await page.getByRole('button', { name: 'Attach existing disk' }).click()
    const attach = page.getByRole('dialog', { name: 'Attach existing disk' })
    await attach.getByRole('combobox', { name: 'Disk' }).selectOption({ label: `${disk} (1 GiB)` })
    await attach.getByRole('button', { name: 'Attach disk' }).click()
    await expect(attach).toHaveCount(0)
    await closeToast(page, `Disk ${disk} attached to ${name}`)
    const row = otherDisks(page).getByRole('row').filter({ hasText: disk })
    // Attaching, then attached: the list polls until the disk settles.
    await expect(row.getByText('attached', { exact: true })).toBeVisible({ timeout: 15_000 })

    await (await diskMenuItem(page, disk, 'Set as boot disk')).click()
    await expect(bootDisk(page).getByRole('cell', { name: disk, exact: true })).toBeVisible()
    await expect(page.getByText('No other disks')).toBeVisible()
    await closeToast(page, `${disk} is the boot disk`)
    // The boot disk cannot be detached; it can be unset.
    await expectRefused(
      await diskMenuItem(page, disk, 'Detach'),
      'The boot disk cannot be detached: unset it as boot disk first',
    )
    await page.getByRole('menuitem', { name: 'Unset as boot disk' }).click()
    await expect(page.getByText('No boot disk', { exact: true })).toBeVisible()
    await expect(otherDisks(page).getByRole('cell', { name: disk, exact: true })).toBeVisible()
    await closeToast(page, `${disk} is no longer the boot disk`)

    await (await diskMenuItem(page, disk, 'Snapshot')).click()
    await closeToast(page, new RegExp(`^Snapshot ${disk}-snapshot-[0-9a-f]{6} created`))

    await (await diskMenuItem(page, disk, 'Detach')).click()
    const confirm = page.getByRole('alertdialog', { name: `Detach ${disk}` })
    await confirm.getByRole('button', { name: 'Detach' }).click()
    await expect(page.getByText('No other disks')).toBeVisible({ timeout: 15_000 })
    const detached = (await (await page.request.get(`/v1/disks/${disk}?project=${PROJECT}`)).json()) as {
      state: { state: string }
    }
    expect(detached.state.state).toBe('detached')

    const fresh = unique('fresh')
    await page.getByRole('button', { name: 'Create disk' }).click()
    const create = page.getByRole('dialog', { name: 'Create disk' })
    await create.getByRole('textbox', { name: 'Name' }).fill(fresh)
    await create.getByRole('spinbutton', { name: 'Size (GiB)' }).fill('2')
    await create.getByRole('button', { name: 'Create and attach' }).click()
    await expect(create).toHaveCount(0)
    await expect(page.getByText(`Disk ${fresh} created and attached to ${name}`)).toBeVisible()
    const freshRow = otherDisks(page).getByRole('row').filter({ hasText: fresh })
    await expect(freshRow).toContainText('2 GiB')
    await expect(freshRow.getByText('attached', { exact: true })).toBeVisible({ timeout: 15_000 })
    await page.request.delete(`/v1/instances/${id}`)
  })

  test('delete from the page lands on the instances list', async ({ page }) => {
    const name = unique('gone')
    await createInstance(page.request, name, { start: false })
    await page.goto(pageOf(name))
    await action(page, 'Delete').click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete instance' })
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/instances$`))
    await expect(page.getByText(`Instance ${name} deleted`)).toBeVisible()
    await expect(page.getByRole('table', { name: 'Instances' })).toBeVisible()
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0)
    await expect
      .poll(async () => (await page.request.get(`/v1/instances/${name}?project=${PROJECT}`)).status())
      .toBe(404)
  })
})

/** Every write control of db1's page and storage tab, refused with `reason`. */
async function expectEveryActionRefused(page: Page, reason: string | RegExp) {
  for (const name of ['Start', 'Stop', 'Reboot', 'Resize', 'Delete'])
    await expectRefused(action(page, name), reason)
  for (const name of ['Attach existing disk', 'Create disk']) {
    await expectRefused(page.getByRole('button', { name, exact: true }), reason)
  }
  await page.getByRole('button', { name: 'Actions for detaching-disk' }).click()
  for (const item of ['Set as boot disk', 'Snapshot', 'Detach']) {
    await expectRefused(page.getByRole('menuitem', { name: item }), reason)
  }
  await page.keyboard.press('Escape')
}

test('a silo viewer sees every write action of the page and the storage tab refused for the role', async ({
  page,
}) => {
  await login(page, 'silo-viewer')
  await page.goto(pageOf('db1'))
  await expect(bootDisk(page).getByRole('cell', { name: 'db1-boot', exact: true })).toBeVisible()
  await expectEveryActionRefused(
    page,
    /^Your role does not allow this: (managing (instances|disks) needs the limited collaborator|creating disks and snapshots needs the collaborator) role or stronger$/,
  )
})

test(
  'offline, the page and the storage tab paint from the cache with every action refused',
  SW,
  async ({ page, context }) => {
    test.slow()
    await login(page)
    await page.goto(pageOf('db1'))
    await expect(bootDisk(page).getByRole('cell', { name: 'db1-boot', exact: true })).toBeVisible()
    await expect(otherDisks(page).getByRole('cell', { name: 'detaching-disk', exact: true })).toBeVisible()
    // The boot disk's type, and its source image by name (read by id).
    const source = bootDisk(page).getByRole('cell', { name: 'Image ubuntu-24-04', exact: true })
    await expect(source).toBeVisible()
    await expect(bootDisk(page).getByRole('cell', { name: 'Distributed', exact: true })).toBeVisible()
    await waitForServiceWorker(page)
    await context.setOffline(true)
    try {
      await page.reload()
      await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()
      await expect(props(page).getByText('running', { exact: true })).toBeVisible()
      await expect(bootDisk(page).getByRole('cell', { name: 'db1-boot', exact: true })).toBeVisible()
      // The source's name paints from the cache too.
      await expect(source).toBeVisible()
      await expectEveryActionRefused(page, 'You are offline')
    } finally {
      await context.setOffline(false)
    }
  },
)
