// Quick actions (Cmd+K / Ctrl+K): a dialog whose search box filters "Go to <entry>", "New <kind>" and
// "Go to project <name>"; Enter runs the highlighted one, Escape closes and gives focus back.
import { expect, type Page, test } from '@playwright/test'
import { expectAccessible, login } from './helpers'

const INSTANCES = '/projects/mock-project/instances'

async function openQuickActions(page: Page) {
  await page.keyboard.press('Control+K')
  const dialog = page.getByRole('dialog', { name: 'Quick actions' })
  await expect(dialog).toBeVisible()
  const search = dialog.getByRole('combobox', { name: 'Search actions' })
  await expect(search).toBeFocused()
  return { dialog, search }
}

test.describe('quick actions', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
    await page.goto(INSTANCES)
    await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible()
  })

  test('Control+K opens it; typing filters, Enter goes there', async ({ page }) => {
    let { search } = await openQuickActions(page)
    await search.fill('disks')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/projects\/mock-project\/disks$/)
    await expect(page.getByRole('dialog', { name: 'Quick actions' })).toBeHidden()

    ;({ search } = await openQuickActions(page))
    await search.fill('new instance')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/projects\/mock-project\/instances-new$/)
  })

  test('arrow keys move the highlighted option, and a click runs one', async ({ page }) => {
    const { dialog, search } = await openQuickActions(page)
    await search.fill('go to')
    const options = dialog.getByRole('option')
    await expect(options.first()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('ArrowDown')
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
    await expect(search).toHaveAttribute(
      'aria-activedescendant',
      (await options.nth(1).getAttribute('id')) ?? '',
    )
    await dialog.getByRole('option', { name: 'Go to Snapshots' }).click()
    await expect(page).toHaveURL(/\/projects\/mock-project\/snapshots$/)
  })

  test('Escape closes it and focus returns where it was', async ({ page }) => {
    const link = page
      .getByRole('navigation', { name: 'Project mock-project' })
      .getByRole('link', { name: 'Disks' })
    await link.focus()
    await openQuickActions(page)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Quick actions' })).toBeHidden()
    await expect(link).toBeFocused()
    await expect(page).toHaveURL(new RegExp(`${INSTANCES}$`))
  })

  test('lists the cached projects, passes axe, and says when nothing matches', async ({ page }) => {
    const { dialog, search } = await openQuickActions(page)
    await expect(dialog.getByText('↑↓ to move, Enter to go, Esc to close')).toBeVisible()
    await expectAccessible(page)
    await search.fill('go to project')
    await expect(dialog.getByRole('option', { name: 'Go to project mock-project' })).toBeVisible()
    await search.fill('zzzz nothing')
    await expect(dialog.getByText('No matching actions')).toBeVisible()
    await expect(dialog.getByRole('option')).toHaveCount(0)
    await expectAccessible(page)
  })

  test('not over another modal dialog', async ({ page }) => {
    // Open and close it once first: its code loads on the first press, so only a later press shows
    // whether the guard keeps it away (without it, it would open at once).
    let { search } = await openQuickActions(page)
    await page.keyboard.press('Escape')
    const quick = page.getByRole('dialog', { name: 'Quick actions' })
    await expect(quick).toBeHidden()
    // Into the disk form without a reload (a reload would unload the dialog's code again).
    ;({ search } = await openQuickActions(page))
    await search.fill('new disk')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/projects\/mock-project\/disks-new$/)
    const form = page.getByRole('dialog').first()
    await expect(form).toBeVisible()
    const name = form.getByRole('textbox', { name: 'Name' })
    await name.focus()
    await expect(name).toBeFocused()

    await page.keyboard.press('Control+K')
    // A round trip after the press: the keys still go to the form's field, and nothing opened.
    await page.keyboard.type('abc')
    await expect(name).toHaveValue('abc')
    await expect(name).toBeFocused()
    await expect(quick).toHaveCount(0)
    await expect(form).toBeVisible()
  })
})
