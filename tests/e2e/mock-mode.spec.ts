import { expect, test } from '@playwright/test'
import { expectAccessible } from './helpers'

// The in-browser mock build (vite --mode mock, msw worker): the banner and its modal show here, the
// API answers inside the browser, and sign-in works through the login page.
test('mock mode: the technical preview banner and its Learn more modal; sign in through the mock', async ({
  page,
}) => {
  await page.goto('/login/default-silo/local')
  const banner = page.getByRole('complementary', { name: 'Mock mode' })
  await expect(banner).toContainText('technical preview')
  await banner.getByRole('button', { name: 'Learn more' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('mock')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  await page.getByLabel('Username').fill('fleet-admin')
  await page.getByLabel('Password').fill('oxide')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByRole('cell', { name: 'mock-project', exact: true })).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Mock mode' })).toBeVisible()
  // Only the msw worker registers in mock mode: never the PWA worker.
  const scripts = await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => r.active?.scriptURL ?? ''),
  )
  expect(scripts.every((s) => s.endsWith('/mockServiceWorker.js'))).toBe(true)
  await expectAccessible(page)
})
