import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import { T } from '../strings'
import { Button } from './Button'
import { CloudOffIcon } from './icons'

const box = css({
  display: 'flex',
  flexDir: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: '2',
  py: '12',
  px: '6',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
  borderRadius: 'lg',
})
const iconBox = css({
  display: 'inline-flex',
  p: '3',
  mb: '1',
  borderRadius: 'full',
  bg: 'bg.raised',
  color: 'fg.muted',
})

export type EmptyStateAction =
  | { label: string; onClick: () => void; href?: never }
  /** A link; `render` lets the router supply its own link component. */
  | {
      label: string
      href: string
      onClick?: never
      render?: (props: { href: string; className: string; children: ReactNode }) => ReactNode
    }

export interface EmptyStateProps {
  title: string
  body?: ReactNode
  icon?: ReactNode
  action?: EmptyStateAction
  className?: string
}

export function EmptyState({ title, body, icon, action, className }: EmptyStateProps) {
  let actionEl: ReactNode = null
  if (action?.href !== undefined) {
    const linkClass = cx(button({ variant: 'primary' }), css({ textDecoration: 'none', mt: '2' }))
    actionEl = action.render ? (
      action.render({ href: action.href, className: linkClass, children: action.label })
    ) : (
      <a href={action.href} className={linkClass}>
        {action.label}
      </a>
    )
  } else if (action) {
    actionEl = (
      <Button variant="primary" onClick={action.onClick} className={css({ mt: '2' })}>
        {action.label}
      </Button>
    )
  }
  return (
    <section className={cx(box, className)} aria-label={title}>
      {icon && <span className={iconBox}>{icon}</span>}
      <h2 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>{title}</h2>
      {body && <div className={css({ fontSize: 'sm', color: 'fg.muted', maxW: '28rem' })}>{body}</div>}
      {actionEl}
    </section>
  )
}

/** "You are offline", with what is not on this device (`body`): every read without an answer says so alike. */
export function OfflineState({ body }: { body: string }) {
  return <EmptyState icon={<CloudOffIcon />} title={T.offline} body={body} />
}
