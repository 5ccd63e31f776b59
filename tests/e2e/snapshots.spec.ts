// Snapshots (issue 13): snapshot a disk from `snapshots-new`, make a project image from a ready
// snapshot (`snapshots/{snapshot}/images-new`), delete, taken names refused on the name field with the
// values kept, and every write control disabled with its reason offline and for a silo viewer.
import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { createDisk, expectAccessible, login, rowNamed, SW, waitForServiceWorker } from './helpers'

const PROJECT = 'mock-project'
const GiB = 1024 ** 3
const LIST = `/projects/${PROJECT}/snapshots`

// Sorted first by name, so the test's own rows are on the list's first page.
const uniqueName = (prefix: string) => `aa-${prefix}-${randomBytes(3).toString('hex')}`

const roleReason = (what: string) =>
  `Your role does not allow this: ${what} needs the collaborator role or stronger`

/** A ready snapshot of `disk`, made through the API. */
async function createSnapshot(request: APIRequestContext, name: string, disk: string): Promise<string> {
  const res = await request.post(`/v1/snapshots?project=${PROJECT}`, {
    data: { name, description: 'e2e snapshot', disk },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { id } = (await res.json()) as { id: string }
  await expect
    .poll(async () => ((await (await request.get(`/v1/snapshots/${id}`)).json()) as { state: string }).state)
    .toBe('ready')
  return id
}

// The row whose name cell is exactly `name`: other specs make snapshots whose names contain it
// (e.g. "extra-…-snapshot-1a2b3c" holds "snapshot-1").
const rowOf = (page: Page, name: string) => rowNamed(page.getByRole('table', { name: 'Snapshots' }), name)

// The trigger is looked for in the row itself, once the row is in the table, and the opening is
// checked here: a click that opened nothing fails on this line, not as a missing menuitem later.
async function openRowMenu(page: Page, name: string) {
  const row = rowOf(page, name)
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: `Actions for ${name}` }).click()
  await expect(page.getByRole('menu', { name: `Actions for ${name}` })).toBeVisible()
}

async function expectDisabled(page: Page, action: string, reason: string) {
  const item = page.getByRole('menuitem', { name: action, exact: true })
  await expect(item).toHaveAttribute('aria-disabled', 'true')
  await expect(item).toHaveAccessibleDescription(reason)
}

test.describe('snapshots', () => {
  test.beforeEach(async ({ page }) => {
    // Each test runs axe or waits for the mock's transitions: room for a busy machine.
    test.slow()
    await login(page)
  })

  test('snapshot a disk from the form and see it listed; a taken name is refused with the values kept', async ({
    page,
  }) => {
    const disk = uniqueName('disk')
    const snapshot = uniqueName('snap')
    await createDisk(page.request, disk)

    await page.goto(LIST)
    await expect(page.getByRole('heading', { name: 'Snapshots', level: 1 })).toBeVisible()
    await expect(rowOf(page, 'snapshot-1')).toContainText('db1-boot')
    await expectAccessible(page)

    await page.getByRole('button', { name: 'New snapshot' }).click()
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/snapshots-new$`))
    const form = page.getByRole('dialog', { name: 'New snapshot' })
    const diskSelect = form.getByRole('combobox', { name: 'Disk' })
    // Only disks the disk machine lets be snapshotted are offered (attached or detached).
    await expect(diskSelect.getByRole('option', { name: /^db1-boot / })).toHaveCount(1)
    await expect(diskSelect.getByRole('option', { name: /^import-ready-disk / })).toHaveCount(0)
    await diskSelect.selectOption({ label: `${disk} (1 GiB)` })
    // Choosing the disk suggests a generated name (spec section 5): the disk's name and a hex suffix.
    const nameField = form.getByRole('textbox', { name: 'Name' })
    await expect(nameField).toHaveValue(new RegExp(`^${disk}-[0-9a-f]{6}$`))
    await nameField.fill(snapshot)
    await form.getByRole('textbox', { name: 'Description' }).fill('made by the e2e test')
    await expectAccessible(page)
    await form.getByRole('button', { name: 'Create snapshot' }).click()
    await expect(form).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`${LIST}$`))
    await expect(page.getByText(`Snapshot ${snapshot} created`)).toBeVisible()
    const row = rowOf(page, snapshot)
    await expect(row.getByRole('link', { name: disk })).toHaveAttribute(
      'href',
      `/projects/${PROJECT}/disks/${disk}`,
    )
    await expect(row).toContainText('1 GiB')
    await expect(row.getByRole('cell', { name: 'made by the e2e test', exact: true })).toBeVisible()
    // The list polls while the snapshot is being created.
    await expect(row.getByText('ready', { exact: true })).toBeVisible({ timeout: 15_000 })

    // The same name again: on the name field, every value kept.
    await page.getByRole('button', { name: 'New snapshot' }).click()
    await diskSelect.selectOption({ label: `${disk} (1 GiB)` })
    await nameField.fill(snapshot)
    await form.getByRole('textbox', { name: 'Description' }).fill('a second try')
    await form.getByRole('button', { name: 'Create snapshot' }).click()
    await expect(nameField).toHaveAttribute('aria-invalid', 'true')
    await expect(nameField).toHaveAccessibleDescription(/Snapshot name already exists/)
    await expect(nameField).toHaveValue(snapshot)
    await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('a second try')
    await expect(diskSelect.locator('option:checked')).toHaveText(`${disk} (1 GiB)`)
    await form.getByRole('button', { name: 'Cancel' }).click()
    await expect(form).toBeHidden()
  })

  test('an image made from a ready snapshot joins the project’s images; a taken image name is refused', async ({
    page,
  }) => {
    const snapshot = uniqueName('imgsnap')
    const image = uniqueName('image')
    await createSnapshot(page.request, snapshot, await createDisk(page.request, uniqueName('imgdisk')))
    await page.goto(LIST)
    await openRowMenu(page, snapshot)
    await page.getByRole('menuitem', { name: 'Create image' }).click()
    await expect(page).toHaveURL(new RegExp(`${LIST}/${snapshot}/images-new$`))
    const imageForm = page.getByRole('dialog', { name: 'New image' })
    await expect(imageForm).toContainText(`From snapshot ${snapshot}`)
    await imageForm.getByRole('button', { name: 'Create image' }).click()
    await expect(imageForm.getByRole('textbox', { name: 'OS' })).toHaveAccessibleDescription(/OS is required/)
    await imageForm.getByRole('textbox', { name: 'Name' }).fill(image)
    await imageForm.getByRole('textbox', { name: 'OS' }).fill('debian')
    await imageForm.getByRole('textbox', { name: 'Version' }).fill('12')
    await expectAccessible(page)
    await imageForm.getByRole('button', { name: 'Create image' }).click()
    await expect(imageForm).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`${LIST}$`))
    await expect(page.getByText(`Image ${image} created from snapshot ${snapshot}`)).toBeVisible()
    const images = (await (await page.request.get(`/v1/images?project=${PROJECT}&limit=100`)).json()) as {
      items: { name: string; os: string; version: string; size: number }[]
    }
    expect(images.items.find((i) => i.name === image)).toMatchObject({
      os: 'debian',
      version: '12',
      size: GiB,
    })

    // The same image name again: on the name field, every value kept.
    await openRowMenu(page, snapshot)
    await page.getByRole('menuitem', { name: 'Create image' }).click()
    await imageForm.getByRole('textbox', { name: 'Name' }).fill(image)
    await imageForm.getByRole('textbox', { name: 'OS' }).fill('ubuntu')
    await imageForm.getByRole('textbox', { name: 'Version' }).fill('24.04')
    await imageForm.getByRole('button', { name: 'Create image' }).click()
    const imageName = imageForm.getByRole('textbox', { name: 'Name' })
    await expect(imageName).toHaveAccessibleDescription(/Image name already exists/)
    await expect(imageName).toHaveValue(image)
    await expect(imageForm.getByRole('textbox', { name: 'OS' })).toHaveValue('ubuntu')
    await expect(imageForm.getByRole('textbox', { name: 'Version' })).toHaveValue('24.04')
  })

  test('a snapshot being created cannot become an image and the server refuses its deletion; a ready one is deleted', async ({
    page,
  }) => {
    await page.goto(LIST)
    // Seeded, and never leaves `creating`: the menu says why, the server says no to a delete.
    await openRowMenu(page, 'snapshot-creating')
    await expectDisabled(page, 'Create image', 'Only a ready snapshot can become an image')
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete snapshot' })
    await expect(confirm).toContainText('snapshot-creating')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Could not delete snapshot')).toBeVisible()
    await expect(
      page.getByText('Snapshot "snapshot-creating" cannot be deleted while it is being created'),
    ).toBeVisible()
    await expect(rowOf(page, 'snapshot-creating')).toBeVisible()

    const disk = uniqueName('deldisk')
    const snapshot = uniqueName('delsnap')
    await createSnapshot(page.request, snapshot, await createDisk(page.request, disk))
    await page.reload()
    await openRowMenu(page, snapshot)
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(page.getByText(`Snapshot ${snapshot} deleted`)).toBeVisible()
    await expect(rowOf(page, snapshot)).toHaveCount(0)
    await expect
      .poll(async () => (await page.request.get(`/v1/snapshots/${snapshot}?project=${PROJECT}`)).status())
      .toBe(404)
  })

  test('a snapshot whose disk is gone shows the disk’s id', async ({ page }) => {
    const disk = uniqueName('gone')
    const snapshot = uniqueName('orphan')
    const diskId = await createDisk(page.request, disk)
    await createSnapshot(page.request, snapshot, diskId)
    const res = await page.request.delete(`/v1/disks/${diskId}`)
    expect(res.status(), await res.text()).toBe(204)
    await page.goto(LIST)
    const row = rowOf(page, snapshot)
    await expect(row).toContainText(diskId)
    await expect(row.getByRole('link')).toHaveCount(0)
  })

  test(
    'offline after a first visit, the list paints from the cache and its write actions say why',
    SW,
    async ({ page, context }) => {
      await page.goto(LIST)
      await expect(rowOf(page, 'snapshot-1')).toBeVisible()
      await waitForServiceWorker(page)
      await context.setOffline(true)
      await page.reload()
      await expect(rowOf(page, 'snapshot-1')).toContainText('ready')
      const create = page.getByRole('button', { name: 'New snapshot' })
      await expect(create).toHaveAttribute('aria-disabled', 'true')
      await expect(create).toHaveAccessibleDescription('You are offline')
      await openRowMenu(page, 'snapshot-1')
      for (const action of ['Create image', 'Delete']) await expectDisabled(page, action, 'You are offline')
    },
  )
})

test('a silo viewer sees New snapshot, Create image and Delete disabled with the role reason', async ({
  page,
}) => {
  await login(page, 'silo-viewer')
  await page.goto(LIST)
  const create = page.getByRole('button', { name: 'New snapshot' })
  await expect(create).toHaveAttribute('aria-disabled', 'true')
  await expect(create).toHaveAccessibleDescription(roleReason('creating a snapshot'))
  await openRowMenu(page, 'snapshot-1')
  await expectDisabled(page, 'Create image', roleReason('creating an image'))
  await expectDisabled(page, 'Delete', roleReason('deleting a snapshot'))
  await page.keyboard.press('Escape')
  // The form opened by its URL cannot be sent either.
  await page.goto(`/projects/${PROJECT}/snapshots-new`)
  const submit = page
    .getByRole('dialog', { name: 'New snapshot' })
    .getByRole('button', { name: 'Create snapshot' })
  await expect(submit).toHaveAttribute('aria-disabled', 'true')
  await expect(submit).toHaveAccessibleDescription(roleReason('creating a snapshot'))
})
