import { describe, expect, it } from 'vitest'
import { availableHeight, cellSize, fitGrid, MIN_COLS, MIN_ROWS, SCROLLBAR_WIDTH } from './serial-fit'

describe('fitGrid', () => {
  it('fits whole cells into the box, leaving the scrollbar its width', () => {
    // 800 px less the 14 px scrollbar is 786 px: 87 cells of 9 px (783 px), not 88.
    expect(fitGrid({ width: 800, height: 340 }, { width: 9, height: 17 })).toEqual({ cols: 87, rows: 20 })
    expect(SCROLLBAR_WIDTH).toBe(14)
  })

  it('counts only complete cells (a partial row or column would be cut off)', () => {
    const cell = { width: 9, height: 17 }
    expect(fitGrid({ width: SCROLLBAR_WIDTH + 80 * 9, height: 24 * 17 }, cell)).toEqual({
      cols: 80,
      rows: 24,
    })
    expect(fitGrid({ width: SCROLLBAR_WIDTH + 80 * 9 - 1, height: 24 * 17 - 1 }, cell)).toEqual({
      cols: 79,
      rows: 23,
    })
  })

  it('honours fractional cell sizes from high-DPI measurements', () => {
    expect(fitGrid({ width: 614, height: 300 }, { width: 7.5, height: 15.25 }, 14)).toEqual({
      cols: 80,
      rows: 19,
    })
  })

  it('never goes below the minimum grid in a tiny box', () => {
    expect(fitGrid({ width: 30, height: 10 }, { width: 9, height: 17 })).toEqual({
      cols: MIN_COLS,
      rows: MIN_ROWS,
    })
  })

  it('says nothing fits while the box or the cell is not measurable', () => {
    expect(fitGrid({ width: 0, height: 300 }, { width: 9, height: 17 })).toBeNull()
    expect(fitGrid({ width: 800, height: 300 }, { width: 0, height: 17 })).toBeNull()
    expect(fitGrid({ width: 800, height: 300 }, { width: Number.NaN, height: 17 })).toBeNull()
    expect(fitGrid({ width: 800, height: Number.POSITIVE_INFINITY }, { width: 9, height: 17 })).toBeNull()
  })
})

describe('cellSize', () => {
  it('divides the drawn screen by the grid', () => {
    expect(cellSize({ width: 720, height: 408 }, { cols: 80, rows: 24 })).toEqual({ width: 9, height: 17 })
  })

  it('is unknown for an empty grid or a screen not drawn yet', () => {
    expect(cellSize({ width: 720, height: 408 }, { cols: 0, rows: 24 })).toBeNull()
    expect(cellSize({ width: 0, height: 0 }, { cols: 80, rows: 24 })).toBeNull()
  })

  it('round-trips with fitGrid: a box the size of the drawn screen plus the scrollbar fits the same grid', () => {
    const cell = cellSize({ width: 720, height: 408 }, { cols: 80, rows: 24 })
    expect(cell).not.toBeNull()
    expect(fitGrid({ width: 720 + SCROLLBAR_WIDTH, height: 408 }, cell!)).toEqual({ cols: 80, rows: 24 })
  })
})

describe('availableHeight', () => {
  it('runs from the box top to the window bottom, less the gap', () => {
    expect(availableHeight(900, 180, 20, 160)).toBe(700)
  })

  it('keeps a usable minimum in a short window', () => {
    expect(availableHeight(300, 250, 20, 160)).toBe(160)
  })
})
