// Fitting the serial console's terminal to the window without @xterm/addon-fit (not a dependency):
// the columns and rows that fit a box, given the size of one character cell as xterm measured it.

export type Size = { width: number; height: number }
export type Grid = { cols: number; rows: number }

/** Below this the guest's output wraps into nonsense; the page scrolls instead of shrinking further. */
export const MIN_COLS = 20
export const MIN_ROWS = 4

/**
 * xterm 6 draws its scrollbar over the right edge of the screen (14 px, its DEFAULT_SCROLL_BAR_WIDTH):
 * a column under it would be hidden, so that width is not offered to columns.
 */
export const SCROLLBAR_WIDTH = 14

/**
 * The grid that fits `box` with cells of `cell`, or null when either is not measurable yet (an element
 * not laid out, or fonts not measured): the caller keeps the current grid then.
 */
export function fitGrid(box: Size, cell: Size, reserveWidth = SCROLLBAR_WIDTH): Grid | null {
  const measurable = (n: number) => Number.isFinite(n) && n > 0
  if (![box.width, box.height, cell.width, cell.height].every(measurable)) return null
  return {
    cols: Math.max(MIN_COLS, Math.floor((box.width - reserveWidth) / cell.width)),
    rows: Math.max(MIN_ROWS, Math.floor(box.height / cell.height)),
  }
}

/**
 * One cell's size from what xterm drew: its screen element is exactly `cols` cells wide and `rows`
 * cells high, so the cell size needs none of xterm's private render dimensions.
 */
export function cellSize(screen: Size, grid: Grid): Size | null {
  if (grid.cols <= 0 || grid.rows <= 0) return null
  const cell = { width: screen.width / grid.cols, height: screen.height / grid.rows }
  return cell.width > 0 && cell.height > 0 ? cell : null
}

/**
 * The height the terminal's box may take: from its top down to the window's bottom, less a gap (the
 * page's bottom padding), never below `min` (a short window scrolls rather than squeezing the console).
 */
export function availableHeight(windowHeight: number, top: number, gap: number, min: number): number {
  return Math.max(min, Math.floor(windowHeight - top - gap))
}
