// @vitest-environment jsdom
import './test-helpers'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ActionMenu } from './ActionMenu'

afterEach(cleanup)

async function openMenu(label = 'Row actions') {
  const trigger = screen.getByRole('button', { name: label })
  act(() => {
    trigger.focus()
    fireEvent.keyDown(trigger, { key: 'Enter' })
  })
  await screen.findByRole('menu')
  // Keyboard opening highlights the first item once the menu has settled.
  await waitFor(() => expect(screen.getAllByRole('menuitem')[0]?.hasAttribute('data-highlighted')).toBe(true))
  return trigger
}

describe('ActionMenu', () => {
  it('runs an enabled item and closes', async () => {
    const onStop = vi.fn()
    render(<ActionMenu items={[{ label: 'Stop', onSelect: onStop }]} />)
    await openMenu()
    fireEvent.click(screen.getByRole('menuitem', { name: 'Stop' }))
    await waitFor(() => expect(onStop).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  })

  it('keeps a disabled item listed, aria-disabled, inert, with its reason as description', async () => {
    const onDelete = vi.fn()
    const onCopy = vi.fn()
    render(
      <ActionMenu
        label="Actions for db-1"
        items={[
          { label: 'Copy ID', onSelect: onCopy },
          { label: 'Delete', onSelect: onDelete, danger: true, disabledReason: 'Stop the instance first' },
        ]}
      />,
    )
    await openMenu('Actions for db-1')
    const del = screen.getByRole('menuitem', { name: 'Delete' })
    expect(del.getAttribute('aria-disabled')).toBe('true')
    const describedBy = del.getAttribute('aria-describedby')
    expect(describedBy).toBeTruthy()
    expect(document.getElementById(describedBy!)?.textContent).toBe('Stop the instance first')
    fireEvent.click(del)
    // Give an (erroneous) selection the same time the enabled case needs to land.
    await new Promise((r) => setTimeout(r, 100))
    expect(onDelete).not.toHaveBeenCalled()
    // The menu stays open after clicking an unavailable item.
    expect(screen.getByRole('menu')).toBeTruthy()
    const copy = screen.getByRole('menuitem', { name: 'Copy ID' })
    expect(copy.hasAttribute('aria-disabled')).toBe(false)
    expect(copy.hasAttribute('aria-describedby')).toBe(false)
  })

  it('reaches a disabled item by keyboard and shows the reason tooltip after 250 ms', async () => {
    render(
      <ActionMenu
        items={[
          { label: 'Start', onSelect: () => {} },
          { label: 'Delete', onSelect: () => {}, disabledReason: 'Stop the instance first' },
        ]}
      />,
    )
    await openMenu()
    const menu = screen.getByRole('menu')
    // Enter opens with the first item highlighted; ArrowDown moves to the disabled one.
    act(() => {
      fireEvent.keyDown(menu, { key: 'ArrowDown' })
    })
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Delete' }).hasAttribute('data-highlighted')).toBe(true),
    )
    expect(screen.queryByRole('tooltip')).toBeNull()
    const tip = await screen.findByRole('tooltip', {}, { timeout: 1000 })
    expect(tip.textContent).toBe('Stop the instance first')
  })
})
