// A link that prefetches its route's code and data after a 100 ms hover (spec section 9).
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Link, useLocation } from 'wouter'
import { usePrefetch } from '../hooks/use-prefetch'

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
  const prefetch = usePrefetch(href)
  const active = !plain && (pathname === href || pathname.startsWith(`${href}/`))
  return (
    <Link
      href={href}
      className={plain ? plainLink : cx(item)}
      aria-current={active ? 'page' : undefined}
      {...prefetch}
    >
      {icon}
      {children}
    </Link>
  )
}
