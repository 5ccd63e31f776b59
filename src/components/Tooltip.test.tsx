// @vitest-environment jsdom
import './test-helpers'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { placeTooltip, TOOLTIP_OPEN_DELAY_MS, Tooltip } from './Tooltip'

afterEach(cleanup)

const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)))

describe('Tooltip', () => {
  it('opens on hover only after the 250 ms delay (spec 9)', async () => {
    expect(TOOLTIP_OPEN_DELAY_MS).toBe(250)
    render(
      <Tooltip content="Instance ID">
        <button type="button">Info</button>
      </Tooltip>,
    )
    const btn = screen.getByRole('button', { name: 'Info' })
    fireEvent.pointerMove(btn, { pointerType: 'mouse' })
    await wait(150)
    expect(screen.queryByRole('tooltip')).toBeNull()
    await wait(200)
    expect(screen.getByRole('tooltip').textContent).toBe('Instance ID')
    expect(btn.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id)
  })

  it('closes on Escape and on leaving the trigger', async () => {
    render(
      <Tooltip content="Why not">
        <button type="button">Go</button>
      </Tooltip>,
    )
    const btn = screen.getByRole('button', { name: 'Go' })
    fireEvent.pointerEnter(btn, { pointerType: 'mouse' })
    // Moving over the trigger does not restart the delay.
    await wait(150)
    fireEvent.pointerMove(btn, { pointerType: 'mouse' })
    await wait(150)
    expect(screen.getByRole('tooltip').textContent).toBe('Why not')
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('tooltip')).toBeNull()
    fireEvent.pointerMove(btn, { pointerType: 'mouse' })
    await wait(300)
    expect(screen.getByRole('tooltip')).toBeTruthy()
    fireEvent.pointerLeave(btn, { pointerType: 'mouse' })
    await wait(150)
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('a disabled tooltip never opens; a controlled one follows `open`', async () => {
    const { rerender } = render(
      <Tooltip content="Reason" disabled>
        <button type="button">Go</button>
      </Tooltip>,
    )
    fireEvent.pointerMove(screen.getByRole('button'), { pointerType: 'mouse' })
    await wait(300)
    expect(screen.queryByRole('tooltip')).toBeNull()
    rerender(
      <Tooltip content="Reason" open>
        <button type="button">Go</button>
      </Tooltip>,
    )
    expect(screen.getByRole('tooltip').textContent).toBe('Reason')
  })
})

describe('placeTooltip', () => {
  const view = { width: 1000, height: 800 }
  const tip = { width: 100, height: 20 }
  const trigger = { top: 400, left: 450, width: 100, height: 30 }

  it('centres the tooltip above its trigger, 6 px away', () => {
    expect(placeTooltip(trigger, tip, view, 'top')).toEqual({ top: 374, left: 450 })
    expect(placeTooltip(trigger, tip, view, 'left')).toEqual({ top: 405, left: 344 })
  })

  it('flips to the other side when there is no room, and stays inside the window', () => {
    const atTop = { ...trigger, top: 5 }
    expect(placeTooltip(atTop, tip, view, 'top')).toEqual({ top: 41, left: 450 })
    const atRightEdge = { ...trigger, left: 960, width: 30 }
    expect(placeTooltip(atRightEdge, tip, view, 'top').left).toBe(896)
  })
})
