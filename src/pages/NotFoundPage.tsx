// "Page not found" (spec section 2 and the 404 row of section 8), with the exact texts.
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import { Link, useLocation } from 'wouter'
import { CentredMain } from '../components/CentredMain'
import { paths } from '../paths'
import { APP_NAME } from '../routes'
import { signOut } from '../session'
import { S } from '../strings'

export function NotFoundPage() {
  // Also when a route matched but its resource is missing, whose title App set from the breadcrumbs:
  // this runs after App's (a layout effect), and again on each render, which every path change (the
  // location hook) brings while this page stays up.
  useLocation()
  useEffect(() => {
    document.title = `${S.notFoundTitle} / ${APP_NAME}`
  })
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
    <CentredMain height="page" className={css({ display: 'grid', gap: '4' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{title}</h1>
      <p className={css({ color: 'fg.muted' })}>{body}</p>
      {children}
      <div className={css({ display: 'flex', gap: '3', justifyContent: 'center' })}>
        <Link href={paths.projects()} className={button({ variant: 'primary' })}>
          {S.backToConsole}
        </Link>
        <button type="button" className={button({ variant: 'secondary' })} onClick={() => void signOut()}>
          {S.signOut}
        </button>
      </div>
    </CentredMain>
  )
}
