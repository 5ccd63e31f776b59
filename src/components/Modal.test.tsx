// @vitest-environment jsdom
import './test-helpers'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Modal, openerOf } from './Modal'

afterEach(cleanup)

function Harness({ onAction }: { onAction: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onDismiss={() => setOpen(false)}
        title="Rename"
        width="narrow"
        actionLabel="Save"
        onAction={onAction}
      >
        <input aria-label="New name" />
      </Modal>
    </>
  )
}

describe('Modal', () => {
  it('opens as a named dialog, moves focus in, closes on Escape and restores focus', async () => {
    const onAction = vi.fn()
    render(<Harness onAction={onAction} />)
    const opener = screen.getByRole('button', { name: 'Open' })
    act(() => opener.focus())
    fireEvent.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'Rename' })
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(onAction).toHaveBeenCalledTimes(1)
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('narrow width uses the 24rem token, and Cancel and the close button dismiss', async () => {
    const onDismiss = vi.fn()
    render(
      <Modal open onDismiss={onDismiss} title="Info" width="narrow">
        Body
      </Modal>,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Info' })
    expect(dialog.className).toContain('w_modalNarrow')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(onDismiss).toHaveBeenCalledTimes(2))
  })
})

describe('openerOf', () => {
  it("gives a menu item's menu trigger (the item goes with its menu), any other element itself", () => {
    document.body.innerHTML = `
      <button id="trigger" aria-controls="menu-1">Actions for db1</button>
      <div role="menu" id="menu-1"><div role="menuitem" tabindex="-1" id="item">Edit</div></div>
      <div role="menu"><div role="menuitem" tabindex="-1" id="orphan">Edit</div></div>
      <button id="plain">New</button>`
    const byId = (id: string) => document.getElementById(id)
    expect(openerOf(byId('item'))).toBe(byId('trigger'))
    expect(openerOf(byId('plain'))).toBe(byId('plain'))
    // A menu without an id (no trigger to find): the item itself.
    expect(openerOf(byId('orphan'))).toBe(byId('orphan'))
    expect(openerOf(document.body)).toBeNull()
    expect(openerOf(null)).toBeNull()
    document.body.innerHTML = ''
  })
})
