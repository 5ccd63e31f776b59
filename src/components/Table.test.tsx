// @vitest-environment jsdom
import './test-helpers'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { defineColumns, nextSort, sortRows, Table } from './Table'

afterEach(cleanup)

interface Row {
  id: string
  name: string
  size: number
}
const rows: Row[] = [
  { id: 'a', name: 'web-10', size: 3 },
  { id: 'b', name: 'web-2', size: 1 },
  { id: 'c', name: 'db', size: 2 },
]
const columns = defineColumns<Row>([
  { id: 'name', header: 'Name', cell: (r) => r.name, sortValue: (r) => r.name },
  { id: 'size', header: 'Size', cell: (r) => `${r.size} GiB`, sortValue: (r) => r.size, align: 'right' },
  { id: 'id', header: 'ID', cell: (r) => r.id },
])

const bodyNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getAllByRole('cell')[0]?.textContent)

describe('Table', () => {
  it('renders rows in the given order with named headers', () => {
    render(<Table label="Disks" columns={columns} rows={rows} rowKey={(r) => r.id} />)
    expect(screen.getByRole('table', { name: 'Disks' })).toBeTruthy()
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Size', 'ID'])
    expect(bodyNames()).toEqual(['web-10', 'web-2', 'db'])
  })

  it('keeps a nowrap column on one line and lets the others wrap', () => {
    const cols = defineColumns<Row>([
      ...columns,
      { id: 'when', header: 'When', cell: () => 'Jun 1, 2025, 12:30 PM', nowrap: true },
    ])
    render(<Table label="Disks" columns={cols} rows={rows.slice(0, 1)} rowKey={(r) => r.id} />)
    const [name, , , when] = within(screen.getAllByRole('row')[1]!).getAllByRole('cell')
    expect(when!.style.whiteSpace).toBe('nowrap')
    expect(name!.style.whiteSpace).toBe('')
  })

  it('cycles sort none -> ascending -> descending -> none with aria-sort', () => {
    render(<Table label="Disks" columns={columns} rows={rows} rowKey={(r) => r.id} />)
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' })
    const idHeader = screen.getByRole('columnheader', { name: 'ID' })
    expect(nameHeader.getAttribute('aria-sort')).toBe('none')
    expect(idHeader.hasAttribute('aria-sort')).toBe(false)
    const sortBtn = within(nameHeader).getByRole('button', { name: 'Name' })
    fireEvent.click(sortBtn)
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending')
    // Numeric-aware string comparison: web-2 before web-10.
    expect(bodyNames()).toEqual(['db', 'web-2', 'web-10'])
    fireEvent.click(sortBtn)
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending')
    expect(bodyNames()).toEqual(['web-10', 'web-2', 'db'])
    fireEvent.click(sortBtn)
    expect(nameHeader.getAttribute('aria-sort')).toBe('none')
    expect(bodyNames()).toEqual(['web-10', 'web-2', 'db'])
  })

  it('shows skeleton rows while loading and the empty state when there are no rows', () => {
    const { rerender } = render(
      <Table
        label="Disks"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        loading
        skeletonRows={4}
        emptyState={<p>No disks</p>}
      />,
    )
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true')
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(4)
    expect(screen.queryByText('No disks')).toBeNull()
    rerender(
      <Table label="Disks" columns={columns} rows={[]} rowKey={(r) => r.id} emptyState={<p>No disks</p>} />,
    )
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByText('No disks')).toBeTruthy()
  })

  it('adds an actions column rendered per row', () => {
    render(
      <Table
        label="Disks"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        rowActions={(r) => <button type="button">{`Act on ${r.name}`}</button>}
      />,
    )
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Act on db' })).toBeTruthy()
  })

  it('virtualised mode renders only a window of a long list', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: String(i), name: `vm-${i}`, size: i }))
    render(
      <Table
        label="Many"
        columns={columns}
        rows={many}
        rowKey={(r) => r.id}
        virtualize={{ height: '400px' }}
      />,
    )
    const table = screen.getByRole('table', { name: 'Many' })
    expect(table.getAttribute('aria-rowcount')).toBe('5001')
    expect(within(table).queryAllByRole('row').length).toBeLessThan(200)
    // The virtualiser loads with the first long list and takes over from the first rows.
    await waitFor(() => expect(document.querySelector('[data-virtualized]')).not.toBeNull(), {
      timeout: 10_000,
    })
    expect(within(screen.getByRole('table', { name: 'Many' })).queryAllByRole('row').length).toBeLessThan(200)
  })
})

describe('sort helpers', () => {
  it('nextSort cycles and switches columns', () => {
    expect(nextSort(null, 'a')).toEqual({ columnId: 'a', direction: 'asc' })
    expect(nextSort({ columnId: 'a', direction: 'asc' }, 'a')).toEqual({ columnId: 'a', direction: 'desc' })
    expect(nextSort({ columnId: 'a', direction: 'desc' }, 'a')).toBeNull()
    expect(nextSort({ columnId: 'a', direction: 'desc' }, 'b')).toEqual({ columnId: 'b', direction: 'asc' })
  })

  it('sortRows is stable, puts empty values last and compares dates', () => {
    type R = { k: string; d: Date | null }
    const cols = defineColumns<R>([{ id: 'd', header: 'D', cell: () => null, sortValue: (r) => r.d }])
    const input: R[] = [
      { k: 'x', d: null },
      { k: 'y', d: new Date(2020, 1, 1) },
      { k: 'z', d: new Date(2019, 1, 1) },
      { k: 'w', d: new Date(2019, 1, 1) },
    ]
    expect(sortRows(input, cols, { columnId: 'd', direction: 'asc' }).map((r) => r.k)).toEqual([
      'z',
      'w',
      'y',
      'x',
    ])
    expect(input[0]?.k).toBe('x') // not mutated
  })
})
