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
