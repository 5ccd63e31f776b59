// Issue 16: the instance's metrics tab. Its sub-tabs draw series for db1 from POST
// /v1/timeseries/query, the range controls move the query's time bounds, the chart answers the
// pointer and offers its numbers as a table, and a revisit paints from the cache with the network off.
import { expect, type Page, test } from '@playwright/test'
import { expectAccessible, expectHeadingOrder, login, SW, waitForServiceWorker } from './helpers'

const DB1 = '/projects/mock-project/instances/db1/metrics'

test.beforeEach(async ({ page }) => {
  await login(page)
})

const plot = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true })
const summary = (page: Page, title: string) => page.getByRole('list', { name: `${title} summary` })
const drawn = (page: Page, title: string) => plot(page, title).locator('svg path[data-series]')

/** The time bounds of an OxQL query, e.g. ['2025-01-01T12:00:00.000Z', '...13:00...']. */
const boundsOf = (query: string) => [
  /timestamp >= @(\S+)/.exec(query)?.[1] ?? '',
  /timestamp < @(\S+)/.exec(query)?.[1] ?? '',
]
const spanOf = ([start, end]: string[]) => Date.parse(end ?? '') - Date.parse(start ?? '')

/**
 * The OxQL text of every POST /v1/timeseries/query the page sends, in order. Read on interception:
 * the client (ky) fetches a Request object, whose body Chromium streams, and Playwright's request events
 * report such a body as null (microsoft/playwright#6479); a routed request carries it.
 */
async function recordQueries(page: Page): Promise<string[]> {
  const queries: string[] = []
  await page.route('**/v1/timeseries/query?*', async (route) => {
    if (route.request().method() === 'POST')
      queries.push((route.request().postDataJSON() as { query: string }).query)
    await route.fallback()
  })
  return queries
}

/** The bounds of the first query sent whose time span is `span` ms (polled until one is sent). */
async function boundsWithSpan(queries: string[], span: number): Promise<string[]> {
  const found = () => queries.map(boundsOf).find((b) => spanOf(b) === span)
  await expect.poll(() => found() !== undefined, { message: `a query spanning ${span} ms` }).toBe(true)
  return found() as string[]
}

test('metrics redirects to its cpu sub-tab', async ({ page }) => {
  await page.goto(DB1)
  await expect(page).toHaveURL(`${DB1}/cpu`)
  await expect(page.getByRole('tab', { name: 'CPU', selected: true })).toBeVisible()
})

test('the cpu sub-tab draws a series per vCPU state with a summary', async ({ page }) => {
  await page.goto(`${DB1}/cpu`)
  const title = 'CPU utilization by state'
  await expect(drawn(page, title)).toHaveCount(4)
  await expect(drawn(page, title).first()).toHaveAttribute('d', /^M[\d.]+,[\d.]+L/)
  for (const state of ['run', 'idle', 'waiting', 'emulation'])
    await expect(summary(page, title)).toContainText(
      new RegExp(`${state}: min [\\d.]+%, max [\\d.]+%, latest`),
    )
  await expectAccessible(page)
  await expectHeadingOrder(page)

  await page.getByRole('combobox', { name: 'Show CPU as' }).selectOption('time')
  await expect(summary(page, 'vCPU time by state')).toContainText(/run: min [\d.,]+ m?s\/s/)
})

test('the disk sub-tab draws the chosen disk', async ({ page }) => {
  await page.goto(`${DB1}/disk`)
  await expect(page.getByRole('combobox', { name: 'Disk' })).toHaveValue('db1-boot')
  await expect(drawn(page, 'Disk throughput')).toHaveCount(2)
  await expect(summary(page, 'Disk throughput')).toContainText(/Read: min [\d.]+ (B|KiB|MiB)\/s/)
  await expect(drawn(page, 'Disk flushes')).toHaveCount(1)
  await expectAccessible(page)
})

test('the network sub-tab draws the chosen NIC', async ({ page }) => {
  await page.goto(`${DB1}/network`)
  await expect(page.getByRole('combobox', { name: 'Network interface' })).not.toHaveValue('')
  await expect(drawn(page, 'Network throughput')).toHaveCount(2)
  await expect(summary(page, 'Packets')).toContainText(/Received: min [\d.,]+\/s/)
  await expect(drawn(page, 'Drops and errors')).toHaveCount(3)
  await expectAccessible(page)
})

test('changing the range changes the query time bounds, and a reload keeps it', async ({ page }) => {
  const queries = await recordQueries(page)
  await page.goto(`${DB1}/cpu`)
  const [start1] = await boundsWithSpan(queries, 3_600_000)
  await expect(drawn(page, 'CPU utilization by state')).toHaveCount(4)

  await page.getByRole('combobox', { name: 'Time range' }).selectOption('7d')
  const [, end2] = await boundsWithSpan(queries, 7 * 86_400_000)
  // Both windows end at "now", rounded down to the preset's step (an hour for 7 days).
  expect(Date.parse(end2 ?? '')).toBeGreaterThan(Date.parse(start1 ?? ''))
  await expect(page).toHaveURL(/range=7d/)
  await expect(drawn(page, 'CPU utilization by state')).toHaveCount(4)

  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveValue('7d')

  // A custom range: validated (start before end), then queried with exactly its bounds (local time).
  await page.getByRole('combobox', { name: 'Time range' }).selectOption('custom')
  const form = page.getByRole('form', { name: 'Custom time range' })
  await form.getByLabel('Start').fill('2025-03-02T10:00')
  await form.getByLabel('End').fill('2025-03-02T09:00')
  await form.getByRole('button', { name: 'Apply' }).click()
  await expect(form.getByText('Start must be before end')).toBeVisible()
  await form.getByLabel('End').fill('2025-03-02T12:00')
  await form.getByRole('button', { name: 'Apply' }).click()
  const expected = await page.evaluate(() =>
    ['2025-03-02T10:00', '2025-03-02T12:00'].map((t) => new Date(t).toISOString()),
  )
  await expect.poll(() => queries.map(boundsOf)).toContainEqual(expected)
  await expect(page).toHaveURL(/start=2025-03-02T10%3A00&end=2025-03-02T12%3A00/)
  await expect(drawn(page, 'CPU utilization by state')).toHaveCount(4)
})

test('the auto-refresh offers off, 10 s, 1, 2 and 5 minutes, and a reload keeps the choice', async ({
  page,
}) => {
  await page.goto(`${DB1}/cpu`)
  const interval = page.getByRole('combobox', { name: 'Auto-refresh' })
  await expect(interval).toHaveValue('off')
  await expect(interval.locator('option')).toHaveText([
    'Off',
    '10 seconds',
    '1 minute',
    '2 minutes',
    '5 minutes',
  ])
  await interval.selectOption('2m')
  await expect(page).toHaveURL(/[?&]refresh=2m/)
  await page.reload()
  await expect(interval).toHaveValue('2m')
  await expect(drawn(page, 'CPU utilization by state')).toHaveCount(4)
  await expect(page.getByText(/^Last updated \d\d:\d\d:\d\d$/)).toBeVisible()
  await expectAccessible(page)
})

test('hovering the plot shows a tooltip with a value; the table toggle shows rows', async ({ page }) => {
  await page.goto(`${DB1}/disk`)
  const title = 'Disk operations'
  await expect(drawn(page, title)).toHaveCount(2)
  const box = await plot(page, title).boundingBox()
  if (!box) throw new Error('the plot has no box')
  // hover() scrolls the plot into view first: below the fold, a pointer at its box would miss it.
  await plot(page, title).hover({ position: { x: box.width * 0.6, y: box.height / 2 } })
  const tip = page.getByRole('tooltip')
  await expect(tip).toContainText(/Reads: [\d.,]+\/s/)
  await expect(tip).toContainText(/Writes: [\d.,]+\/s/)

  const chart = page.getByRole('region', { name: title })
  await chart.getByRole('button', { name: 'Show table' }).click()
  const table = chart.getByRole('table')
  await expect(table.getByRole('columnheader', { name: 'Reads' })).toBeVisible()
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(10)
})

test(
  'a metrics sub-tab paints its chart from the cache with the network off',
  SW,
  async ({ page, context }) => {
    test.slow()
    // A custom range: its query key does not move with the clock between the two visits.
    const url = `${DB1}/network?start=2025-03-02T10:00&end=2025-03-02T12:00`
    await page.goto(url)
    await expect(drawn(page, 'Packets')).toHaveCount(2)
    await waitForServiceWorker(page)

    await context.setOffline(true)
    try {
      await page.reload()
      await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()
      await expect(drawn(page, 'Packets')).toHaveCount(2)
      await expect(summary(page, 'Packets')).toContainText('Received: min')
      await expect(page.getByText(/^Last updated \d\d:\d\d:\d\d$/)).toBeVisible()
    } finally {
      await context.setOffline(false)
    }
  },
)
