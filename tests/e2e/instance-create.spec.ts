// The full-page instance create form (issue 12): create an instance with a boot disk from a silo image
// and watch it reach running on its own page without a reload; a taken name shows the catalogue's
// message on the name field and keeps every value; a silo viewer sees submit disabled with the reason;
// a read-only boot disk from an image and an IPv6 ephemeral IP from a chosen IPv6 pool reach the API.
import { expect, type Page, test } from '@playwright/test'
import { expectAccessible, login, SW, waitForServiceWorker, watchPageErrors } from './helpers'

const PROJECT = 'mock-project'
const NEW = `/projects/${PROJECT}/instances-new`
// ubuntu-24-04 is a 2 GiB silo image of the seed (mocks/seed/core.ts).
const IMAGE = 'ubuntu-24-04 (ubuntu 24.04, 2 GiB)'
const PROJECT_IMAGE = 'image-1 (ubuntu 22.04, 2 GiB)'

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A control by its label; a required field's label ends with a "*" mark. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}\\*?$`))
const submit = (page: Page) => page.getByRole('button', { name: 'Create instance' })
/** A name no other test (or earlier run against the same server) has used. */
const freshName = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

test.describe('instance create', () => {
  test('creates an instance booting from an image; its page shows it reach running', async ({ page }) => {
    const errors = watchPageErrors(page)
    await login(page)
    await page.goto(NEW)
    await expect(page.getByRole('heading', { level: 1, name: 'New instance' })).toBeVisible()

    const name = freshName('e2e')
    await field(page, 'Name').fill(name)
    // The hostname follows the name.
    await expect(field(page, 'Hostname')).toHaveValue(name)
    await field(page, 'Image').selectOption({ label: IMAGE })
    await expect(field(page, 'Disk size (GiB)')).toHaveValue('10')
    // Every SSH key of the user is checked by default.
    await expect(page.getByRole('checkbox', { name: /m1-macbook-pro/ })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: /mac-mini/ })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: /Start instance/ })).toBeChecked()
    // The sizes stand in their families; a high-memory one is what the instance gets.
    const size = field(page, 'Size')
    await expect(size.locator('optgroup')).toHaveText([/^2 vCPU, 8 GiB/, /^1 vCPU, 2 GiB/, /^2 vCPU, 16 GiB/])
    expect(
      await size.locator('optgroup').evaluateAll((gs) => gs.map((g) => (g as HTMLOptGroupElement).label)),
    ).toEqual(['General purpose', 'High CPU', 'High memory'])
    await size.selectOption({ label: '4 vCPU, 32 GiB memory' })

    await submit(page).click()
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/instances/${name}(/storage)?$`))
    const made = await page.request.get(`/v1/instances/${name}?project=${PROJECT}`)
    expect(await made.json()).toMatchObject({ ncpus: 4, memory: 32 * 1024 ** 3 })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    // No reload from here on: the page polls until the state settles.
    const props = page.locator('dl').first()
    await expect(props.getByText('running', { exact: true })).toBeVisible({ timeout: 20_000 })
    await expect(
      page
        .getByRole('table', { name: 'Boot disk' })
        .getByRole('cell', { name: new RegExp(`^${name}-ubuntu-24-04-`) }),
    ).toBeVisible()
    expect(errors).toEqual([])
  })

  test('a taken name shows the message on the name field and every value is kept', async ({ page }) => {
    await login(page)
    await page.goto(NEW)
    await field(page, 'Name').fill('db1')
    await field(page, 'Description').fill('kept description')
    await field(page, 'Hostname').fill('kept-host')
    await field(page, 'Size').selectOption({ label: 'Custom' })
    await field(page, 'vCPUs').fill('3')
    await field(page, 'Memory (GiB)').fill('6')
    await page.getByRole('radio', { name: 'Project image' }).check()
    await field(page, 'Image').selectOption({ label: PROJECT_IMAGE })
    await field(page, 'Disk size (GiB)').fill('12')
    await page.getByRole('checkbox', { name: /mac-mini/ }).uncheck()
    await page.getByRole('checkbox', { name: /Start instance/ }).uncheck()
    await field(page, 'User data').fill('#cloud-config\n')

    await submit(page).click()
    const name = field(page, 'Name')
    await expect(page.getByText('Instance name already exists').first()).toBeVisible()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAccessibleDescription(/Instance name already exists/)
    await expect(page).toHaveURL(new RegExp(`${NEW}$`))

    await expect(name).toHaveValue('db1')
    await expect(field(page, 'Description')).toHaveValue('kept description')
    await expect(field(page, 'Hostname')).toHaveValue('kept-host')
    await expect(field(page, 'vCPUs')).toHaveValue('3')
    await expect(field(page, 'Memory (GiB)')).toHaveValue('6')
    await expect(page.getByRole('radio', { name: 'Project image' })).toBeChecked()
    await expect(field(page, 'Image').locator('option:checked')).toHaveText(PROJECT_IMAGE)
    await expect(field(page, 'Disk size (GiB)')).toHaveValue('12')
    await expect(page.getByRole('checkbox', { name: /mac-mini/ })).not.toBeChecked()
    await expect(page.getByRole('checkbox', { name: /m1-macbook-pro/ })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: /Start instance/ })).not.toBeChecked()
    await expect(field(page, 'User data')).toHaveValue('#cloud-config\n')
    // The button is free again for a corrected submit.
    await expect(submit(page)).not.toHaveAttribute('aria-disabled', 'true')
  })

  test("an additional disk's taken name is shown on that disk's name field", async ({ page }) => {
    await login(page)
    await page.goto(NEW)
    await field(page, 'Name').fill(freshName('e2e-clash'))
    await field(page, 'Image').selectOption({ label: IMAGE })
    await page.getByRole('button', { name: 'Add new disk' }).click()
    await field(page, 'Disk 1 name').fill('web1-boot')
    await submit(page).click()
    const disk = field(page, 'Disk 1 name')
    await expect(disk).toHaveAttribute('aria-invalid', 'true')
    await expect(disk).toHaveAccessibleDescription(/Disk name already exists/)
    await expect(disk).toBeFocused()
    await expect(disk).toHaveValue('web1-boot')
    // A new name takes the message away.
    await disk.fill('e2e-free-disk-name')
    await expect(disk).not.toHaveAttribute('aria-invalid', 'true')
  })

  test('a read-only image boot disk and an IPv6 ephemeral IP from its pool reach the API', async ({
    page,
  }) => {
    const errors = watchPageErrors(page)
    await login(page)
    await page.goto(NEW)
    await field(page, 'Image').selectOption({ label: IMAGE })
    const readOnly = page.getByRole('checkbox', { name: 'Read-only', exact: true })
    await expect(readOnly).not.toBeChecked()
    await expect(readOnly).toHaveAccessibleDescription(/appliances that do not write to their root/)
    await readOnly.check()

    // The default stays one IPv4 address from the silo's default IPv4 pool.
    const v4 = page.getByRole('checkbox', { name: 'Ephemeral IPv4 address' })
    const v6 = page.getByRole('checkbox', { name: 'Ephemeral IPv6 address' })
    await expect(v4).toBeChecked()
    await expect(v6).not.toBeChecked()
    // Each version's pool select lists only the pools of that version.
    const v4Pool = page.getByRole('combobox', { name: 'IPv4 pool' })
    await expect(v4Pool.getByRole('option', { name: 'ip-pool-2 (IPv4)' })).toBeAttached()
    await expect(v4Pool.getByRole('option', { name: /ip-pool-3/ })).toHaveCount(0)
    await v4.uncheck()
    await expect(v4Pool).toBeHidden()
    await v6.check()
    const v6Pool = page.getByRole('combobox', { name: 'IPv6 pool' })
    await expect(v6Pool.getByRole('option', { name: /ip-pool-[12]/ })).toHaveCount(0)
    await v6Pool.selectOption({ label: 'ip-pool-3 (IPv6, default)' })
    await expectAccessible(page)

    // A refused create keeps the new choices.
    await field(page, 'Name').fill('db1')
    await submit(page).click()
    await expect(field(page, 'Name')).toHaveAccessibleDescription(/Instance name already exists/)
    await expect(readOnly).toBeChecked()
    await expect(v4).not.toBeChecked()
    await expect(v6).toBeChecked()
    await expect(v6Pool).toHaveValue('ip-pool-3')

    const name = freshName('e2e-ro')
    await field(page, 'Name').fill(name)
    await submit(page).click()
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/instances/${name}(/storage)?$`))

    const get = async <T>(url: string): Promise<T> => {
      const res = await page.request.get(url)
      expect(res.status(), url).toBe(200)
      return (await res.json()) as T
    }
    const instance = await get<{ id: string; boot_disk_id: string }>(
      `/v1/instances/${name}?project=${PROJECT}`,
    )
    const disk = await get<{ read_only: boolean; image_id: string | null }>(
      `/v1/disks/${instance.boot_disk_id}`,
    )
    expect(disk.read_only).toBe(true)
    expect(disk.image_id).not.toBeNull()
    const pools = await get<{ items: { id: string; name: string; ip_version: string }[] }>(
      '/v1/ip-pools?limit=100',
    )
    const ips = await get<{ items: { kind: string; ip: string; ip_pool_id: string }[] }>(
      `/v1/instances/${instance.id}/external-ips`,
    )
    expect(ips.items).toHaveLength(1)
    const [ip] = ips.items
    expect(ip?.kind).toBe('ephemeral')
    expect(ip?.ip).toContain(':')
    expect(pools.items.find((p) => p.id === ip?.ip_pool_id)).toMatchObject({
      name: 'ip-pool-3',
      ip_version: 'v6',
    })
    expect(errors).toEqual([])
  })

  test('invalid values are refused inline before anything is sent', async ({ page }) => {
    await login(page)
    await page.goto(NEW)
    let creates = 0
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/instances') creates++
    })
    await field(page, 'Name').fill('Bad_name')
    await field(page, 'Name').blur()
    // Leaving a field shows its message at once.
    await expect(field(page, 'Name')).toHaveAccessibleDescription(/must start with a lowercase letter/)
    await field(page, 'User data').fill('x'.repeat(32 * 1024 + 1))
    await field(page, 'User data').blur()
    await expect(field(page, 'User data')).toHaveAccessibleDescription(
      /must be at most 32 KiB \(32,768 bytes\) before encoding; this is 32,769 bytes/,
    )
    // A submit shows the rest, with the error summary, and sends nothing.
    await submit(page).click()
    await expect(field(page, 'Image')).toHaveAccessibleDescription(/Choose an image/)
    // The hostname followed the name, and an underscore is no more a hostname than a name.
    await expect(field(page, 'Hostname')).toHaveAccessibleDescription(
      /only letters, digits, hyphens and dots/,
    )
    await expect(page.getByRole('alert').filter({ hasText: '4 issues:' })).toBeVisible()
    expect(creates).toBe(0)
  })

  test(
    'offline after a first visit: the form paints from the cache and submit says why',
    SW,
    async ({ page, context }) => {
      await login(page)
      await page.goto(NEW)
      // The image choices come from the cache on the second visit.
      await expect(field(page, 'Image').getByRole('option', { name: IMAGE })).toBeAttached()
      await waitForServiceWorker(page)
      await context.setOffline(true)
      await page.reload()
      await expect(field(page, 'Image').getByRole('option', { name: IMAGE })).toBeAttached()
      await field(page, 'Name').fill(freshName('offline'))
      await expect(submit(page)).toHaveAttribute('aria-disabled', 'true')
      await expect(submit(page)).toHaveAccessibleDescription('You are offline')
    },
  )

  test('a silo viewer sees submit disabled with the role reason', async ({ page }) => {
    await login(page, 'silo-viewer')
    await page.goto(NEW)
    await expect(submit(page)).toHaveAttribute('aria-disabled', 'true')
    await expect(submit(page)).toHaveAccessibleDescription(
      /Your role does not allow this: creating instances needs the limited collaborator role or stronger/,
    )
  })
})
