import { expect, type Page, test } from '@playwright/test'
import { login, watchPageErrors } from './helpers'

const notFound = async (page: Page) => {
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to console' })).toHaveAttribute('href', '/projects')
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  // A page of its own, not a box under a sidebar for a project that does not exist.
  await expect(page.getByRole('navigation', { name: /^Project / })).toHaveCount(0)
  await expect(page).toHaveTitle('Page not found / Rack Console')
  // One main landmark, also when the page stands inside the signed-in layout's.
  await expect(page.getByRole('main')).toHaveCount(1)
}

test.describe('route tree', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('a project that does not exist is Page not found on every project route', async ({ page }) => {
    const errors = watchPageErrors(page)
    await page.goto('/projects/nonexistent')
    await notFound(page)
    for (const path of ['/projects/nonexistent/disks', '/projects/nonexistent/access']) {
      await page.goto(path)
      await notFound(page)
    }
    expect(errors).toEqual([])
  })

  test('an unknown instance, and a malformed escape in a param, are Page not found', async ({ page }) => {
    const errors = watchPageErrors(page)
    await page.goto('/projects/mock-project/instances/nonexistent')
    await notFound(page)
    await page.goto('/projects/%E0%A4%A/instances')
    await notFound(page)
    // A VPC that does not exist, in a project that does: the page stands inside the layout's main.
    await page.goto('/projects/mock-project/vpcs/nope/firewall-rules')
    await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible()
    await expect(page.getByRole('main')).toHaveCount(1)
    await expect(page.locator('[id=main]')).toHaveCount(1)
    expect(errors).toEqual([])
  })

  test('Sign out on the Page not found of a missing project signs out', async ({ page }) => {
    await page.goto('/projects/nonexistent/instances')
    await notFound(page)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login(\/|$|\?)/)
    expect((await page.request.get('/v1/me')).status()).toBe(401)
  })

  test('the document title follows the breadcrumbs', async ({ page }) => {
    await page.goto('/projects/mock-project/instances')
    await expect(page).toHaveTitle('Instances / mock-project / Projects / Rack Console')
    await page
      .getByRole('navigation', { name: 'Project mock-project' })
      .getByRole('link', { name: 'Disks' })
      .click()
    await expect(page.getByRole('heading', { name: 'Disks', level: 1 })).toBeVisible()
    await expect(page).toHaveTitle('Disks / mock-project / Projects / Rack Console')
    await page.goto('/settings/ssh-keys-new')
    await expect(page).toHaveTitle('New SSH key / SSH keys / Settings / Rack Console')
    // A router's page, under its VPC and the VPC's Routers tab.
    await page.goto('/projects/mock-project/vpcs/mock-vpc/routers/system')
    await expect(page).toHaveTitle(
      'system / Routers / mock-vpc / VPCs / mock-project / Projects / Rack Console',
    )
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' })
    await expect(crumbs.getByRole('link', { name: 'mock-vpc' })).toHaveAttribute(
      'href',
      '/projects/mock-project/vpcs/mock-vpc',
    )
    await crumbs.getByRole('link', { name: 'Routers' }).click()
    await expect(page).toHaveURL(/\/vpcs\/mock-vpc\/routers$/)
    await expect(page.getByRole('tab', { name: 'Routers', selected: true })).toBeVisible()
  })

  test('a create form opened by URL renders over its list, with every breadcrumb level', async ({ page }) => {
    await page.goto('/projects/mock-project/disks-new')
    await expect(page.getByRole('dialog', { name: 'New disk' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Disks', level: 1, includeHidden: true })).toBeAttached()
    await expect(page.getByRole('table', { name: 'Disks', includeHidden: true })).toBeAttached()
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs', includeHidden: true })
    await expect(crumbs.getByRole('listitem', { includeHidden: true })).toHaveText([
      'Projects',
      '/mock-project',
      '/Disks',
      '/New disk',
    ])
    await expect(crumbs.getByRole('link', { name: 'Disks', includeHidden: true })).toHaveAttribute(
      'href',
      '/projects/mock-project/disks',
    )

    await page.goto('/settings/ssh-keys-new')
    await expect(page.getByRole('dialog', { name: 'Add SSH key' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'SSH keys', includeHidden: true })).toBeAttached()
    await page.getByRole('dialog', { name: 'Add SSH key' }).getByRole('button', { name: 'Close' }).click()
    await expect(page).toHaveURL(/\/settings\/ssh-keys$/)
    await expect(page.getByRole('table', { name: 'SSH keys' })).toBeVisible()
  })

  test("a form's code is asked for with its list's, not after the list has loaded", async ({ page }) => {
    // The list's code is held until the form's is asked for: a form loaded by its list's module (a
    // chain) would never be, and the dialog would never show.
    let formAsked: () => void = () => undefined
    const asked = new Promise<void>((resolve) => {
      formAsked = resolve
    })
    page.on('request', (r) => {
      if (/\/assets\/disk-create-[\w-]+\.js$/.test(r.url())) formAsked()
    })
    await page.route(/\/assets\/DisksPage-[\w-]+\.js$/, async (route) => {
      await asked
      await route.continue()
    })
    await page.goto('/projects/mock-project/disks-new')
    await expect(page.getByRole('dialog', { name: 'New disk' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Disks', includeHidden: true })).toBeAttached()
  })

  test("resting the pointer on a list's New button loads its form's code before the click", async ({
    page,
  }) => {
    await page.goto('/projects/mock-project/disks')
    const create = page.getByRole('button', { name: 'New disk' })
    await expect(create).toBeVisible()
    // A sidebar link: its page's code.
    const pageCode = page.waitForRequest(/\/assets\/SnapshotsPage-[\w-]+\.js$/)
    await page.getByRole('link', { name: 'Snapshots' }).hover()
    await pageCode
    // The New button: its form's own code.
    const formCode = page.waitForRequest(/\/assets\/disk-create-[\w-]+\.js$/)
    await create.hover()
    await formCode
    await expect(page).toHaveURL(/\/disks$/)
    await create.click()
    await expect(page.getByRole('dialog', { name: 'New disk' })).toBeVisible()
  })

  test('in an 820 px window every breadcrumb keeps its whole label', async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 720 })
    // A form over the page leaves it aria-hidden: the crumbs are still what the operator sees.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs', includeHidden: true })
    const vpc = ['Projects', '/mock-project', '/VPCs', '/mock-vpc']
    for (const [path, trail] of [
      ['/projects/mock-project/vpcs/mock-vpc/firewall-rules', [...vpc, '/Firewall Rules']],
      // Longer than the row: it goes on to a second line.
      [
        '/projects/mock-project/vpcs/mock-vpc/routers/mock-custom-router/routes-new',
        [...vpc, '/Routers', '/mock-custom-router', '/New route'],
      ],
    ] as const) {
      await page.goto(path)
      await expect(crumbs.getByRole('listitem', { includeHidden: true })).toHaveText([...trail])
      // No label is cut to an ellipsis: each shows all it holds, inside the window.
      const cut = await crumbs.evaluate((nav) =>
        [...nav.querySelectorAll('li > a, li > span[aria-current]')]
          .filter(
            (el) => el.scrollWidth > el.clientWidth || el.getBoundingClientRect().right > window.innerWidth,
          )
          .map((el) => el.textContent),
      )
      expect(cut, path).toEqual([])
    }
  })

  test('opening and closing a form keeps its list mounted, on its page and scroll position', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 360 })
    await page.goto('/projects/mock-project/disks?limit=10')
    const table = page.getByRole('table', { name: 'Disks' })
    await expect(table.getByRole('row')).toHaveCount(11)
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page).toHaveURL(/[?&]page=/)
    const listUrl = page.url()
    const listSearch = new URL(listUrl).search
    // The first disk of page 2 by name (its state may move on while the test runs).
    const firstName = table.getByRole('row').nth(1).getByRole('cell').first()
    await expect(firstName).toHaveText(/\S/)
    const name = await firstName.textContent()
    // A mark on the list's DOM: it survives only if the list is never remounted.
    await table.evaluate((el) => {
      ;(el as HTMLElement & { k1Mark?: boolean }).k1Mark = true
    })
    const marked = () =>
      page.evaluate(() =>
        Boolean((document.querySelector('table') as (HTMLElement & { k1Mark?: boolean }) | null)?.k1Mark),
      )

    await page.getByRole('button', { name: 'New disk' }).first().click()
    await expect(page).toHaveURL(`/projects/mock-project/disks-new${listSearch}`)
    const dialog = page.getByRole('dialog', { name: 'New disk' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    expect(page.url()).toBe(listUrl)
    expect(await marked()).toBe(true)

    // Scrolled down the list, then forward to the form again (Back: the form was the entry before).
    await page.mouse.wheel(0, 2000)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50)
    const y = await page.evaluate(() => window.scrollY)
    await page.goBack()
    await expect(dialog).toBeVisible()
    expect(await page.evaluate(() => window.scrollY)).toBe(y)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    expect(page.url()).toBe(listUrl)
    expect(await page.evaluate(() => window.scrollY)).toBe(y)
    expect(await marked()).toBe(true)
    await expect(firstName).toHaveText(name ?? '')
  })

  test('the sidebar lists only routes that exist, each with its icon', async ({ page }) => {
    await page.goto('/projects/mock-project/instances')
    const project = page.getByRole('navigation', { name: 'Project mock-project' })
    await expect(project.getByRole('link')).toHaveText([
      'Instances',
      'Disks',
      'Snapshots',
      'Images',
      'VPCs',
      'Floating IPs',
      'Affinity Groups',
      'Access',
    ])
    await expect(page.getByRole('navigation', { name: 'Silo' }).getByRole('link')).toHaveText([
      'Projects',
      'Images',
      'Utilization',
      'Access',
    ])
    // A fleet admin also has the System part (a silo-only user does not: system-silos.spec.ts).
    const system = page.getByRole('navigation', { name: 'System' })
    await expect(system.getByRole('link')).toHaveText([
      'Silos',
      'Utilization',
      'Inventory',
      'IP Pools',
      'System update',
      'Issues',
      'Access',
    ])
    const links = [...(await project.getByRole('link').all()), ...(await system.getByRole('link').all())]
    for (const link of links) await expect(link.locator('svg')).toHaveCount(1)
    for (const href of await Promise.all(links.map((l) => l.getAttribute('href')))) {
      await page.goto(href ?? '')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0)
      await expect(page.getByRole('heading', { name: 'Action not authorized' })).toHaveCount(0)
    }
  })
})
