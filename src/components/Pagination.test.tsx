// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { S } from '../strings'
import { Pagination } from './Pagination'

afterEach(cleanup)

function setup(over: Partial<Parameters<typeof Pagination>[0]> = {}) {
  const props = {
    pageSize: 50,
    onPageSizeChange: vi.fn(),
    hasPrev: false,
    hasNext: true,
    onPrev: vi.fn(),
    onNext: vi.fn(),
    ...over,
  }
  render(<Pagination {...props} />)
  return props
}

describe('Pagination', () => {
  it('labels the page-size select with the spec text and reports changes', () => {
    const p = setup()
    const select = screen.getByLabelText(S.rowsPerPage) as HTMLSelectElement
    expect(select.value).toBe('50')
    fireEvent.change(select, { target: { value: '25' } })
    expect(p.onPageSizeChange).toHaveBeenCalledWith(25)
  })

  it('disables Previous on the first page and Next on the last', () => {
    const p = setup({ hasPrev: false, hasNext: true })
    const prev = screen.getByRole('button', { name: S.previous }) as HTMLButtonElement
    const next = screen.getByRole('button', { name: S.next }) as HTMLButtonElement
    expect(prev.disabled).toBe(true)
    expect(next.disabled).toBe(false)
    fireEvent.click(prev)
    expect(p.onPrev).not.toHaveBeenCalled()
    fireEvent.click(next)
    expect(p.onNext).toHaveBeenCalledTimes(1)
  })

  it('enables Previous and disables Next on the last page', () => {
    const p = setup({ hasPrev: true, hasNext: false })
    expect((screen.getByRole('button', { name: S.previous }) as HTMLButtonElement).disabled).toBe(false)
    expect((screen.getByRole('button', { name: S.next }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: S.previous }))
    expect(p.onPrev).toHaveBeenCalledTimes(1)
  })

  it('keeps an unusual current page size selectable and shows the summary', () => {
    setup({ pageSize: 7, summary: '1-7 of 9' })
    expect((screen.getByLabelText(S.rowsPerPage) as HTMLSelectElement).value).toBe('7')
    expect(screen.getByText('1-7 of 9')).toBeTruthy()
  })
})
