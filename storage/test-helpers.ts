// Test helpers for the storage tests: a programmable fake fetcher and result builders.
import type { ApiResult, OperationName } from '../src/api/types'
import type { Fetcher } from './cache'

export type Handler = (
  params: Record<string, unknown>,
  signal?: AbortSignal,
) => ApiResult<unknown> | Promise<ApiResult<unknown>>

export function ok(data: unknown): ApiResult<unknown> {
  return { type: 'success', data, response: new Response(null, { status: 200 }) }
}

export function httpError(status: number, message: string): ApiResult<unknown> {
  return {
    type: 'error',
    op: 'projectView',
    data: { requestId: 'r1', errorCode: 'E', message, statusCode: status },
    response: new Response(null, { status }),
  }
}

export function networkError(): ApiResult<unknown> {
  return {
    type: 'client_error',
    op: 'projectView',
    error: new TypeError('Failed to fetch'),
    text: '',
    network: true,
  }
}

export type FakeApi = {
  fetcher: Fetcher
  calls: Array<{ name: string; params: Record<string, unknown> }>
  on(name: OperationName, handler: Handler): void
  count(name: string): number
}

export function fakeApi(): FakeApi {
  const handlers = new Map<string, Handler>()
  const calls: FakeApi['calls'] = []
  const fetcher = (async (name: string, params: Record<string, unknown>, opts: { signal?: AbortSignal }) => {
    calls.push({ name, params })
    const h = handlers.get(name)
    if (!h) throw new Error(`no fake handler for ${name}`)
    return h(params, opts.signal)
  }) as unknown as Fetcher
  return {
    fetcher,
    calls,
    on: (name, handler) => handlers.set(name, handler),
    count: (name) => calls.filter((c) => c.name === name).length,
  }
}

/** A promise with its resolve exposed, to hold a fake response until the test lets it go. */
export function deferred<T>() {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

export const userA = { userId: 'user-a', siloId: 'silo-1' }
export const userB = { userId: 'user-b', siloId: 'silo-1' }

export function disk(id: string, name = id) {
  return { id, name, description: '', timeCreated: new Date('2026-01-01T00:00:00Z') }
}

/** An instance row as the console sees it (only what the storage tests read). */
export function instance(id: string, runState: string, name = id) {
  return {
    id,
    name,
    description: '',
    projectId: 'p1',
    runState,
    timeRunStateUpdated: new Date('2026-01-01T00:00:00Z'),
  }
}

/** Spec section 4's transitional instance states (machines/ owns the real list; storage must not import it). */
export const movingInstance = (i: { runState: string }) =>
  ['creating', 'starting', 'stopping', 'rebooting', 'migrating', 'repairing'].includes(i.runState)
