// A link that prefetches its route's code and data after a 100 ms hover (spec section 9).
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Link, useLocation } from 'wouter'
import { warmRoute } from '../routes'

export const PREFETCH_HOVER_MS = 100

const item = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '2',
  h: '8',
  borderRadius: 'md',
  fontSize: 'sm',
  textDecoration: 'none',
  color: 'fg.muted',
  _hover: { bg: 'bg.hover', color: 'fg.default' },
  '&[aria-current=page]': { bg: 'bg.hover', color: 'fg.default', fontWeight: 'medium' },
})

// A breadcrumb: shrinks to an ellipsis when the trail does not fit the top bar.
const plainLink = css({
  minW: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  _hover: { color: 'fg.default', textDecoration: 'underline' },
})

export function NavLink({
  href,
  icon,
  children,
  plain,
}: {
  href: string
  icon?: ReactNode
  children: ReactNode
  plain?: boolean
}) {
  const [pathname] = useLocation()
  let timer: ReturnType<typeof setTimeout> | undefined
  const active = !plain && (pathname === href || pathname.startsWith(`${href}/`))
  return (
    <Link
      href={href}
      className={plain ? plainLink : cx(item)}
      aria-current={active ? 'page' : undefined}
      onMouseEnter={() => {
        timer = setTimeout(() => warmRoute(href), PREFETCH_HOVER_MS)
      }}
      onMouseLeave={() => clearTimeout(timer)}
      onFocus={() => warmRoute(href)}
    >
      {icon}
      {children}
    </Link>
  )
}
