import { expect, type Page, test } from '@playwright/test'
import { createInstance, expectAccessible, holdTransitions, login } from './helpers'

const PROJECT = 'mock-project'

test('stopping from the list shows stopping, then stopped, and the actions follow the state, without a reload', async ({
  page,
}) => {
  // Many round trips, each with the mock's 200-400 ms delay, plus an axe run: generous under load.
  test.slow()
  await login(page)
  const name = `aa-stop-${Math.random().toString(16).slice(2, 8)}`
  const id = await createInstance(page.request, name, { start: true, description: 'e2e stop test' })

  await page.goto(`/projects/${PROJECT}/instances`)
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row.getByText('running', { exact: true })).toBeVisible()
  await expectAccessible(page)

  const actions = row.getByRole('button', { name: `Actions for ${name}` })
  const item = (label: string) => page.getByRole('menuitem', { name: label, exact: true })
  // Running: Stop is offered, Start is not.
  await actions.click()
  await expect(item('Stop')).toBeEnabled()
  await expect(item('Start')).toBeDisabled()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)

  // Count navigations: the state must change in place.
  let navigations = 0
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations++
  })

  // Held, the instance stays stopping until released: the test never races the mock's timer.
  await holdTransitions(page.request, [id], true)
  try {
    await actions.click()
    await item('Stop').click()
    const dialog = page.getByRole('alertdialog', { name: `Stop ${name}` })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Stop' }).click()
    await expect(dialog).toHaveCount(0)

    await expect(row.getByText('stopping', { exact: true })).toBeVisible()
    // Stopping: neither Start nor Stop (the machine decides, with a reason).
    await actions.click()
    await expect(item('Start')).toBeDisabled()
    await expect(item('Stop')).toBeDisabled()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toHaveCount(0)
  } finally {
    await holdTransitions(page.request, [id], false)
  }

  // Released: the row's own polling sees stopped.
  await expect(row.getByText('stopped', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(row.getByText('stopping', { exact: true })).toHaveCount(0)
  expect(navigations).toBe(0)

  // Stopped: Start is offered again, Stop is not.
  await actions.click()
  await expect(item('Start')).toBeEnabled()
  await expect(item('Stop')).toBeDisabled()
  await page.keyboard.press('Escape')

  await page.request.delete(`/v1/instances/${id}`)
})

test.describe('resize and serial console from the list', () => {
  const item = (page: Page, label: string) => page.getByRole('menuitem', { name: label, exact: true })

  test('resize a stopped row, shown in the row; a running row refuses with the machine; Serial console opens the console', async ({
    page,
  }) => {
    test.slow()
    await login(page)
    const suffix = Math.random().toString(16).slice(2, 8)
    // `aa-` keeps them on the list's first page (sorted by name).
    const stopped = `aa-resize-${suffix}`
    const running = `aa-running-${suffix}`
    const [stoppedId, runningId] = await Promise.all([
      createInstance(page.request, stopped, { start: false, description: 'e2e list resize' }),
      createInstance(page.request, running, { start: true, description: 'e2e list resize' }),
    ])
    try {
      await page.goto(`/projects/${PROJECT}/instances`)
      const runningRow = page.getByRole('row').filter({ hasText: running })
      await expect(runningRow.getByText('running', { exact: true })).toBeVisible()

      // The row's menu, in order; a running instance is refused the resize by its machine, with the
      // reason the instance page gives.
      await runningRow.getByRole('button', { name: `Actions for ${running}` }).click()
      await expect(page.getByRole('menuitem')).toHaveText([
        'Start',
        'Stop',
        'Reboot',
        'Resize',
        'Serial console',
        'Copy ID',
        'Delete',
      ])
      await expect(item(page, 'Resize')).toHaveAttribute('aria-disabled', 'true')
      await expect(item(page, 'Resize')).toHaveAccessibleDescription(
        'Only a stopped, failed or creating instance can be resized',
      )
      await expect(item(page, 'Serial console')).not.toHaveAttribute('aria-disabled', 'true')
      // Chosen anyway (aria-disabled is not enforced by the browser), it opens nothing.
      await item(page, 'Resize').click({ force: true })
      await expect(page.getByRole('dialog', { name: 'Resize instance' })).toHaveCount(0)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('menu')).toHaveCount(0)

      // A stopped instance: the resize form of the instance page, prefilled with what it has.
      const row = page.getByRole('row').filter({ hasText: stopped })
      await expect(row.getByText('stopped', { exact: true })).toBeVisible()
      await expect(row.getByRole('cell', { name: '1 GiB', exact: true })).toBeVisible()
      await row.getByRole('button', { name: `Actions for ${stopped}` }).click()
      await expect(item(page, 'Resize')).not.toHaveAttribute('aria-disabled', 'true')
      await item(page, 'Resize').click()
      const dialog = page.getByRole('dialog', { name: 'Resize instance' })
      await expect(dialog.getByText(stopped, { exact: true })).toBeVisible()
      const vcpus = dialog.getByRole('spinbutton', { name: 'vCPUs' })
      const memory = dialog.getByRole('spinbutton', { name: 'Memory (GiB)' })
      await expect(vcpus).toHaveValue('1')
      await expect(memory).toHaveValue('1')
      await vcpus.fill('3')
      await memory.fill('6')
      await dialog.getByRole('button', { name: 'Resize' }).click()
      await expect(dialog).toHaveCount(0)
      // The answer lands in the list's cache: the row shows the new size without a reload.
      await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible()
      await expect(row.getByRole('cell', { name: '6 GiB', exact: true })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: `Instance ${stopped} resized` })).toBeVisible()

      // Serial console: the instance's console page (not a write, so offered whatever the state).
      await row.getByRole('button', { name: `Actions for ${stopped}` }).click()
      await item(page, 'Serial console').click()
      await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/instances/${stopped}/serial-console$`))
      await expect(page.getByRole('heading', { level: 1, name: 'Serial console' })).toBeVisible()
    } finally {
      await page.request.delete(`/v1/instances/${stoppedId}`)
      // A running instance is deleted once stopped.
      await page.request.post(`/v1/instances/${runningId}/stop`)
      await expect
        .poll(
          async () =>
            ((await (await page.request.get(`/v1/instances/${runningId}`)).json()) as { run_state: string })
              .run_state,
          { timeout: 20_000, intervals: [500] },
        )
        .toBe('stopped')
      await page.request.delete(`/v1/instances/${runningId}`)
    }
  })

  test('a silo viewer is refused the resize by its role; the serial console stays offered', async ({
    page,
  }) => {
    await login(page, 'silo-viewer')
    await page.goto(`/projects/${PROJECT}/instances`)
    // A seeded instance, only looked at.
    await page.getByRole('button', { name: 'Actions for db1' }).click()
    await expect(item(page, 'Resize')).toHaveAttribute('aria-disabled', 'true')
    await expect(item(page, 'Resize')).toHaveAccessibleDescription(
      'Your role does not allow this: managing instances needs the limited collaborator role or stronger',
    )
    await expect(item(page, 'Serial console')).not.toHaveAttribute('aria-disabled', 'true')
    await item(page, 'Serial console').click()
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/instances/db1/serial-console$`))
  })
})
