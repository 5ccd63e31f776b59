// The instances list's bulk actions and external IPs column (issue 12), by role and text.
import { expect, type Page, test } from '@playwright/test'
import { createInstance, expectAccessible, holdTransitions, login, SW, waitForServiceWorker } from './helpers'

const LIST = '/projects/mock-project/instances'
const ROLE_REASON =
  'Your role does not allow this: managing instances needs the limited collaborator role or stronger'

const unique = (what: string) => `bk-${what}-${Math.random().toString(16).slice(2, 8)}`
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name })
const box = (page: Page, name: string) => page.getByRole('checkbox', { name: `Select ${name}`, exact: true })
const bar = (page: Page) => page.getByRole('region', { name: 'Bulk actions on selected instances' })

test('bulk stop of three instances, one already stopped, reports each row and runs nothing on it', async ({
  page,
}) => {
  test.slow()
  await login(page)
  const base = unique('stop')
  const [a, b, c] = [`${base}-a`, `${base}-b`, `${base}-c`]
  const ids = await Promise.all([
    createInstance(page.request, a, { start: true }),
    createInstance(page.request, b, { start: true }),
    createInstance(page.request, c, { start: false }),
  ])
  const running = [ids[0] as string, ids[1] as string]
  let cStops = 0
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(`/v1/instances/${ids[2]}/stop`)) cStops++
  })

  await page.goto(LIST)
  await expect(row(page, a).getByText('running', { exact: true })).toBeVisible()
  await expect(row(page, c).getByText('stopped', { exact: true })).toBeVisible()
  await expect(bar(page)).toHaveCount(0)

  // Held in stopping: the rows' badges can be read without racing the mock's timer.
  await holdTransitions(page.request, running, true)
  try {
    await box(page, a).check()
    await box(page, b).check()
    await box(page, c).check()
    await expect(bar(page).getByText('3 instances selected')).toBeVisible()
    await bar(page).getByRole('button', { name: 'Stop' }).click()

    const confirm = page.getByRole('alertdialog', { name: 'Stop 2 instances' })
    await expect(confirm).toContainText(
      '2 instances will be acted on; 1 will be skipped because its state does not allow it.',
    )
    await expect(confirm).toContainText(`Skipped: ${c}`)
    await confirm.getByRole('button', { name: 'Stop' }).click()

    const results = page.getByRole('dialog', { name: 'Stop: results' })
    await expect(results.getByText('2 done, 1 refused')).toBeVisible()
    const result = (name: string) => results.getByRole('row').filter({ hasText: name })
    await expect(result(a)).toContainText('Stopping')
    await expect(result(b)).toContainText('Stopping')
    await expect(result(c)).toContainText(
      'Refused: Only a running, starting, rebooting or failed instance can be stopped',
    )
    await expectAccessible(page)
    await results.getByRole('button', { name: 'Done' }).click()
    await expect(results).toHaveCount(0)

    // The list shows the requests took, and the selection is gone.
    await expect(row(page, a).getByText('stopping', { exact: true })).toBeVisible()
    await expect(row(page, b).getByText('stopping', { exact: true })).toBeVisible()
    await expect(box(page, a)).not.toBeChecked()
    await expect(bar(page)).toHaveCount(0)
    expect(cStops).toBe(0)
  } finally {
    await holdTransitions(page.request, running, false)
  }

  await expect(row(page, a).getByText('stopped', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(row(page, b).getByText('stopped', { exact: true })).toBeVisible({ timeout: 15_000 })
  for (const id of ids) await page.request.delete(`/v1/instances/${id}`)
})

test('shift-click selects the range between two rows', async ({ page }) => {
  await login(page)
  const base = unique('range')
  const names = [`${base}-a`, `${base}-b`, `${base}-c`]
  const ids = await Promise.all(names.map((n) => createInstance(page.request, n, { start: false })))
  const [a, b, c] = names as [string, string, string]

  await page.goto(LIST)
  await box(page, a).click()
  await box(page, c).click({ modifiers: ['Shift'] })
  await expect(box(page, b)).toBeChecked()
  await expect(box(page, c)).toBeChecked()
  await expect(bar(page).getByText('3 instances selected')).toBeVisible()
  // Shift-clicking back to the first row clears the range again.
  await box(page, a).click({ modifiers: ['Shift'] })
  for (const n of names) await expect(box(page, n)).not.toBeChecked()

  for (const id of ids) await page.request.delete(`/v1/instances/${id}`)
})

test('the header checkbox selects every row of the page, then none', async ({ page }) => {
  await login(page)
  // scale-project: no other test adds or deletes its instances while this one counts rows.
  await page.goto('/projects/scale-project/instances')
  await expect(row(page, 'instance-00001').first()).toBeVisible()
  const all = page.getByRole('checkbox', { name: 'Select all on this page' })
  await all.check()
  const boxes = page
    .getByRole('table', { name: 'Instances' })
    .getByRole('checkbox', { name: /^Select (?!all)/ })
  const count = await boxes.count()
  expect(count).toBeGreaterThanOrEqual(4)
  for (let i = 0; i < count; i++) await expect(boxes.nth(i)).toBeChecked()
  await expect(bar(page).getByText(/^\d+ instances selected$/)).toBeVisible()
  await all.uncheck()
  for (let i = 0; i < count; i++) await expect(boxes.nth(i)).not.toBeChecked()
  await expect(bar(page)).toHaveCount(0)
})

test('a silo viewer can select rows but sees every bulk action disabled with the role reason', async ({
  page,
}) => {
  await login(page, 'silo-viewer')
  await page.goto(LIST)
  await box(page, 'db1').check()
  for (const label of ['Start', 'Stop', 'Delete']) {
    const button = bar(page).getByRole('button', { name: label, exact: true })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(button).toHaveAccessibleDescription(ROLE_REASON)
  }
  await bar(page).getByRole('button', { name: 'Stop', exact: true }).click({ force: true })
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
})

test(
  "the external IPs column shows db1's addresses with a copy button each, also offline",
  SW,
  async ({ page, context }) => {
    test.slow()
    await login(page)
    await page.goto(LIST)
    const table = page.getByRole('table', { name: 'Instances' })
    await expect(table.getByRole('columnheader', { name: 'External IPs' })).toBeVisible()
    const db1 = row(page, 'db1').first()
    // The ephemeral and the floating address; the SNAT one is outbound only and not listed.
    await expect(db1.getByText('192.0.2.10', { exact: true })).toBeVisible()
    await expect(db1.getByText('192.0.2.20', { exact: true })).toBeVisible()
    await expect(db1.getByText('192.0.2.200')).toHaveCount(0)
    await expect(db1.getByRole('button', { name: 'Copy IP address 192.0.2.10' })).toBeVisible()
    await expect(db1.getByRole('button', { name: 'Copy IP address 192.0.2.20' })).toBeVisible()
    await expect(row(page, 'web1').getByText('—', { exact: true })).toBeVisible()
    await waitForServiceWorker(page)

    await context.setOffline(true)
    try {
      await page.reload()
      await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()
      await expect(row(page, 'db1').first().getByText('192.0.2.10', { exact: true })).toBeVisible()
      await box(page, 'db1').check()
      await expect(bar(page).getByRole('button', { name: 'Stop', exact: true })).toHaveAccessibleDescription(
        'You are offline',
      )
    } finally {
      await context.setOffline(false)
    }
  },
)
