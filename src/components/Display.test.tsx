// @vitest-environment jsdom
import './test-helpers'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Badge } from './Badge'
import { EmptyState } from './EmptyState'
import { InstancesIcon } from './icons'
import { PageHeader } from './PageHeader'
import { PageSkeleton } from './Skeleton'

afterEach(cleanup)

describe('display components', () => {
  it('PageHeader has the title as h1 and an actions slot', () => {
    render(
      <PageHeader
        title="Instances"
        icon={<InstancesIcon />}
        actions={<button type="button">New instance</button>}
      />,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Instances' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'New instance' })).toBeTruthy()
  })

  it('Badge shows a decorative spinner only for transitional states', () => {
    const { container, rerender } = render(<Badge color="green">running</Badge>)
    expect(container.querySelector('svg')).toBeNull()
    rerender(
      <Badge color="blue" spinner>
        starting
      </Badge>,
    )
    expect(container.querySelector('svg')).not.toBeNull()
    expect(container.firstElementChild?.className).toContain('badge--color_blue')
    // The state text is what is read; the spinner adds no second status.
    expect(screen.queryByRole('status')).toBeNull()
    expect(container.textContent).toBe('starting')
  })

  it('EmptyState shows title, body and a button or link action', () => {
    const onClick = vi.fn()
    const { rerender } = render(
      <EmptyState
        title="No instances"
        body="Create one to get started"
        action={{ label: 'New instance', onClick }}
      />,
    )
    expect(screen.getByRole('heading', { name: 'No instances' })).toBeTruthy()
    expect(screen.getByText('Create one to get started')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'New instance' }))
    expect(onClick).toHaveBeenCalledTimes(1)
    rerender(
      <EmptyState
        title="No instances"
        action={{ label: 'New instance', href: '/projects/p/instances-new' }}
      />,
    )
    expect(screen.getByRole('link', { name: 'New instance' }).getAttribute('href')).toBe(
      '/projects/p/instances-new',
    )
  })

  it('PageSkeleton is a busy status with a label', () => {
    render(<PageSkeleton />)
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-busy')).toBe('true')
    expect(status.textContent).toBe('Loading page')
  })

  it('icons are hidden from assistive tech', () => {
    const { container } = render(<InstancesIcon />)
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
  })
})
