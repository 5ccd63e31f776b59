// Route tabs: one component for every tabbed screen. Each tab is a link to its child route, and the
// selected tab is whichever the URL is on, so a reload, a shared link or back/forward keeps the tab.
//
// Keyboard, per the ARIA tabs pattern: Left/Right move between tabs (wrapping), Home/End go to the
// first/last. Activation is automatic by default (moving focus opens the tab), which the pattern
// recommends when a panel shows without a noticeable wait, as a route's cached data does here; pass
// activation="manual" for a panel that is slow to show: arrows then only move focus, and Enter or
// Space opens the focused tab.
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation } from 'wouter'
import { InTabPanel } from './PageHeader'

/**
 * `also`: more paths that belong to the tab, such as its forms' paths that sit beside the tab's own
 * (`firewall-rules-new` opens over the firewall-rules tab).
 */
export type RouteTab = { label: string; href: string; also?: readonly string[] }

export type RouteTabsProps = {
  /** Names the tab list for assistive technology (e.g. "Instance db1"). */
  label: string
  tabs: readonly RouteTab[]
  activation?: 'automatic' | 'manual'
  /** The selected tab's content, usually the page's <Outlet />. */
  children: ReactNode
}

const tabList = css({
  display: 'flex',
  gap: '1',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  mb: '4',
})
const tabClass = css({
  px: '3',
  py: '2',
  fontSize: 'sm',
  textDecoration: 'none',
  color: 'fg.muted',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  mb: '-1px',
  _hover: { color: 'fg.default' },
  '&[aria-selected=true]': { color: 'fg.default', borderColor: 'accent.solid', fontWeight: 'medium' },
})

const pathOf = (href: string) => href.split(/[?#]/)[0] ?? href

/** The tab the URL is on: the longest tab path that is the pathname or a prefix of it. */
export function selectedTab(tabs: readonly RouteTab[], pathname: string): number {
  let best = -1
  let bestLength = -1
  tabs.forEach((t, i) => {
    for (const p of [pathOf(t.href), ...(t.also ?? [])]) {
      if ((pathname === p || pathname.startsWith(`${p}/`)) && p.length > bestLength) {
        best = i
        bestLength = p.length
      }
    }
  })
  return best
}

export function RouteTabs({ label, tabs, activation = 'automatic', children }: RouteTabsProps) {
  const [pathname, navigate] = useLocation()
  const id = useId()
  const refs = useRef<(HTMLAnchorElement | null)[]>([])
  const selected = selectedTab(tabs, pathname)
  const tabId = (i: number) => `${id}-tab-${i}`
  const panelId = `${id}-panel`

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const current = refs.current.indexOf(document.activeElement as HTMLAnchorElement)
    if (current < 0) return
    const last = tabs.length - 1
    const target =
      e.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : e.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null
    if (target === null) {
      // Enter already follows the link; Space is the other activation key of the pattern.
      if (e.key === ' ') {
        e.preventDefault()
        const tab = tabs[current]
        if (tab) navigate(tab.href)
      }
      return
    }
    e.preventDefault()
    refs.current[target]?.focus()
    const tab = tabs[target]
    if (activation === 'automatic' && tab && target !== selected) navigate(tab.href)
  }

  return (
    <>
      <div role="tablist" aria-label={label} className={tabList} onKeyDown={onKeyDown}>
        {tabs.map((t, i) => (
          <Link
            key={t.href}
            href={t.href}
            ref={(el: HTMLAnchorElement | null) => {
              refs.current[i] = el
            }}
            role="tab"
            id={tabId(i)}
            aria-selected={i === selected}
            aria-controls={i === selected ? panelId : undefined}
            // Roving tabindex: Tab enters the list on the selected tab (the first when none is).
            tabIndex={i === Math.max(selected, 0) ? 0 : -1}
            className={tabClass}
          >
            {t.label}
          </Link>
        ))}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={selected >= 0 ? tabId(selected) : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the pattern makes a panel without focusable content reachable.
        tabIndex={0}
      >
        <InTabPanel.Provider value={true}>{children}</InTabPanel.Provider>
      </div>
    </>
  )
}
