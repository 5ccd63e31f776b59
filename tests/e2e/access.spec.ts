import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { expectAccessible, login } from './helpers'

// Policies are shared state: every test that changes one works on a project it creates itself, and
// the silo and fleet policies are only read.

const suffix = () => Math.random().toString(16).slice(2, 8)

type Assignment = { identity_id: string; identity_type: string; role_name: string }

async function createProject(request: APIRequestContext): Promise<string> {
  const name = `e2e-access-${suffix()}`
  const res = await request.post('/v1/projects', { data: { name, description: 'access e2e' } })
  expect(res.status(), 'create project').toBe(201)
  return name
}

async function projectPolicy(request: APIRequestContext, project: string): Promise<Assignment[]> {
  const res = await request.get(`/v1/projects/${project}/policy`)
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { role_assignments: Assignment[] }).role_assignments
}

async function idOf(request: APIRequestContext, kind: 'users' | 'groups', name: string): Promise<string> {
  const res = await request.get(`/v1/${kind}?limit=1000`)
  const items = ((await res.json()) as { items: { id: string; display_name: string }[] }).items
  const found = items.find((i) => i.display_name === name)
  expect(found, `${kind} ${name}`).toBeTruthy()
  return (found as { id: string }).id
}

const row = (page: Page, name: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: new RegExp(`^${name}( \\(you\\))?$`) }) })

test.describe('access as an admin', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'fleet-admin')
  })

  test('project: add a group, change its role, remove it; the PUT carries the whole policy', async ({
    page,
  }) => {
    test.slow() // many round trips, each with the mock's 200-400 ms delay
    const project = await createProject(page.request)
    const opsId = await idOf(page.request, 'groups', 'ops')
    await page.goto(`/projects/${project}/access`)
    await expect(page.getByRole('heading', { name: 'Access', level: 1 })).toBeVisible()
    // The silo's assignments show through, marked as inherited.
    await expect(row(page, 'admin-group')).toContainText('via the silo')
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Add user or group' }).click()
    await expect(page).toHaveURL(/\?add$/)
    const add = page.getByRole('dialog', { name: 'Add user or group' })
    const picker = add.getByRole('combobox', { name: 'User or group' })
    // Offers: groups before users, each sorted by name, nobody already assigned here.
    const labels = (await picker.locator('option').allTextContents()).filter((l) =>
      /\((group|user)\)$/.test(l),
    )
    const lastGroup = labels.findLastIndex((l) => l.endsWith('(group)'))
    const firstUser = labels.findIndex((l) => l.endsWith('(user)'))
    expect(lastGroup).toBeGreaterThanOrEqual(0)
    expect(firstUser).toBeGreaterThan(lastGroup)
    const groups = labels.slice(0, firstUser)
    const users = labels.slice(firstUser)
    expect(groups).toEqual([...groups].sort())
    expect(users).toEqual([...users].sort())
    expect(labels).toContain('ops (group)')
    expect(labels).toContain('fleet-admin (user)')
    await expectAccessible(page)

    // Submitting without an identity is caught here.
    await add.getByRole('button', { name: 'Assign role' }).click()
    await expect(add.getByRole('alert')).toContainText('Choose a user or group')

    await picker.selectOption({ label: 'ops (group)' })
    await add.getByRole('combobox', { name: 'Role' }).selectOption('collaborator')
    await add.getByRole('button', { name: 'Assign role' }).click()
    await expect(add).toBeHidden()
    await expect(row(page, 'ops')).toContainText('collaborator')
    await expect(row(page, 'ops')).toContainText('Group')
    expect(await projectPolicy(page.request, project)).toEqual([
      { identity_id: opsId, identity_type: 'silo_group', role_name: 'collaborator' },
    ])

    // The add form no longer offers ops.
    await page.getByRole('button', { name: 'Add user or group' }).click()
    await expect(
      page.getByRole('dialog', { name: 'Add user or group' }).getByRole('option', { name: 'ops (group)' }),
    ).toHaveCount(0)
    await page
      .getByRole('dialog', { name: 'Add user or group' })
      .getByRole('button', { name: 'Cancel' })
      .click()

    // Change role: replaces the assignment.
    await page.getByRole('button', { name: 'Actions for ops' }).click()
    await page.getByRole('menuitem', { name: 'Change role' }).click()
    const edit = page.getByRole('dialog', { name: 'Change role' })
    await expect(edit.getByRole('combobox', { name: 'Role' })).toHaveValue('collaborator')
    await expectAccessible(page)
    await edit.getByRole('combobox', { name: 'Role' }).selectOption('viewer')
    await edit.getByRole('button', { name: 'Update role' }).click()
    await expect(edit).toBeHidden()
    await expect(row(page, 'ops')).toContainText('viewer')
    expect(await projectPolicy(page.request, project)).toEqual([
      { identity_id: opsId, identity_type: 'silo_group', role_name: 'viewer' },
    ])

    // Remove (confirm).
    await page.getByRole('button', { name: 'Actions for ops' }).click()
    await page.getByRole('menuitem', { name: 'Remove' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Remove role' })
    await expect(confirm).toContainText('ops')
    await confirm.getByRole('button', { name: 'Remove' }).click()
    // (rows are hidden from the accessibility tree while a dialog is open: wait for it to close)
    await expect(confirm).toBeHidden()
    await expect(row(page, 'ops')).toHaveCount(0)
    expect(await projectPolicy(page.request, project)).toEqual([])
  })

  test('by keyboard: a dialog opened from a row menu starts at Cancel and gives focus back to the menu button', async ({
    page,
  }) => {
    const project = await createProject(page.request)
    const opsId = await idOf(page.request, 'groups', 'ops')
    await page.request.put(`/v1/projects/${project}/policy`, {
      data: { role_assignments: [{ identity_id: opsId, identity_type: 'silo_group', role_name: 'viewer' }] },
    })
    await page.goto(`/projects/${project}/access`)
    const trigger = page.getByRole('button', { name: 'Actions for ops' })
    // The menu's content takes focus, and its first item the highlight, a frame after the menu shows
    // (zag's focusMenu and highlightFirstItem run in requestAnimationFrame): a key pressed before then
    // goes to the trigger (Enter there only moves the highlight) or to the page. Keys wait for both.
    const menu = page.getByRole('menu', { name: 'Actions for ops' })
    const item = (name: string) => menu.getByRole('menuitem', { name })
    await trigger.focus()
    await page.keyboard.press('Enter')
    await expect(menu).toBeFocused()
    await expect(item('Change role')).toHaveAttribute('data-highlighted')
    await page.keyboard.press('End')
    await expect(item('Remove')).toHaveAttribute('data-highlighted')
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('alertdialog', { name: 'Remove role' })
    // Described by its question, and the key that comes first changes nothing.
    await expect(confirm).toHaveAccessibleDescription(/ops/)
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(confirm).toBeHidden()
    await expect(trigger).toBeFocused()

    await page.keyboard.press('Enter')
    await expect(menu).toBeFocused()
    await expect(item('Change role')).toHaveAttribute('data-highlighted')
    await page.keyboard.press('Enter')
    const edit = page.getByRole('dialog', { name: 'Change role' })
    await expect(edit).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(edit).toBeHidden()
    await expect(trigger).toBeFocused()
    expect(await projectPolicy(page.request, project)).toHaveLength(1)
  })

  test('removing your own admin role asks a second time, naming the consequence', async ({ page }) => {
    test.slow() // many round trips, each with the mock's 200-400 ms delay
    const project = await createProject(page.request)
    const me = (await (await page.request.get('/v1/me')).json()) as { id: string }
    const put = await page.request.put(`/v1/projects/${project}/policy`, {
      data: { role_assignments: [{ identity_id: me.id, identity_type: 'silo_user', role_name: 'admin' }] },
    })
    expect(put.ok()).toBe(true)
    await page.goto(`/projects/${project}/access`)
    await expect(row(page, 'fleet-admin')).toContainText('(you)')

    // Backing out at the second step changes nothing.
    await page.getByRole('button', { name: 'Actions for fleet-admin' }).click()
    await page.getByRole('menuitem', { name: 'Remove' }).click()
    await page
      .getByRole('alertdialog', { name: 'Remove role' })
      .getByRole('button', { name: 'Remove' })
      .click()
    const second = page.getByRole('alertdialog', { name: 'Remove your own admin role?' })
    await expect(second).toContainText('only another project admin can give it back')
    await expectAccessible(page)
    await second.getByRole('button', { name: 'Cancel' }).click()
    await expect(second).toBeHidden()
    expect(await projectPolicy(page.request, project)).toHaveLength(1)

    await page.getByRole('button', { name: 'Actions for fleet-admin' }).click()
    await page.getByRole('menuitem', { name: 'Remove' }).click()
    await page
      .getByRole('alertdialog', { name: 'Remove role' })
      .getByRole('button', { name: 'Remove' })
      .click()
    await page
      .getByRole('alertdialog', { name: 'Remove your own admin role?' })
      .getByRole('button', { name: 'Remove my admin role' })
      .click()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await expect(row(page, 'fleet-admin')).toHaveCount(0)
    expect(await projectPolicy(page.request, project)).toEqual([])
  })

  test('demoting your own admin role needs a second confirmation in the form', async ({ page }) => {
    const project = await createProject(page.request)
    const me = (await (await page.request.get('/v1/me')).json()) as { id: string }
    await page.request.put(`/v1/projects/${project}/policy`, {
      data: { role_assignments: [{ identity_id: me.id, identity_type: 'silo_user', role_name: 'admin' }] },
    })
    await page.goto(`/projects/${project}/access?edit=${me.id}`)
    const edit = page.getByRole('dialog', { name: 'Change role' })
    await edit.getByRole('combobox', { name: 'Role' }).selectOption('viewer')
    await edit.getByRole('button', { name: 'Update role' }).click()
    await expect(edit.getByRole('alert')).toContainText('This is your own admin role')
    expect((await projectPolicy(page.request, project))[0]?.role_name).toBe('admin')
    await edit.getByRole('button', { name: 'Give up my admin role' }).click()
    await expect(edit).toBeHidden()
    expect((await projectPolicy(page.request, project))[0]?.role_name).toBe('viewer')
  })

  test('silo access lists the silo policy with names, types and roles', async ({ page }) => {
    await page.goto('/access')
    await expect(page.getByRole('heading', { name: 'Access', level: 1 })).toBeVisible()
    await expect(row(page, 'admin-group')).toContainText('Group')
    await expect(row(page, 'admin-group')).toContainText('admin')
    await expect(row(page, 'silo-viewer')).toContainText('User')
    await expect(row(page, 'silo-viewer')).toContainText('viewer')
    // fleet-admin has no silo assignment of its own: its role comes through admin-group.
    await expect(page.getByText('Your role on this silo:')).toContainText('admin')
    await expect(page.getByRole('button', { name: 'Add user or group' })).not.toHaveAttribute('aria-disabled')
    await expectAccessible(page)
  })

  test('system access lists the fleet policy for a fleet admin', async ({ page }) => {
    await page.goto('/system/access')
    await expect(page.getByRole('table', { name: 'Role assignments on the fleet' })).toBeVisible()
    await expect(row(page, 'fleet-admin')).toContainText('admin')
    await expect(row(page, 'fleet-admin')).toContainText('(you)')
    await expect(page.getByRole('button', { name: 'Add user or group' })).not.toHaveAttribute('aria-disabled')
    await expectAccessible(page)
  })
})

test.describe('access as a silo viewer', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'silo-viewer')
  })

  test('silo access: Add and Remove are disabled with a reason', async ({ page }) => {
    await page.goto('/access')
    await expect(row(page, 'admin-group')).toBeVisible()
    const addButton = page.getByRole('button', { name: 'Add user or group' })
    await expect(addButton).toHaveAttribute('aria-disabled', 'true')
    await expect(addButton).toHaveAccessibleDescription('Only silo admins can change access')
    await expect(page.getByText('Your role on this silo:')).toContainText('viewer')
    // (Playwright refuses to click an aria-disabled button: send the click event directly)
    await addButton.dispatchEvent('click')
    await expect(page.getByRole('dialog', { name: 'Add user or group' })).toHaveCount(0)
    await expect(page).toHaveURL(/\/access$/)

    await page.getByRole('button', { name: 'Actions for admin-group' }).click()
    const remove = page.getByRole('menuitem', { name: 'Remove' })
    await expect(remove).toHaveAttribute('aria-disabled', 'true')
    await expect(remove).toHaveAccessibleDescription('Only silo admins can change access')
    await expect(page.getByRole('menuitem', { name: 'Change role' })).toHaveAttribute('aria-disabled', 'true')
    await expectAccessible(page)
  })

  test('project access: Add and Remove are disabled with a reason', async ({ page }) => {
    await page.goto('/projects/mock-project/access')
    await expect(row(page, 'viewer-group')).toBeVisible()
    const addButton = page.getByRole('button', { name: 'Add user or group' })
    await expect(addButton).toHaveAttribute('aria-disabled', 'true')
    await expect(addButton).toHaveAccessibleDescription('Only project admins can change access')
    await page.getByRole('button', { name: 'Actions for viewer-group' }).click()
    await expect(page.getByRole('menuitem', { name: 'Remove' })).toHaveAttribute('aria-disabled', 'true')
  })

  test('projects and instances: write actions are disabled with the role reason', async ({ page }) => {
    await page.goto('/projects')
    await page.getByRole('button', { name: 'Actions for mock-project' }).click()
    const del = page.getByRole('menuitem', { name: 'Delete' })
    await expect(del).toHaveAttribute('aria-disabled', 'true')
    await expect(del).toHaveAccessibleDescription(/Your role does not allow this/)
    await page.keyboard.press('Escape')
    await page.goto('/projects/mock-project/instances')
    await page.getByRole('button', { name: 'Actions for web1' }).click()
    for (const name of ['Start', 'Delete']) {
      await expect(page.getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true')
    }
    await expect(page.getByRole('menuitem', { name: 'Start' })).toHaveAccessibleDescription(
      'Your role does not allow this: managing instances needs the limited collaborator role or stronger',
    )
  })
})

test.describe('access without any role', () => {
  test('no-role sees "Action not authorized" and the no-group notice on access pages', async ({ page }) => {
    await login(page, 'no-role')
    for (const path of ['/access', '/projects/mock-project/access', '/system/access']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: 'Action not authorized' })).toBeVisible()
      await expect(page.getByText(/^You are not in any groups and have no role on the silo\./)).toBeVisible()
      await expect(page.getByRole('button', { name: 'Add user or group' })).toHaveCount(0)
    }
    await expectAccessible(page)
  })
})
