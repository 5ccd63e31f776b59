// @vitest-environment jsdom
// A tab's table (the subnets, routers and routes of a VPC, a pool's ranges): what it shows follows from
// its kind (heading, empty state, notices), its one reason words each write from the kind, and a row's
// menu offers Edit, the tab's own items, Copy ID, then Delete after a confirm; the role or the row's
// state disables both writes with one reason, and a confirmed Delete removes the row from the list the
// table read and says so.
import '../components/test-helpers'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineColumns } from '../components'
import { closeConfirmAction, currentConfirm } from '../components/confirm-queue'
import { toast } from '../components/toast-queue'
import type { ActionReason } from '../hooks/use-action-reason'
import { tables } from '../lists'
import { RouteParamsContext } from '../route-context'
import { kinds, writing } from '../ui/kinds'
import { ListTable, rowItems } from './list-table'

type Row = { id: string; name: string }
const mutate = vi.hoisted(() => vi.fn())
const read = vi.hoisted(() => ({
  endpoint: '',
  params: undefined as unknown,
  data: undefined as { items: Row[] } | undefined,
  error: undefined as { message: string } | undefined,
}))
// The role is use-action-reason's to test: here it is not known yet, so only what a test passes counts.
vi.mock('../hooks/use-role', () => ({ useRoleAt: () => ({ role: undefined, known: false }) }))
vi.mock('../../storage', () => ({
  mutate,
  useList: (endpoint: string, params: unknown) => {
    read.endpoint = endpoint
    read.params = params
    return { data: read.data, error: read.error, isLoading: false, isOffline: false }
  },
  useConnectivity: () => ({ online: true }),
}))

/** Says which write it was asked about, and the row's refusal after it. */
const asked: ActionReason = (refusal, what) => `No: ${what}${refusal ? ` (${refusal})` : ''}`

const row = { id: 'sid', name: 'mock-subnet' }
const menu = (reason: ActionReason, go = vi.fn()) =>
  rowItems(
    {
      kind: kinds.subnet,
      endpoint: 'vpcSubnetList',
      edit: { to: (r) => `/edit/${r.name}` },
      actions: () => [{ label: 'Network interfaces', onSelect: () => {} }],
      remove: { op: 'vpcSubnetDelete', idParam: 'subnet' },
      refusal: () => 'In use',
    },
    row,
    go,
    (write, refusal) => reason(refusal, writing(write, kinds.subnet)),
  )

describe('a tab table row menu', () => {
  afterEach(() => closeConfirmAction())

  it('disables Edit and Delete with one reason about changing the kind, keeps the rest enabled', () => {
    expect(menu(asked).map((i) => [i.label, i.disabledReason])).toEqual([
      ['Edit', 'No: changing a subnet (In use)'],
      ['Network interfaces', undefined],
      ['Copy ID', undefined],
      ['Delete', 'No: changing a subnet (In use)'],
    ])
  })

  it('Edit opens the row edit form', () => {
    const go = vi.fn()
    menu(() => undefined, go)[0]?.onSelect()
    expect(go).toHaveBeenCalledWith('/edit/mock-subnet')
  })

  it('Delete asks first, then deletes the row by its id from the list it was read from, and says so', async () => {
    mutate.mockResolvedValue({ type: 'success', data: undefined })
    const success = vi.spyOn(toast, 'success')
    menu(() => undefined)[3]?.onSelect()
    const confirm = currentConfirm()
    expect(confirm?.options.title).toBe('Delete subnet')
    expect(mutate).not.toHaveBeenCalled()
    await confirm?.options.run()
    expect(mutate).toHaveBeenCalledWith(
      'vpcSubnetDelete',
      { path: { subnet: 'sid' } },
      { removes: { id: 'sid' }, invalidates: [{ endpoint: 'vpcSubnetList' }] },
    )
    expect(success).toHaveBeenCalledWith('Subnet mock-subnet deleted')
  })
})

const columns = defineColumns<Row>([{ id: 'name', header: 'Name', cell: (r) => r.name }])
const describedBy = (el: Element) =>
  document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent

describe('a tab table', () => {
  beforeEach(() => {
    read.data = { items: [] }
    read.error = undefined
  })
  afterEach(cleanup)

  const routes = (title?: string) =>
    render(
      <RouteParamsContext.Provider value={{ project: 'p', vpc: 'v', router: 'r' }}>
        <ListTable
          list={tables.routes}
          title={title}
          owner="router"
          reason={asked}
          create={{ to: '/routes-new', refusal: 'System' }}
          columns={columns as never}
          empty="Router r has no routes."
        />
      </RouteParamsContext.Provider>,
    )

  it("reads its declaration for the route's params and takes its heading, empty title, create label and create reason from its kind", () => {
    routes()
    expect(read.endpoint).toBe('vpcRouterRouteList')
    expect(read.params).toEqual({ query: { project: 'p', vpc: 'v', router: 'r', limit: 100 } })
    expect(screen.getByRole('heading', { name: 'Routes' })).toBeTruthy()
    expect(screen.getByText('No routes')).toBeTruthy()
    expect(screen.getByText('Router r has no routes.')).toBeTruthy()
    expect(describedBy(screen.getByRole('button', { name: 'New route' }))).toBe(
      'No: creating a route (System)',
    )
  })

  it('keeps a heading of its own where it says one', () => {
    routes('Routes of r')
    expect(screen.getByRole('heading', { name: 'Routes of r' })).toBeTruthy()
  })

  it('names what could not be read by the kind and its owner', () => {
    read.data = undefined
    read.error = { message: 'boom' }
    routes()
    expect(screen.getByText('Could not load the routes of this router')).toBeTruthy()
  })
})
