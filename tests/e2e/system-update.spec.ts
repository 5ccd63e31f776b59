// The system update screen: the status (target release, components per release) and the releases
// newest first; making a newer release the target through the confirm; the target itself and older
// releases refused with their reasons; a fleet viewer refused for the role; the page painted offline
// from the cache. Seed (mocks/seed/system.ts `updateSeed`): releases 15.1.0, 16.0.0, 17.0.0, 17.1.0 and 18.0.0,
// target 16.0.0. The mock is shared and a target cannot go back, so a test that sets one takes the
// oldest release newer than the target it finds (a retry moves on to the next).
import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import {
  createViewerSilo,
  expectAccessible,
  login,
  SW,
  signInAsFleetViewer,
  waitForServiceWorker,
} from './helpers'

const UPDATE = '/system/update'

type Status = { target_release: { version: string } | null }

async function currentTarget(request: APIRequestContext): Promise<string> {
  const res = await request.get('/v1/system/update/status')
  expect(res.status(), await res.text()).toBe(200)
  const target = ((await res.json()) as Status).target_release?.version
  expect(target, 'the seed sets a target release').toBeTruthy()
  return target as string
}

/** Every uploaded release, oldest first (the API's own version order). */
async function releases(request: APIRequestContext): Promise<string[]> {
  const res = await request.get('/v1/system/update/repositories?sort_by=version_ascending&limit=100')
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { items: { system_version: string }[] }).items.map((r) => r.system_version)
}

const releaseTable = (page: Page) => page.getByRole('table', { name: 'Releases' })
const releaseRow = (page: Page, version: string) =>
  releaseTable(page)
    .getByRole('row')
    .filter({
      has: page.getByRole('cell', { name: new RegExp(`^${version.replaceAll('.', '\\.')}( Target)?$`) }),
    })

async function setTargetItem(page: Page, version: string) {
  await page.getByRole('button', { name: `Actions for ${version}` }).click()
  return page.getByRole('menuitem', { name: 'Set as target release' })
}

test.describe('system update as a fleet admin', () => {
  // In order, in one worker: the status test reads the target the next test moves on.
  test.describe.configure({ mode: 'default' })

  test.beforeEach(async ({ page }) => {
    await login(page, 'fleet-admin')
  })

  test('shows the status and the releases newest first, and passes axe', async ({ page }) => {
    const target = await currentTarget(page.request)
    const all = await releases(page.request)
    await page.goto(UPDATE)
    await expect(page.getByRole('heading', { name: 'System update', level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: 'System update' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByText('Target release', { exact: true })).toBeVisible()
    await expect(
      page
        .getByRole('definition')
        .filter({ hasText: /Set \w{3} \d/ })
        .first(),
    ).toContainText(target)
    await expect(
      page.getByText(/\d+ of \d+ components run the target release\.|All \d+ components run/),
    ).toBeVisible()
    // Newest first: the table's rows in the reverse of the API's ascending order.
    const versions = releaseTable(page).getByRole('row').locator('td:first-child')
    await expect(versions).toHaveText([...all].reverse().map((v) => (v === target ? `${v}Target` : v)))
    await expect(releaseRow(page, target).getByText('Target', { exact: true })).toBeVisible()
    await expectAccessible(page)
  })

  test('the target and older releases are refused with why; a newer one becomes the target', async ({
    page,
  }) => {
    const target = await currentTarget(page.request)
    const all = await releases(page.request)
    const older = all[0] as string
    expect(all.indexOf(older)).toBeLessThan(all.indexOf(target))
    const newer = all[all.indexOf(target) + 1]
    expect(newer, 'a release newer than the target is left to set').toBeTruthy()

    await page.goto(UPDATE)
    let item = await setTargetItem(page, older)
    await expect(item).toHaveAttribute('aria-disabled', 'true')
    await expect(item).toHaveAccessibleDescription(
      `${older} is older than the target release ${target}: the system cannot be downgraded`,
    )
    await page.keyboard.press('Escape')
    item = await setTargetItem(page, target)
    await expect(item).toHaveAccessibleDescription(`${target} is already the target release`)
    await page.keyboard.press('Escape')

    item = await setTargetItem(page, newer as string)
    await item.click()
    const dialog = page.getByRole('alertdialog', { name: 'Set target release' })
    await expect(dialog).toContainText(`Make ${newer} the target release?`)
    await dialog.getByRole('button', { name: 'Set as target' }).click()
    await expect(page.getByText(`Target release set to ${newer}`)).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(releaseRow(page, newer as string).getByText('Target', { exact: true })).toBeVisible()
    await expect(releaseRow(page, target).getByText('Target', { exact: true })).toHaveCount(0)
    expect(await currentTarget(page.request)).toBe(newer)
    // The old target is now older than the target: refused for that.
    item = await setTargetItem(page, target)
    await expect(item).toHaveAccessibleDescription(
      `${target} is older than the target release ${newer}: the system cannot be downgraded`,
    )
  })

  test('a refused Set as target reads the status again: the refusal may speak of a newer target', async ({
    page,
  }) => {
    const target = await currentTarget(page.request)
    const all = await releases(page.request)
    const newest = all.at(-1) as string
    expect(newest, 'a release newer than the target is left to try').not.toBe(target)
    await page.goto(UPDATE)
    await expect(releaseRow(page, target).getByText('Target', { exact: true })).toBeVisible()
    // As if another session had moved the target past this release meanwhile.
    const message = `Requested target release (${newest}) must not be older than current target release (99.0.0)`
    await page.route('**/v1/system/update/target-release', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ request_id: 'e2e', error_code: 'InvalidRequest', message }),
      }),
    )
    // The status is asked for again after the refusal has come back (not just any revalidation).
    const events: string[] = []
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/v1/system/update/target-release') events.push('refused')
    })
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/v1/system/update/status' && r.method() === 'GET')
        events.push('status')
    })
    await (await setTargetItem(page, newest)).click()
    await page
      .getByRole('alertdialog', { name: 'Set target release' })
      .getByRole('button', { name: 'Set as target' })
      .click()
    await expect(page.getByText(message)).toBeVisible()
    await expect
      .poll(() => {
        const refused = events.indexOf('refused')
        return refused >= 0 && events.slice(refused + 1).includes('status')
      })
      .toBe(true)
  })

  test(
    'offline after a first visit, the page paints from the cache and Set as target says why not',
    SW,
    async ({ page, context }) => {
      // Not the target: another worker's test may move it meanwhile; the newest release stays.
      const newest = (await releases(page.request)).at(-1) as string
      await page.goto(UPDATE)
      await expect(releaseRow(page, newest)).toBeVisible()
      await waitForServiceWorker(page)
      await context.setOffline(true)

      await page.reload()
      await expect(page.getByRole('heading', { name: 'System update', level: 1 })).toBeVisible()
      await expect(page.getByText('Target release', { exact: true })).toBeVisible()
      await expect(releaseRow(page, newest)).toBeVisible()
      const item = await setTargetItem(page, newest)
      await expect(item).toHaveAttribute('aria-disabled', 'true')
      await expect(item).toHaveAccessibleDescription('You are offline')
    },
  )
})

test('a fleet viewer sees the status and Set as target disabled for the role', async ({ page }) => {
  await login(page, 'fleet-admin')
  const silo = `zz-e2e-silo-${randomBytes(3).toString('hex')}`
  await createViewerSilo(page.request, silo)
  await signInAsFleetViewer(page.request, silo)
  const all = await releases(page.request)
  const newest = all.at(-1) as string

  await page.goto(UPDATE)
  await expect(page.getByRole('heading', { name: 'System update', level: 1 })).toBeVisible()
  const item = await setTargetItem(page, newest)
  await expect(item).toHaveAttribute('aria-disabled', 'true')
  await expect(item).toHaveAccessibleDescription(
    'Your role does not allow this: changing the target release needs the fleet admin role or stronger',
  )
})

test('a silo viewer gets the 403 page on /system/update', async ({ page }) => {
  await login(page, 'silo-viewer')
  await page.goto(UPDATE)
  await expect(page.getByRole('heading', { name: 'Action not authorized' })).toBeVisible()
  await expect(releaseTable(page)).toHaveCount(0)
})
