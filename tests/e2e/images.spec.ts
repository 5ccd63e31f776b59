// Images (issue 13): upload an image file into a project image (a temporary disk, its snapshot, the
// image, then the temporary disk and snapshot deleted), view it, promote it to the silo and demote it
// back to the project; a taken name refused on the name field before any byte is sent, with the values
// kept; a chosen block size (4096) refusing a file that is not a whole number of blocks, with the
// values kept, and giving the image its block size; every write control disabled with its reason
// offline and for a silo viewer; axe on the lists and the forms.
import { createHash, randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Page, type Route, test } from '@playwright/test'
import { expectAccessible, fileOnDisk, login, rowNamed, SW, waitForServiceWorker } from './helpers'

const PROJECT = 'mock-project'
const LIST = `/projects/${PROJECT}/images`
const SILO_LIST = '/images'
const MiB = 1024 * 1024

// Sorted first by name, so the test's own rows are on the list's first page.
const uniqueName = (prefix: string) => `aa-${prefix}-${randomBytes(3).toString('hex')}`

/** Deterministic bytes (a hash chain), so a failure can be reproduced. */
function imageBytes(size: number, seed: string): Buffer {
  const out = Buffer.alloc(size)
  let block = createHash('sha256').update(seed).digest()
  for (let i = 0; i < size; i += block.length) {
    block.copy(out, i)
    block = createHash('sha256').update(block).digest()
  }
  return out
}

const roleReason = (what: string) =>
  `Your role does not allow this: ${what} needs the collaborator role or stronger`

const rowOf = (page: Page, table: string, name: string) =>
  rowNamed(page.getByRole('table', { name: table }), name)

async function openRowMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click()
}

async function expectDisabled(page: Page, action: string, reason: string) {
  const item = page.getByRole('menuitem', { name: action, exact: true })
  await expect(item).toHaveAttribute('aria-disabled', 'true')
  await expect(item).toHaveAccessibleDescription(reason)
}

/** Names of the project's disks and snapshots, to see that an upload leaves nothing behind. */
async function leftovers(request: APIRequestContext) {
  const names = async (path: string) =>
    (
      (await (await request.get(`${path}?project=${PROJECT}&limit=1000`)).json()) as {
        items: { name: string }[]
      }
    ).items
      .map((i) => i.name)
      .filter((n) => n.startsWith('tmp-image-upload-'))
  return { disks: await names('/v1/disks'), snapshots: await names('/v1/snapshots') }
}

async function fillImageForm(
  page: Page,
  values: { name: string; os: string; version: string; bytes: Buffer },
) {
  const form = page.getByRole('dialog', { name: 'New image' })
  await expect(form).toBeVisible()
  await form.getByRole('textbox', { name: 'Name' }).fill(values.name)
  await form.getByRole('textbox', { name: 'Description' }).fill('uploaded by e2e')
  await form.getByRole('textbox', { name: 'OS' }).fill(values.os)
  await form.getByRole('textbox', { name: 'Version' }).fill(values.version)
  await form
    .getByRole('button', { name: 'Image file' })
    .setInputFiles(fileOnDisk(`${values.name}.raw`, values.bytes))
  return form
}

test.describe('images', () => {
  // Each test checks that no temporary upload disk or snapshot is left in the project: tests of this
  // file running side by side would see each other's.
  test.describe.configure({ mode: 'serial' })
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('upload an image file, view it, promote it to the silo and demote it back to the project', async ({
    page,
  }) => {
    test.slow()
    const name = uniqueName('upload')
    const bytes = imageBytes(MiB + 512, name)
    await page.goto(LIST)
    await expect(page.getByRole('heading', { name: 'Images', level: 1 })).toBeVisible()
    await expect(rowOf(page, 'Images', 'image-1')).toContainText('ubuntu')
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Upload image' }).click()
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/images-new$`))
    const form = await fillImageForm(page, { name, os: 'debian', version: '13', bytes })
    await expectAccessible(page)
    await form.getByRole('button', { name: 'Upload image' }).click()
    const bar = page.getByRole('progressbar', { name: `Upload of ${name}` })
    await expect(bar).toBeVisible()
    await expect(bar).toHaveAttribute('aria-valuemax', String(bytes.length))

    await expect(page.getByText(`Image ${name} created`)).toBeVisible({ timeout: 60_000 })
    await expect(form).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`${LIST}$`))
    const row = rowOf(page, 'Images', name)
    await expect(row).toContainText('debian')
    await expect(row.getByRole('cell', { name: 'uploaded by e2e', exact: true })).toBeVisible()
    await expect(row).toContainText('13')
    await expect(row).toContainText('1 GiB')
    // The temporary disk and snapshot are gone.
    await expect.poll(() => leftovers(page.request)).toEqual({ disks: [], snapshots: [] })

    // View: read-only, with the ID.
    await openRowMenu(page, name)
    await page.getByRole('menuitem', { name: 'View' }).click()
    await expect(page).toHaveURL(new RegExp(`${LIST}/${name}/edit$`))
    const view = page.getByRole('dialog', { name: 'Image' })
    await expect(view.getByRole('definition').filter({ hasText: 'debian' })).toBeVisible()
    await expect(view.getByText('512 bytes')).toBeVisible()
    await expect(view.getByRole('button', { name: 'Copy ID' })).toBeVisible()
    await view.getByRole('button', { name: 'Close' }).first().click()
    await expect(page).toHaveURL(new RegExp(`${LIST}$`))

    // Promote: confirmed, then the image leaves the project for the silo.
    await openRowMenu(page, name)
    await page.getByRole('menuitem', { name: 'Promote to silo' }).click()
    const confirm = page.getByRole('alertdialog', { name: `Promote ${name}` })
    await confirm.getByRole('button', { name: 'Promote' }).click()
    await expect(page.getByText(`Image ${name} promoted to the silo`)).toBeVisible()
    await expect(rowOf(page, 'Images', name)).toHaveCount(0)

    await page.goto(SILO_LIST)
    await expect(page.getByRole('heading', { name: 'Silo images', level: 1 })).toBeVisible()
    await expect(rowOf(page, 'Silo images', name)).toContainText('debian')
    await expectAccessible(page)

    // Demote: choose the project in a side modal.
    await openRowMenu(page, name)
    await page.getByRole('menuitem', { name: 'Demote to project' }).click()
    const demote = page.getByRole('dialog', { name: 'Demote image' })
    await demote.getByRole('button', { name: 'Demote image' }).click()
    await expect(demote.getByRole('combobox', { name: 'Project' })).toHaveAccessibleDescription(
      /Choose a project/,
    )
    await expectAccessible(page)
    await demote.getByRole('combobox', { name: 'Project' }).selectOption(PROJECT)
    await demote.getByRole('button', { name: 'Demote image' }).click()
    await expect(page.getByText(`Image ${name} demoted to project ${PROJECT}`)).toBeVisible()
    await expect(demote).toBeHidden()
    await expect(rowOf(page, 'Silo images', name)).toHaveCount(0)

    await page.goto(LIST)
    await expect(rowOf(page, 'Images', name)).toContainText('debian')

    // Delete, confirmed.
    await openRowMenu(page, name)
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await page
      .getByRole('alertdialog', { name: 'Delete image' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(page.getByText(`Image ${name} deleted`)).toBeVisible()
    await expect(rowOf(page, 'Images', name)).toHaveCount(0)
  })

  test('a dropped link pauses the upload and it resumes; Cancel deletes the temporary disk and snapshot', async ({
    page,
    context,
  }) => {
    const name = uniqueName('cancel')
    const bytes = imageBytes(4 * MiB, name)
    // Writes in the second half wait until the test lets them go: the upload cannot finish before
    // Cancel, whatever the machine's speed.
    const held: Route[] = []
    await page.route('**/bulk-write', (route) => {
      const { offset } = route.request().postDataJSON() as { offset: number }
      if (offset >= 2 * MiB) held.push(route)
      else return route.continue()
    })
    await page.goto(`/projects/${PROJECT}/images-new`)
    const form = await fillImageForm(page, { name, os: 'debian', version: '13', bytes })
    await form.getByRole('button', { name: 'Upload image' }).click()
    const bar = page.getByRole('progressbar', { name: `Upload of ${name}` })
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0)

    await context.setOffline(true)
    await expect(form.getByText('Paused: waiting for the network')).toBeVisible()
    await context.setOffline(false)
    await expect(form.getByText('Uploading…')).toBeVisible()
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBe(2 * MiB)
    expect(await leftovers(page.request)).toMatchObject({ disks: [expect.any(String)] })

    await form.getByRole('button', { name: 'Cancel upload' }).click()
    await expect(form).toBeHidden()
    for (const route of held) await route.continue().catch(() => undefined)
    await expect.poll(() => leftovers(page.request)).toEqual({ disks: [], snapshots: [] })
    await expect(rowOf(page, 'Images', name)).toHaveCount(0)
  })

  test('a 4096-byte block size: a file not a whole number of blocks is refused on the file field, every value kept; a whole one makes an image of 4096-byte blocks', async ({
    page,
  }) => {
    test.slow()
    let bulkWrites = 0
    await page.route('**/bulk-write', (route) => {
      bulkWrites++
      return route.continue()
    })
    const name = uniqueName('blocks')
    await page.goto(`/projects/${PROJECT}/images-new`)
    // 3 blocks of 4096 and 512 bytes more: a whole number of 512-byte blocks, not of 4096-byte ones.
    const ragged = imageBytes(3 * 4096 + 512, `${name}-ragged`)
    const form = await fillImageForm(page, { name, os: 'alpine', version: '3.20', bytes: ragged })
    const blockSize = form.getByRole('combobox', { name: 'Block size' })
    await expect(blockSize).toHaveValue('512')
    await expect(blockSize.getByRole('option')).toHaveText(['512 bytes', '2048 bytes', '4096 bytes'])
    await blockSize.selectOption({ label: '4096 bytes' })
    await form.getByRole('button', { name: 'Upload image' }).click()
    const fileField = form.getByRole('button', { name: 'Image file' })
    await expect(fileField).toHaveAccessibleDescription(
      /The file's size \(12800 bytes\) is not a multiple of the block size \(4096 bytes\)/,
    )
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(name)
    await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('uploaded by e2e')
    await expect(form.getByRole('textbox', { name: 'OS' })).toHaveValue('alpine')
    await expect(form.getByRole('textbox', { name: 'Version' })).toHaveValue('3.20')
    await expect(blockSize).toHaveValue('4096')
    expect(bulkWrites).toBe(0)
    expect(await leftovers(page.request)).toEqual({ disks: [], snapshots: [] })
    await expectAccessible(page)

    // A whole number of 4096-byte blocks goes up into a disk, then an image, of 4096-byte blocks.
    const bytes = imageBytes(MiB + 3 * 4096, name)
    await fileField.setInputFiles(fileOnDisk(`${name}-whole.raw`, bytes))
    await form.getByRole('button', { name: 'Upload image' }).click()
    await expect(page.getByText(`Image ${name} created`)).toBeVisible({ timeout: 60_000 })
    expect(bulkWrites).toBeGreaterThan(0)
    const images = (await (await page.request.get(`/v1/images?project=${PROJECT}&limit=1000`)).json()) as {
      items: { name: string; block_size: number; os: string }[]
    }
    expect(images.items.find((i) => i.name === name)).toMatchObject({ block_size: 4096, os: 'alpine' })
    await expect.poll(() => leftovers(page.request)).toEqual({ disks: [], snapshots: [] })

    await page.goto(`${LIST}/${name}/edit`)
    await expect(page.getByRole('dialog', { name: 'Image' }).getByText('4096 bytes')).toBeVisible()
    expect((await page.request.delete(`/v1/images/${name}?project=${PROJECT}`)).ok()).toBe(true)
  })

  test('a taken name shows "Image name already exists" on the name field, every value kept', async ({
    page,
  }) => {
    let bulkWrites = 0
    await page.route('**/bulk-write', (route) => {
      bulkWrites++
      return route.continue()
    })
    await page.goto(`/projects/${PROJECT}/images-new`)
    const bytes = imageBytes(4096, 'taken')
    const form = await fillImageForm(page, { name: 'image-1', os: 'alpine', version: '3.20', bytes })
    await form.getByRole('button', { name: 'Upload image' }).click()
    const nameBox = form.getByRole('textbox', { name: 'Name' })
    await expect(nameBox).toHaveAccessibleDescription(/Image name already exists/)
    await expect(nameBox).toHaveValue('image-1')
    await expect(form.getByRole('textbox', { name: 'OS' })).toHaveValue('alpine')
    await expect(form.getByRole('textbox', { name: 'Version' })).toHaveValue('3.20')
    await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('uploaded by e2e')
    expect(bulkWrites).toBe(0)
    expect(await leftovers(page.request)).toEqual({ disks: [], snapshots: [] })
  })

  test(
    'offline after a first visit, both lists paint from the cache and their write actions say why',
    SW,
    async ({ page, context }) => {
      await page.goto(SILO_LIST)
      await expect(rowOf(page, 'Silo images', 'ubuntu-24-04')).toBeVisible()
      await page.goto(LIST)
      await expect(rowOf(page, 'Images', 'image-2')).toBeVisible()
      await waitForServiceWorker(page)
      await context.setOffline(true)

      await page.reload()
      await expect(rowOf(page, 'Images', 'image-2')).toContainText('debian')
      const upload = page.getByRole('button', { name: 'Upload image' })
      await expect(upload).toHaveAttribute('aria-disabled', 'true')
      await expect(upload).toHaveAccessibleDescription('You are offline')
      await openRowMenu(page, 'image-2')
      for (const action of ['Promote to silo', 'Delete'])
        await expectDisabled(page, action, 'You are offline')
      await page.keyboard.press('Escape')

      await page.goto(SILO_LIST)
      await expect(rowOf(page, 'Silo images', 'ubuntu-24-04')).toContainText('24.04')
      await openRowMenu(page, 'ubuntu-24-04')
      for (const action of ['Demote to project', 'Delete'])
        await expectDisabled(page, action, 'You are offline')
    },
  )
})

test('a silo viewer sees every image write action disabled with the role reason', async ({ page }) => {
  await login(page, 'silo-viewer')
  await page.goto(LIST)
  await expect(rowOf(page, 'Images', 'image-1')).toBeVisible()
  const upload = page.getByRole('button', { name: 'Upload image' })
  await expect(upload).toHaveAttribute('aria-disabled', 'true')
  await expect(upload).toHaveAccessibleDescription(roleReason('managing images'))
  await openRowMenu(page, 'image-1')
  await expectDisabled(page, 'Promote to silo', roleReason('promoting an image to the silo'))
  await expectDisabled(page, 'Delete', roleReason('managing images'))
  await expect(page.getByRole('menuitem', { name: 'View' })).not.toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('Escape')

  // The form opened by its URL cannot be sent either.
  await page.goto(`/projects/${PROJECT}/images-new`)
  const submit = page.getByRole('dialog', { name: 'New image' }).getByRole('button', { name: 'Upload image' })
  await expect(submit).toHaveAttribute('aria-disabled', 'true')
  await expect(submit).toHaveAccessibleDescription(roleReason('uploading an image'))

  await page.goto(SILO_LIST)
  await openRowMenu(page, 'arch-2024')
  await expectDisabled(page, 'Demote to project', roleReason('managing silo images'))
  await expectDisabled(page, 'Delete', roleReason('managing silo images'))
})
