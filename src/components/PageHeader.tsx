import { createContext, type ReactNode, useContext } from 'react'
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

/**
 * Inside a tab panel (RouteTabs), a page's header is a section of the page that holds the tabs: its
 * title is a level-2 heading, so a page keeps one level-1 heading (the VPC, not also "Subnets").
 */
export const InTabPanel = createContext(false)

export interface PageHeaderProps {
  title: string
  icon?: ReactNode
  /** Right-hand side: "New X" button, docs popover, ... */
  actions?: ReactNode
}

export function PageHeader({ title, icon, actions }: PageHeaderProps) {
  const Heading = useContext(InTabPanel) ? 'h2' : 'h1'
  return (
    <header className={header}>
      <div className={titleRow}>
        {icon && <span className={iconBox}>{icon}</span>}
        <Heading className={h1}>{title}</Heading>
      </div>
      {actions && <div className={css({ display: 'flex', gap: '2', flexShrink: 0 })}>{actions}</div>}
    </header>
  )
}
