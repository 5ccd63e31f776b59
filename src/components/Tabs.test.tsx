// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { PageHeader } from './PageHeader'
import { RouteTabs, type RouteTabsProps, selectedTab } from './Tabs'

afterEach(cleanup)

const tabs = [
  { label: 'Storage', href: '/i/db1/storage' },
  { label: 'Networking', href: '/i/db1/networking' },
  { label: 'Metrics', href: '/i/db1/metrics' },
]

function setup(path: string, activation?: RouteTabsProps['activation']) {
  const location = memoryLocation({ path, record: true })
  render(
    <Router hook={location.hook}>
      <RouteTabs label="Instance db1" tabs={tabs} {...(activation ? { activation } : {})}>
        <p>panel content</p>
      </RouteTabs>
    </Router>,
  )
  const tab = (name: string) => screen.getByRole('tab', { name })
  const go = (path: string) => act(() => location.navigate(path))
  return { location, tab, go }
}

describe('RouteTabs', () => {
  it('selects the tab the URL is on, also on a nested path, and follows the URL', () => {
    const { tab, go } = setup('/i/db1/metrics/cpu')
    expect(tab('Metrics').getAttribute('aria-selected')).toBe('true')
    expect(tab('Storage').getAttribute('aria-selected')).toBe('false')
    go('/i/db1/networking')
    expect(tab('Networking').getAttribute('aria-selected')).toBe('true')
    expect(tab('Metrics').getAttribute('aria-selected')).toBe('false')
  })

  it('labels the tab list and the panel by its selected tab; only that tab is in the Tab order', () => {
    const { tab } = setup('/i/db1/networking')
    expect(screen.getByRole('tablist', { name: 'Instance db1' })).toBeTruthy()
    const panel = screen.getByRole('tabpanel', { name: 'Networking' })
    expect(panel.textContent).toBe('panel content')
    expect(tab('Networking').getAttribute('aria-controls')).toBe(panel.id)
    expect(tabs.map((t) => tab(t.label).tabIndex)).toEqual([-1, 0, -1])
  })

  it('automatic activation: arrows move focus and open the tab, wrapping at both ends', () => {
    const { tab, location } = setup('/i/db1/storage')
    tab('Storage').focus()
    fireEvent.keyDown(tab('Storage'), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tab('Networking'))
    expect(location.history.at(-1)).toBe('/i/db1/networking')
    expect(tab('Networking').getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(tab('Networking'), { key: 'ArrowLeft' })
    fireEvent.keyDown(tab('Storage'), { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(tab('Metrics'))
    expect(location.history.at(-1)).toBe('/i/db1/metrics')
    fireEvent.keyDown(tab('Metrics'), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tab('Storage'))
    expect(location.history.at(-1)).toBe('/i/db1/storage')
  })

  it('Home and End go to the first and the last tab', () => {
    const { tab, location } = setup('/i/db1/networking')
    tab('Networking').focus()
    fireEvent.keyDown(tab('Networking'), { key: 'End' })
    expect(document.activeElement).toBe(tab('Metrics'))
    expect(location.history.at(-1)).toBe('/i/db1/metrics')
    fireEvent.keyDown(tab('Metrics'), { key: 'Home' })
    expect(document.activeElement).toBe(tab('Storage'))
    expect(location.history.at(-1)).toBe('/i/db1/storage')
  })

  it('manual activation: arrows only move focus; Space or a click opens the focused tab', () => {
    const { tab, location } = setup('/i/db1/storage', 'manual')
    tab('Storage').focus()
    fireEvent.keyDown(tab('Storage'), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tab('Networking'))
    expect(location.history).toEqual(['/i/db1/storage'])
    expect(tab('Storage').getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(tab('Networking'), { key: ' ' })
    expect(location.history.at(-1)).toBe('/i/db1/networking')
    expect(tab('Networking').getAttribute('aria-selected')).toBe('true')
    fireEvent.click(tab('Metrics'))
    expect(location.history.at(-1)).toBe('/i/db1/metrics')
  })
})

describe('selectedTab', () => {
  it('prefers the longest matching tab path and ignores a mere name prefix', () => {
    const t = [
      { label: 'a', href: '/x' },
      { label: 'b', href: '/x/y' },
    ]
    expect(selectedTab(t, '/x/y/z')).toBe(1)
    expect(selectedTab(t, '/x/q')).toBe(0)
    expect(selectedTab(t, '/xy')).toBe(-1)
  })

  it('selects a tab for the paths it claims beside its own (its forms)', () => {
    const t = [
      { label: 'rules', href: '/v/firewall-rules', also: ['/v/firewall-rules-new'] },
      { label: 'subnets', href: '/v/subnets', also: ['/v/subnets-new'] },
    ]
    expect(selectedTab(t, '/v/firewall-rules-new/allow-ssh')).toBe(0)
    expect(selectedTab(t, '/v/subnets-new')).toBe(1)
    expect(selectedTab(t, '/v/subnets-newer')).toBe(-1)
  })
})

describe('headings in a tab panel', () => {
  it('a page header inside a tab is a level-2 heading; outside it stays level 1', () => {
    const location = memoryLocation({ path: '/i/db1/storage' })
    render(
      <Router hook={location.hook}>
        <PageHeader title="db1" />
        <RouteTabs label="Instance db1" tabs={tabs}>
          <PageHeader title="Disks" />
        </RouteTabs>
      </Router>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'db1' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Disks' })).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })
})
