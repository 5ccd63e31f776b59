// "Page not found" (spec section 2 and the 404 row of section 8), with the exact texts.
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Link } from 'wouter'
import { signOut } from '../session'
import { S } from '../strings'

export function NotFoundPage() {
  return <StatusPage title={S.notFoundTitle} body={S.notFoundBody} />
}

export function StatusPage({
  title,
  body,
  children,
}: {
  title: string
  body: string
  children?: React.ReactNode
}) {
  return (
    <main
      id="main"
      className={css({
        minH: '80vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: '8',
      })}
    >
      <div className={css({ maxW: 'modalMedium', textAlign: 'center', display: 'grid', gap: '4' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{title}</h1>
        <p className={css({ color: 'fg.muted' })}>{body}</p>
        {children}
        <div className={css({ display: 'flex', gap: '3', justifyContent: 'center' })}>
          <Link href="/projects" className={button({ variant: 'primary' })}>
            {S.backToConsole}
          </Link>
          <button type="button" className={button({ variant: 'secondary' })} onClick={() => void signOut()}>
            {S.signOut}
          </button>
        </div>
      </div>
    </main>
  )
}
