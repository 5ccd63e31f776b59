// Projects (issue 12): create and edit in one side-modal form over the list (`/projects-new`,
// `/projects/{project}/edit`), delete from the row menu with the server's refusal shown, and every
// write control disabled with its reason for a silo viewer and offline.
import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Page, type Request, test } from '@playwright/test'
import { expectAccessible, login, rowNamed, SW, waitForServiceWorker } from './helpers'

// Sorted first by name, so a project of the test's own is on the list's first page.
const uniqueName = (prefix: string) => `aa-${prefix}-${randomBytes(3).toString('hex')}`

const roleReason = (what: string) =>
  `Your role does not allow this: ${what} needs the collaborator role or stronger`

/** A project of the test's own: tests share one mock server, so the seeded ones are never changed. */
async function createProject(request: APIRequestContext, name: string, description = 'e2e project') {
  const res = await request.post('/v1/projects', { data: { name, description } })
  expect(res.status(), await res.text()).toBe(201)
}

const rowOf = (page: Page, name: string) => rowNamed(page.getByRole('table', { name: 'Projects' }), name)

async function openRowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}

test.describe('projects', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('create a project; the same name again is refused on the name field with the values kept', async ({
    page,
  }) => {
    const name = uniqueName('create')
    await page.goto('/projects')
    await page.getByRole('button', { name: 'New project' }).click()
    await expect(page).toHaveURL(/\/projects-new$/)
    const form = page.getByRole('dialog', { name: 'New project' })
    // The form opens ready to type its first field (not on the Close button).
    await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused()
    await page.keyboard.type(name)
    await form.getByRole('textbox', { name: 'Description' }).fill('made by the e2e test')
    await form.getByRole('button', { name: 'Create project' }).click()
    await expect(form).toBeHidden()
    await expect(page).toHaveURL(/\/projects$/)
    await expect(page.getByText(`Project ${name} created`)).toBeVisible()
    await expect(rowOf(page, name)).toContainText('made by the e2e test')

    await page.getByRole('button', { name: 'New project' }).click()
    await form.getByRole('textbox', { name: 'Name' }).fill(name)
    await form.getByRole('textbox', { name: 'Description' }).fill('a second try')
    await form.getByRole('button', { name: 'Create project' }).click()
    const nameField = form.getByRole('textbox', { name: 'Name' })
    await expect(nameField).toHaveAttribute('aria-invalid', 'true')
    await expect(nameField).toHaveAccessibleDescription(/Project name already exists/)
    await expect(nameField).toHaveValue(name)
    await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('a second try')
    await expect(page).toHaveURL(/\/projects-new$/)
    await expectAccessible(page)
  })

  test('edit a project’s description, then rename it: the list and the project’s pages follow', async ({
    page,
  }) => {
    const name = uniqueName('edit')
    const renamed = `${name}-renamed`
    await createProject(page.request, name, 'before the edit')
    await page.goto('/projects')
    await openRowAction(page, name, 'Edit')
    await expect(page).toHaveURL(new RegExp(`/projects/${name}/edit$`))
    const form = page.getByRole('dialog', { name: 'Edit project' })
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(name)
    const description = form.getByRole('textbox', { name: 'Description' })
    await expect(description).toHaveValue('before the edit')
    await description.fill('after the edit')
    await form.getByRole('button', { name: 'Update project' }).click()
    await expect(form).toBeHidden()
    await expect(page.getByText(`Project ${name} updated`)).toBeVisible()
    await expect(rowOf(page, name)).toContainText('after the edit')

    await openRowAction(page, name, 'Edit')
    await form.getByRole('textbox', { name: 'Name' }).fill(renamed)
    // The old name's view is only marked after the rename: asking for it could only answer 404.
    const oldNameReads: string[] = []
    const onRequest = (r: Request) => {
      if (new URL(r.url()).pathname === `/v1/projects/${name}`) oldNameReads.push(`${r.method()} ${r.url()}`)
    }
    page.on('request', onRequest)
    await form.getByRole('button', { name: 'Update project' }).click()
    await expect(form).toBeHidden()
    await expect(page.getByRole('link', { name: renamed, exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0)
    page.off('request', onRequest)
    expect(oldNameReads).toEqual([])

    await page.getByRole('link', { name: renamed, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/projects/${renamed}/instances$`))
    await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible()
    await page.goto(`/projects/${name}/instances`)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  })

  test('deleting a project that is not empty shows the server’s message; an empty one disappears', async ({
    page,
  }) => {
    const name = uniqueName('delete')
    // A new project holds its default VPC, which keeps it from being deleted, as on the platform.
    await createProject(page.request, name)
    await page.goto('/projects')
    await openRowAction(page, name, 'Delete')
    const confirm = page.getByRole('alertdialog', { name: 'Delete project' })
    await expect(confirm).toContainText(name)
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Could not delete project')).toBeVisible()
    await expect(page.getByText('Project to be deleted contains a vpc: default')).toBeVisible()
    await expect(confirm).toBeHidden()
    await expect(rowOf(page, name)).toBeVisible()

    const vpc = await page.request.delete(`/v1/vpcs/default?project=${name}`)
    expect(vpc.status(), await vpc.text()).toBe(204)
    await openRowAction(page, name, 'Delete')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(page.getByText(`Project ${name} deleted`)).toBeVisible()
    await expect(rowOf(page, name)).toHaveCount(0)
    await expect.poll(async () => (await page.request.get(`/v1/projects/${name}`)).status()).toBe(404)
  })

  test('a form cancelled while its request is on the wire: the late answer is told, but does not pull the operator back', async ({
    page,
  }) => {
    const name = uniqueName('late')
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/v1/projects', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      await held
      return route.fallback()
    })
    await page.goto('/projects-new')
    const form = page.getByRole('dialog', { name: 'New project' })
    await form.getByLabel('Name').fill(name)
    await form.getByRole('button', { name: 'Create project' }).click()
    await form.getByRole('button', { name: 'Cancel' }).click()
    await expect(form).toBeHidden()
    await page.getByRole('link', { name: 'Silos' }).click()
    await expect(page.getByRole('heading', { name: 'Silos', level: 1 })).toBeVisible()
    release()
    await expect(page.getByText(`Project ${name} created`)).toBeVisible()
    // Still where the operator went.
    await expect(page).toHaveURL(/\/system\/silos$/)
    await expect(page.getByRole('heading', { name: 'Silos', level: 1 })).toBeVisible()
  })

  test('a create whose answer is lost on the way says the server did not answer, not that the browser is offline', async ({
    page,
  }) => {
    await page.route('**/v1/projects', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback(),
    )
    await page.goto('/projects-new')
    const form = page.getByRole('dialog', { name: 'New project' })
    await form.getByLabel('Name').fill(uniqueName('lost'))
    await form.getByRole('button', { name: 'Create project' }).click()
    await expect(
      form.getByText(
        'The server did not answer: the change may have been made. Check before sending it again.',
      ),
    ).toBeVisible()
    await expect(form.getByText('You are offline')).toHaveCount(0)
  })

  test('the forms opened by URL render over the list; Cancel and Escape return to it on its page', async ({
    page,
  }) => {
    await page.goto('/projects-new')
    const create = page.getByRole('dialog', { name: 'New project' })
    await expect(create).toBeVisible()
    await expect(page.getByRole('table', { name: 'Projects', includeHidden: true })).toBeAttached()
    await expect(page).toHaveTitle('New project / Projects / Rack Console')
    await expectAccessible(page)
    await create.getByRole('button', { name: 'Cancel' }).click()
    await expect(create).toBeHidden()
    await expect(page).toHaveURL(/\/projects$/)
    await expect(page.getByRole('table', { name: 'Projects' })).toBeVisible()

    // The project's own routes are not matched: no project sidebar, no redirect to its instances.
    await page.goto('/projects/mock-project/edit?limit=10')
    const edit = page.getByRole('dialog', { name: 'Edit project' })
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue('mock-project')
    await expect(edit.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'A project with every kind of resource',
    )
    await expect(page.getByRole('table', { name: 'Projects', includeHidden: true })).toBeAttached()
    await expect(page.getByRole('navigation', { name: 'Project mock-project' })).toHaveCount(0)
    await expectAccessible(page)
    // Focus is in the form, on its first field, so Escape is the dialog's.
    await expect(edit.getByRole('textbox', { name: 'Name' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(edit).toBeHidden()
    await expect(page).toHaveURL(/\/projects\?limit=10$/)

    // Opening from the list keeps its page in the URL, there and back.
    await page.getByRole('button', { name: 'New project' }).click()
    await expect(page).toHaveURL(/\/projects-new\?limit=10$/)
    // Escape is the dialog's once focus has moved into it.
    await expect(create.getByRole('textbox', { name: 'Name' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/\/projects\?limit=10$/)
  })

  test(
    'offline after a first visit, the list paints from the cache and New project says why',
    SW,
    async ({ page, context }) => {
      await page.goto('/projects')
      await expect(rowOf(page, 'mock-project')).toBeVisible()
      await waitForServiceWorker(page)
      await context.setOffline(true)
      await page.reload()
      await expect(rowOf(page, 'mock-project')).toBeVisible()
      const create = page.getByRole('button', { name: 'New project' })
      await expect(create).toHaveAttribute('aria-disabled', 'true')
      await expect(create).toHaveAccessibleDescription('You are offline')
      await page.getByRole('button', { name: 'Actions for mock-project' }).click()
      for (const action of ['Edit', 'Delete']) {
        const item = page.getByRole('menuitem', { name: action, exact: true })
        await expect(item).toHaveAttribute('aria-disabled', 'true')
        await expect(item).toHaveAccessibleDescription('You are offline')
      }
    },
  )
})

test('a silo viewer sees New project, Edit and Delete disabled with the role reason', async ({ page }) => {
  await login(page, 'silo-viewer')
  await page.goto('/projects')
  const create = page.getByRole('button', { name: 'New project' })
  await expect(create).toHaveAttribute('aria-disabled', 'true')
  await expect(create).toHaveAccessibleDescription(roleReason('creating a project'))
  // (Playwright refuses to click an aria-disabled button: send the click event directly)
  await create.dispatchEvent('click')
  await expect(page).toHaveURL(/\/projects$/)
  await page.getByRole('button', { name: 'Actions for mock-project' }).click()
  for (const [action, what] of [
    ['Edit', 'editing a project'],
    ['Delete', 'deleting a project'],
  ] as const) {
    const item = page.getByRole('menuitem', { name: action, exact: true })
    await expect(item).toHaveAttribute('aria-disabled', 'true')
    await expect(item).toHaveAccessibleDescription(roleReason(what))
  }
})
