import { expect, test } from '@playwright/test'
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
