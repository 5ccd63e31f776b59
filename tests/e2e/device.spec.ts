import { expect, type Page, test } from '@playwright/test'
import { expectAccessible, login } from './helpers'

const box = (page: Page, n: number) => page.getByRole('textbox', { name: `Character ${n} of 8` })
const submit = (page: Page) => page.getByRole('button', { name: 'Log in on device' })

async function newUserCode(page: Page): Promise<string> {
  const res = await page.request.post('/device/auth', { form: { client_id: crypto.randomUUID() } })
  expect(res.ok()).toBe(true)
  const body = (await res.json()) as { user_code: string }
  expect(body.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/)
  return body.user_code
}

test.describe('device login', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
    await page.goto('/device/verify')
    await expect(page.getByRole('heading', { name: 'Device Authentication', level: 1 })).toBeVisible()
  })

  test('the page shows the prompt, eight labelled boxes with a dash after the fourth, and is accessible', async ({
    page,
  }) => {
    await expect(page.getByText('Enter the code shown on your device')).toBeVisible()
    for (let n = 1; n <= 8; n++) await expect(box(page, n)).toBeVisible()
    await expect(page.getByRole('textbox', { name: /^Character \d of 8$/ })).toHaveCount(8)
    // The dash sits between box 4 and box 5.
    const dash = page.getByText('-', { exact: true })
    await expect(dash).toBeVisible()
    const [b4, d, b5] = await Promise.all([
      box(page, 4).boundingBox(),
      dash.boundingBox(),
      box(page, 5).boundingBox(),
    ])
    expect(d!.x).toBeGreaterThan(b4!.x + b4!.width - 1)
    expect(d!.x + d!.width).toBeLessThan(b5!.x + 1)
    await expect(submit(page)).toBeDisabled()
    await expectAccessible(page)
  })

  test('letters are upper-cased, non-letters are cleared, focus advances, Backspace on an empty box moves back', async ({
    page,
  }) => {
    await box(page, 1).click()
    await page.keyboard.type('a')
    await expect(box(page, 1)).toHaveValue('A')
    await expect(box(page, 2)).toBeFocused()
    await page.keyboard.type('7')
    await expect(box(page, 2)).toHaveValue('')
    await expect(box(page, 2)).toBeFocused()
    await page.keyboard.type('%')
    await expect(box(page, 2)).toHaveValue('')
    await page.keyboard.type('b')
    await expect(box(page, 2)).toHaveValue('B')
    await expect(box(page, 3)).toBeFocused()
    // Box 3 is empty: Backspace moves back to box 2 (and keeps its letter).
    await page.keyboard.press('Backspace')
    await expect(box(page, 2)).toBeFocused()
    await expect(box(page, 2)).toHaveValue('B')
    // On a filled box, Backspace clears it and stays.
    await page.keyboard.press('Backspace')
    await expect(box(page, 2)).toHaveValue('')
    await expect(box(page, 2)).toBeFocused()
    await page.keyboard.press('Backspace')
    await expect(box(page, 1)).toBeFocused()
  })

  test('a paste fills the boxes from the focused one with its letters only', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await box(page, 1).click()
    await page.keyboard.type('q')
    // Paste junk into box 2: only letters count, upper-cased, and the rest of the boxes fill up.
    await box(page, 2).focus()
    await box(page, 2).evaluate((el) => {
      const data = new DataTransfer()
      data.setData('text/plain', ' w-x 1y2z!ab@c ')
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    })
    const values = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => box(page, n).inputValue()))
    expect(values.join('')).toBe('QWXYZABC')
    await expect(box(page, 8)).toBeFocused()
    await expect(submit(page)).toBeEnabled()
  })

  test('the button stays disabled until all eight boxes are filled; a wrong code shows Code is invalid', async ({
    page,
  }) => {
    await box(page, 1).click()
    await page.keyboard.type('ZZZZZZZ')
    await expect(submit(page)).toBeDisabled()
    await submit(page).click({ force: true })
    await expect(page).toHaveURL(/\/device\/verify$/)
    await expect(page.getByRole('alert')).toHaveCount(0)
    await box(page, 8).click()
    await page.keyboard.type('Z')
    await expect(submit(page)).toBeEnabled()
    await submit(page).click()
    await expect(page.getByRole('alert')).toHaveText('Code is invalid')
    await expect(page).toHaveURL(/\/device\/verify$/)
    // The boxes keep the code, so it can be corrected.
    await expect(box(page, 8)).toHaveValue('Z')
    await expectAccessible(page)
  })

  test('a code from /device/auth, typed in, logs the device in', async ({ page }) => {
    const code = await newUserCode(page)
    await box(page, 1).click()
    await page.keyboard.type(code.replace('-', '').toLowerCase())
    await expect(submit(page)).toBeEnabled()
    await submit(page).click()
    await expect(page).toHaveURL(/\/device\/success$/)
    await expect(page.getByRole('heading', { name: 'Device logged in' })).toBeVisible()
    await expect(page.getByText('You can close this window')).toBeVisible()
    await expectAccessible(page)
  })
})

test('signed out, /device/verify goes to login and comes back after signing in', async ({ page }) => {
  await page.goto('/device/verify')
  await expect(page).toHaveURL(/\/login\/default-silo\/local\?redirect_uri=%2Fdevice%2Fverify/)
  await page.getByLabel('Username').fill('fleet-admin')
  await page.getByLabel('Password').fill('oxide')
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).toHaveURL(/\/device\/verify$/)
  await expect(page.getByRole('heading', { name: 'Device Authentication' })).toBeVisible()
})
