// Firewall rules tab (issue 14): create a rule with an instance target, an IP-network host filter and
// a port range, edit it, clone it, disable it and delete it, checking through the API after each
// update that every other rule's fields came back unchanged (the update replaces the whole list); a
// taken name refused on the name field; the tab painted from the cache with the network off; a silo
// viewer's disabled writes; axe with the form open.
// Tests share one mock server: the writes go to a VPC of the test's own in mock-project (it comes with
// the default rules, plus one rule with every kind of field), never to the seeded mock-vpc.
import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import { expectAccessible, login, rowNamed, SW, waitForServiceWorker } from './helpers'

const PROJECT = 'mock-project'
const tab = (vpc: string) => `/projects/${PROJECT}/vpcs/${vpc}/firewall-rules`
const FIELDS = ['action', 'description', 'direction', 'filters', 'name', 'priority', 'status', 'targets']
const ROLE_REASON =
  'Your role does not allow this: changing firewall rules needs the collaborator role or stronger'

type WireRule = Record<string, unknown> & { name: string }

/** A rule with a field of every kind, so carrying it over is checked on all of them. */
const KEEP_ME = {
  name: 'keep-me',
  description: 'every kind of field',
  action: 'deny',
  direction: 'outbound',
  priority: 100,
  status: 'disabled',
  targets: [
    { type: 'instance', value: 'db1' },
    { type: 'ip', value: '10.1.2.3' },
  ],
  filters: {
    hosts: [
      { type: 'subnet', value: 'default' },
      { type: 'ip_net', value: 'fd00::/64' },
    ],
    ports: ['53', '1000-2000'],
    protocols: [{ type: 'udp' }, { type: 'icmp', value: { icmp_type: 3, code: '0-4' } }],
  },
}

const pick = (r: WireRule) => Object.fromEntries(FIELDS.map((f) => [f, r[f]]))

async function rulesOf(request: APIRequestContext, vpc: string): Promise<WireRule[]> {
  const res = await request.get(`/v1/vpc-firewall-rules?project=${PROJECT}&vpc=${vpc}`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as { rules: WireRule[] }).rules
}

/** A VPC of the test's own, with its default rules and KEEP_ME. */
async function createVpc(request: APIRequestContext): Promise<string> {
  const name = `fw-${randomBytes(3).toString('hex')}`
  const res = await request.post(`/v1/vpcs?project=${PROJECT}`, {
    data: { name, description: 'firewall e2e', dns_name: name },
  })
  expect(res.status(), await res.text()).toBe(201)
  const rules = (await rulesOf(request, name)).map(pick)
  const put = await request.put(`/v1/vpc-firewall-rules?project=${PROJECT}&vpc=${name}`, {
    data: { rules: [...rules, KEEP_ME] },
  })
  expect(put.status(), await put.text()).toBe(200)
  return name
}

/** After an update: every rule but `changed` has the fields it had in `before`, and no rule is lost. */
async function expectOthersUnchanged(
  request: APIRequestContext,
  vpc: string,
  before: WireRule[],
  changed: string[],
) {
  const after = await rulesOf(request, vpc)
  for (const r of before.filter((x) => !changed.includes(x.name))) {
    const now = after.find((x) => x.name === r.name)
    expect(now && pick(now), r.name).toEqual(pick(r))
  }
  return after
}

const rulesTable = (page: Page) => page.getByRole('table', { name: 'Firewall rules' })
const rowOf = (page: Page, name: string) => rowNamed(rulesTable(page), name)

async function openRowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}

async function expectDisabled(control: Locator, reason: string) {
  await expect(control).toHaveAttribute('aria-disabled', 'true')
  await expect(control).toHaveAccessibleDescription(reason)
}

test.describe('firewall rules', () => {
  test('create, edit, clone, disable and delete a rule; the other rules are carried over', async ({
    page,
  }) => {
    test.slow()
    await login(page)
    const vpc = await createVpc(page.request)
    await page.goto(tab(vpc))
    await expect(rowOf(page, 'keep-me')).toContainText('Instance db1')
    await expect(rowOf(page, 'keep-me')).toContainText('ICMP type 3 code 0-4')

    // Create: an instance target, an IP-network host filter (a wrong one first) and a port range.
    let before = await rulesOf(page.request, vpc)
    await page.getByRole('button', { name: 'New rule' }).click()
    const form = page.getByRole('dialog', { name: 'New firewall rule' })
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('e2e-web')
    await form.getByRole('textbox', { name: 'Priority' }).fill('200')
    await form.getByRole('combobox', { name: 'Target type' }).selectOption({ label: 'Instance' })
    await form.getByRole('combobox', { name: 'Target value' }).selectOption('db1')
    await form.getByRole('button', { name: 'Add target' }).click()
    await expect(form.getByRole('list', { name: 'Targets added' })).toContainText('Instance db1')
    const host = form.getByRole('textbox', { name: 'Host filter value' })
    await host.fill('10.0.0.0/33')
    await form.getByRole('button', { name: 'Add host filter' }).click()
    await expect(host).toHaveAccessibleDescription('Max width for IPv4 is 32')
    await host.fill('10.0.0.0/24')
    await form.getByRole('button', { name: 'Add host filter' }).click()
    await expect(form.getByRole('list', { name: 'Host filters added' })).toContainText(
      'IP network 10.0.0.0/24',
    )
    await form.getByRole('textbox', { name: 'Port or port range' }).fill('8000-8080')
    await form.getByRole('button', { name: 'Add port' }).click()
    await form.getByRole('combobox', { name: 'Protocol' }).selectOption({ label: 'TCP' })
    await form.getByRole('button', { name: 'Add protocol' }).click()
    // ICMP with a type (a number field) and a range of codes.
    await form.getByRole('combobox', { name: 'Protocol' }).selectOption({ label: 'ICMP' })
    await form.getByRole('spinbutton', { name: 'ICMP type' }).fill('3')
    await form.getByRole('textbox', { name: 'ICMP code' }).fill('0-4')
    await form.getByRole('button', { name: 'Add protocol' }).click()
    await expectAccessible(page)
    await form.getByRole('button', { name: 'Add rule' }).click()
    await expect(form).toBeHidden()
    await expect(page.getByText('Firewall rule e2e-web created')).toBeVisible()
    const created = rowOf(page, 'e2e-web')
    for (const text of [
      'Instance db1',
      'IP network 10.0.0.0/24',
      '8000-8080',
      'TCP',
      'ICMP type 3 code 0-4',
      'enabled',
    ])
      await expect(created).toContainText(text)
    let after = await expectOthersUnchanged(page.request, vpc, before, ['e2e-web'])
    expect(pick(after.find((r) => r.name === 'e2e-web') as WireRule)).toEqual({
      name: 'e2e-web',
      description: '',
      action: 'allow',
      direction: 'inbound',
      priority: 200,
      status: 'enabled',
      targets: [{ type: 'instance', value: 'db1' }],
      filters: {
        hosts: [{ type: 'ip_net', value: '10.0.0.0/24' }],
        ports: ['8000-8080'],
        protocols: [{ type: 'tcp' }, { type: 'icmp', value: { icmp_type: 3, code: '0-4' } }],
      },
    })

    // Edit: a description, and one port for another.
    before = after
    await openRowAction(page, 'e2e-web', 'Edit')
    await expect(page).toHaveURL(new RegExp(`${tab(vpc)}/e2e-web/edit$`))
    const edit = page.getByRole('dialog', { name: 'Edit firewall rule' })
    await expect(edit.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('e2e-web')
    await edit.getByRole('textbox', { name: 'Description' }).fill('edited by e2e')
    await edit.getByRole('button', { name: 'Remove 8000-8080' }).click()
    await edit.getByRole('textbox', { name: 'Port or port range' }).fill('443')
    await edit.getByRole('button', { name: 'Add port' }).click()
    await edit.getByRole('button', { name: 'Update rule' }).click()
    await expect(edit).toBeHidden()
    await expect(rowOf(page, 'e2e-web')).toContainText('443')
    after = await expectOthersUnchanged(page.request, vpc, before, ['e2e-web'])
    const edited = after.find((r) => r.name === 'e2e-web') as WireRule
    expect(edited.description).toBe('edited by e2e')
    expect((edited.filters as { ports: string[] }).ports).toEqual(['443'])

    // Clone: every field but the name, which is generated (spec 5).
    before = after
    await openRowAction(page, 'e2e-web', 'Clone')
    await expect(page).toHaveURL(new RegExp(`${tab(vpc)}-new/e2e-web$`))
    const clone = page.getByRole('dialog', { name: 'New firewall rule' })
    const cloneName = clone.getByRole('textbox', { name: 'Name', exact: true })
    await expect(cloneName).toHaveValue(/^e2e-web-[0-9a-f]{6}$/)
    const copyName = await cloneName.inputValue()
    await clone.getByRole('button', { name: 'Add rule' }).click()
    await expect(clone).toBeHidden()
    await expect(rowOf(page, copyName)).toBeVisible()
    after = await expectOthersUnchanged(page.request, vpc, before, [copyName])
    expect(pick(after.find((r) => r.name === copyName) as WireRule)).toEqual({
      ...pick(edited),
      name: copyName,
    })

    // Disable.
    before = after
    await openRowAction(page, 'e2e-web', 'Disable')
    await expect(page.getByText('Firewall rule e2e-web disabled')).toBeVisible()
    await expect(rowOf(page, 'e2e-web')).toContainText('disabled')
    after = await expectOthersUnchanged(page.request, vpc, before, ['e2e-web'])
    expect(pick(after.find((r) => r.name === 'e2e-web') as WireRule)).toEqual({
      ...pick(edited),
      status: 'disabled',
    })

    // Delete.
    before = after
    await openRowAction(page, 'e2e-web', 'Delete')
    const confirm = page.getByRole('alertdialog', { name: 'Delete firewall rule' })
    await expect(confirm).toContainText('e2e-web')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(rowOf(page, 'e2e-web')).toHaveCount(0)
    after = await expectOthersUnchanged(page.request, vpc, before, ['e2e-web'])
    expect(after.map((r) => r.name)).not.toContain('e2e-web')
    expect(after).toHaveLength(before.length - 1)
  })

  test('a name another rule of the VPC has is refused on the name field, values kept', async ({ page }) => {
    await login(page)
    const vpc = await createVpc(page.request)
    const before = await rulesOf(page.request, vpc)
    await page.goto(`${tab(vpc)}-new`)
    const form = page.getByRole('dialog', { name: 'New firewall rule' })
    const name = form.getByRole('textbox', { name: 'Name', exact: true })
    await name.fill('allow-ssh')
    await form.getByRole('textbox', { name: 'Description' }).fill('second try')
    await form.getByRole('button', { name: 'Add rule' }).click()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAccessibleDescription(/Firewall rule name already exists/)
    await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('second try')
    expect((await rulesOf(page.request, vpc)).map(pick)).toEqual(before.map(pick))
  })

  test(
    'offline after a first visit, the tab paints from the cache with writes disabled',
    SW,
    async ({ page, context }) => {
      await login(page)
      await page.goto(tab('mock-vpc'))
      await expect(rowOf(page, 'allow-web-to-db1')).toContainText('Subnet mock-subnet-2')
      await waitForServiceWorker(page)
      await context.setOffline(true)
      try {
        await page.reload()
        await expect(rowOf(page, 'allow-web-to-db1')).toContainText('5432')
        await expect(rowOf(page, 'allow-ssh')).toBeVisible()
        await expectDisabled(page.getByRole('button', { name: 'New rule' }), 'You are offline')
        await page.getByRole('button', { name: 'Actions for allow-ssh', exact: true }).click()
        for (const action of ['Edit', 'Clone', 'Disable', 'Delete'])
          await expectDisabled(page.getByRole('menuitem', { name: action, exact: true }), 'You are offline')
      } finally {
        await context.setOffline(false)
      }
    },
  )

  test('in an 1100 px window the wide table scrolls sideways, and each row’s menu stays in reach', async ({
    page,
  }) => {
    await login(page)
    await page.setViewportSize({ width: 1100, height: 700 })
    await page.goto(tab('mock-vpc'))
    const table = rulesTable(page)
    await expect(rowOf(page, 'allow-web-to-db1')).toBeVisible()
    const box = table.locator('xpath=..')
    // The table is wider than its box (it scrolls sideways) …
    expect(await box.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true)
    const edge = (await box.boundingBox())!
    // … yet every row's menu button is inside the box, with no sideways scroll.
    for (const button of await table.getByRole('button', { name: /^Actions for / }).all()) {
      const b = (await button.boundingBox())!
      expect(b.x + b.width).toBeLessThanOrEqual(edge.x + edge.width + 1)
    }
    await page.getByRole('button', { name: 'Actions for allow-ssh', exact: true }).click()
    await expect(page.getByRole('menuitem', { name: 'Edit', exact: true })).toBeVisible()
    expect(await box.evaluate((e) => e.scrollLeft)).toBe(0)
  })

  test('a silo viewer sees every write disabled with the role reason', async ({ page }) => {
    await login(page, 'silo-viewer')
    await page.goto(tab('mock-vpc'))
    await expect(rowOf(page, 'allow-icmp')).toBeVisible()
    await expectDisabled(page.getByRole('button', { name: 'New rule' }), ROLE_REASON)
    await page.getByRole('button', { name: 'Actions for allow-web-to-db1', exact: true }).click()
    for (const action of ['Edit', 'Clone', 'Enable', 'Delete'])
      await expectDisabled(page.getByRole('menuitem', { name: action, exact: true }), ROLE_REASON)
    await page.keyboard.press('Escape')
    // The form itself, reached by its URL, cannot be sent either.
    await page.goto(`${tab('mock-vpc')}-new/allow-ssh`)
    const form = page.getByRole('dialog', { name: 'New firewall rule' })
    await expectDisabled(form.getByRole('button', { name: 'Add rule' }), ROLE_REASON)
  })
})
