import { css } from 'styled-system/css'

/** The scroll box of a virtualised table (shared by the table and its loading fallback). */
export const scrollBox = css({ overflowY: 'auto', position: 'relative' })
