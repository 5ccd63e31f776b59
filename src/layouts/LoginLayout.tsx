// Split layout with a hero image for login pages (spec section 2).
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

export function LoginLayout({ children }: { children: ReactNode }) {
  return (
    <div
      className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, minH: '100vh' })}
    >
      <div
        className={css({
          display: { base: 'none', md: 'block' },
          bgImage: 'url(/hero.svg)',
          bgSize: 'cover',
          bgPosition: 'center',
          borderRightWidth: '1px',
          borderColor: 'border.default',
        })}
        role="img"
        aria-label="Rows of server racks"
      />
      <main
        id="main"
        className={css({ display: 'flex', alignItems: 'center', justifyContent: 'center', p: '8' })}
      >
        <div className={css({ w: 'full', maxW: 'modalNarrow' })}>{children}</div>
      </main>
    </div>
  )
}
