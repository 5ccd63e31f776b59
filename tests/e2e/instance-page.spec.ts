// The instance page (issue 12, read-only views): the redirect to storage, the header, the route tabs
// by keyboard (the screen kit's "tabs component works by keyboard"), Page not found for an unknown
// instance, both lookup routes, a second visit with the network off, the Connect tab's SSH command (or
// where to attach an IP), and axe.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import {
  createInstance,
  expectAccessible,
  holdTransitions,
  login,
  SW,
  waitForServiceWorker,
  watchPageErrors,
} from './helpers'

const PROJECT = 'mock-project'
const DB1 = `/projects/${PROJECT}/instances/db1`

async function instanceId(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.get(`/v1/instances/${name}?project=${PROJECT}`)
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { id: string }).id
}

const header = (page: Page) => page.getByRole('heading', { level: 1 })
const bootDisk = (page: Page) => page.getByRole('table', { name: 'Boot disk' })

test.describe('instance page', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('redirects to storage and shows the header and the boot disk', async ({ page }) => {
    const errors = watchPageErrors(page)
    const id = await instanceId(page.request, 'db1')
    await page.goto(DB1)
    await expect(page).toHaveURL(new RegExp(`${DB1}/storage$`))
    await expect(header(page)).toHaveText('db1')
    await expect(page).toHaveTitle('Storage / db1 / Instances / mock-project / Projects / Rack Console')

    const props = page.locator('dl').first()
    await expect(props.getByText('running', { exact: true })).toBeVisible()
    await expect(props.getByText(/^for \d+ (s|min|h|days)$/)).toBeVisible()
    await expect(props.getByRole('definition').filter({ hasText: /^4$/ })).toBeVisible()
    await expect(props.getByText('8 GiB', { exact: true })).toBeVisible()
    await expect(props.getByText(id, { exact: true })).toBeVisible()
    await expect(props.getByRole('button', { name: 'Copy instance ID' })).toBeVisible()

    await expect(bootDisk(page).getByRole('cell', { name: 'db1-boot', exact: true })).toBeVisible()
    await expect(bootDisk(page).getByRole('cell', { name: '20 GiB', exact: true })).toBeVisible()
    await expect(bootDisk(page).getByText('attached', { exact: true })).toBeVisible()
    // detaching-disk is db1's too, not its boot disk.
    await expect(
      page
        .getByRole('table', { name: 'Other disks' })
        .getByRole('cell', { name: 'detaching-disk', exact: true }),
    ).toBeVisible()
    expect(errors).toEqual([])
  })

  test('the tabs work by keyboard, and the URL and the panel follow', async ({ page }) => {
    await page.goto(`${DB1}/storage`)
    const tabs = page.getByRole('tablist', { name: 'Instance db1' })
    const tab = (name: string) => tabs.getByRole('tab', { name })
    const panel = page.getByRole('tabpanel')
    await expect(tab('Storage')).toHaveAttribute('aria-selected', 'true')
    await expect(bootDisk(page)).toBeVisible()

    await tab('Storage').focus()
    await page.keyboard.press('ArrowRight')
    await expect(tab('Networking')).toBeFocused()
    await expect(page).toHaveURL(new RegExp(`${DB1}/networking$`))
    await expect(tab('Networking')).toHaveAttribute('aria-selected', 'true')
    await expect(panel).toHaveAttribute('aria-labelledby', (await tab('Networking').getAttribute('id')) ?? '')
    await expect(panel.getByRole('heading', { name: 'Network interfaces' })).toBeVisible()
    const ips = panel.getByRole('table', { name: 'External IPs' })
    await expect(ips.getByRole('cell', { name: /^192\.0\.2\.10/ })).toBeVisible()
    await expect(ips.getByRole('button', { name: 'Copy IP address 192.0.2.10' })).toBeVisible()

    await page.keyboard.press('End')
    await expect(tab('Settings')).toBeFocused()
    await expect(page).toHaveURL(new RegExp(`${DB1}/settings$`))
    await expect(panel.getByRole('heading', { name: 'Auto-restart' })).toBeVisible()

    await page.keyboard.press('Home')
    await expect(tab('Storage')).toBeFocused()
    await expect(page).toHaveURL(new RegExp(`${DB1}/storage$`))
    await expect(panel.getByRole('table', { name: 'Boot disk' })).toBeVisible()

    // ArrowLeft wraps to the last tab; Enter on a focused tab opens it.
    await page.keyboard.press('ArrowLeft')
    await expect(tab('Settings')).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expect(tab('Connect')).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${DB1}/connect$`))
    await expect(
      panel.getByText('oxide instance serial console --project mock-project --instance db1'),
    ).toBeVisible()
    await expect(panel.getByRole('button', { name: 'Copy CLI command' })).toBeVisible()
    // Only the selected tab is in the Tab order (roving tabindex).
    await expect(tabs.locator('[role=tab][tabindex="0"]')).toHaveText(['Connect'])

    // Metrics redirects to its default sub-tab: focus stays on the tab through the redirect, and
    // the arrows go on from there.
    await page.keyboard.press('ArrowLeft')
    await expect(tab('Metrics')).toBeFocused()
    await expect(page).toHaveURL(new RegExp(`${DB1}/metrics/cpu$`))
    await expect(tab('Metrics')).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expect(tab('Networking')).toBeFocused()
  })

  test("Connect shows an ssh command for the instance's external IP", async ({ page }) => {
    await page.goto(`${DB1}/connect`)
    const ssh = page.getByRole('region', { name: 'SSH' })
    // db1's ephemeral address; its SNAT address (outbound only) is not offered.
    await expect(ssh.getByText('ssh 192.0.2.10', { exact: true })).toBeVisible()
    await expect(ssh.getByRole('button', { name: 'Copy SSH command for 192.0.2.10' })).toBeVisible()
    await expect(ssh.getByText(/192\.0\.2\.200/)).toHaveCount(0)
    await expect(ssh.getByText(/depends on the image/)).toBeVisible()
    await ssh.getByRole('link', { name: 'Settings → SSH keys' }).click()
    await expect(page).toHaveURL('/settings/ssh-keys')
  })

  test('Connect without an external IP points to Networking to attach one', async ({ page }) => {
    const name = `ip-${Date.now().toString(36)}`
    await createInstance(page.request, name, { start: false, description: 'e2e connect tab' })
    await page.goto(`/projects/${PROJECT}/instances/${name}/connect`)
    const ssh = page.getByRole('region', { name: 'SSH' })
    await expect(ssh).toContainText('This instance has no external IP')
    await expect(ssh.getByRole('button', { name: /^Copy SSH command/ })).toHaveCount(0)
    await ssh.getByRole('link', { name: 'Networking' }).click()
    await expect(page).toHaveURL(`/projects/${PROJECT}/instances/${name}/networking`)
  })

  test('an unknown instance shows Page not found with Sign out', async ({ page }) => {
    await page.goto(`/projects/${PROJECT}/instances/no-such-instance`)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
    await expect(page.getByRole('tablist')).toHaveCount(0)
  })

  test('both lookup routes land on the storage tab; what does not resolve is Page not found', async ({
    page,
  }) => {
    const id = await instanceId(page.request, 'db1')
    for (const lookup of [`/lookup/instances/${id}`, `/lookup/i/${id}`]) {
      await page.goto('/projects')
      await page.goto(lookup)
      await expect(page).toHaveURL(new RegExp(`${DB1}/storage$`))
      await expect(bootDisk(page).getByRole('cell', { name: 'db1-boot', exact: true })).toBeVisible()
      // Replaced, not pushed: Back leaves the lookup URL out.
      await page.goBack()
      await expect(page).toHaveURL(/\/projects$/)
    }
    for (const lookup of ['/lookup/i/db1', '/lookup/instances/00000000-0000-4000-8000-000000000000']) {
      await page.goto(lookup)
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
    }
  })

  test('a state change shows on the page without a reload', async ({ page }) => {
    const name = `ip-${Date.now().toString(36)}`
    const id = await createInstance(page.request, name, { start: false, description: 'e2e instance page' })
    await holdTransitions(page.request, [id], true)
    try {
      expect((await page.request.post(`/v1/instances/${id}/start`)).status()).toBe(202)
      await page.goto(`/projects/${PROJECT}/instances/${name}`)
      await expect(page.locator('dl').first().getByText('starting', { exact: true })).toBeVisible()
    } finally {
      await holdTransitions(page.request, [id], false)
    }
    let navigations = 0
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations++
    })
    await expect(page.locator('dl').first().getByText('running', { exact: true })).toBeVisible({
      timeout: 15_000,
    })
    expect(navigations).toBe(0)
    await page.request.post(`/v1/instances/${id}/stop`)
  })

  test('a second visit paints from the cache with the network off', SW, async ({ page, context }) => {
    test.slow()
    await page.goto(`${DB1}/storage`)
    await expect(bootDisk(page).getByRole('cell', { name: 'db1-boot', exact: true })).toBeVisible()
    await waitForServiceWorker(page)

    await context.setOffline(true)
    try {
      await page.reload()
      await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()
      await expect(header(page)).toHaveText('db1')
      await expect(page.locator('dl').first().getByText('running', { exact: true })).toBeVisible()
      await expect(bootDisk(page).getByRole('cell', { name: 'db1-boot', exact: true })).toBeVisible()
      await expect(page.getByText(/^Cached /)).toBeVisible()
    } finally {
      await context.setOffline(false)
    }
  })

  test('axe finds no serious or critical violations', async ({ page }) => {
    test.slow() // four full axe runs, one per tab
    for (const tab of ['storage', 'networking', 'connect', 'settings']) {
      await page.goto(`${DB1}/${tab}`)
      await expect(page.getByRole('tab', { name: tab, exact: false, selected: true })).toBeVisible()
      await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first()).toBeVisible()
      await expectAccessible(page)
    }
  })
})
