// @vitest-environment jsdom
import './test-helpers'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RowMenu } from './RowMenu'

afterEach(cleanup)

describe('RowMenu', () => {
  it('renders a plain button and asks for no items until it is opened', () => {
    const items = vi.fn(() => [{ label: 'Stop', onSelect: () => {} }])
    render(<RowMenu of="db1" items={items} />)
    const trigger = screen.getByRole('button', { name: 'Actions for db1' })
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(items).not.toHaveBeenCalled()
  })

  it('opens with Enter, highlights and focuses the first item, and keeps disabled reasons', async () => {
    const onStop = vi.fn()
    render(
      <RowMenu
        of="db1"
        items={() => [
          { label: 'Start', onSelect: () => {}, disabledReason: 'Only a stopped instance can be started' },
          { label: 'Stop', onSelect: onStop },
        ]}
      />,
    )
    const trigger = screen.getByRole('button', { name: 'Actions for db1' })
    act(() => {
      trigger.focus()
      fireEvent.keyDown(trigger, { key: 'Enter' })
    })
    await screen.findByRole('menu')
    const first = screen.getAllByRole('menuitem')[0]!
    await waitFor(() => expect(first.hasAttribute('data-highlighted')).toBe(true))
    await waitFor(() => expect(screen.getByRole('menu').contains(document.activeElement)).toBe(true))
    const describedBy = first.getAttribute('aria-describedby')
    expect(document.getElementById(describedBy!)?.textContent).toBe('Only a stopped instance can be started')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Stop' }))
    await waitFor(() => expect(onStop).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    // Closing gives focus back to the row's trigger.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for db1' })),
    )
  })

  it('opens on a click without highlighting an item', async () => {
    render(<RowMenu of="db1" items={() => [{ label: 'Copy ID', onSelect: () => {} }]} />)
    fireEvent.click(screen.getByRole('button', { name: 'Actions for db1' }), { detail: 1 })
    await screen.findByRole('menu')
    expect(screen.getByRole('menuitem', { name: 'Copy ID' }).hasAttribute('data-highlighted')).toBe(false)
  })
})
