// Issue 16, utilization and capacity: the silo's /utilization and the fleet's /system/utilization show
// CPU, memory and storage figures from the API, the system page lists every silo and explains its
// capacity estimate, the range, silo and project controls drive the metric requests, the auto-refresh
// re-reads them on its interval, both pages paint from the cache offline, and a silo-only user gets the
// 403 page on the system screen.
import { expect, type Locator, type Page, type Request, test } from '@playwright/test'
import { formatBytes } from '../../src/util/bytes'
import { capacityEstimate } from '../../src/util/capacity'
import { expectAccessible, expectHeadingOrder, login, SW, waitForServiceWorker } from './helpers'

type Counts = { cpus: number; memory: number; storage: number }
const cpus = (n: number) => `${n.toLocaleString('en-US')} vCPU${n === 1 ? '' : 's'}`
const FIGURES = [
  { title: 'CPU', key: 'cpus', format: cpus },
  { title: 'Memory', key: 'memory', format: (v: number) => formatBytes(v) },
  { title: 'Storage', key: 'storage', format: (v: number) => formatBytes(v) },
] as const
const CHARTS = ['CPU provisioned', 'Memory provisioned', 'Storage provisioned']

/** The value of a labelled figure in a capacity card (a dt/dd pair). */
const figure = (card: Locator, name: string) => card.locator(`dt:text-is("${name}") + dd`)

const pct = (part: number, whole: number) =>
  new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(part / whole)

async function expectFigures(page: Page, rows: { provisioned: Counts; quota: Counts; capacity?: Counts }) {
  for (const f of FIGURES) {
    const card = page.getByRole('region', { name: `${f.title} utilization` })
    const provisioned = rows.provisioned[f.key]
    const quota = rows.quota[f.key]
    const whole = rows.capacity?.[f.key] ?? quota
    await expect(figure(card, 'Provisioned')).toHaveText(
      `${f.format(provisioned)} (${pct(provisioned, whole)} of ${rows.capacity ? 'capacity' : 'quota'})`,
    )
    await expect(figure(card, rows.capacity ? 'Allocated' : 'Quota')).toContainText(f.format(quota))
    if (rows.capacity) await expect(figure(card, 'Capacity')).toHaveText(f.format(whole))
    await expect(figure(card, 'Available')).toHaveText(f.format(Math.max(0, whole - provisioned)))
  }
}

const isMetric = (path: string) => (r: Request) => new URL(r.url()).pathname === path && r.method() === 'GET'
const startOf = (r: Request) => Date.parse(new URL(r.url()).searchParams.get('start_time') ?? '')
const endOf = (r: Request) => Date.parse(new URL(r.url()).searchParams.get('end_time') ?? '')
const DAY = 86_400_000

test.describe('utilization', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'fleet-admin')
  })

  test("the silo page shows the silo's CPU, memory and storage against its quota", async ({ page }) => {
    const u = (await (await page.request.get('/v1/utilization')).json()) as {
      provisioned: Counts
      capacity: Counts
    }
    await page.goto('/utilization')
    await expect(page.getByRole('heading', { name: 'Utilization', level: 1 })).toBeVisible()
    await expectFigures(page, { provisioned: u.provisioned, quota: u.capacity })
    for (const name of CHARTS) await expect(page.getByRole('group', { name })).toBeVisible()
    await expectAccessible(page)
    await expectHeadingOrder(page)
  })

  test("changing the range changes the metric request's start time", async ({ page }) => {
    const first = page.waitForRequest(isMetric('/v1/metrics/cpus_provisioned'))
    await page.goto('/utilization')
    const day = await first
    expect(endOf(day) - startOf(day)).toBe(DAY)
    const next = page.waitForRequest(isMetric('/v1/metrics/cpus_provisioned'))
    await page.getByRole('radio', { name: 'Last week' }).check()
    const week = await next
    expect(endOf(week) - startOf(week)).toBe(7 * DAY)
    expect(startOf(week)).toBeLessThan(startOf(day))
    await expect(page).toHaveURL(/[?&]range=week/)
    await expect(page.getByRole('group', { name: 'CPU provisioned' })).toBeVisible()
  })

  test('a custom range asks for exactly its bounds, refuses a backwards one, and a reload keeps it', async ({
    page,
  }) => {
    const metric = isMetric('/v1/metrics/cpus_provisioned')
    const first = page.waitForRequest(metric)
    await page.goto('/utilization?range=week')
    const week = await first
    // Custom starts from the window on screen, to the minute.
    await page.getByRole('radio', { name: 'Custom' }).check()
    const form = page.getByRole('form', { name: 'Custom time range' })
    const start = form.getByLabel('Start')
    const end = form.getByLabel('End')
    const local = (ms: number) =>
      page.evaluate((t) => {
        const d = new Date(t)
        const p = (n: number) => String(n).padStart(2, '0')
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
      }, ms)
    await expect(start).toHaveValue(await local(startOf(week)))
    await expect(end).toHaveValue(await local(endOf(week)))
    await expect(page).toHaveURL(/[?&]start=.*&end=/)
    await expect(page).not.toHaveURL(/[?&]range=/)

    // Backwards: the reason on End, and the URL keeps the range applied before.
    await start.fill('2025-06-03T12:00')
    await end.fill('2025-06-01T00:00')
    await form.getByRole('button', { name: 'Apply' }).click()
    await expect(end).toHaveAccessibleDescription('Start must be before end')
    await expect(page).not.toHaveURL(/start=2025-06-03T12/)

    const bounds = page.waitForRequest(
      (r) =>
        metric(r) && new URL(r.url()).searchParams.get('start_time') !== null && startOf(r) !== startOf(week),
    )
    await start.fill('2025-06-01T00:00')
    await end.fill('2025-06-03T12:00')
    await form.getByRole('button', { name: 'Apply' }).click()
    const asked = await bounds
    const [s, e] = await page.evaluate(() => [
      new Date('2025-06-01T00:00').getTime(),
      new Date('2025-06-03T12:00').getTime(),
    ])
    expect([startOf(asked), endOf(asked)]).toEqual([s, e])
    await expect(page).toHaveURL(
      /start=2025-06-01T00%3A00&end=2025-06-03T12%3A00|start=2025-06-01T00:00&end=2025-06-03T12:00/,
    )

    await page.reload()
    await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked()
    await expect(start).toHaveValue('2025-06-01T00:00')
    await expect(end).toHaveValue('2025-06-03T12:00')
    // A preset drops the custom bounds.
    await page.getByRole('radio', { name: 'Last day' }).check()
    await expect(form).toBeHidden()
    await expect(page).not.toHaveURL(/[?&](start|end)=/)
  })

  test("a link's custom range that cannot be used opens Custom saying why; the charts show the last day", async ({
    page,
  }) => {
    const first = page.waitForRequest(isMetric('/v1/system/metrics/cpus_provisioned'))
    await page.goto('/system/utilization?start=garbage&end=2025-01-01T00:00')
    const asked = await first
    expect(endOf(asked) - startOf(asked)).toBe(DAY)
    await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked()
    const form = page.getByRole('form', { name: 'Custom time range' })
    await expect(form.getByLabel('Start')).toHaveAccessibleDescription('Enter a start date and time')
    await expect(form.getByLabel('End')).toHaveValue('2025-01-01T00:00')
    await expect(page.getByRole('group', { name: 'CPU provisioned' })).toBeVisible()

    await page.goto('/system/utilization?start=2025-01-02T00:00&end=2025-01-01T00:00')
    await expect(form.getByLabel('End')).toHaveAccessibleDescription('Start must be before end')
    await expect(form.getByLabel('Start')).not.toHaveAttribute('aria-invalid', 'true')
  })

  test('the system page shows the fleet capacity, how it is estimated, and every silo', async ({ page }) => {
    const get = async <T>(path: string) => (await (await page.request.get(path)).json()) as { items: T[] }
    type WireSled = {
      policy: { kind: 'in_service' | 'expunged' }
      usable_hardware_threads: number
      usable_physical_ram: number
    }
    const sleds = await get<WireSled>('/v1/system/hardware/sleds?limit=1000')
    const util = await get<{ silo_name: string; provisioned: Counts; allocated: Counts }>(
      '/v1/system/utilization/silos?limit=1000',
    )
    const silos = await get<{ name: string }>('/v1/system/silos?limit=1000')
    const sum = (k: 'provisioned' | 'allocated'): Counts => ({
      cpus: util.items.reduce((n, s) => n + s[k].cpus, 0),
      memory: util.items.reduce((n, s) => n + s[k].memory, 0),
      storage: util.items.reduce((n, s) => n + s[k].storage, 0),
    })
    const estimate = capacityEstimate(
      sleds.items.map((s) => ({
        policy: s.policy as Parameters<typeof capacityEstimate>[0][number]['policy'],
        usableHardwareThreads: s.usable_hardware_threads,
        usablePhysicalRam: s.usable_physical_ram,
      })),
    )

    await page.goto('/system/utilization')
    await expectFigures(page, {
      provisioned: sum('provisioned'),
      quota: sum('allocated'),
      capacity: estimate,
    })

    const table = page.getByRole('table', { name: 'Utilization by silo' })
    expect(silos.items.length).toBeGreaterThan(0)
    for (const { name } of silos.items) {
      await expect(table.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        `/system/silos/${name}`,
      )
    }

    await page.getByRole('button', { name: 'How is capacity estimated?' }).hover()
    const tip = page.getByRole('tooltip')
    await expect(tip).toContainText(`Estimated from ${estimate.sleds} in-service sleds`)
    await expect(tip).toContainText('× 32 TiB × 0.909 × 70%')
    await expect(tip).toContainText(`= ${cpus(estimate.cpus)}`)
    await expectAccessible(page)
  })

  test('the silo filter scopes the charts to one silo', async ({ page }) => {
    const all = page.waitForRequest(isMetric('/v1/system/metrics/ram_provisioned'))
    await page.goto('/system/utilization')
    expect(new URL((await all).url()).searchParams.get('silo')).toBeNull()
    const one = page.waitForRequest(
      (r) =>
        isMetric('/v1/system/metrics/ram_provisioned')(r) &&
        new URL(r.url()).searchParams.get('silo') !== null,
    )
    await page.getByRole('combobox', { name: 'Silo' }).selectOption('default-silo')
    expect(new URL((await one).url()).searchParams.get('silo')).toBe('default-silo')
    await expect(page).toHaveURL(/[?&]silo=default-silo/)
    await expect(page.getByRole('group', { name: 'Memory provisioned' })).toBeVisible()
  })

  test('the auto-refresh re-reads the charts on its interval, and Off stops it', async ({ page }) => {
    // The page's clock is ours to move: the interval is checked in page time, not on the wall clock.
    await page.clock.install()
    const cpu = isMetric('/v1/metrics/cpus_provisioned')
    const first = page.waitForRequest(cpu)
    await page.goto('/utilization')
    await first
    await expect(page.getByRole('group', { name: 'CPU provisioned' })).toBeVisible()
    const interval = page.getByRole('combobox', { name: 'Auto-refresh' })
    await expect(interval).toHaveValue('off')
    await expect(interval.locator('option')).toHaveText([
      'Off',
      '10 seconds',
      '1 minute',
      '2 minutes',
      '5 minutes',
    ])
    const updated = page.getByText(/^Last updated \d\d:\d\d:\d\d$/)
    await expect(updated).toBeVisible()
    const before = await updated.textContent()

    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
    let reads = 0
    page.on('request', (r) => {
      if (cpu(r)) reads++
    })
    /** A round trip through the page: any request a timer started has been seen by then. */
    const settle = () => page.evaluate(() => 0)
    await interval.selectOption('10s')
    await expect(page).toHaveURL(/[?&]refresh=10s/)
    // Nothing before the period ends, one read when it does.
    await page.clock.runFor(9_000)
    await settle()
    expect(reads).toBe(0)
    const refreshed = page.waitForRequest(cpu)
    await page.clock.runFor(2_000)
    await refreshed
    await expect(updated).not.toHaveText(before ?? '')
    await expect(page.getByRole('group', { name: 'CPU provisioned' })).toBeVisible()

    await interval.selectOption('off')
    await expect(page).not.toHaveURL(/refresh=/)
    const afterOff = reads
    // Three periods with the interval off: no read goes out.
    await page.clock.runFor(30_000)
    await settle()
    expect(reads).toBe(afterOff)
  })

  test('the project filter scopes the silo charts to one project, and a reload keeps it', async ({
    page,
  }) => {
    const ram = isMetric('/v1/metrics/ram_provisioned')
    const projectOf = (r: Request) => new URL(r.url()).searchParams.get('project')
    const all = page.waitForRequest(ram)
    await page.goto('/utilization')
    expect(projectOf(await all)).toBeNull()
    const filter = page.getByRole('combobox', { name: 'Project' })
    await expect(filter).toHaveValue('')
    await expect(page.getByRole('heading', { name: 'Over time: All projects' })).toBeVisible()
    await expect(page.getByText(/^Quota .* · Data as of/)).toHaveCount(3)

    const one = page.waitForRequest((r) => ram(r) && projectOf(r) !== null)
    await filter.selectOption('mock-project')
    expect(projectOf(await one)).toBe('mock-project')
    await expect(page).toHaveURL(/[?&]project=mock-project/)
    await expect(page.getByRole('heading', { name: 'Over time: Project mock-project' })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Memory provisioned' })).toBeVisible()
    // The quota is the silo's: a project's chart does not measure against it.
    await expect(page.getByText(/^Quota /)).toHaveCount(0)

    await page.reload()
    await expect(filter).toHaveValue('mock-project')
    await expect(page.getByRole('heading', { name: 'Over time: Project mock-project' })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Memory provisioned' })).toBeVisible()
    // A new range is a new request (not a cached answer): it still asks for the project.
    const week = page.waitForRequest((r) => ram(r) && endOf(r) - startOf(r) === 7 * DAY)
    await page.getByRole('radio', { name: 'Last week' }).check()
    expect(projectOf(await week)).toBe('mock-project')
    await expectAccessible(page)

    await filter.selectOption('')
    await expect(page).not.toHaveURL(/project=/)
    await expect(page.getByRole('heading', { name: 'Over time: All projects' })).toBeVisible()
  })

  test('both pages paint from the cache with the network off', SW, async ({ page, context }) => {
    for (const path of ['/utilization', '/system/utilization']) {
      await page.goto(path)
      await expect(figure(page.getByRole('region', { name: 'CPU utilization' }), 'Provisioned')).toBeVisible()
      for (const name of CHARTS) await expect(page.getByRole('group', { name })).toBeVisible()
    }
    await waitForServiceWorker(page)
    await context.setOffline(true)
    for (const path of ['/utilization', '/system/utilization']) {
      await page.goto(path)
      for (const f of FIGURES) {
        await expect(
          figure(page.getByRole('region', { name: `${f.title} utilization` }), 'Provisioned'),
        ).toBeVisible()
      }
      for (const name of CHARTS) await expect(page.getByRole('group', { name })).toBeVisible()
      await expect(page.getByText('not cached on this device')).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Refresh' })).toBeDisabled()
    }
  })
})

test.describe('utilization for a silo viewer', () => {
  test('reads /utilization but gets the 403 page on /system/utilization', async ({ page }) => {
    await login(page, 'silo-viewer')
    await page.goto('/utilization')
    await expect(figure(page.getByRole('region', { name: 'Storage utilization' }), 'Quota')).toBeVisible()
    await expect(page.getByRole('group', { name: 'Storage provisioned' })).toBeVisible()
    await expectAccessible(page)
    await page.goto('/system/utilization')
    await expect(page.getByRole('heading', { name: 'Action not authorized' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'CPU utilization' })).toHaveCount(0)
  })
})
