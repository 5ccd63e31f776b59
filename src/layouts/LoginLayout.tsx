// Split layout with a hero image for login pages (spec section 2).
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { usePendingLogout } from '../session'
import { T } from '../strings'

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
        <div className={css({ w: 'full', maxW: 'modalNarrow', display: 'grid', gap: '6' })}>
          <SignOutPendingNotice />
          {children}
        </div>
      </main>
    </div>
  )
}

/** Issue 9: said for as long as the server has not confirmed the sign-out (it may still be active). */
function SignOutPendingNotice() {
  const pending = usePendingLogout()
  if (!pending) return null
  return (
    <p
      role="status"
      className={css({ bg: 'notice.bg', color: 'notice.fg', p: '3', borderRadius: 'md', fontSize: 'sm' })}
    >
      {T.signedOutSessionMayBeActive}
    </p>
  )
}
