import { expect, test } from '@playwright/test'

// Local login through the login page with each demo user (mock API issue): each lands on the
// projects list and sees what its role allows.
for (const [user, sees] of [
  ['fleet-admin', 'mock-project'],
  ['silo-viewer', 'mock-project'],
  ['no-role', 'Action not authorized'],
] as const) {
  test(`${user} signs in with the demo password`, async ({ page }) => {
    await page.goto('/login/default-silo/local')
    await page.getByLabel('Username').fill(user)
    await page.getByLabel('Password').fill('oxide')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/projects$/)
    await expect(page.getByRole('button', { name: `User menu for ${user}` })).toBeVisible()
    if (sees === 'mock-project') {
      await expect(page.getByRole('link', { name: 'mock-project', exact: true })).toBeVisible()
    } else {
      await expect(page.getByRole('heading', { name: sees })).toBeVisible()
    }
  })
}
