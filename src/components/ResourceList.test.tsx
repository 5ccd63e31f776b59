// @vitest-environment jsdom
import './test-helpers'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ActionReason } from '../hooks/use-action-reason'
import { type ListSource, lists } from '../lists'
import { OutletContext, RouteParamsContext } from '../route-context'
import { kinds } from '../ui/kinds'
import type { BulkAction } from './BulkBar'
import { AfterPaint, ResourceList, type ResourceListProps } from './ResourceList'

type Row = { id: string; name: string }
const page = vi.hoisted(() => ({
  data: undefined as { items: Row[]; nextPage: string | null } | undefined,
  isLoading: false,
  error: undefined as { kind: string; message: string } | undefined,
  updatedAt: undefined as Date | undefined,
  calls: [] as unknown[],
}))

const connectivity = vi.hoisted(() => ({ online: true }))
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
      updatedAt: page.updatedAt,
      refresh: async () => 'fresh',
    }
  },
  useListPoll: () => false,
  useResource: () => ({ data: undefined }),
  useConnectivity: () => ({ online: connectivity.online }),
}))
type Asked = { title: string; run: () => Promise<unknown> }
type DeleteAsked = { resourceKind: string; name: string; run: () => Promise<unknown> }
const confirms = vi.hoisted(() => ({ asked: [] as Asked[], deletes: [] as DeleteAsked[] }))
vi.mock('./confirm-queue', async (original) => ({
  ...(await original<object>()),
  confirmAction: (o: Asked) => confirms.asked.push(o),
  confirmDelete: (o: DeleteAsked) => confirms.deletes.push(o),
}))
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('./toast-queue', async (original) => ({ ...(await original<object>()), toast: toasts }))

type Vm = Row & { state: 'running' | 'stopped' }
const columns = [{ id: 'name', header: 'Name', cell: (r: Row) => r.name }]

/** A list with only what a list must have: what it reads, columns and an empty state. */
function Bare(props: { list: ListSource<'sledList' | 'instanceList'>; columns: unknown[] }) {
  return <ResourceList list={props.list} columns={props.columns as never} empty="None." />
}

/** What App gives a page: the route's params and its matched child page (its outlet). */
function Route({ children, outlet = null }: { children: ReactNode; outlet?: ReactNode }) {
  return (
    <RouteParamsContext.Provider value={{ project: 'p' }}>
      <OutletContext.Provider value={outlet}>{children}</OutletContext.Provider>
    </RouteParamsContext.Provider>
  )
}

/** A project's instances; `more` adds to (or replaces) its props. */
function List({
  bulk,
  more,
}: {
  bulk?: BulkAction<Vm>[]
  more?: Partial<ResourceListProps<'instanceList'>>
}) {
  return (
    <Route>
      <ResourceList
        list={lists.instances}
        columns={columns as never}
        empty="Project p has no instances yet."
        actions={() => [
          { label: 'Delete', danger: true, disabledReason: 'You are offline', onSelect: () => {} },
        ]}
        {...(bulk ? { bulk: { actions: bulk as never } } : {})}
        {...more}
      />
    </Route>
  )
}

beforeEach(() => {
  page.data = { items: [{ id: 'id-1', name: 'db1' }], nextPage: null }
  page.isLoading = false
  page.error = undefined
  page.updatedAt = undefined
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

  it('titles the empty state by `emptyOf` where the list title names a scope', () => {
    page.data = { items: [], nextPage: null }
    render(
      <ResourceList
        list={lists.siloImages}
        columns={columns as never}
        empty="Promoted."
        emptyOf={kinds.image}
      />,
    )
    expect(screen.getByRole('heading', { name: 'Silo images', level: 1 })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'No images' })).toBeTruthy()
    expect(screen.getByText('Promoted.')).toBeTruthy()
  })

  it("reads the list its route's params name", () => {
    render(
      <RouteParamsContext.Provider value={{ project: 'other' }}>
        <ResourceList list={lists.disks} columns={columns as never} empty="None." />
      </RouteParamsContext.Provider>,
    )
    expect(page.calls.at(-1)).toEqual({ query: { project: 'other', limit: 50 } })
  })

  it('renders the route outlet (its create and edit forms) after the list, then its own children', () => {
    render(
      <Route outlet={<div role="dialog" aria-label="New instance" />}>
        <ResourceList list={lists.instances} columns={columns as never} empty="None.">
          <div role="dialog" aria-label="Attach" />
        </ResourceList>
      </Route>,
    )
    const dialogs = screen.getAllByRole('dialog').map((d) => d.getAttribute('aria-label'))
    expect(dialogs).toEqual(['New instance', 'Attach'])
    // After the table and its pagination: a form opens over the list.
    const table = screen.getByRole('table', { name: 'Instances' })
    const form = screen.getByRole('dialog', { name: 'New instance' })
    expect(table.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('renders nothing more for a list without child routes', () => {
    const { container } = render(
      <Route>
        <ResourceList list={lists.instances} columns={columns as never} empty="None." />
      </Route>,
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(container.lastElementChild?.textContent).not.toContain('None.')
  })

  it('shows the error when the list could not be read and nothing is cached', () => {
    page.data = undefined
    page.error = { kind: 'server', message: 'Internal server error' }
    render(<List />)
    expect(screen.getByRole('alert').textContent).toBe('Internal server error')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('keeps the rows on screen when a re-read fails, and says it was not updated and why', () => {
    page.updatedAt = new Date(2026, 10, 28, 12, 4, 31)
    const { rerender } = render(<List />)
    expect(screen.getByText(/^Updated 12:04:31$/)).toBeTruthy()
    expect(screen.queryByText(/Not updated/)).toBeNull()
    page.error = { kind: 'server', message: 'Internal server error' }
    rerender(<List />)
    expect(screen.getByText('Not updated:').parentElement?.textContent).toBe(
      'Not updated: Internal server error · Updated 12:04:31',
    )
    expect(screen.getByRole('cell', { name: 'db1' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
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

  it('offers no sorting where the contract gives the endpoint no sort by name (sleds sort by id only)', () => {
    window.history.replaceState(null, '', '/system/inventory/sleds')
    render(<Bare list={lists.sleds} columns={columns} />)
    const header = screen.getByRole('columnheader', { name: 'Name' })
    expect(header.getAttribute('aria-sort')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Name' })).toBeNull()
    expect(page.calls.at(-1)).toEqual({ query: { limit: 50 } })
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

const vms = (...states: Vm['state'][]): Vm[] =>
  states.map((state, i) => ({ id: `id-${i}`, name: `vm-${i}`, state }))

const stopAction = (
  run: (v: Vm) => Promise<unknown>,
  extra: Partial<BulkAction<Vm>> = {},
): BulkAction<Vm> => ({
  label: 'Stop',
  done: 'Stopping',
  refusal: (v) => (v.state === 'running' ? null : 'Only a running instance can be stopped'),
  run,
  ...extra,
})
const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement
const checked = () =>
  screen
    .getAllByRole('checkbox', { hidden: true })
    .filter(
      (c) => (c as HTMLInputElement).checked && c.getAttribute('aria-label') !== 'Select all on this page',
    )
    .map((c) => c.getAttribute('aria-label'))
const bar = () => screen.queryByRole('region', { name: 'Bulk actions on selected instances' })
// The bar's body loads with the first selection (a lazy chunk): wait for it to appear.
const findBar = () => screen.findByRole('region', { name: 'Bulk actions on selected instances' })

/** Instances edited in a form and deleted after a confirm, their writes refused by `reason`. */
function Editable(props: {
  reason?: ActionReason
  keepQuery?: boolean
  run?: (row: Row) => Promise<unknown>
  refusal?: (row: Row) => string | null
}) {
  const more: Partial<ResourceListProps<'instanceList'>> = {
    reason: props.reason,
    // No label: the button is named as the form's title, from the kind ("New instance").
    create: { to: '/projects/p/instances-new' },
    edit: { to: (r) => `/projects/p/instances/${r.name}/edit`, keepQuery: props.keepQuery },
    remove: { run: props.run ?? (async () => {}), refusal: props.refusal },
    actions: () => [{ label: 'Own', onSelect: () => {} }],
  }
  return <List more={more} />
}

const describedBy = (el: Element) =>
  document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent

async function openMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'Actions for db1' }), { detail: 1 })
  await screen.findByRole('menu')
}

describe('ResourceList edit and delete', () => {
  it("offers Edit first and Delete last, around the page's own actions and Copy ID", async () => {
    render(<Editable />)
    await openMenu()
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Edit',
      'Own',
      'Copy ID',
      'Delete',
    ])
  })

  it('names each write by the kind with its article when it asks the reason', async () => {
    const reason: ActionReason = (refusal, what) => `No: ${what}${refusal ? ` (${refusal})` : ''}`
    render(<Editable reason={reason} refusal={() => 'Busy'} />)
    expect(describedBy(screen.getByRole('button', { name: /New instance/ }))).toBe('No: creating an instance')
    await openMenu()
    expect(describedBy(screen.getByRole('menuitem', { name: /Edit/ }))).toBe('No: editing an instance')
    expect(describedBy(screen.getByRole('menuitem', { name: /Delete/ }))).toBe(
      'No: deleting an instance (Busy)',
    )
  })

  it("without a reason, the kind's: offline first, and no role said while the role is not known", async () => {
    connectivity.online = false
    try {
      render(<Editable />)
      expect(describedBy(screen.getByRole('button', { name: /New instance/ }))).toBe('You are offline')
    } finally {
      connectivity.online = true
    }
  })

  it('deletes after a confirm that names the row', async () => {
    confirms.deletes = []
    const run = vi.fn(async () => {})
    render(<Editable run={run} />)
    await openMenu()
    act(() => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }))
    })
    await waitFor(() =>
      expect(confirms.deletes.map((c) => [c.resourceKind, c.name])).toEqual([['instance', 'db1']]),
    )
    await act(async () => {
      await confirms.deletes[0]?.run()
    })
    expect(run).toHaveBeenCalledWith({ id: 'id-1', name: 'db1' })
  })

  it("opens the edit form keeping the list's query only where the form is the list's own", async () => {
    window.history.replaceState(null, '', '/projects/p/instances?page=tok')
    render(<Editable keepQuery />)
    await openMenu()
    act(() => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }))
    })
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe(
        '/projects/p/instances/db1/edit?page=tok',
      ),
    )
    cleanup()
    window.history.replaceState(null, '', '/projects/p/instances?page=tok')
    render(<Editable />)
    await openMenu()
    act(() => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }))
    })
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/projects/p/instances/db1/edit'),
    )
  })
})

describe('ResourceList bulk selection', () => {
  it('has no checkboxes and no bar without `bulk`', () => {
    render(<List />)
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(bar()).toBeNull()
  })

  it('selects a row by its checkbox and a range by shift-click; the bar appears while any is selected', async () => {
    page.data = { items: vms('running', 'running', 'running', 'running', 'running'), nextPage: null }
    render(<List bulk={[stopAction(async () => {})]} />)
    expect(bar()).toBeNull()
    fireEvent.click(box('vm-1'))
    fireEvent.click(box('vm-3'), { shiftKey: true })
    expect(checked()).toEqual(['Select vm-1', 'Select vm-2', 'Select vm-3'])
    expect(within(await findBar()).getByText('3 instances selected')).toBeTruthy()
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement
    expect(all.indeterminate).toBe(true)
    fireEvent.click(within(await findBar()).getByRole('button', { name: 'Clear selection' }))
    expect(checked()).toEqual([])
    expect(bar()).toBeNull()
  })

  it('the header checkbox selects the whole page, then clears it', () => {
    page.data = { items: vms('running', 'stopped', 'running'), nextPage: null }
    render(<List bulk={[stopAction(async () => {})]} />)
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement
    fireEvent.click(all)
    expect(checked()).toHaveLength(3)
    expect(all.checked).toBe(true)
    fireEvent.click(all)
    expect(checked()).toEqual([])
  })

  it('forgets the selection when the page changes', async () => {
    page.data = { items: vms(...Array.from({ length: 50 }, () => 'running' as const)), nextPage: 'tok' }
    render(<List bulk={[stopAction(async () => {})]} />)
    fireEvent.click(box('vm-0'))
    expect(await findBar()).not.toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(window.location.search).toBe('?page=tok')
    expect(checked()).toEqual([])
    expect(bar()).toBeNull()
    // Back on the first page, the selection made there is gone too.
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }))
    expect(window.location.search).toBe('')
    expect(checked()).toEqual([])
  })

  it('gives the bar buttons the reason they are disabled, and runs nothing then', async () => {
    page.data = { items: vms('running'), nextPage: null }
    const run = vi.fn(async () => {})
    render(<List bulk={[stopAction(run, { disabledReason: 'You are offline' })]} />)
    fireEvent.click(box('vm-0'))
    const stop = within(await findBar()).getByRole('button', { name: 'Stop' })
    expect(stop.getAttribute('aria-disabled')).toBe('true')
    expect(document.getElementById(stop.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'You are offline',
    )
    fireEvent.click(stop)
    expect(run).not.toHaveBeenCalled()
    expect(confirms.asked).toEqual([])
  })

  it('confirms with the counts, runs only allowed rows, and lists every row with its result', async () => {
    confirms.asked = []
    page.data = { items: vms('running', 'stopped', 'running'), nextPage: null }
    const ran: string[] = []
    const run = async (v: Vm) => {
      ran.push(v.name)
      if (v.name === 'vm-2') throw new Error('Instance is busy')
    }
    render(<List bulk={[stopAction(run, { confirm: 'danger' })]} />)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }))
    fireEvent.click(within(await findBar()).getByRole('button', { name: 'Stop' }))
    expect(confirms.asked.map((c) => c.title)).toEqual(['Stop 2 instances'])
    expect(ran).toEqual([])
    await act(async () => {
      await confirms.asked[0]?.run()
    })
    expect(ran.sort()).toEqual(['vm-0', 'vm-2'])
    const dialog = await screen.findByRole('dialog', { name: 'Stop: results' })
    const result = (name: string) => within(within(dialog).getByRole('row', { name: new RegExp(name) }))
    expect(result('vm-0').getByText('Stopping')).toBeTruthy()
    expect(result('vm-1').getByText('Refused: Only a running instance can be stopped')).toBeTruthy()
    expect(result('vm-2').getByText('Failed: Instance is busy')).toBeTruthy()
    expect(within(dialog).getByText('1 done, 1 refused, 1 failed')).toBeTruthy()
    // Done: the selection is cleared.
    expect(checked()).toEqual([])
  })
})

const read = new Set<string>()
function Reads({ id }: { id: string }) {
  read.add(id)
  return <span>extra {id}</span>
}

describe('AfterPaint', () => {
  it('fills a cell in after the rows have painted (it never holds up the first row)', async () => {
    read.clear()
    const withExtra = [
      ...columns,
      {
        id: 'extra',
        header: 'Extra',
        cell: (r: Row) => <AfterPaint>{() => <Reads id={r.id} />}</AfterPaint>,
      },
    ]
    page.data = { items: [{ id: 'id-0', name: 'vm-0' }], nextPage: null }
    render(
      <Route>
        <Bare list={lists.instances} columns={withExtra} />
      </Route>,
    )
    // The first commit has the row without the extra cell, which has not even read yet.
    expect(screen.getByText('vm-0')).toBeTruthy()
    expect(read.size).toBe(0)
    expect(await screen.findByText('extra id-0')).toBeTruthy()
    expect([...read]).toEqual(['id-0'])
  })
})
