import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

const header = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '4',
  pb: '5',
  mb: '5',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
})
const titleRow = css({ display: 'flex', alignItems: 'center', gap: '3', minW: '0' })
const iconBox = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  borderRadius: 'md',
  bg: 'bg.raised',
  color: 'accent.fg',
})
const h1 = css({ fontSize: 'xl', fontWeight: 'semibold', truncate: true })

export interface PageHeaderProps {
  title: string
  icon?: ReactNode
  /** Right-hand side: "New X" button, docs popover, ... */
  actions?: ReactNode
}

export function PageHeader({ title, icon, actions }: PageHeaderProps) {
  return (
    <header className={header}>
      <div className={titleRow}>
        {icon && <span className={iconBox}>{icon}</span>}
        <h1 className={h1}>{title}</h1>
      </div>
      {actions && <div className={css({ display: 'flex', gap: '2', flexShrink: 0 })}>{actions}</div>}
    </header>
  )
}
