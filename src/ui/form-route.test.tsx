// @vitest-environment jsdom
import '../components/test-helpers'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { RouteParamsContext } from '../route-context'
import { formView } from './form-route'

type Props = {
  project: string
  disk?: string
  onDismiss: () => void
  onSaved?: (saved: { name: string }) => void
}
function DiskForm({ project, disk, onDismiss, onSaved }: Props) {
  // A form's values start from its resource once, as the real forms' do.
  const [initial] = useState(disk ?? '(new)')
  return (
    <div>
      <p>
        form of {project}/{initial}
      </p>
      <button type="button" onClick={onDismiss}>
        Cancel
      </button>
      {onSaved && (
        <button type="button" onClick={() => onSaved({ name: 'new one' })}>
          Save
        </button>
      )}
    </div>
  )
}

// `back` and `opens` name routes of the app's tree: `disks` is /projects/{project}/disks.
const CreateOrEdit = formView(DiskForm, { params: ['project'], edit: 'disk', back: 'disks' })
const SavesToPage = formView(DiskForm, {
  params: ['project'],
  back: 'disks',
  opens: { to: 'disk', param: 'disk' },
})
// `vpc` is /projects/{project}/vpcs/{vpc}, a page with tabs (firewall-rules, subnets, …).
const VpcEdit = formView(DiskForm, { params: ['project', 'vpc'], back: 'vpc' })
const NeedsInstance = formView(DiskForm, { params: ['project', 'instance'], back: 'projects' })

function show(
  Route: React.ComponentType,
  params: Record<string, string>,
  path = '/disks-new?page=abc&limit=25',
) {
  const location = memoryLocation({ path, record: true })
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <RouteParamsContext.Provider value={params}>
        <Route />
      </RouteParamsContext.Provider>
    </Router>,
  )
  return { location, view }
}

afterEach(cleanup)

/** The history before the form, as the Navigation API tells it: `from`, then the form's own entry. */
function openedFrom(from: string) {
  const entries = [{ url: from ? new URL(from, window.location.origin).href : null }, { url: 'x' }]
  Object.assign(globalThis, { navigation: { currentEntry: { index: 1 }, entries: () => entries } })
}
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'navigation')
})

describe('formView', () => {
  it('gives the form the route params, and dismisses to `back` keeping the list query', async () => {
    const { location } = show(CreateOrEdit, { project: 'p' })
    expect(screen.getByText('form of p/(new)')).toBeTruthy()
    // Without `opens` the form has no onSaved: a save closes it, as a dismiss does.
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(location.history.at(-1)).toBe('/projects/p/disks?page=abc&limit=25')
  })

  it('an optional param present: the edit form of that resource; another resource is a new form', async () => {
    const params = { project: 'p', disk: 'd1' }
    const location = memoryLocation({ path: '/disks/d1/edit' })
    const tree = (p: Record<string, string>) => (
      <Router hook={location.hook} searchHook={location.searchHook}>
        <RouteParamsContext.Provider value={p}>
          <CreateOrEdit />
        </RouteParamsContext.Provider>
      </Router>
    )
    const view = render(tree(params))
    expect(await screen.findByText('form of p/d1')).toBeTruthy()
    await act(async () => view.rerender(tree({ project: 'p', disk: 'd2' })))
    expect(await screen.findByText('form of p/d2')).toBeTruthy()
  })

  it('a save goes on to the page `opens` names for the saved resource, without the list query', async () => {
    const { location } = show(SavesToPage, { project: 'p' })
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(location.history.at(-1)).toBe('/projects/p/disks/new%20one')
  })

  it('opened from a tab of the page behind, closes onto that tab with its query', () => {
    openedFrom('/projects/p/vpcs/v/subnets?page=abc')
    const { location } = show(VpcEdit, { project: 'p', vpc: 'v' }, '/projects/p/vpcs/v/edit')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(location.history.at(-1)).toBe('/projects/p/vpcs/v/subnets?page=abc')
  })

  it('opened from anywhere else (another page, the list above, another site, nothing), closes onto `back`', () => {
    for (const from of [
      '/projects/p/instances',
      '/projects/p/vpcs',
      '/projects/p/vpcs/v2/subnets',
      'https://elsewhere.example/projects/p/vpcs/v/subnets',
      '',
    ]) {
      openedFrom(from)
      const { location } = show(VpcEdit, { project: 'p', vpc: 'v' }, '/projects/p/vpcs/v/edit')
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
      expect(location.history.at(-1), from).toBe('/projects/p/vpcs/v')
      cleanup()
    }
    // A browser without the Navigation API: `back`.
    Reflect.deleteProperty(globalThis, 'navigation')
    const { location } = show(VpcEdit, { project: 'p', vpc: 'v' }, '/projects/p/vpcs/v/edit')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(location.history.at(-1)).toBe('/projects/p/vpcs/v')
  })

  it('a param the route does not have is an error, not an empty string', () => {
    const errors: unknown[] = []
    const onError = (e: ErrorEvent) => {
      errors.push(e.error)
      e.preventDefault()
    }
    window.addEventListener('error', onError)
    try {
      expect(() => show(NeedsInstance, { project: 'p' })).toThrow('route has no :instance param')
    } finally {
      window.removeEventListener('error', onError)
    }
  })
})
