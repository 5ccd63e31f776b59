// The instance page's networking and settings tabs, writing (issue 12): network interfaces added,
// edited, made primary and deleted on a stopped instance (the server's word when the primary cannot
// go), refused with the machine's reason on a running one; an ephemeral IP attached and detached; the
// auto-restart policy changed; anti-affinity membership added and removed; every write disabled with
// the role's reason for a silo viewer and with "You are offline" on a cached visit without network;
// axe with the add-interface form open. Each test that writes has an instance of its own.
import { expect, type Locator, type Page, test } from '@playwright/test'
import { createInstance, expectAccessible, login, SW, waitForServiceWorker } from './helpers'

const PROJECT = 'mock-project'
const DB1 = `/projects/${PROJECT}/instances/db1`
const NIC_REFUSAL = 'Network interfaces can only be changed on a stopped instance'
const NETWORKING_ROLE =
  'Your role does not allow this: changing the networking of an instance needs the collaborator role or stronger'
const SETTINGS_ROLE =
  'Your role does not allow this: managing instances needs the limited collaborator role or stronger'

const unique = (what: string) => `${what}-${Math.random().toString(16).slice(2, 8)}`
const nicTable = (page: Page) => page.getByRole('table', { name: 'Network interfaces' })
const ipTable = (page: Page) => page.getByRole('table', { name: 'External IPs' })
const groupTable = (page: Page) => page.getByRole('table', { name: 'Anti-affinity groups' })
const item = (page: Page, label: string) => page.getByRole('menuitem', { name: label, exact: true })

/**
 * Presses a button by keyboard: a success toast lands at the bottom right, over a side modal's submit
 * button, and a pointer resting there would hold it open.
 */
async function activate(button: Locator) {
  await button.focus()
  await button.press('Enter')
}

async function expectRefused(control: Locator, reason: string) {
  await expect(control).toHaveAttribute('aria-disabled', 'true')
  await expect(control).toHaveAccessibleDescription(reason)
}

/**
 * Opens a row's menu by keyboard (a success toast may cover the row's end, where its trigger is); the
 * caller closes it (Escape) or picks an item.
 */
async function openMenu(page: Page, row: string | Locator) {
  const trigger =
    typeof row === 'string'
      ? page.getByRole('button', { name: `Actions for ${row}`, exact: true })
      : row.getByRole('button', { name: /^Actions for / })
  await trigger.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menu')).toBeVisible()
}

/**
 * Picks the open menu's item at `index` by keyboard (opened by keyboard, the first is highlighted), so
 * no pointer timing decides whether the selection lands.
 */
async function pick(page: Page, label: string, index: number) {
  const items = page.getByRole('menu').getByRole('menuitem')
  await expect(items.nth(0)).toHaveAttribute('data-highlighted', '')
  for (let i = 1; i <= index; i++) {
    await page.keyboard.press('ArrowDown')
    await expect(items.nth(i)).toHaveAttribute('data-highlighted', '')
  }
  await expect(items.nth(index)).toHaveAccessibleName(label)
  await page.keyboard.press('Enter')
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
}

async function addNic(page: Page, name: string) {
  await activate(page.getByRole('button', { name: 'Add network interface' }))
  const form = page.getByRole('dialog', { name: 'Add network interface' })
  await form.getByRole('textbox', { name: 'Name' }).fill(name)
  await form.getByRole('combobox', { name: 'VPC' }).selectOption('mock-vpc')
  await form.getByRole('combobox', { name: 'Subnet' }).selectOption('mock-subnet')
  await activate(form.getByRole('button', { name: 'Add network interface' }))
  await expect(form).toHaveCount(0)
  await expect(nicTable(page).getByRole('cell', { name, exact: true })).toBeVisible()
}

test.describe('instance networking and settings', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('network interfaces of a stopped instance: add, edit, make primary, delete', async ({ page }) => {
    // Many round trips, each with the mock's 200-400 ms delay, plus an axe run.
    test.slow()
    const name = unique('nw')
    await createInstance(page.request, name, { start: false, description: 'e2e networking' })
    await page.goto(`/projects/${PROJECT}/instances/${name}/networking`)
    await expect(page.getByRole('heading', { name: 'No network interfaces' })).toBeVisible()

    // A failed submit names the missing choices and keeps the typed name; axe with the form open.
    await activate(page.getByRole('button', { name: 'Add network interface' }))
    const form = page.getByRole('dialog', { name: 'Add network interface' })
    await form.getByRole('textbox', { name: 'Name' }).fill('net0')
    await form.getByRole('textbox', { name: 'Private IP' }).fill('300.1.1.1')
    await activate(form.getByRole('button', { name: 'Add network interface' }))
    await expect(form.getByText('Choose a VPC').first()).toBeVisible()
    await expect(form.getByText('Not a valid IP address').first()).toBeVisible()
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('net0')
    await expectAccessible(page)
    await activate(form.getByRole('button', { name: 'Cancel' }))
    await expect(form).toHaveCount(0)

    await addNic(page, 'net0')
    await expect(
      nicTable(page).getByRole('row').filter({ hasText: 'net0' }).getByText('primary'),
    ).toBeVisible()
    await addNic(page, 'net1')

    // Edit: the new name replaces the old in the table.
    await openMenu(page, 'net1')
    await pick(page, 'Edit', 0)
    const edit = page.getByRole('dialog', { name: 'Edit network interface' })
    await edit.getByRole('textbox', { name: 'Name' }).fill('net1-renamed')
    await edit.getByRole('textbox', { name: 'Description' }).fill('the second one')
    await activate(edit.getByRole('button', { name: 'Save' }))
    await expect(edit).toHaveCount(0)
    await expect(nicTable(page).getByRole('cell', { name: 'net1-renamed', exact: true })).toBeVisible()
    await expect(nicTable(page).getByRole('cell', { name: 'net1', exact: true })).toHaveCount(0)

    // Make primary: refused on the primary one with its reason, done on the other.
    await openMenu(page, 'net0')
    await expectRefused(item(page, 'Make primary'), 'This is already the primary interface')
    await closeMenu(page)
    await openMenu(page, 'net1-renamed')
    await pick(page, 'Make primary', 1)
    await expect(
      nicTable(page).getByRole('row').filter({ hasText: 'net1-renamed' }).getByText('primary'),
    ).toBeVisible()
    await expect(
      nicTable(page).getByRole('row').filter({ hasText: 'net0' }).getByText('primary'),
    ).toHaveCount(0)

    // Deleting the primary while another remains: the server's message, and the interface stays.
    // The menu refuses every write while make-primary is still settling on the instance's machine:
    // Delete is picked once it is allowed (the open menu follows the machine).
    await openMenu(page, 'net1-renamed')
    await expect(item(page, 'Delete')).not.toHaveAttribute('aria-disabled', 'true')
    await pick(page, 'Delete', 2)
    let confirm = page.getByRole('alertdialog', { name: 'Delete network interface' })
    await activate(confirm.getByRole('button', { name: 'Delete' }))
    await expect(
      page.getByText(
        'The primary interface for an instance may not be deleted while secondary interfaces are still attached',
      ),
    ).toBeVisible()
    await expect(confirm).toHaveCount(0)
    await expect(nicTable(page).getByRole('cell', { name: 'net1-renamed', exact: true })).toBeVisible()

    // The secondary goes (once the refused delete has settled).
    await openMenu(page, 'net0')
    await expect(item(page, 'Delete')).not.toHaveAttribute('aria-disabled', 'true')
    await pick(page, 'Delete', 2)
    confirm = page.getByRole('alertdialog', { name: 'Delete network interface' })
    await activate(confirm.getByRole('button', { name: 'Delete' }))
    await expect(confirm).toHaveCount(0)
    await expect(nicTable(page).getByRole('cell', { name: 'net0', exact: true })).toHaveCount(0)
    await expect(nicTable(page).getByRole('cell', { name: 'net1-renamed', exact: true })).toBeVisible()
  })

  test('transit IPs: added and removed in the edit form, shown in the table, sent to the API', async ({
    page,
  }) => {
    // Many round trips, each with the mock's 200-400 ms delay, plus an axe run.
    test.slow()
    const name = unique('nw-transit')
    await createInstance(page.request, name, { start: false, description: 'e2e transit IPs' })
    const created = await page.request.post(`/v1/network-interfaces?project=${PROJECT}&instance=${name}`, {
      data: { name: 'tnet0', description: 'transit', vpc_name: 'mock-vpc', subnet_name: 'mock-subnet' },
    })
    expect(created.status(), await created.text()).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const transitOf = async (nicId: string) => {
      const res = await page.request.get(`/v1/network-interfaces/${nicId}`)
      expect(res.status()).toBe(200)
      const { ip_stack: s } = (await res.json()) as {
        ip_stack: { type: string; value: { v4: { transit_ips: string[] }; v6: { transit_ips: string[] } } }
      }
      expect(s.type).toBe('dual_stack')
      return { v4: s.value.v4.transit_ips, v6: s.value.v6.transit_ips }
    }

    await page.goto(`/projects/${PROJECT}/instances/${name}/networking`)
    const row = nicTable(page)
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'tnet0' }) })
    await expect(nicTable(page).getByRole('columnheader', { name: 'Transit IPs' })).toBeVisible()
    // No transit IPs: a dash, read as "None".
    await expect(row.getByRole('cell', { name: 'None', exact: true })).toBeVisible()

    await openMenu(page, 'tnet0')
    await pick(page, 'Edit', 0)
    const edit = page.getByRole('dialog', { name: 'Edit network interface' })
    const network = edit.getByRole('textbox', { name: 'Transit IP network' })
    const added = edit.getByRole('list', { name: 'Transit IPs added' })
    await edit.getByRole('textbox', { name: 'Description' }).fill('with transit')
    await network.fill('192.168.50.0/24')
    await activate(edit.getByRole('button', { name: 'Add transit IP' }))
    await expect(added.getByRole('listitem')).toHaveText(['192.168.50.0/24×'])
    await expect(network).toHaveValue('')
    // Enter in the field adds the network (it does not send the form).
    await network.fill('fd12:3456::/64')
    await network.press('Enter')
    await expect(added.getByRole('listitem')).toHaveCount(2)
    await expect(edit).toBeVisible()

    // Refused networks: spec 5's message on the field; a listed one is refused too.
    await network.fill('10.0.0.1/33')
    await activate(edit.getByRole('button', { name: 'Add transit IP' }))
    await expect(network).toHaveAccessibleDescription('Max width for IPv4 is 32')
    await expect(network).toHaveAttribute('aria-invalid', 'true')
    await network.fill('192.168.50.0/24')
    await activate(edit.getByRole('button', { name: 'Add transit IP' }))
    await expect(network).toHaveAccessibleDescription('This network is already in the list')
    await network.fill('nonsense')
    await activate(edit.getByRole('button', { name: 'Add transit IP' }))
    await expect(network).toHaveAccessibleDescription(
      'Must contain an IP address and a width, separated by a /',
    )
    await expect(added.getByRole('listitem')).toHaveCount(2)
    await expectAccessible(page)
    // A submit with a refused network stops on it and keeps every other value.
    await activate(edit.getByRole('button', { name: 'Save' }))
    await expect(network).toBeFocused()
    await expect(network).toHaveAccessibleDescription(
      'Must contain an IP address and a width, separated by a /',
    )
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue('tnet0')
    await expect(edit.getByRole('textbox', { name: 'Description' })).toHaveValue('with transit')
    await expect(network).toHaveValue('nonsense')
    await expect(added.getByRole('listitem')).toHaveText(['192.168.50.0/24×', 'fd12:3456::/64×'])
    expect(await transitOf(id)).toEqual({ v4: [], v6: [] })

    await network.fill('')
    await activate(edit.getByRole('button', { name: 'Save' }))
    await expect(edit).toHaveCount(0)
    const transitCell = row.getByRole('cell', { name: /192\.168\.50\.0\/24/ })
    await expect(transitCell).toHaveText('192.168.50.0/24fd12:3456::/64')
    await expect(transitCell.getByText('192.168.50.0/24', { exact: true })).toBeVisible()
    await expect(transitCell.getByText('fd12:3456::/64', { exact: true })).toBeVisible()
    expect(await transitOf(id)).toEqual({ v4: ['192.168.50.0/24'], v6: ['fd12:3456::/64'] })

    // Removing one: the other stays, here and in the API (once the save has settled on the machine).
    await openMenu(page, 'tnet0')
    await expect(item(page, 'Edit')).not.toHaveAttribute('aria-disabled', 'true')
    await pick(page, 'Edit', 0)
    await expect(added.getByRole('listitem')).toHaveCount(2)
    await activate(edit.getByRole('button', { name: 'Remove 192.168.50.0/24' }))
    await expect(added.getByRole('listitem')).toHaveText(['fd12:3456::/64×'])
    await activate(edit.getByRole('button', { name: 'Save' }))
    await expect(edit).toHaveCount(0)
    await expect(row.getByText('192.168.50.0/24')).toHaveCount(0)
    await expect(row.getByText('fd12:3456::/64', { exact: true })).toBeVisible()
    expect(await transitOf(id)).toEqual({ v4: [], v6: ['fd12:3456::/64'] })

    // The add form takes transit IPs too: each goes to the stack of its version.
    await expect(page.getByRole('button', { name: 'Add network interface' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await activate(page.getByRole('button', { name: 'Add network interface' }))
    const add = page.getByRole('dialog', { name: 'Add network interface' })
    await add.getByRole('textbox', { name: 'Name' }).fill('tnet1')
    await add.getByRole('combobox', { name: 'VPC' }).selectOption('mock-vpc')
    await add.getByRole('combobox', { name: 'Subnet' }).selectOption('mock-subnet')
    await add.getByRole('textbox', { name: 'Transit IP network' }).fill('10.20.0.0/16')
    await activate(add.getByRole('button', { name: 'Add transit IP' }))
    await expect(add.getByRole('list', { name: 'Transit IPs added' }).getByRole('listitem')).toHaveCount(1)
    await activate(add.getByRole('button', { name: 'Add network interface' }))
    await expect(add).toHaveCount(0)
    const second = nicTable(page)
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'tnet1' }) })
    await expect(second.getByText('10.20.0.0/16', { exact: true })).toBeVisible()
    const list = await page.request.get(`/v1/network-interfaces?project=${PROJECT}&instance=${name}`)
    const nics = ((await list.json()) as { items: { id: string; name: string }[] }).items
    const tnet1 = nics.find((n) => n.name === 'tnet1')
    expect(tnet1).toBeDefined()
    expect(await transitOf(tnet1?.id ?? '')).toEqual({ v4: ['10.20.0.0/16'], v6: [] })
  })

  test('a running instance: interface changes refused with the machine reason; an ephemeral IP attached and detached', async ({
    page,
  }) => {
    test.slow()
    const name = unique('nw-run')
    await createInstance(page.request, name, { start: true, description: 'e2e networking running' })
    await page.goto(`/projects/${PROJECT}/instances/${name}/networking`)
    await expectRefused(page.getByRole('button', { name: 'Add network interface' }), NIC_REFUSAL)

    // db1 is running and has interfaces: every row action carries the machine's reason (read only).
    await page.goto(`${DB1}/networking`)
    await expect(nicTable(page).getByRole('cell', { name: 'net1', exact: true })).toBeVisible()
    await openMenu(page, 'net1')
    for (const label of ['Edit', 'Make primary', 'Delete'])
      await expectRefused(item(page, label), NIC_REFUSAL)
    await closeMenu(page)

    await page.goto(`/projects/${PROJECT}/instances/${name}/networking`)
    await activate(page.getByRole('button', { name: 'Attach ephemeral IP' }))
    const form = page.getByRole('dialog', { name: 'Attach ephemeral IP' })
    await form.getByRole('combobox', { name: 'IP pool' }).selectOption('ip-pool-2')
    await activate(form.getByRole('button', { name: 'Attach' }))
    await expect(form).toHaveCount(0)
    const ephemeral = ipTable(page)
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'ephemeral', exact: true }) })
    const row = ephemeral.filter({ has: page.getByRole('cell', { name: 'ip-pool-2', exact: true }) })
    await expect(row).toBeVisible()
    // One of each version: holding an IPv4 one, the form offers IPv6 pools only.
    await activate(page.getByRole('button', { name: 'Attach ephemeral IP' }))
    const pools = form.getByRole('combobox', { name: 'IP pool' })
    await expect(pools.getByRole('option', { name: /^ip-pool-3 \(IPv6/ })).toBeAttached()
    await expect(pools.getByRole('option', { name: /IPv4/ })).toHaveCount(0)
    await pools.selectOption('ip-pool-3')
    await activate(form.getByRole('button', { name: 'Attach' }))
    await expect(form).toHaveCount(0)
    await expect(ephemeral).toHaveCount(2)
    await expectRefused(
      page.getByRole('button', { name: 'Attach ephemeral IP' }),
      'This instance already has an ephemeral IPv4 and IPv6 address',
    )

    // Detaching names the version: the IPv6 one stays.
    await openMenu(page, row)
    await pick(page, 'Detach', 0)
    const confirm = page.getByRole('alertdialog', { name: /^Detach ephemeral IP / })
    await activate(confirm.getByRole('button', { name: 'Detach' }))
    await expect(confirm).toHaveCount(0)
    await expect(row).toHaveCount(0)
    await expect(ephemeral.getByRole('cell', { name: 'ip-pool-3', exact: true })).toBeVisible()
    await openMenu(page, ephemeral)
    await pick(page, 'Detach', 0)
    await activate(confirm.getByRole('button', { name: 'Detach' }))
    await expect(ephemeral).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Attach ephemeral IP' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await page.request.post(`/v1/instances/${name}/stop?project=${PROJECT}`)
  })

  test('settings: the auto-restart policy changes; anti-affinity membership is added and removed', async ({
    page,
  }) => {
    test.slow()
    const name = unique('nw-set')
    await createInstance(page.request, name, { start: false, description: 'e2e settings' })
    await page.goto(`/projects/${PROJECT}/instances/${name}/settings`)
    const policy = page.getByRole('tabpanel').getByRole('definition').first()
    await expect(policy).toHaveText(/^Default/)

    await activate(page.getByRole('button', { name: 'Change auto-restart policy' }))
    const form = page.getByRole('dialog', { name: 'Auto-restart policy' })
    await form.getByRole('combobox', { name: 'Policy' }).selectOption({ label: 'Never' })
    await activate(form.getByRole('button', { name: 'Save' }))
    await expect(form).toHaveCount(0)
    await expect(policy).toHaveText('Never')

    await expect(page.getByRole('heading', { name: 'No anti-affinity groups' })).toBeVisible()
    await activate(page.getByRole('button', { name: 'Add to group' }))
    const join = page.getByRole('dialog', { name: 'Add to anti-affinity group' })
    await join
      .getByRole('combobox', { name: 'Anti-affinity group' })
      .selectOption({ label: 'oil-water (fail)' })
    await activate(join.getByRole('button', { name: 'Add to group' }))
    await expect(join).toHaveCount(0)
    await expect(groupTable(page).getByRole('cell', { name: 'oil-water', exact: true })).toBeVisible()

    await openMenu(page, 'oil-water')
    await pick(page, 'Remove', 0)
    const confirm = page.getByRole('alertdialog', { name: 'Remove from oil-water' })
    await activate(confirm.getByRole('button', { name: 'Remove' }))
    await expect(confirm).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'No anti-affinity groups' })).toBeVisible()
  })

  test('joining a group on a running instance is refused with the machine reason', async ({ page }) => {
    await page.goto(`${DB1}/settings`)
    await expectRefused(
      page.getByRole('button', { name: 'Add to group' }),
      'Only a stopped instance can be added to an affinity group',
    )
    // The policy may change in any state.
    await expect(page.getByRole('button', { name: 'Change auto-restart policy' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    )
  })

  test('a silo viewer sees every write action on both tabs disabled with the role reason', async ({
    page,
  }) => {
    await login(page, 'silo-viewer')
    await page.goto(`${DB1}/networking`)
    await expect(nicTable(page).getByRole('cell', { name: 'net1', exact: true })).toBeVisible()
    for (const label of ['Add network interface', 'Attach ephemeral IP', 'Attach floating IP'])
      await expectRefused(page.getByRole('button', { name: label }), NETWORKING_ROLE)
    await openMenu(page, 'net1')
    for (const label of ['Edit', 'Make primary', 'Delete'])
      await expectRefused(item(page, label), NETWORKING_ROLE)
    await closeMenu(page)
    await openMenu(page, '192.0.2.10')
    await expectRefused(item(page, 'Detach'), NETWORKING_ROLE)
    await closeMenu(page)

    await page.getByRole('tab', { name: 'Settings' }).click()
    await expect(groupTable(page).getByRole('cell', { name: 'romulus-remus', exact: true })).toBeVisible()
    for (const label of ['Change auto-restart policy', 'Add to group'])
      await expectRefused(page.getByRole('button', { name: label }), SETTINGS_ROLE)
    await openMenu(page, 'romulus-remus')
    await expectRefused(item(page, 'Remove'), SETTINGS_ROLE)
  })

  test(
    'offline, both tabs paint from the cache and their actions say "You are offline"',
    SW,
    async ({ page, context }) => {
      test.slow()
      await page.goto(`${DB1}/settings`)
      await expect(groupTable(page).getByRole('cell', { name: 'romulus-remus', exact: true })).toBeVisible()
      await page.getByRole('tab', { name: 'Networking' }).click()
      await expect(nicTable(page).getByRole('cell', { name: 'net1', exact: true })).toBeVisible()
      await expect(ipTable(page).getByRole('cell', { name: /^192\.0\.2\.10/ })).toBeVisible()
      await waitForServiceWorker(page)

      await context.setOffline(true)
      try {
        await page.reload()
        await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()
        await expect(nicTable(page).getByRole('cell', { name: 'net1', exact: true })).toBeVisible()
        await expect(ipTable(page).getByRole('cell', { name: /^192\.0\.2\.10/ })).toBeVisible()
        for (const label of ['Add network interface', 'Attach ephemeral IP', 'Attach floating IP'])
          await expectRefused(page.getByRole('button', { name: label }), 'You are offline')
        await openMenu(page, 'net1')
        await expectRefused(item(page, 'Delete'), 'You are offline')
        await closeMenu(page)

        await page.getByRole('tab', { name: 'Settings' }).click()
        await expect(groupTable(page).getByRole('cell', { name: 'romulus-remus', exact: true })).toBeVisible()
        for (const label of ['Change auto-restart policy', 'Add to group'])
          await expectRefused(page.getByRole('button', { name: label }), 'You are offline')
        await openMenu(page, 'romulus-remus')
        await expectRefused(item(page, 'Remove'), 'You are offline')
      } finally {
        await context.setOffline(false)
      }
    },
  )
})
