// Anti-affinity groups (issue 13): create a group and take it to its page, add a stopped instance and
// remove it again (a running one is shown but refused with the instance machine's reason), a taken
// name on the create form, rename through the edit form, delete from the page and from the list, Page
// not found for an unknown group, the list and a group's page painted from the cache with the network
// off, a silo viewer's disabled controls, and axe on the list and on open forms.
import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import { createInstance, expectAccessible, login, rowNamed, SW, waitForServiceWorker } from './helpers'

const PROJECT = 'mock-project'
const LIST = `/projects/${PROJECT}/affinity`
const groupPage = (name: string) => `${LIST}/${name}`

// Sorted first by name, so a group of the test's own is on the list's first page.
const uniqueName = (prefix: string) => `aa-${prefix}-${randomBytes(3).toString('hex')}`

const roleReason = (what: string) =>
  `Your role does not allow this: ${what} needs the limited collaborator role or stronger`
// The instance machine's refusal of ADD_TO_AFFINITY_GROUP outside `stopped`.
const ONLY_STOPPED = 'Only a stopped instance can be added to an affinity group'

/** A group of the test's own: tests share one mock server, so the seeded ones are never changed. */
async function createGroup(request: APIRequestContext, name: string, description = 'e2e group') {
  const res = await request.post(`/v1/anti-affinity-groups?project=${PROJECT}`, {
    data: { name, description, policy: 'allow', failure_domain: 'sled' },
  })
  expect(res.status(), await res.text()).toBe(201)
}

const table = (page: Page, name: string) => page.getByRole('table', { name })
const rowOf = (page: Page, tableName: string, name: string) => rowNamed(table(page, tableName), name)
const heading = (page: Page) => page.getByRole('heading', { level: 1 })

async function openRowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}

async function expectDisabled(control: Locator, reason: string) {
  await expect(control).toHaveAttribute('aria-disabled', 'true')
  await expect(control).toHaveAccessibleDescription(reason)
}

test.describe('anti-affinity groups', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('create a group, add a stopped member and remove it; a running instance is refused', async ({
    page,
  }) => {
    // Two instances to boot and three axe runs: room on a machine shared with other runs.
    test.slow()
    const name = uniqueName('group')
    const stopped = uniqueName('stopped')
    const running = uniqueName('running')
    await createInstance(page.request, stopped, { start: false })
    await createInstance(page.request, running, { start: true })

    await page.goto(LIST)
    await expect(heading(page)).toHaveText('Anti-affinity groups')
    await expect(rowOf(page, 'Anti-affinity groups', 'romulus-remus')).toContainText('allow')
    // The number of member instances (db1 and web1; oil-water has none).
    await expect(
      rowOf(page, 'Anti-affinity groups', 'romulus-remus').getByRole('cell', { name: '2', exact: true }),
    ).toBeVisible()
    await expect(
      rowOf(page, 'Anti-affinity groups', 'oil-water').getByRole('cell', { name: '0', exact: true }),
    ).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'New group' }).click()
    await expect(page).toHaveURL(new RegExp(`${LIST}-new$`))
    const form = page.getByRole('dialog', { name: 'New anti-affinity group' })
    await form.getByRole('textbox', { name: 'Name' }).fill(name)
    await form.getByRole('textbox', { name: 'Description' }).fill('kept apart by e2e')
    await form.getByRole('combobox', { name: 'Policy' }).selectOption('fail')
    await expect(form.getByRole('combobox', { name: 'Failure domain' })).toHaveValue('sled')
    await expectAccessible(page)
    await form.getByRole('button', { name: 'Create group' }).click()

    // The new group opens on its own page, ready to take members.
    await expect(page).toHaveURL(new RegExp(`${groupPage(name)}$`))
    await expect(page.getByText(`Anti-affinity group ${name} created`)).toBeVisible()
    await expect(heading(page)).toHaveText(name)
    const props = page.locator('dl').first()
    await expect(props).toContainText('fail')
    await expect(props).toContainText('sled')
    await expect(props).toContainText('kept apart by e2e')
    await expect(page.getByRole('button', { name: 'Copy anti-affinity group ID' })).toBeVisible()
    await expect(page.getByText('No members')).toBeVisible()

    await page.getByRole('button', { name: 'Add instance' }).click()
    const add = page.getByRole('dialog', { name: 'Add instance' })
    const select = add.getByRole('combobox', { name: 'Instance' })
    // The running instance is listed, disabled, and the select says why in the machine's words.
    await expect(select.locator('option', { hasText: `${running} (running)` })).toBeDisabled()
    await expect(select.locator('option', { hasText: stopped })).toBeEnabled()
    await expect(select).toHaveAccessibleDescription(ONLY_STOPPED)
    await expectAccessible(page)
    await select.selectOption({ label: stopped })
    await add.getByRole('button', { name: 'Add instance' }).click()
    await expect(add).toBeHidden()
    await expect(page.getByText(`${stopped} added to ${name}`)).toBeVisible()
    const member = rowOf(page, 'Members', stopped)
    await expect(member.getByRole('link', { name: stopped })).toHaveAttribute(
      'href',
      new RegExp(`/projects/${PROJECT}/instances/${stopped}`),
    )
    await expect(member.getByText('stopped', { exact: true })).toBeVisible()
    // The list counts the new member, and the group's page paints again from there.
    await page.goto(LIST)
    const row = rowOf(page, 'Anti-affinity groups', name)
    await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible()
    await row.getByRole('link', { name, exact: true }).click()
    await expect(member).toBeVisible()

    // A member is not offered again.
    await page.getByRole('button', { name: 'Add instance' }).click()
    await expect(select.locator('option', { hasText: stopped })).toHaveCount(0)
    await add.getByRole('button', { name: 'Cancel' }).click()
    await expect(add).toBeHidden()

    await openRowAction(page, stopped, 'Remove')
    const confirm = page.getByRole('alertdialog', { name: `Remove ${stopped}` })
    await confirm.getByRole('button', { name: 'Remove' }).click()
    await expect(confirm).toBeHidden()
    await expect(rowOf(page, 'Members', stopped)).toHaveCount(0)
    await expect(page.getByText('No members')).toBeVisible()
    const members = await page.request.get(`/v1/anti-affinity-groups/${name}/members?project=${PROJECT}`)
    expect(((await members.json()) as { items: unknown[] }).items).toEqual([])
  })

  test('a taken name is refused on the name field with every value kept', async ({ page }) => {
    await page.goto(`${LIST}-new`)
    const form = page.getByRole('dialog', { name: 'New anti-affinity group' })
    const nameField = form.getByRole('textbox', { name: 'Name' })
    await nameField.fill('romulus-remus')
    await form.getByRole('textbox', { name: 'Description' }).fill('a second try')
    await form.getByRole('combobox', { name: 'Policy' }).selectOption('fail')
    await form.getByRole('button', { name: 'Create group' }).click()
    await expect(nameField).toHaveAttribute('aria-invalid', 'true')
    await expect(nameField).toHaveAccessibleDescription(/Anti-affinity group name already exists/)
    await expect(nameField).toHaveValue('romulus-remus')
    await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('a second try')
    await expect(form.getByRole('combobox', { name: 'Policy' })).toHaveValue('fail')
    await expect(page).toHaveURL(new RegExp(`${LIST}-new$`))
  })

  test('rename through the edit form, delete from the page and from the list', async ({ page }) => {
    const name = uniqueName('edit')
    const renamed = `${name}-renamed`
    const other = uniqueName('gone')
    await createGroup(page.request, name, 'before the edit')
    await createGroup(page.request, other)

    await page.goto(LIST)
    await openRowAction(page, name, 'Edit')
    await expect(page).toHaveURL(new RegExp(`${groupPage(name)}/edit$`))
    const form = page.getByRole('dialog', { name: 'Edit anti-affinity group' })
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(name)
    await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('before the edit')
    await expectAccessible(page)
    await form.getByRole('textbox', { name: 'Name' }).fill(renamed)
    await form.getByRole('textbox', { name: 'Description' }).fill('after the edit')
    await form.getByRole('button', { name: 'Update group' }).click()
    await expect(form).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`${groupPage(renamed)}$`))
    await expect(heading(page)).toHaveText(renamed)
    await expect(page.locator('dl').first()).toContainText('after the edit')

    await page.getByRole('button', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete anti-affinity group' })
    await expect(confirm).toContainText(renamed)
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(new RegExp(`${LIST}$`))
    await expect(page.getByText(`Anti-affinity group ${renamed} deleted`)).toBeVisible()
    await expect(rowOf(page, 'Anti-affinity groups', renamed)).toHaveCount(0)

    await openRowAction(page, other, 'Delete')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(rowOf(page, 'Anti-affinity groups', other)).toHaveCount(0)
    expect((await page.request.get(`/v1/anti-affinity-groups/${other}?project=${PROJECT}`)).status()).toBe(
      404,
    )
  })

  test('an unknown group is Page not found', async ({ page }) => {
    await page.goto(groupPage('no-such-group'))
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  })

  test(
    'offline after a first visit, the list and a group paint from the cache with writes disabled',
    SW,
    async ({ page, context }) => {
      await page.goto(groupPage('romulus-remus'))
      await expect(rowOf(page, 'Members', 'db1')).toBeVisible()
      await page.goto(LIST)
      await expect(rowOf(page, 'Anti-affinity groups', 'oil-water')).toBeVisible()
      await waitForServiceWorker(page)

      await context.setOffline(true)
      try {
        await page.reload()
        await expect(rowOf(page, 'Anti-affinity groups', 'romulus-remus')).toBeVisible()
        await expectDisabled(page.getByRole('button', { name: 'New group' }), 'You are offline')
        await page.getByRole('button', { name: 'Actions for romulus-remus' }).click()
        for (const action of ['Edit', 'Delete'])
          await expectDisabled(page.getByRole('menuitem', { name: action, exact: true }), 'You are offline')
        await page.keyboard.press('Escape')

        await page.getByRole('link', { name: 'romulus-remus', exact: true }).click()
        await expect(heading(page)).toHaveText('romulus-remus')
        await expect(page.locator('dl').first()).toContainText('db1 and web1 never share a sled')
        await expect(rowOf(page, 'Members', 'web1')).toBeVisible()
        for (const action of ['Edit', 'Delete', 'Add instance'])
          await expectDisabled(page.getByRole('button', { name: action, exact: true }), 'You are offline')

        // A group never seen on this device: offline, not "Page not found".
        await page.goBack()
        await page.getByRole('link', { name: 'oil-water', exact: true }).click()
        await expect(heading(page)).toHaveText('oil-water')
        await expect(
          page.getByText('Anti-affinity group oil-water is not cached on this device yet.'),
        ).toBeVisible()
        await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0)
      } finally {
        await context.setOffline(false)
      }
    },
  )
})

test('a silo viewer sees every write on groups disabled with the role reason', async ({ page }) => {
  await login(page, 'silo-viewer')
  await page.goto(LIST)
  await expect(rowOf(page, 'Anti-affinity groups', 'romulus-remus')).toBeVisible()
  await expectDisabled(
    page.getByRole('button', { name: 'New group' }),
    roleReason('creating an anti-affinity group'),
  )
  await page.getByRole('button', { name: 'Actions for romulus-remus' }).click()
  for (const [action, what] of [
    ['Edit', 'editing an anti-affinity group'],
    ['Delete', 'deleting an anti-affinity group'],
  ] as const)
    await expectDisabled(page.getByRole('menuitem', { name: action, exact: true }), roleReason(what))
  await page.keyboard.press('Escape')

  await page.goto(groupPage('romulus-remus'))
  await expect(rowOf(page, 'Members', 'db1')).toBeVisible()
  const changing = roleReason('changing an anti-affinity group')
  for (const action of ['Edit', 'Delete', 'Add instance'])
    await expectDisabled(page.getByRole('button', { name: action, exact: true }), changing)
  await page.getByRole('button', { name: 'Actions for db1' }).click()
  await expectDisabled(page.getByRole('menuitem', { name: 'Remove' }), changing)
})
