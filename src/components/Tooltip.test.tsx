// @vitest-environment jsdom
import './test-helpers'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { TOOLTIP_OPEN_DELAY_MS, Tooltip } from './Tooltip'

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
})
