import { createHash, randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Locator, type Page, type Route, test } from '@playwright/test'
import { createDisk, expectAccessible, fileOnDisk, login, SW, waitForServiceWorker } from './helpers'

const PROJECT = 'mock-project'
const MiB = 1024 * 1024

/** Deterministic bytes (a seeded xorshift), so a failure can be reproduced. */
function imageBytes(size: number, seed: number): Buffer {
  const buf = Buffer.alloc(size)
  let x = seed >>> 0 || 1
  for (let i = 0; i < size; i += 4) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    buf.writeUInt32LE(x >>> 0, i)
  }
  return buf
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex')
const uniqueName = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`

async function diskByName(request: APIRequestContext, name: string) {
  const res = await request.get(`/v1/disks/${name}?project=${PROJECT}`)
  return res.ok() ? ((await res.json()) as { id: string; state: { state: string }; size: number }) : null
}

async function startUpload(page: Page, name: string, bytes: Buffer) {
  await page.goto(`/projects/${PROJECT}/disks-new`)
  const form = page.getByRole('dialog', { name: 'New disk' })
  await expect(form).toBeVisible()
  await form.getByRole('textbox', { name: 'Name' }).fill(name)
  await form.getByRole('radio', { name: 'Upload image file' }).check()
  await form.getByRole('button', { name: 'Image file' }).setInputFiles(fileOnDisk(`${name}.raw`, bytes))
  // The file is hashed (in a worker) as soon as it is picked.
  await expect(form.getByText('File checked')).toBeVisible()
  await form.getByRole('button', { name: 'Upload and create disk' }).click()
  const bar = page.getByRole('progressbar', { name: `Upload of ${name}` })
  await expect(bar).toBeVisible()
  await expect(bar).toHaveAttribute('aria-valuemax', String(bytes.length))
  return { form, bar }
}

/** Opens a disk's view from its name in the list. */
async function openDiskView(page: Page, name: string) {
  await page.getByRole('table', { name: 'Disks' }).getByRole('link', { name, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/disks/${name}$`))
  const view = page.getByRole('dialog', { name: 'Disk' })
  await expect(view).toBeVisible()
  return view
}

/** The value next to a label in the disk view. */
const detail = (view: Locator, label: string) =>
  view
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')

const roleReason = (what: string, role: string) =>
  `Your role does not allow this: ${what} needs the ${role} role or stronger`

/** New disk, and a detached disk's Snapshot and Delete, disabled with `reason`; Detach on an attached one. */
async function expectWritesDisabled(page: Page, reason: string, detachReason: string) {
  const create = page.getByRole('button', { name: 'New disk' })
  await expect(create).toHaveAttribute('aria-disabled', 'true')
  await expect(create).toHaveAccessibleDescription(reason)
  await page.getByRole('button', { name: 'Actions for data-disk' }).click()
  for (const action of ['Snapshot', 'Delete']) {
    const item = page.getByRole('menuitem', { name: action, exact: true })
    await expect(item).toHaveAttribute('aria-disabled', 'true')
    await expect(item).toHaveAccessibleDescription(reason)
  }
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Actions for db1-boot' }).click()
  const detach = page.getByRole('menuitem', { name: 'Detach', exact: true })
  await expect(detach).toHaveAttribute('aria-disabled', 'true')
  await expect(detach).toHaveAccessibleDescription(detachReason)
  await page.keyboard.press('Escape')
}

/** An API error answer with the platform's wire shape. */
const apiError = (route: Route, status: number, message: string) =>
  route.fulfill({ status, json: { request_id: 'test-request', message } })

/** The offset of a bulk-write request (its JSON body). */
const offsetOf = (route: Route) => (route.request().postDataJSON() as { offset: number }).offset

async function expectUploaded(page: Page, name: string, bytes: Buffer) {
  await expect(page.getByText(`Disk ${name} created`)).toBeVisible({ timeout: 90_000 })
  await expect(page.getByRole('dialog', { name: 'New disk' })).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/disks$`))
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row.getByText('detached', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(row).toContainText('1 GiB')
  const disk = await diskByName(page.request, name)
  expect(disk).not.toBeNull()
  const res = await page.request.get(`/__mock/disks/${disk!.id}/sha256`)
  expect(await res.json()).toEqual({ sha256: sha256(bytes), size: bytes.length })
}

test.describe('disks', () => {
  test.beforeEach(async ({ page }) => {
    // Uploads move 8 MiB as base64 JSON through the mock: give them room on a busy machine.
    test.slow()
    await login(page)
  })

  test('the list shows states as words, sizes and attached instances; actions follow the disk machine', async ({
    page,
  }) => {
    await page.goto(`/projects/${PROJECT}/disks`)
    await expect(page.getByRole('heading', { name: 'Disks', level: 1 })).toBeVisible()
    const table = page.getByRole('table', { name: 'Disks' })
    await expect(table.getByRole('row').filter({ hasText: 'import-ready-disk' })).toContainText(
      'import ready',
    )
    await expect(table.getByRole('row').filter({ hasText: 'data-disk' })).toContainText('detached')
    const boot = table.getByRole('row').filter({ hasText: 'db1-boot' })
    await expect(boot).toContainText('attached')
    await expect(boot.getByRole('link', { name: 'db1', exact: true })).toBeVisible()
    // Type, and the source by name: the image a disk was copied from, or blank.
    await expect(boot.getByRole('cell', { name: 'Distributed', exact: true })).toBeVisible()
    await expect(boot.getByRole('cell', { name: 'Image ubuntu-24-04', exact: true })).toBeVisible()
    await expect(boot.getByRole('link', { name: 'ubuntu-24-04', exact: true })).toHaveAttribute(
      'href',
      '/images/ubuntu-24-04/edit',
    )
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: 'data-disk' })
        .getByRole('cell', { name: 'Blank or uploaded' }),
    ).toBeVisible()
    await expectAccessible(page)

    // An attached disk cannot be deleted, and says why; a detached one can.
    await boot.getByRole('button', { name: 'Actions for db1-boot' }).click()
    const del = page.getByRole('menuitem', { name: 'Delete' })
    await expect(del).toHaveAttribute('aria-disabled', 'true')
    await expect(del).toHaveAccessibleDescription('Only a detached or faulted disk can be deleted')
    await expect(page.getByRole('menuitem', { name: 'Snapshot' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await page.keyboard.press('Escape')

    await table
      .getByRole('row')
      .filter({ hasText: 'data-disk' })
      .getByRole('button', { name: 'Actions for data-disk' })
      .click()
    await expect(page.getByRole('menuitem', { name: 'Delete' })).not.toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByRole('menuitem', { name: 'Detach' })).toHaveAccessibleDescription(
      'Only an attached disk can be detached',
    )
    await page.keyboard.press('Escape')
  })

  test('a row deleted from the list says so, and focus stays in the page', async ({ page }) => {
    // First by name, on a page of 100: the tests sharing the mock add disks of their own.
    const name = uniqueName('a0-gone')
    await createDisk(page.request, name)
    await page.goto(`/projects/${PROJECT}/disks?limit=100`)
    await page.getByRole('button', { name: `Actions for ${name}` }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete disk' })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(page.getByText(`Disk ${name} deleted`)).toBeVisible()
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0)
    // The row's menu button went with the row: focus is on the page's main region, not the body.
    await expect(page.getByRole('main')).toBeFocused()
  })

  test('the form validates the name and keeps the input; a blank disk is created', async ({ page }) => {
    await page.goto(`/projects/${PROJECT}/disks`)
    await page.getByRole('button', { name: 'New disk' }).click()
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/disks-new$`))
    const form = page.getByRole('dialog', { name: 'New disk' })
    await form.getByRole('textbox', { name: 'Name' }).fill('Bad_Name')
    await form.getByRole('button', { name: 'Create disk' }).click()
    await expect(form.getByRole('alert')).toContainText('Name must start with a lowercase letter')
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Bad_Name')
    await expectAccessible(page)

    const name = uniqueName('blank')
    await form.getByRole('textbox', { name: 'Name' }).fill(name)
    await form.getByRole('spinbutton', { name: 'Size (GiB)' }).fill('2')
    await form.getByRole('combobox', { name: 'Block size' }).selectOption('2048')
    await form.getByRole('button', { name: 'Create disk' }).click()
    await expect(form).toBeHidden()
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toContainText('2 GiB')
    await expect(row.getByText('detached', { exact: true })).toBeVisible({ timeout: 15_000 })
    // The block size chosen is the one the disk has.
    const view = await openDiskView(page, name)
    await expect(detail(view, 'Block size')).toHaveText('2048 bytes')
    await expect(detail(view, 'Source')).toHaveText('Blank or uploaded')
  })

  test('a disk copied from a snapshot and one from an image; the view shows the origin and ID', async ({
    page,
  }) => {
    await page.goto(`/projects/${PROJECT}/disks-new`)
    const form = page.getByRole('dialog', { name: 'New disk' })
    const fromSnapshot = uniqueName('from-snap')
    await form.getByRole('textbox', { name: 'Name' }).fill(fromSnapshot)
    await form.getByRole('radio', { name: 'From a snapshot' }).check()
    const snapshots = form.getByRole('combobox', { name: 'Snapshot' })
    // A snapshot still being made cannot be copied.
    await expect(
      snapshots.getByRole('option', { name: 'snapshot-creating (10 GiB, creating)' }),
    ).toBeDisabled()
    await snapshots.selectOption({ label: 'snapshot-2 (100 GiB)' })
    // The size grows to hold the snapshot, and cannot go below it.
    const size = form.getByRole('spinbutton', { name: 'Size (GiB)' })
    await expect(size).toHaveValue('100')
    await size.fill('50')
    await form.getByRole('button', { name: 'Create disk' }).click()
    await expect(form.getByText('Size must be at least 100 GiB to hold the snapshot').first()).toBeVisible()
    await size.fill('120')
    await form.getByRole('button', { name: 'Create disk' }).click()
    await expect(form).toBeHidden()
    await expect(page.getByText(`Disk ${fromSnapshot} created`)).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: fromSnapshot })).toContainText('120 GiB')
    await expect(page.getByRole('row').filter({ hasText: fromSnapshot })).toContainText('Snapshot snapshot-2')

    const disk = await diskByName(page.request, fromSnapshot)
    let view = await openDiskView(page, fromSnapshot)
    await expect(detail(view, 'Source')).toHaveText('Snapshot snapshot-2')
    await expect(detail(view, 'ID')).toContainText(disk!.id)
    await expect(view.getByRole('button', { name: 'Copy disk ID' })).toBeVisible()
    await expect(detail(view, 'Size')).toHaveText('120 GiB')
    await expect(detail(view, 'Device path')).toHaveText(`/mnt/${fromSnapshot}`)
    await expectAccessible(page)
    await view.getByRole('button', { name: 'Close' }).first().click()
    await expect(view).toBeHidden()

    await page.getByRole('button', { name: 'New disk' }).click()
    const fromImage = uniqueName('from-image')
    await form.getByRole('textbox', { name: 'Name' }).fill(fromImage)
    await form.getByRole('radio', { name: 'From an image' }).check()
    const images = form.getByRole('combobox', { name: 'Image' })
    // Project images and silo images are both offered.
    await expect(
      images.getByRole('option', { name: 'image-1 (project image, ubuntu 22.04, 2 GiB)' }),
    ).toBeAttached()
    await images.selectOption({ label: 'arch-2024 (silo image, arch 2024.01.01, 2 GiB)' })
    await form.getByRole('checkbox', { name: 'Read-only' }).check()
    await form.getByRole('spinbutton', { name: 'Size (GiB)' }).fill('4')
    await form.getByRole('button', { name: 'Create disk' }).click()
    await expect(form).toBeHidden()
    view = await openDiskView(page, fromImage)
    await expect(detail(view, 'Source')).toHaveText('Image arch-2024')
    await expect(detail(view, 'Read-only')).toHaveText('Yes')
    // The image's block size (512), not the blank default.
    await expect(detail(view, 'Block size')).toHaveText('512 bytes')
    await expect(view.getByRole('link', { name: 'arch-2024' })).toHaveAttribute(
      'href',
      '/images/arch-2024/edit',
    )
  })

  test('the attached instance links to the instance page; the view shows the instance and image', async ({
    page,
  }) => {
    await page.goto(`/projects/${PROJECT}/disks`)
    const view = await openDiskView(page, 'db1-boot')
    await expect(detail(view, 'Source')).toHaveText('Image ubuntu-24-04')
    await expect(detail(view, 'State')).toHaveText('attached')
    await expect(detail(view, 'Block size')).toHaveText('4096 bytes')
    await view.getByRole('button', { name: 'Close' }).first().click()
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/disks$`))

    await page
      .getByRole('row')
      .filter({ hasText: 'db1-boot' })
      .getByRole('link', { name: 'db1', exact: true })
      .click()
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/instances/db1(/storage)?$`))
    await expect(page.getByRole('heading', { name: 'db1', level: 1 })).toBeVisible()
  })

  test('a taken name shows "Disk name already exists" and keeps every value', async ({ page }) => {
    await page.goto(`/projects/${PROJECT}/disks-new`)
    const form = page.getByRole('dialog', { name: 'New disk' })
    await form.getByRole('textbox', { name: 'Name' }).fill('data-disk')
    await form.getByRole('textbox', { name: 'Description' }).fill('kept')
    await form.getByRole('combobox', { name: 'Block size' }).selectOption('512')
    await form.getByRole('spinbutton', { name: 'Size (GiB)' }).fill('5')
    await form.getByRole('button', { name: 'Create disk' }).click()
    const name = form.getByRole('textbox', { name: 'Name' })
    await expect(name).toHaveAccessibleDescription(/Disk name already exists/)
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveValue('data-disk')
    await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('kept')
    await expect(form.getByRole('combobox', { name: 'Block size' })).toHaveValue('512')
    await expect(form.getByRole('spinbutton', { name: 'Size (GiB)' })).toHaveValue('5')

    // The same from a snapshot: the chosen snapshot stays chosen.
    await form.getByRole('radio', { name: 'From a snapshot' }).check()
    await form.getByRole('combobox', { name: 'Snapshot' }).selectOption({ label: 'snapshot-1 (20 GiB)' })
    await form.getByRole('button', { name: 'Create disk' }).click()
    await expect(name).toHaveAccessibleDescription(/Disk name already exists/)
    await expect(form.getByRole('combobox', { name: 'Snapshot' })).toHaveValue(/.+/)
    await expect(form.getByRole('combobox', { name: 'Snapshot' }).locator('option:checked')).toHaveText(
      'snapshot-1 (20 GiB)',
    )
    await expect(form.getByRole('spinbutton', { name: 'Size (GiB)' })).toHaveValue('20')

    // The same for an upload: the disk is refused before anything is sent, and the form stays, file
    // and all, rather than turning into a failed upload's panel.
    await form.getByRole('radio', { name: 'Upload image file' }).check()
    await form
      .getByRole('button', { name: 'Image file' })
      .setInputFiles(fileOnDisk('taken-name.raw', Buffer.alloc(512 * 1024, 7)))
    await form.getByRole('button', { name: 'Upload and create disk' }).click()
    await expect(name).toHaveAccessibleDescription(/Disk name already exists/)
    await expect(name).toHaveValue('data-disk')
    await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('kept')
    // The file is still the chosen one.
    await expect(form.getByText('512 KiB; the disk will be 1 GiB.')).toBeVisible()
    await expect(form.getByText('The upload failed')).toHaveCount(0)
  })

  test(
    'offline after a first visit, the list and a disk view paint from the cache; writes say why',
    SW,
    async ({ page, context }) => {
      await page.goto(`/projects/${PROJECT}/disks`)
      const view = await openDiskView(page, 'db1-boot')
      await expect(detail(view, 'Source')).toHaveText('Image ubuntu-24-04')
      await expect(detail(view, 'Instance')).toHaveText('db1')
      await waitForServiceWorker(page)
      await context.setOffline(true)
      await page.reload()
      await expect(detail(view, 'Source')).toHaveText('Image ubuntu-24-04')
      await expect(view.getByRole('link', { name: 'db1', exact: true })).toBeVisible()
      await view.getByRole('button', { name: 'Close' }).first().click()
      await expect(page.getByRole('row').filter({ hasText: 'data-disk' })).toContainText('detached')
      await expectWritesDisabled(page, 'You are offline', 'You are offline')
    },
  )

  test('uploading an 8 MiB image file shows progress and writes exactly its bytes', async ({ page }) => {
    const name = uniqueName('upload')
    const bytes = imageBytes(8 * MiB, 0x5eed)
    // The file is hashed in a Web Worker (bundled by Vite, allowed by the CSP's worker-src 'self').
    const problems: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' && /worker|Content Security Policy/i.test(m.text())) problems.push(m.text())
    })
    const spawned = page.waitForEvent('worker')
    const { form } = await startUpload(page, name, bytes)
    expect((await spawned).url()).toMatch(/\/assets\/file-hash\.worker-[\w-]+\.js$/)
    expect(problems).toEqual([])
    await expect(form.getByText(/ of 8 MiB sent · \d+%/)).toBeVisible()
    await expectAccessible(page)
    await expectUploaded(page, name, bytes)
  })

  test('an upload survives the network going away for 3 s in the middle', async ({ page, context }) => {
    const name = uniqueName('offline')
    const bytes = imageBytes(8 * MiB, 0xbad5eed)
    // Slow each chunk a little so there is a middle to cut the network in.
    await page.route('**/bulk-write', async (route) => {
      await new Promise((r) => setTimeout(r, 250))
      await route.continue().catch(() => undefined)
    })
    const { form, bar } = await startUpload(page, name, bytes)
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')) / bytes.length, {
        intervals: [50],
        timeout: 30_000,
      })
      .toBeGreaterThan(0.3)
    await context.setOffline(true)
    await expect(form.getByText('Paused: waiting for the network')).toBeVisible()
    const before = Number(await bar.getAttribute('aria-valuenow'))
    expect(before).toBeLessThan(bytes.length)
    await page.waitForTimeout(3000)
    await context.setOffline(false)
    await expectUploaded(page, name, bytes)
  })

  test('after a reload, picking the same file again offers to resume the upload', async ({ page }) => {
    const name = uniqueName('resume')
    const bytes = imageBytes(8 * MiB, 7)
    await page.route('**/bulk-write', async (route) => {
      await new Promise((r) => setTimeout(r, 300))
      await route.continue().catch(() => undefined)
    })
    const { bar } = await startUpload(page, name, bytes)
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')) / bytes.length, {
        intervals: [50],
        timeout: 60_000,
      })
      .toBeGreaterThan(0.25)
    await page.reload()
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    const form = page.getByRole('dialog', { name: 'New disk' })
    await form.getByRole('radio', { name: 'Upload image file' }).check()
    // Same size, same first 512 KiB, one byte different near the end: another image, not resumable.
    const lookalike = Buffer.from(bytes)
    lookalike[lookalike.length - 100] = (lookalike[lookalike.length - 100]! + 1) & 0xff
    await form
      .getByRole('button', { name: 'Image file' })
      .setInputFiles(fileOnDisk('lookalike.raw', lookalike))
    await expect(form.getByText('File checked')).toBeVisible()
    await expect(form.getByRole('button', { name: /^Resume upload of/ })).toHaveCount(0)
    await form
      .getByRole('button', { name: 'Image file' })
      .setInputFiles(fileOnDisk('renamed-copy.raw', bytes))
    await form.getByRole('button', { name: `Resume upload of ${name}` }).click()
    await expect(page.getByRole('progressbar', { name: `Upload of ${name}` })).toBeVisible()
    await expectUploaded(page, name, bytes)
  })

  test('Cancel stops the upload and deletes the half-made disk', async ({ page }) => {
    const name = uniqueName('cancel')
    const bytes = imageBytes(8 * MiB, 42)
    await page.route('**/bulk-write', async (route) => {
      await new Promise((r) => setTimeout(r, 400))
      await route.continue().catch(() => undefined)
    })
    const { form, bar } = await startUpload(page, name, bytes)
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { intervals: [50] })
      .toBeGreaterThan(0)
    await form.getByRole('button', { name: 'Cancel upload' }).click()
    await expect(form).toBeHidden({ timeout: 15_000 })
    await expect.poll(() => diskByName(page.request, name), { timeout: 10_000 }).toBeNull()
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0)
  })

  test('a finalize whose answer is lost after the server finalized still ends in a created disk', async ({
    page,
  }) => {
    const name = uniqueName('lostfin')
    const bytes = imageBytes(2 * MiB, 0xf1a1)
    let finalizeCalls = 0
    // The server finalizes the disk, then the connection drops before the answer reaches the page.
    await page.route('**/v1/disks/*/finalize', async (route) => {
      finalizeCalls++
      await route.fetch()
      await route.abort('connectionreset')
    })
    await startUpload(page, name, bytes)
    await expectUploaded(page, name, bytes)
    expect(finalizeCalls).toBe(1)
  })

  test('a 503 on one chunk is retried and the disk still gets exactly the file', async ({ page }) => {
    const name = uniqueName('retry')
    const bytes = imageBytes(4 * MiB, 0x503)
    const sent: number[] = []
    await page.route('**/v1/disks/*/bulk-write', async (route) => {
      const offset = offsetOf(route)
      sent.push(offset)
      if (offset === MiB && sent.filter((o) => o === MiB).length === 1) {
        await apiError(route, 503, 'Service unavailable')
        return
      }
      await route.continue().catch(() => undefined)
    })
    await startUpload(page, name, bytes)
    await expectUploaded(page, name, bytes)
    expect(sent.filter((o) => o === MiB)).toHaveLength(2)
  })

  test('a failed upload can be dismissed: the disk stays, the form is free for a new disk', async ({
    page,
  }) => {
    const name = uniqueName('dismiss')
    const bytes = imageBytes(2 * MiB, 0xd15)
    await page.route('**/v1/disks/*/bulk-write', async (route) => {
      if (offsetOf(route) === 512 * 1024) await apiError(route, 400, 'write rejected by the test')
      else await route.continue().catch(() => undefined)
    })
    const { form } = await startUpload(page, name, bytes)
    await expect(form.getByText('The upload failed')).toBeVisible()
    // A 4xx is not retried: it fails at once with the catalogue message (capitalised).
    await expect(form.getByRole('alert')).toHaveText('Write rejected by the test')
    // The same write would be refused again: no Retry.
    await expect(form.getByRole('button', { name: 'Retry upload' })).toHaveCount(0)
    // Reopening the form shows the failed upload, not a new form.
    await form.getByRole('button', { name: 'Close' }).first().click()
    await expect(form).toBeHidden()
    // (In-app navigation: uploads live in the page, a reload would end this one.)
    await page.getByRole('button', { name: 'New disk' }).click()
    await expect(form.getByText('The upload failed')).toBeVisible()

    await form.getByRole('button', { name: 'Dismiss' }).click()
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('')
    await expect(form.getByRole('button', { name: 'Create disk' })).toBeVisible()
    // The disk is left as the server has it, and the resume point is gone.
    const disk = await diskByName(page.request, name)
    expect(disk?.state.state).toBe('importing_from_bulk_writes')
    const stored = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('rack-console:uploads'))
        .map((k) => localStorage.getItem(k))
        .join(''),
    )
    expect(stored).not.toContain(disk!.id)

    // And a new disk can be made from the same form.
    const blank = uniqueName('after')
    await form.getByRole('textbox', { name: 'Name' }).fill(blank)
    await form.getByRole('spinbutton', { name: 'Size (GiB)' }).fill('1')
    await form.getByRole('button', { name: 'Create disk' }).click()
    await expect(form).toBeHidden()
    await expect(page.getByRole('row').filter({ hasText: blank })).toBeVisible()
  })

  test('a failed upload can be retried: it goes on where it stopped and writes exactly the file', async ({
    page,
    context,
  }) => {
    const name = uniqueName('retryup')
    const bytes = imageBytes(2 * MiB, 0x2e7)
    const CHUNK = 512 * 1024
    // The server answers 500 to the writes from 1 MiB on until the test mends it; those answers wait
    // until the first two chunks are acknowledged, so what the upload stands on is known.
    let broken = true
    let firstHalfAcked: () => void = () => {}
    const firstHalf = new Promise<void>((resolve) => {
      firstHalfAcked = resolve
    })
    const forwarded = new Map<number, number>()
    await page.route('**/v1/disks/*/bulk-write', async (route) => {
      const offset = offsetOf(route)
      if (broken && offset >= MiB) {
        await firstHalf
        await apiError(route, 500, 'Internal server error')
        return
      }
      forwarded.set(offset, (forwarded.get(offset) ?? 0) + 1)
      await route.continue().catch(() => undefined)
    })
    const { form, bar } = await startUpload(page, name, bytes)
    await expect(bar).toHaveAttribute('aria-valuenow', String(MiB))
    firstHalfAcked()
    const retry = form.getByRole('button', { name: 'Retry upload' })
    // Retried by itself with backoff first (1 + 2 + 4 + 8 + 15 s), with no Retry offered meanwhile.
    await expect(form.getByText('Paused: the server is busy, retrying')).toBeVisible()
    await expect(retry).toHaveCount(0)
    await expect(form.getByText('The upload failed')).toBeVisible({ timeout: 60_000 })
    await expect(form.getByRole('alert')).toHaveText('Internal server error')
    await expect(retry).toBeVisible()
    await expectAccessible(page)

    // Offline, Retry says why it cannot be pressed.
    await context.setOffline(true)
    await expect(retry).toHaveAttribute('aria-disabled', 'true')
    await expect(retry).toHaveAccessibleDescription('You are offline')
    await context.setOffline(false)
    await expect(retry).not.toHaveAttribute('aria-disabled', 'true')

    broken = false
    await retry.click()
    await expectUploaded(page, name, bytes)
    // The two chunks acknowledged before the failure were not sent again; the rest went up.
    expect(forwarded.get(0)).toBe(1)
    expect(forwarded.get(CHUNK)).toBe(1)
    expect(forwarded.get(2 * CHUNK)).toBeGreaterThanOrEqual(1)
    expect(forwarded.get(3 * CHUNK)).toBeGreaterThanOrEqual(1)
  })

  test('a create whose answer was lost: Retry takes the disk it made and uploads into it', async ({
    page,
  }) => {
    const name = uniqueName('lostmade')
    const bytes = imageBytes(MiB, 0x1057)
    // The first create reaches the server (the disk is made), then its answer is lost.
    let creates = 0
    await page.route(
      (url) => url.pathname === '/v1/disks',
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue()
        creates += 1
        if (creates > 1) return route.continue()
        await route.fetch()
        await route.abort('connectionreset')
      },
    )
    await page.goto(`/projects/${PROJECT}/disks-new`)
    const form = page.getByRole('dialog', { name: 'New disk' })
    await form.getByRole('textbox', { name: 'Name' }).fill(name)
    await form.getByRole('radio', { name: 'Upload image file' }).check()
    await form.getByRole('button', { name: 'Image file' }).setInputFiles(fileOnDisk(`${name}.raw`, bytes))
    await expect(form.getByText('File checked')).toBeVisible()
    await form.getByRole('button', { name: 'Upload and create disk' }).click()
    await expect(form.getByText('The upload failed')).toBeVisible()
    // In the catalogue's words, not the browser's "Failed to fetch".
    await expect(form.getByText(/The server did not answer: the change may have been made/)).toBeVisible()
    await expect(form.getByText('Failed to fetch')).toHaveCount(0)
    expect((await diskByName(page.request, name))?.state.state).toBe('import_ready')

    const retry = form.getByRole('button', { name: 'Retry upload' })
    await expect(retry).not.toHaveAttribute('aria-disabled', 'true')
    await retry.click()
    await expectUploaded(page, name, bytes)
    // The second create was refused for the taken name; the upload went into the disk the first made.
    expect(creates).toBe(2)
  })

  test('Cancel never deletes a disk that finished importing without asking', async ({ page }) => {
    const name = uniqueName('finished')
    const bytes = imageBytes(2 * MiB, 0xf00d)
    let reachedServer: () => void = () => {}
    const finalized = new Promise<void>((resolve) => {
      reachedServer = resolve
    })
    let answer: () => void = () => {}
    const cancelled = new Promise<void>((resolve) => {
      answer = resolve
    })
    // Finalize reaches the server; its answer is held until the user has pressed Cancel, then lost.
    await page.route('**/v1/disks/*/finalize', async (route) => {
      await route.fetch()
      reachedServer()
      await cancelled
      await route.abort('connectionreset')
    })
    const { form } = await startUpload(page, name, bytes)
    await finalized
    await form.getByRole('button', { name: 'Cancel upload' }).click()
    answer()

    const confirm = page.getByRole('alertdialog', { name: 'Delete disk' })
    await expect(confirm).toContainText(`The disk ${name} finished importing`)
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    await expect(form.getByText('The disk finished importing')).toBeVisible()
    await form.getByRole('button', { name: 'Dismiss' }).click()
    await expect(
      form
        .getByRole('button', { name: 'Upload and create disk' })
        .or(form.getByRole('button', { name: 'Create disk' })),
    ).toBeVisible()
    await expect
      .poll(async () => (await diskByName(page.request, name))?.state.state, { timeout: 10_000 })
      .toBe('detached')
    const res = await page.request.get(`/__mock/disks/${(await diskByName(page.request, name))!.id}/sha256`)
    expect(await res.json()).toEqual({ sha256: sha256(bytes), size: bytes.length })
  })
})

test('a silo viewer sees the disk writes disabled with the role reason, and can still view a disk', async ({
  page,
}) => {
  await login(page, 'silo-viewer')
  await page.goto(`/projects/${PROJECT}/disks`)
  await expect(page.getByRole('row').filter({ hasText: 'data-disk' })).toBeVisible()
  await expectWritesDisabled(
    page,
    roleReason('managing disks', 'collaborator'),
    roleReason('detaching disks', 'limited collaborator'),
  )
  const view = await openDiskView(page, 'db1-boot')
  await expect(detail(view, 'Source')).toHaveText('Image ubuntu-24-04')
})
