// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cacheDb, mutate, resetStorageForTests, revalidate, setCacheScope } from './cache'
import { resetConnectivity, useConnectivity } from './connectivity'
import { useList, useResource } from './hooks'
import {
  deferred,
  disk,
  type FakeApi,
  fakeApi,
  httpError,
  networkError,
  ok,
  userA,
  userB,
} from './test-helpers'

let api: FakeApi
let now: number
const DB = 'rack-console-cache-hooks'
const params = { query: { project: 'p1' } }

async function freshSession() {
  await resetStorageForTests({ fetcher: api.fetcher, now: () => now, dbName: DB })
  setCacheScope(userA)
}

beforeEach(async () => {
  resetConnectivity()
  api = fakeApi()
  now = 1_000_000
  await freshSession()
  await cacheDb().entries.clear()
})

afterEach(() => {
  resetConnectivity()
})

const ids = (data: { items: Array<{ id: string }> } | undefined) => data?.items.map((i) => i.id)

describe('useList', () => {
  it('shows loading on the very first visit, then the page', async () => {
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    const { result } = renderHook(() => useList('diskList', params))
    expect(result.current.isLoading).toBe(true)
    expect(result.current.data).toBeUndefined()
    await waitFor(() => expect(ids(result.current.data)).toEqual(['d1']))
    expect(result.current.isLoading).toBe(false)
    expect(result.current.updatedAt?.getTime()).toBe(now)
    expect(api.count('diskList')).toBe(1)
  })

  it('paints a page seen in this session in the first render, without refetching a fresh one', async () => {
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    await revalidate('diskList', params)
    now += 1000
    const { result } = renderHook(() => useList('diskList', { query: { project: 'p1' } }))
    expect(result.current.isLoading).toBe(false)
    expect(ids(result.current.data)).toEqual(['d1'])
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20))
    })
    expect(api.count('diskList')).toBe(1)
  })

  it('reads IndexedDB after a reload, then revalidates a page older than 2 s in place', async () => {
    api.on('diskList', () => ok({ items: [disk('old')], nextPage: null }))
    await revalidate('diskList', params)
    await freshSession() // a reload: memory is gone, IndexedDB stays
    now += 2000
    const held = deferred<ReturnType<typeof ok>>()
    api.on('diskList', () => held.promise)
    const { result } = renderHook(() => useList('diskList', params))
    await waitFor(() => expect(ids(result.current.data)).toEqual(['old']))
    expect(result.current.isLoading).toBe(false)
    expect(result.current.isStale).toBe(true)
    await waitFor(() => expect(result.current.isRevalidating).toBe(true))
    await act(async () => held.resolve(ok({ items: [disk('new')], nextPage: null })))
    await waitFor(() => expect(ids(result.current.data)).toEqual(['new']))
    expect(result.current.isRevalidating).toBe(false)
    expect(result.current.isStale).toBe(false)
    expect(api.count('diskList')).toBe(2)
  })

  it('keeps the cached page on a network failure and reports offline', async () => {
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    await revalidate('diskList', params)
    now += 5000
    api.on('diskList', () => networkError())
    const { result } = renderHook(() => ({ list: useList('diskList', params), net: useConnectivity() }))
    await waitFor(() => expect(result.current.list.isOffline).toBe(true))
    expect(result.current.net.online).toBe(false)
    expect(ids(result.current.list.data)).toEqual(['d1'])
    expect(result.current.list.error).toBeUndefined()
    expect(result.current.list.isLoading).toBe(false)
  })

  it('puts an HTTP error in `error` and keeps the data', async () => {
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    await revalidate('diskList', params)
    now += 5000
    api.on('diskList', () => httpError(503, 'unavailable'))
    const { result } = renderHook(() => useList('diskList', params))
    await waitFor(() => expect(result.current.error?.message).toBe('unavailable'))
    expect(ids(result.current.data)).toEqual(['d1'])
    expect(result.current.isOffline).toBe(false)
  })

  it('revalidates every mounted key on reconnect', async () => {
    api.on('diskList', () => networkError())
    api.on('diskView', () => networkError())
    const { result } = renderHook(() => ({
      list: useList('diskList', params),
      one: useResource('diskView', { path: { disk: 'd1' } }),
    }))
    await waitFor(() => expect(result.current.list.isOffline).toBe(true))
    expect(result.current.list.isLoading).toBe(false)
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    api.on('diskView', () => ok(disk('d1', 'one')))
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(ids(result.current.list.data)).toEqual(['d1']))
    await waitFor(() => expect(result.current.one.data?.name).toBe('one'))
    expect(result.current.list.isOffline).toBe(false)
  })

  it('drops a deleted row from the mounted list at once', async () => {
    api.on('diskList', () => ok({ items: [disk('d1'), disk('d2')], nextPage: null }))
    api.on('diskDelete', () => ok(undefined))
    const { result } = renderHook(() => useList('diskList', params))
    await waitFor(() => expect(ids(result.current.data)).toEqual(['d1', 'd2']))
    api.on('diskList', () => deferred<never>().promise) // the refetch never answers: the cache must do it
    await act(async () => {
      await mutate('diskDelete', { path: { disk: 'd1' } }, { removes: { id: 'd1' } })
    })
    expect(ids(result.current.data)).toEqual(['d2'])
  })

  it('follows the scope: another user sees none of the first user’s pages', async () => {
    api.on('diskList', () => ok({ items: [disk('a1')], nextPage: null }))
    const { result } = renderHook(() => useList('diskList', params))
    await waitFor(() => expect(ids(result.current.data)).toEqual(['a1']))
    const held = deferred<ReturnType<typeof ok>>()
    api.on('diskList', () => held.promise)
    act(() => setCacheScope(userB))
    expect(result.current.data).toBeUndefined()
    expect(result.current.isLoading).toBe(true)
    await act(async () => held.resolve(ok({ items: [disk('b1')], nextPage: null })))
    await waitFor(() => expect(ids(result.current.data)).toEqual(['b1']))
  })

  it('refresh() refetches even a fresh page', async () => {
    let n = 0
    api.on('diskList', () => ok({ items: [disk(`v${++n}`)], nextPage: null }))
    const { result } = renderHook(() => useList('diskList', params))
    await waitFor(() => expect(ids(result.current.data)).toEqual(['v1']))
    await act(async () => {
      await result.current.refresh()
    })
    await waitFor(() => expect(ids(result.current.data)).toEqual(['v2']))
  })

  it('two components on one key make one request', async () => {
    const held = deferred<ReturnType<typeof ok>>()
    api.on('diskList', () => held.promise)
    const a = renderHook(() => useList('diskList', params))
    const b = renderHook(() => useList('diskList', { query: { project: 'p1' } }))
    await act(async () => held.resolve(ok({ items: [disk('d1')], nextPage: null })))
    await waitFor(() => expect(ids(b.result.current.data)).toEqual(['d1']))
    expect(ids(a.result.current.data)).toEqual(['d1'])
    expect(api.count('diskList')).toBe(1)
  })
})
