// Centred layout for the device pages (spec section 2).
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

export function DeviceLayout({ children }: { children: ReactNode }) {
  return (
    <main
      id="main"
      className={css({
        minH: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: '8',
      })}
    >
      <div className={css({ w: 'full', maxW: 'modalMedium', textAlign: 'center' })}>{children}</div>
    </main>
  )
}
