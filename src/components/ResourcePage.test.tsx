// @vitest-environment jsdom
import './test-helpers'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { QueryResult } from '../../storage'
import { views } from '../lists'
import { OutletContext, RouteParamsContext } from '../route-context'
import { S, T } from '../strings'
import { kinds } from '../ui/kinds'
import { ConfirmActionHost } from './ConfirmAction'
import { closeConfirmAction } from './confirm-queue'
import {
  EditDeleteActions,
  IdentityDetails,
  ResourceFrame,
  type ResourceFrameProps,
  ResourcePage,
} from './ResourcePage'

const reads = vi.hoisted(() => ({
  view: undefined as unknown,
  calls: [] as unknown[][],
  polls: [] as unknown[],
}))
// The role is use-action-reason's to test: here it is not known yet, so only what a test passes counts.
vi.mock('../hooks/use-role', () => ({ useRoleAt: () => ({ role: undefined, known: false }) }))
vi.mock('../../storage', async (original) => ({
  ...(await original<object>()),
  useResource: (...args: unknown[]) => {
    reads.calls.push(args)
    return reads.view
  },
  useResourcePoll: (_view: unknown, isMoving: unknown) => {
    reads.polls.push(isMoving)
    return false
  },
}))

afterEach(() => {
  act(() => closeConfirmAction())
  cleanup()
})

type Thing = { name: string; serial: string }
const web: Thing = { name: 'web', serial: 'BRM42' }

function viewOf(over: Partial<QueryResult<Thing>>): QueryResult<Thing> {
  return {
    data: undefined,
    updatedAt: undefined,
    isLoading: false,
    isRevalidating: false,
    isStale: false,
    isOffline: false,
    error: undefined,
    refresh: async () => 'ok' as const,
    ...over,
  }
}
const loading = viewOf({ isLoading: true, isRevalidating: true })
const loaded = viewOf({ data: web, updatedAt: new Date() })

const tabs = () => [
  { label: 'Subnets', href: '/vpcs/web/subnets' },
  { label: 'Routers', href: '/vpcs/web/routers' },
]

function setup(view: QueryResult<Thing>, extra: Partial<ResourceFrameProps<Thing>> = {}, outlet?: ReactNode) {
  const location = memoryLocation({ path: '/vpcs/web/subnets' })
  render(
    <Router hook={location.hook}>
      <OutletContext.Provider value={outlet ?? <p>the child route</p>}>
        <ResourceFrame
          view={view}
          kind={kinds.vpc}
          name="web"
          actions={(t) => <button type="button">Delete {t.name}</button>}
          {...extra}
        >
          {(t) => <p>DNS name of {t.name}</p>}
        </ResourceFrame>
      </OutletContext.Provider>
    </Router>,
  )
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent

describe('ResourceFrame', () => {
  it('titles the page with the URL name while loading, without actions, details or tabs', () => {
    setup(loading, { tabs })
    expect(heading()).toBe('web')
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete web' })).toBeNull()
    expect(screen.queryByText('DNS name of web')).toBeNull()
    expect(screen.queryByRole('tablist')).toBeNull()
    // A tabbed page shows its child route only in a tab panel.
    expect(screen.queryByText('the child route')).toBeNull()
  })

  it('once loaded shows the actions, then the details, then the tabs with the child route in the panel', () => {
    setup(loaded, { tabs })
    expect(heading()).toBe('web')
    expect(screen.getByRole('button', { name: 'Delete web' })).toBeTruthy()
    expect(screen.getByText('DNS name of web')).toBeTruthy()
    const list = screen.getByRole('tablist', { name: 'VPC web' })
    expect(
      within(list)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Subnets', 'Routers'])
    const panel = screen.getByRole('tabpanel', { name: 'Subnets' })
    expect(panel.textContent).toBe('the child route')
  })

  it('a page without tabs shows its child route (a form over it) even before the resource loads', () => {
    setup(loading)
    expect(screen.getByText('the child route')).toBeTruthy()
    cleanup()
    setup(loaded)
    expect(screen.getByText('the child route')).toBeTruthy()
    expect(screen.queryByRole('tablist')).toBeNull()
  })

  it('is Page not found when the server says the resource is not there, even with a cached copy', () => {
    setup(viewOf({ error: { kind: 'not_found', message: 'not found' } }), { tabs })
    expect(heading()).toBe(S.notFoundTitle)
    expect(screen.queryByText('the child route')).toBeNull()
    cleanup()
    setup(viewOf({ data: web, error: { kind: 'not_found', message: 'not found' } }))
    expect(heading()).toBe(S.notFoundTitle)
    expect(screen.queryByText('DNS name of web')).toBeNull()
  })

  it('offline with nothing cached says so, naming the resource, instead of claiming it is gone', () => {
    setup(viewOf({ isOffline: true }), { tabs })
    expect(heading()).toBe('web')
    expect(screen.getByRole('heading', { name: T.offline })).toBeTruthy()
    expect(
      screen.getByText(
        'VPC web is not cached on this device yet. It shows here once the connection is back.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('heading', { name: S.notFoundTitle })).toBeNull()
  })

  it('offline with a cached copy shows that copy', () => {
    setup({ ...loaded, isOffline: true }, { tabs })
    expect(screen.getByText('DNS name of web')).toBeTruthy()
    expect(screen.queryByText(/is not cached on this device/)).toBeNull()
  })

  it('kindInTitle: the kind while loading, then kind and label, which also name the tab list', () => {
    const sled = { kind: kinds.sled, name: 'a1b2c3', kindInTitle: true, label: (t: Thing) => t.serial, tabs }
    setup(loading, sled)
    expect(heading()).toBe('Sled')
    cleanup()
    setup(loaded, sled)
    expect(heading()).toBe('Sled BRM42')
    expect(screen.getByRole('tablist', { name: 'Sled BRM42' })).toBeTruthy()
    cleanup()
    setup(viewOf({ isOffline: true }), sled)
    expect(screen.getByText(/^Sled a1b2c3 is not cached on this device yet/)).toBeTruthy()
  })
})

describe("a page's Edit and Delete", () => {
  it('are named after the page, worded from its kind for their reasons, and act on the resource', async () => {
    const run = vi.fn(async () => {})
    const location = memoryLocation({ path: '/vpcs/web', record: true })
    render(
      <Router hook={location.hook}>
        <ConfirmActionHost />
        <OutletContext.Provider value={null}>
          <ResourceFrame
            view={loaded}
            kind={kinds.vpc}
            name="web"
            reason={(refusal, what) =>
              what?.startsWith('deleting') ? `No: ${what}` : (refusal ?? undefined)
            }
            edit={{ to: (t) => `/vpcs/${t.name}/edit` }}
            remove={{ run, after: '/vpcs' }}
          >
            {(t) => <p>DNS name of {t.name}</p>}
          </ResourceFrame>
        </OutletContext.Provider>
      </Router>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }))
    expect(location.history.at(-1)).toBe('/vpcs/web/edit')
    const remove = screen.getByRole('button', { name: 'Delete' })
    expect(document.getElementById(remove.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'No: deleting a VPC',
    )
    expect(run).not.toHaveBeenCalled()
  })
})

describe('IdentityDetails', () => {
  const of = { id: 'c0ffee', timeCreated: new Date('2024-05-01T10:00:00Z'), description: '' }
  const labels = () => screen.getAllByRole('term').map((t) => t.textContent)

  it('lists the ID with its named copy button and the creation time; a description only when there is one', () => {
    render(
      <dl>
        <IdentityDetails of={of} idLabel="VPC ID" />
      </dl>,
    )
    expect(labels()).toEqual(['ID', 'Created'])
    expect(screen.getByRole('button', { name: 'Copy VPC ID' })).toBeTruthy()
    cleanup()
    render(
      <dl>
        <IdentityDetails of={{ ...of, description: 'the web tier' }} idLabel="VPC ID" />
      </dl>,
    )
    expect(labels()).toEqual(['ID', 'Created', 'Description'])
    expect(screen.getByText('the web tier')).toBeTruthy()
  })
})

describe('EditDeleteActions', () => {
  function setupActions(props: Partial<Parameters<typeof EditDeleteActions>[0]> = {}) {
    const location = memoryLocation({ path: '/vpcs/web', record: true })
    const run = vi.fn(async () => {})
    render(
      <Router hook={location.hook}>
        <ConfirmActionHost />
        <EditDeleteActions
          kind={kinds.vpc}
          name="web"
          edit={{ href: '/vpcs/web/edit', reason: undefined }}
          remove={{ run, after: '/vpcs', reason: undefined }}
          {...props}
        />
      </Router>,
    )
    return { location, run }
  }

  it('Edit opens the edit route; Delete asks first, deletes, then goes to the list', async () => {
    const { location, run } = setupActions()
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }))
    expect(location.history.at(-1)).toBe('/vpcs/web/edit')
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete VPC' })
    expect(run).not.toHaveBeenCalled()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(location.history.at(-1)).toBe('/vpcs'))
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('each button is disabled with its own reason; without an edit route only Delete shows', () => {
    const { location } = setupActions({
      edit: { href: '/vpcs/web/edit', reason: 'You are offline' },
      remove: { run: async () => {}, after: '/vpcs', reason: 'Deleting needs a role' },
    })
    const edit = screen.getByRole('button', { name: 'Edit' })
    expect(edit.getAttribute('aria-disabled')).toBe('true')
    expect(edit.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(edit.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'You are offline',
    )
    const remove = screen.getByRole('button', { name: 'Delete' })
    expect(document.getElementById(remove.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Deleting needs a role',
    )
    fireEvent.click(edit)
    fireEvent.click(remove)
    expect(location.history).toEqual(['/vpcs/web'])
    expect(screen.queryByRole('alertdialog')).toBeNull()
    cleanup()
    setupActions({ edit: undefined })
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy()
  })
})

describe('ResourcePage', () => {
  it("reads its declaration for the route's params, names the resource by its path parameter until it loads, and polls while moving", () => {
    reads.view = loading
    reads.calls = []
    reads.polls = []
    const isMoving = () => true
    render(
      <Router hook={memoryLocation({ path: '/vpcs/web' }).hook}>
        <RouteParamsContext.Provider value={{ project: 'mock-project', vpc: 'web' }}>
          <OutletContext.Provider value={null}>
            <ResourcePage resource={views.vpc} isMoving={isMoving}>
              {(vpc) => <p>DNS name {vpc.dnsName}</p>}
            </ResourcePage>
          </OutletContext.Provider>
        </RouteParamsContext.Provider>
      </Router>,
    )
    expect(reads.calls[0]).toEqual(['vpcView', { path: { vpc: 'web' }, query: { project: 'mock-project' } }])
    expect(reads.polls[0]).toBe(isMoving)
    expect(heading()).toBe('web')
  })
})
