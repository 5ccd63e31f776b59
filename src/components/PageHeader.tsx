import { createContext, type ReactNode, useContext } from 'react'
import { css } from 'styled-system/css'

// Wraps: when the title and the actions do not fit on one line (a narrow window, an instance's five
// actions), the actions go under the title rather than squeezing it to a letter.
const header = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '4',
  rowGap: '3',
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
  flexShrink: 0,
  borderRadius: 'md',
  bg: 'bg.raised',
  color: 'accent.fg',
})
const h1 = css({ fontSize: 'xl', fontWeight: 'semibold', truncate: true })
// A section inside a tab: the tab already says what it is, so a lighter line without the icon.
const sectionHeader = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '4',
  mt: '4',
  mb: '3',
})
const h2 = css({ fontSize: 'lg', fontWeight: 'semibold', truncate: true })

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
  const inTab = useContext(InTabPanel)
  return (
    <header className={inTab ? sectionHeader : header}>
      <div className={titleRow}>
        {icon && !inTab && <span className={iconBox}>{icon}</span>}
        {inTab ? <h2 className={h2}>{title}</h2> : <h1 className={h1}>{title}</h1>}
      </div>
      {actions && <div className={css({ display: 'flex', gap: '2', flexShrink: 0 })}>{actions}</div>}
    </header>
  )
}
