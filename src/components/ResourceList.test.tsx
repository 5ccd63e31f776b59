// @vitest-environment jsdom
import './test-helpers'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ResourceList } from './ResourceList'

type Row = { id: string; name: string }
const page = vi.hoisted(() => ({
  data: undefined as { items: Row[]; nextPage: string | null } | undefined,
  isLoading: false,
  error: undefined as { kind: string; message: string } | undefined,
  calls: [] as unknown[],
}))

vi.mock('../../storage', () => ({
  useList: (_endpoint: string, params: unknown) => {
    page.calls.push(params)
    return {
      data: page.data,
      isLoading: page.isLoading,
      error: page.error,
      isRevalidating: false,
      isOffline: false,
      isStale: false,
      updatedAt: undefined,
      refresh: async () => 'fresh',
    }
  },
  useListPoll: () => false,
  useResource: () => ({ data: undefined }),
}))
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('./toast-queue', async (original) => ({ ...(await original<object>()), toast: toasts }))

const columns = [{ id: 'name', header: 'Name', cell: (r: Row) => r.name }]

function List() {
  return (
    <ResourceList
      title="Instances"
      icon={null}
      resource="Instance"
      endpoint="instanceList"
      params={{ query: { project: 'p' } }}
      columns={columns as never}
      sortByName
      empty={{ title: 'No instances', body: 'Project p has no instances yet.' }}
      actions={() => [
        { label: 'Delete', danger: true, disabledReason: 'You are offline', onSelect: () => {} },
      ]}
    />
  )
}

beforeEach(() => {
  page.data = { items: [{ id: 'id-1', name: 'db1' }], nextPage: null }
  page.isLoading = false
  page.error = undefined
  page.calls = []
  window.history.replaceState(null, '', '/projects/p/instances')
})
afterEach(cleanup)

describe('ResourceList', () => {
  it('shows the empty state when the page has no rows', () => {
    page.data = { items: [], nextPage: null }
    render(<List />)
    expect(screen.getByRole('heading', { name: 'No instances' })).toBeTruthy()
    expect(screen.getByText('Project p has no instances yet.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows the error when the list could not be read and nothing is cached', () => {
    page.data = undefined
    page.error = { kind: 'server', message: 'Internal server error' }
    render(<List />)
    expect(screen.getByRole('alert').textContent).toBe('Internal server error')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows skeleton rows while loading', () => {
    page.data = undefined
    page.isLoading = true
    render(<List />)
    expect(screen.getByRole('table', { name: 'Instances' }).getAttribute('aria-busy')).toBe('true')
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0)
  })

  it('offers Copy ID on every row, which copies the id and confirms', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    render(<List />)
    fireEvent.click(screen.getByRole('button', { name: 'Actions for db1' }), { detail: 1 })
    await screen.findByRole('menu')
    // The page's own action keeps its reason; Copy ID sits before the destructive one.
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Copy ID', 'Delete'])
    act(() => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Copy ID' }))
    })
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('id-1'))
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Instance ID copied'))
  })

  it('sorts by name through the API: the Name header asks for name_descending from the first page', () => {
    window.history.replaceState(null, '', '/projects/p/instances?page=tok')
    render(<List />)
    const header = screen.getByRole('columnheader', { name: 'Name' })
    expect(header.getAttribute('aria-sort')).toBe('ascending')
    fireEvent.click(screen.getByRole('button', { name: 'Name' }))
    expect(window.location.search).toBe('?sort=name_descending')
    expect(page.calls.at(-1)).toEqual({ query: { project: 'p', limit: 50, sortBy: 'name_descending' } })
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending')
  })

  it('virtualises a page longer than the default page size', () => {
    page.data = {
      items: Array.from({ length: 100 }, (_, i) => ({ id: `id-${i}`, name: `vm-${i}` })),
      nextPage: null,
    }
    render(<List />)
    const table = screen.getByRole('table', { name: 'Instances' })
    expect(table.getAttribute('aria-rowcount')).toBe('101')
    expect(table.querySelectorAll('tbody tr:not([aria-hidden])').length).toBeLessThan(100)
  })
})
