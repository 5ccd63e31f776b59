// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { InstanceGuard } from '../../../layouts/InstanceGuard'

// What storage answers for the instance view, and which keys the guard asked for.
const world = vi.hoisted(() => ({
  error: undefined as { kind: string; message: string } | undefined,
  reads: [] as unknown[],
}))

vi.mock('../../../../storage', () => ({
  getCacheScope: () => 'user-1',
  subscribeCacheScope: () => () => undefined,
  useResource: (endpoint: string, params: unknown) => {
    world.reads.push({ endpoint, params })
    return { data: undefined, error: world.error }
  },
}))
vi.mock('../../NotFoundPage', () => ({ NotFoundPage: () => <h1>Page not found</h1> }))

beforeEach(() => {
  world.error = undefined
  world.reads = []
})
afterEach(cleanup)

const page = <p>instance page</p>

describe('InstanceGuard', () => {
  it('shows Page not found when the API says the instance is not there', () => {
    world.error = { kind: 'not_found', message: 'not found: instance with name "nope"' }
    render(
      <InstanceGuard project="p" instance="nope">
        {page}
      </InstanceGuard>,
    )
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy()
    expect(screen.queryByText('instance page')).toBeNull()
    expect(world.reads).toContainEqual({
      endpoint: 'instanceView',
      params: { path: { instance: 'nope' }, query: { project: 'p' } },
    })
  })

  it('does not claim not-found without an answer (offline, nothing cached) or on another error', () => {
    const { rerender } = render(
      <InstanceGuard project="p" instance="db1">
        {page}
      </InstanceGuard>,
    )
    expect(screen.getByText('instance page')).toBeTruthy()
    world.error = { kind: 'forbidden', message: 'Action not authorized' }
    rerender(
      <InstanceGuard project="p" instance="db1">
        {page}
      </InstanceGuard>,
    )
    expect(screen.getByText('instance page')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull()
  })

  it('outside an instance route it only renders its children', () => {
    world.error = { kind: 'not_found', message: 'x' }
    render(
      <InstanceGuard project={null} instance={null}>
        {page}
      </InstanceGuard>,
    )
    expect(screen.getByText('instance page')).toBeTruthy()
    expect(world.reads).toEqual([])
  })

  it('stands aside under a guard that already covers the same instance: one probe, one not-found', () => {
    world.error = { kind: 'not_found', message: 'x' }
    render(
      <InstanceGuard project="p" instance="nope">
        <InstanceGuard project="p" instance="nope">
          {page}
        </InstanceGuard>
      </InstanceGuard>,
    )
    expect(screen.getAllByRole('heading', { name: 'Page not found' })).toHaveLength(1)
    expect(new Set(world.reads.map((r) => JSON.stringify(r))).size).toBe(1)
  })
})
