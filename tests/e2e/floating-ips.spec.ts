// Floating IPs (issue 13): create one from a chosen pool, edit it, attach it to an instance (the row
// links to it), detach it and delete it, with Delete refused while it is attached; a typed address
// checked against the pool's IP version; a taken name on the name field with every value kept; the
// list painted from the cache offline with its writes saying "You are offline"; every write disabled
// with the role's reason for a silo viewer; axe on the list and on the open create form. Each test
// that writes has floating IPs (and an instance) of its own: the seeded ones are shared.
import { expect, type Locator, type Page, test } from '@playwright/test'
import { createInstance, expectAccessible, login, rowNamed, SW, waitForServiceWorker } from './helpers'

const PROJECT = 'mock-project'
const LIST = `/projects/${PROJECT}/floating-ips`
const ROLE_REASON =
  'Your role does not allow this: managing floating IPs needs the limited collaborator role or stronger'
/** Names read by id fill in after the rows have painted, each a request of its own on a busy machine. */
const FILL_IN = 30_000
const ACTIONS = ['Edit', 'Attach to an instance', 'Detach', 'Delete'] as const

const unique = (what: string) => `${what}-${Math.random().toString(16).slice(2, 8)}`
const table = (page: Page) => page.getByRole('table', { name: 'Floating IPs' })
const rowOf = (page: Page, name: string) => rowNamed(table(page), name)
const item = (page: Page, label: string) => page.getByRole('menuitem', { name: label, exact: true })

async function expectRefused(control: Locator, reason: string) {
  await expect(control).toHaveAttribute('aria-disabled', 'true')
  await expect(control).toHaveAccessibleDescription(reason)
}

/** Opens a row's menu by keyboard: a success toast may cover the row's end, where its trigger is. */
async function openMenu(page: Page, name: string) {
  const trigger = page.getByRole('button', { name: `Actions for ${name}`, exact: true })
  await trigger.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menu')).toBeVisible()
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
}

/** Picks an enabled item of the open menu (a click waits until no toast covers it). */
async function choose(page: Page, label: string) {
  const target = item(page, label)
  await expect(target).not.toHaveAttribute('aria-disabled', 'true')
  await target.click()
}

/** Presses a button by keyboard: a toast at the bottom right may sit over a side modal's submit. */
async function activate(button: Locator) {
  await button.focus()
  await button.press('Enter')
}

test.describe('floating IPs', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('create from a pool, edit, attach to an instance, detach and delete', async ({ page }) => {
    test.slow()
    const instance = unique('fip-host')
    await createInstance(page.request, instance, { start: true })
    const name = unique('fip')

    await page.goto(LIST)
    await expect(rowOf(page, 'cola-float')).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'New floating IP' }).click()
    await expect(page).toHaveURL(new RegExp(`${LIST}-new$`))
    const form = page.getByRole('dialog', { name: 'New floating IP' })
    await form.getByRole('textbox', { name: 'Name' }).fill(name)
    await form.getByRole('textbox', { name: 'Description' }).fill('made by e2e')
    await form.getByRole('combobox', { name: 'IP pool' }).selectOption('ip-pool-2')
    await activate(form.getByRole('button', { name: 'Create floating IP' }))
    await expect(form).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`${LIST}$`))
    const row = rowOf(page, name)
    // ip-pool-2 holds 203.0.113.1-20; its name is read by id.
    await expect(row.getByText(/^203\.0\.113\.\d+$/)).toBeVisible()
    await expect(row.getByRole('cell', { name: 'ip-pool-2', exact: true })).toBeVisible({ timeout: FILL_IN })
    await expect(row.getByRole('cell', { name: 'Not attached' })).toBeVisible()
    await expect(row.getByRole('button', { name: /^Copy IP address 203\.0\.113\.\d+$/ })).toBeVisible()

    // Edit: name and description only.
    await openMenu(page, name)
    await choose(page, 'Edit')
    await expect(page).toHaveURL(new RegExp(`${LIST}/${name}/edit$`))
    const edit = page.getByRole('dialog', { name: 'Edit floating IP' })
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name)
    await expect(edit.getByRole('combobox')).toHaveCount(0)
    await edit.getByRole('textbox', { name: 'Description' }).fill('edited by e2e')
    await activate(edit.getByRole('button', { name: 'Update floating IP' }))
    await expect(edit).toBeHidden()
    await expect(row.getByRole('cell', { name: 'edited by e2e' })).toBeVisible()

    // Attach: only running or stopped instances are offered.
    await openMenu(page, name)
    await expectRefused(item(page, 'Detach'), 'This floating IP is not attached to an instance')
    await choose(page, 'Attach to an instance')
    const attach = page.getByRole('dialog', { name: 'Attach floating IP' })
    const select = attach.getByRole('combobox', { name: 'Instance' })
    await expect(select.locator('option', { hasText: `${instance} (running)` })).toHaveCount(1)
    await expect(select.locator('option', { hasText: /\((creating|starting|failed)\)$/ })).toHaveCount(0)
    await expectAccessible(page)
    await select.selectOption({ label: `${instance} (running)` })
    await activate(attach.getByRole('button', { name: 'Attach' }))
    await expect(attach).toBeHidden()
    await expect(page.getByText(`Floating IP ${name} attached to ${instance}`)).toBeVisible()
    const link = row.getByRole('link', { name: instance })
    await expect(link).toBeVisible({ timeout: FILL_IN })
    await expect(link).toHaveAttribute('href', `/projects/${PROJECT}/instances/${instance}`)

    // Attached: Delete and Attach are refused with the reason; Detach asks first.
    await openMenu(page, name)
    await expectRefused(item(page, 'Delete'), 'Detach the floating IP before deleting it')
    await expectRefused(
      item(page, 'Attach to an instance'),
      'Detach the floating IP before attaching it to another instance',
    )
    await choose(page, 'Detach')
    const confirm = page.getByRole('alertdialog', { name: `Detach ${name}` })
    await activate(confirm.getByRole('button', { name: 'Detach' }))
    await expect(confirm).toBeHidden()
    await expect(row.getByRole('cell', { name: 'Not attached' })).toBeVisible()
    await expect(row.getByRole('link', { name: instance })).toHaveCount(0)

    await openMenu(page, name)
    await choose(page, 'Delete')
    const del = page.getByRole('alertdialog', { name: 'Delete floating IP' })
    await activate(del.getByRole('button', { name: 'Delete' }))
    await expect(page.getByText(`Floating IP ${name} deleted`)).toBeVisible()
    await expect(rowOf(page, name)).toHaveCount(0)
  })

  test('an address of the wrong family is refused; a taken name shows on the name field, values kept', async ({
    page,
  }) => {
    await page.goto(`${LIST}-new`)
    const form = page.getByRole('dialog', { name: 'New floating IP' })
    const nameBox = form.getByRole('textbox', { name: 'Name' })
    const address = form.getByRole('textbox', { name: 'IP address' })
    const pool = form.getByRole('combobox', { name: 'IP pool' })
    await expect(pool.locator('option', { hasText: 'ip-pool-3 (IPv6, default)' })).toHaveCount(1)
    await nameBox.fill('cola-float')
    await form.getByRole('textbox', { name: 'Description' }).fill('kept')
    await pool.selectOption('ip-pool-3')
    await address.fill('192.0.2.77')
    await activate(form.getByRole('button', { name: 'Create floating IP' }))
    const wrongFamily = 'Pool ip-pool-3 holds IPv6 addresses: enter an IPv6 address'
    await expect(form.getByRole('alert')).toContainText(wrongFamily)
    await expect(address).toHaveAccessibleDescription(new RegExp(wrongFamily))
    await expectAccessible(page)

    await address.fill('2001:db8:0:1::77')
    await activate(form.getByRole('button', { name: 'Create floating IP' }))
    await expect(nameBox).toHaveAccessibleDescription(/Floating IP name already exists/)
    await expect(form.getByRole('alert')).toContainText('Floating IP name already exists')
    await expect(nameBox).toHaveValue('cola-float')
    await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('kept')
    await expect(pool).toHaveValue('ip-pool-3')
    await expect(address).toHaveValue('2001:db8:0:1::77')

    // The explicit address is reserved as typed once the name is free.
    const name = unique('fip-v6')
    await nameBox.fill(name)
    await activate(form.getByRole('button', { name: 'Create floating IP' }))
    await expect(form).toBeHidden()
    const row = rowOf(page, name)
    await expect(row.getByText('2001:db8:0:1::77', { exact: true })).toBeVisible()
    await expect(row.getByRole('cell', { name: 'ip-pool-3', exact: true })).toBeVisible({ timeout: FILL_IN })
    await openMenu(page, name)
    await choose(page, 'Delete')
    await activate(
      page.getByRole('alertdialog', { name: 'Delete floating IP' }).getByRole('button', { name: 'Delete' }),
    )
    await expect(rowOf(page, name)).toHaveCount(0)
  })

  test(
    'offline after a first visit, the list paints from the cache and its writes say why',
    SW,
    async ({ page, context }) => {
      await page.goto(LIST)
      const attached = rowOf(page, 'rootbeer-float')
      // Names read by id fill in after the rows have painted.
      await expect(attached.getByRole('link', { name: 'db1' })).toBeVisible({ timeout: FILL_IN })
      await expect(attached.getByRole('cell', { name: 'ip-pool-1', exact: true })).toBeVisible()
      await waitForServiceWorker(page)
      await context.setOffline(true)
      try {
        await page.reload()
        await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()
        await expect(attached.getByRole('link', { name: 'db1' })).toBeVisible()
        await expect(attached.getByRole('cell', { name: 'ip-pool-1', exact: true })).toBeVisible()
        await expect(rowOf(page, 'cola-float')).toBeVisible()
        await expectRefused(page.getByRole('button', { name: 'New floating IP' }), 'You are offline')
        await openMenu(page, 'cola-float')
        for (const label of ACTIONS) await expectRefused(item(page, label), 'You are offline')
        await closeMenu(page)
      } finally {
        await context.setOffline(false)
      }
    },
  )

  test('a silo viewer sees every write disabled with the role reason', async ({ page }) => {
    await login(page, 'silo-viewer')
    await page.goto(LIST)
    await expect(rowOf(page, 'rootbeer-float').getByRole('link', { name: 'db1' })).toBeVisible({
      timeout: FILL_IN,
    })
    const create = page.getByRole('button', { name: 'New floating IP' })
    await expectRefused(create, ROLE_REASON)
    await create.dispatchEvent('click')
    await expect(page).toHaveURL(new RegExp(`${LIST}$`))
    for (const name of ['cola-float', 'rootbeer-float']) {
      await openMenu(page, name)
      // The role comes before the attachment, whatever the row's state: the viewer is told what
      // would let them act.
      for (const label of ACTIONS) await expectRefused(item(page, label), ROLE_REASON)
      await closeMenu(page)
    }
    // A deep link to the edit form: the form opens, its submit refused with the same reason.
    await page.goto(`${LIST}/cola-float/edit`)
    const edit = page.getByRole('dialog', { name: 'Edit floating IP' })
    await expectRefused(edit.getByRole('button', { name: 'Update floating IP' }), ROLE_REASON)
  })
})
