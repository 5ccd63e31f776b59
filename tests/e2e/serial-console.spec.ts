// The serial console page (issue 12): the mock's stream greets, echoes what is typed and answers
// Enter with a newline (spec section 7, "Mock mode"); a stopped instance shows why there is no
// console and no terminal; the terminal (xterm) runs under the app's CSP without a violation.
import { expect, type Page, test } from '@playwright/test'
import { SERIAL_GREETING } from '../../mocks/lib/serial'
import { login, SW, waitForServiceWorker, watchPageErrors } from './helpers'

const PROJECT = 'mock-project'
const consoleUrl = (instance: string) => `/projects/${PROJECT}/instances/${instance}/serial-console`

/** Collects securitypolicyviolation events (the console message alone can be missed). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`)
    })
  })
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)
}

// The accessible tree xterm keeps in screen-reader mode: one list item per terminal row, as text.
const screenRows = (page: Page, instance: string) =>
  page.getByRole('region', { name: `Serial console of ${instance}` }).getByRole('list')

test.describe('serial console', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('greets, echoes what is typed, and runs under the CSP', async ({ page }) => {
    const errors = watchPageErrors(page)
    const violations = await watchCsp(page)
    await page.goto(consoleUrl('db1'))
    await expect(page.getByRole('heading', { level: 1, name: 'Serial console' })).toBeVisible()
    // The crumbs and the title name the instance; its crumb leads back to the instance's page.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' })
    await expect(crumbs.getByRole('link', { name: 'db1', exact: true })).toHaveAttribute(
      'href',
      '/projects/mock-project/instances/db1',
    )
    await expect(page).toHaveTitle(
      'Serial console / db1 / Instances / mock-project / Projects / Rack Console',
    )
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()

    const rows = screenRows(page, 'db1')
    await expect(rows).toContainText(SERIAL_GREETING.trim())

    await page.getByRole('textbox', { name: 'Terminal input' }).focus()
    await page.keyboard.type('hello')
    await page.keyboard.press('Enter')
    await page.keyboard.type('again')
    // The echo lands on the row after the greeting; Enter's newline moves the next input a row down.
    const items = rows.getByRole('listitem')
    await expect(items.filter({ hasText: /^hello\s*$/ })).toHaveCount(1)
    await expect(items.filter({ hasText: /^again\s*$/ })).toHaveCount(1)

    // The back link leads to the instance.
    await expect(page.getByRole('link', { name: 'Back to db1' })).toHaveAttribute(
      'href',
      `/projects/${PROJECT}/instances/db1`,
    )
    expect(await violations()).toEqual([])
    expect(errors).toEqual([])
  })

  test('Reconnect opens a new stream that greets again', async ({ page }) => {
    await page.goto(consoleUrl('db1'))
    const rows = screenRows(page, 'db1')
    await expect(rows).toContainText(SERIAL_GREETING.trim())
    await page.getByRole('textbox', { name: 'Terminal input' }).focus()
    await page.keyboard.type('before')
    await expect(rows).toContainText('before')

    await page.getByRole('button', { name: 'Reconnect' }).click()
    // A new connection starts from a clean screen; the new stream greets once more.
    await expect(rows).not.toContainText('before')
    await expect(rows).toContainText(SERIAL_GREETING.trim())
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
  })

  test('a stopped instance shows why there is no console, and no terminal', async ({ page }) => {
    const errors = watchPageErrors(page)
    await page.goto(consoleUrl('web1'))
    await expect(
      page.getByText('The serial console is available when the instance is running. web1 is stopped.'),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Serial console of web1' })).toHaveCount(0)
    await expect(page.getByRole('textbox', { name: 'Terminal input' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Back to web1' }).first()).toBeVisible()
    expect(errors).toEqual([])
  })

  test(
    'offline after a first visit: the page paints from the cache and Reconnect says why',
    SW,
    async ({ page, context }) => {
      await page.goto(consoleUrl('db1'))
      await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
      await waitForServiceWorker(page)
      await context.setOffline(true)
      try {
        await page.reload()
        await expect(page.getByRole('heading', { level: 1, name: 'Serial console' })).toBeVisible()
        await expect(page.getByRole('region', { name: 'Serial console of db1' })).toBeVisible()
        const reconnect = page.getByRole('button', { name: 'Reconnect' })
        await expect(reconnect).toHaveAttribute('aria-disabled', 'true')
        await expect(reconnect).toHaveAccessibleDescription('You are offline')
      } finally {
        await context.setOffline(false)
      }
    },
  )
})
