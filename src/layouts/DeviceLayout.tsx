// Centred layout for the device pages (spec section 2).
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { CentredMain } from '../components/CentredMain'

export function DeviceLayout({ children }: { children: ReactNode }) {
  return (
    <CentredMain height="screen" className={css({ w: 'full' })}>
      {children}
    </CentredMain>
  )
}
