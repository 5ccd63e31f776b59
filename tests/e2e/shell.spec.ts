import { expect, test } from '@playwright/test'
import { expectAccessible, login, watchPageErrors } from './helpers'

test.describe('app shell', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('an unknown path shows the exact Page not found texts, the link and the button', async ({ page }) => {
    await page.goto('/no/such/place')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(
      page.getByText("The page you are looking for doesn't exist or you may not have access to it."),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to console' })).toHaveAttribute('href', '/projects')
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
    await expectAccessible(page)
  })

  test('/ redirects to /projects, and /projects/{project} to its instances', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/projects$/)
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
    await page.goto('/projects/mock-project')
    await expect(page).toHaveURL(/\/projects\/mock-project\/instances$/)
    await page.goto('/settings')
    await expect(page).toHaveURL(/\/settings\/profile$/)
  })

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/projects')
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('main')).toBeFocused()
  })

  test('in an 820 px window the top bar keeps one line with the page’s own crumb whole, and a title is never cut for its actions', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 820, height: 700 })
    await page.goto('/projects/mock-project/instances/db1/storage')
    const title = page.getByRole('heading', { name: 'db1', level: 1 })
    await expect(title).toBeVisible()
    await expect(page.getByRole('button', { name: 'Reboot' })).toBeVisible()
    /** Whether the element shows all of its text (no ellipsis, no clipping by its own box). */
    const whole = (selector: ReturnType<typeof page.locator>) =>
      selector.evaluate((e) => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().width > 0)
    expect(await whole(title)).toBe(true)
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' })
    const here = crumbs.locator('[aria-current="page"]')
    await expect(here).toHaveText('Storage')
    const [bar, current] = [await crumbs.boundingBox(), await here.boundingBox()]
    // The crumb is inside the trail's box (not clipped off its right end), and the trail is one line.
    expect(current!.x + current!.width).toBeLessThanOrEqual(bar!.x + bar!.width + 1)
    expect(bar!.height).toBeLessThan(40)
    // The user menu is one line too.
    const menu = page.getByRole('button', { name: /^User menu for/ })
    expect((await menu.boundingBox())!.height).toBeLessThan(40)
  })

  test('below 1024 px the sidebar folds behind the Navigation button: keyboard, Escape, a link followed, and back in the grid when wide', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 820, height: 700 })
    await page.goto('/projects/mock-project/instances')
    await expect(page.getByRole('cell', { name: 'db1', exact: true })).toBeVisible()
    const sidebar = page.getByRole('complementary', { name: 'Navigation' })
    const disks = sidebar.getByRole('link', { name: 'Disks' })
    const toggle = page.getByRole('button', { name: 'Navigation' })
    // Folded: the page has the window's width, the links are out of sight and out of the tab order.
    await expect(sidebar).toBeHidden()
    const main = (await page.getByRole('main').boundingBox())!
    expect(main.x).toBe(0)
    // The button comes first in the top bar, left of the breadcrumbs, and first in Tab order after the
    // skip link.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(toggle).toBeFocused()
    const crumbs = (await page.getByRole('navigation', { name: 'Breadcrumbs' }).boundingBox())!
    expect((await toggle.boundingBox())!.x).toBeLessThan(crumbs.x)

    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(disks).toBeVisible()
    // Over the page from the left edge, its links next in the tab order.
    expect((await sidebar.boundingBox())!.x).toBe(0)
    await page.keyboard.press('Tab')
    await expect(sidebar.getByRole('link', { name: 'Rack Console' })).toBeFocused()
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await expect(sidebar).toBeHidden()
    await expect(toggle).toBeFocused()

    // A link followed goes there and folds the sidebar away.
    await toggle.click()
    await disks.click()
    await expect(page).toHaveURL(/\/projects\/mock-project\/disks$/)
    await expect(page.getByRole('heading', { name: 'Disks', level: 1 })).toBeVisible()
    await expect(sidebar).toBeHidden()

    // A click outside folds it too.
    await toggle.click()
    await expect(disks).toBeVisible()
    await page.mouse.click(800, 650)
    await expect(sidebar).toBeHidden()

    // Open, then the window widens: the drawer closes, and the column of the grid takes its place.
    await toggle.click()
    await expect(disks).toBeVisible()
    await page.setViewportSize({ width: 1280, height: 700 })
    await expect
      .poll(() => page.evaluate(() => document.querySelector('#sidebar')?.matches(':popover-open')))
      .toBe(false)
    await expect(disks).toBeVisible()
    await expect(toggle).toBeHidden()
    expect((await page.getByRole('main').boundingBox())!.x).toBeGreaterThan(200)
  })

  test('breadcrumbs show the route labels of the spec', async ({ page }) => {
    await page.goto('/projects/mock-project/instances')
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' })
    await expect(crumbs.getByRole('listitem')).toHaveText(['Projects', '/mock-project', '/Instances'])
    await expect(crumbs.getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects')
    await expect(crumbs.getByRole('link', { name: 'mock-project' })).toHaveAttribute(
      'href',
      '/projects/mock-project',
    )
  })

  test('the theme switch persists across reloads, and native controls follow it', async ({ page }) => {
    await page.goto('/projects')
    const html = page.locator('html')
    const light = page.getByRole('radio', { name: 'Light' })
    // A checkbox or radio drawn in the other scheme reads inverted (an unchecked box drawn filled).
    const scheme = () => light.evaluate((el) => getComputedStyle(el).colorScheme)
    await light.check()
    await expect(html).toHaveAttribute('data-theme', 'light')
    await page.reload()
    await expect(html).toHaveAttribute('data-theme', 'light')
    await expect(light).toBeChecked()
    expect(await scheme()).toBe('light')
    await page.getByRole('radio', { name: 'Dark' }).check()
    await page.reload()
    await expect(html).toHaveAttribute('data-theme', 'dark')
    expect(await scheme()).toBe('dark')
  })

  test('scroll position is restored on back navigation', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 })
    await page.goto('/projects/scale-project/instances')
    await expect(page.getByRole('cell', { name: 'instance-00050', exact: true })).toBeVisible({
      timeout: 20_000,
    })
    // Over the list, not the sidebar (which scrolls on its own once its entries outgrow the window).
    await page.mouse.move(800, 400)
    await page.mouse.wheel(0, 900)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800)
    // The position is saved with a 125 ms throttle: wait until it is, not for a fixed time.
    const saved = await page.evaluate(() => window.scrollY)
    await expect
      .poll(
        () =>
          page.evaluate((y) => {
            const all = JSON.parse(sessionStorage.getItem('rack-console:scroll') ?? '{}') as Record<
              string,
              number
            >
            return Object.values(all).some((v) => Math.abs(v - y) <= 1)
          }, saved),
        { message: 'the scroll position is saved' },
      )
      .toBe(true)
    await page
      .getByRole('navigation', { name: 'Breadcrumbs' })
      .getByRole('link', { name: 'Projects' })
      .click()
    await expect(page).toHaveURL(/\/projects$/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await page.goBack()
    await expect(page).toHaveURL(/scale-project\/instances$/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(saved - 5)
  })

  test('the copy button confirms for 2 s, then reverts', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.clock.install()
    await page.goto('/settings/profile')
    const copy = page.getByRole('button', { name: /^Copy user ID/ })
    await expect(copy).toBeVisible()
    // Freeze the page's clock so the 2 s are measured exactly, whatever the machine's load.
    await page.clock.pauseAt(Date.now() + 1000)
    await copy.click()
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^[0-9a-f-]{36}$/)
    await page.clock.runFor(1990)
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
    await page.clock.runFor(20)
    await expect(page.getByRole('button', { name: /^Copy user ID/ })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Copied' })).toHaveCount(0)
  })

  test('npm start serves the real build: no mock banner', async ({ page }) => {
    await page.goto('/projects')
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
    await expect(page.getByText('technical preview')).toHaveCount(0)
  })

  test('shell pages pass axe and run under the CSP without violations', async ({ page }) => {
    // Three pages and three axe runs, each seconds long on a loaded 2-core machine.
    test.slow()
    const errors = watchPageErrors(page)
    // Each page is checked once its content is in, not mid-load: a condition, never a sleep.
    const loaded: Record<string, () => Promise<void>> = {
      '/projects': () =>
        expect(page.getByRole('link', { name: 'mock-project', exact: true }).first()).toBeVisible(),
      '/projects/mock-project/instances': () =>
        expect(page.getByRole('cell', { name: 'db1', exact: true })).toBeVisible(),
      '/settings/profile': () => expect(page.getByRole('button', { name: /^Copy user ID/ })).toBeVisible(),
    }
    for (const [path, ready] of Object.entries(loaded)) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await ready()
      await expectAccessible(page)
    }
    expect(errors).toEqual([])
  })
})
