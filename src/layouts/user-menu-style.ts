// The user menu's trigger, shared by the menu and the stand-in shown while the menu's code loads, so
// the top bar does not move when it arrives.
import { css } from 'styled-system/css'

export const userMenuTrigger = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  px: '2',
  h: '8',
  borderRadius: 'md',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  _hover: { bg: 'bg.hover' },
})
