// A link that names a resource (a row's name, a disk's instance, a silo in a chart's table): one look
// for all of them, medium weight and underlined on hover. With `keepQuery` it opens a view over a list
// keeping the list's page and size in the URL.
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Link, useSearch } from 'wouter'
import { withSearch } from '../paths'

const linkClass = css({ fontWeight: 'medium', _hover: { textDecoration: 'underline' } })

export function ResourceLink({
  href,
  keepQuery = false,
  children,
}: {
  href: string
  keepQuery?: boolean
  children: ReactNode
}) {
  const search = useSearch()
  return (
    <Link href={keepQuery ? withSearch(href, search) : href} className={linkClass}>
      {children}
    </Link>
  )
}
