import { css } from 'styled-system/css'

/** The scroll box of a virtualised table (shared by the table and its loading fallback). */
export const scrollBox = css({ overflowY: 'auto', position: 'relative' })

/**
 * Around a table that is not virtualised: a table wider than the page (ids, serials and part numbers
 * that do not wrap) scrolls sideways in its own box instead of spilling past the page's edge. The box
 * is positioned, so the cells' visually hidden texts (absolutely placed) scroll and clip with it too:
 * unpositioned, they escaped it and made the whole page scroll sideways in a narrow window.
 */
export const wideBox = css({ overflowX: 'auto', position: 'relative' })
