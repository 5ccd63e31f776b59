// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cacheDb, resetStorageForTests, revalidate, setCacheScope, warmList, warmResource } from './cache'
import { resetConnectivity } from './connectivity'
import { type QueryResult, useList, useResource } from './hooks'
import { disk, type FakeApi, fakeApi, ok, userA } from './test-helpers'

let api: FakeApi
let now: number
const DB = 'rack-console-cache-warm'
const params = { query: { project: 'p1' } }

/** A reload: memory is gone, IndexedDB stays, the remembered scope is set before /v1/me answers. */
async function reload() {
  await resetStorageForTests({ fetcher: api.fetcher, now: () => now, dbName: DB })
  setCacheScope(userA)
}

beforeEach(async () => {
  resetConnectivity()
  api = fakeApi()
  now = 1_000_000
  await resetStorageForTests({ fetcher: api.fetcher, now: () => now, dbName: DB })
  await cacheDb().entries.clear()
  setCacheScope(userA)
  api.on('diskList', (p) => {
    const token = (p.query as { pageToken?: string }).pageToken
    return ok({ items: [disk(token ? 'd2' : 'd1')], nextPage: token ? null : 't2' })
  })
  api.on('diskView', () => ok(disk('d1', 'one')))
  await revalidate('diskList', params)
  await revalidate('diskList', params, 't2')
  await revalidate('diskView', { path: { disk: 'd1' } })
})

afterEach(() => {
  resetConnectivity()
  vi.restoreAllMocks()
})

/** Every render of the hook, in order, as what a screen would paint. */
function record<T>(use: () => QueryResult<T>) {
  const frames: Array<{ isLoading: boolean; data: T | undefined }> = []
  const hook = renderHook(() => {
    const r = use()
    frames.push({ isLoading: r.isLoading, data: r.data })
    return r
  })
  return { frames, ...hook }
}

const ids = (data: { items: Array<{ id: string }> } | undefined) => data?.items.map((i) => i.id)

describe('warmList / warmResource', () => {
  it('a warmed page is in the first render of useList: no loading frame at all, no request', async () => {
    await reload()
    const requests = api.calls.length
    await warmList('diskList', params, 't2')
    await warmResource('diskView', { path: { disk: 'd1' } })
    expect(api.calls.length).toBe(requests) // a warm-up never touches the network

    const list = record(() => useList('diskList', params, 't2'))
    expect(list.frames[0]).toMatchObject({ isLoading: false })
    expect(ids(list.frames[0]?.data)).toEqual(['d2'])
    const one = record(() => useResource('diskView', { path: { disk: 'd1' } }))
    expect(one.frames[0]?.data?.name).toBe('one')
    expect([...list.frames, ...one.frames].some((f) => f.isLoading)).toBe(false)
    expect(api.calls.length).toBe(requests) // still fresh: nothing to revalidate
  })

  it('a screen that mounts while the warm read is in flight shares that one read', async () => {
    await reload()
    const bulkGet = vi.spyOn(cacheDb().entries, 'bulkGet')
    const get = vi.spyOn(cacheDb().entries, 'get')
    const warming = warmList('diskList', params)
    const list = record(() => useList('diskList', { query: { project: 'p1' } }))
    await waitFor(() => expect(ids(list.result.current.data)).toEqual(['d1']))
    await warming
    expect(bulkGet).toHaveBeenCalledTimes(1)
    expect(bulkGet.mock.calls[0]?.[0]).toHaveLength(1)
    // The live query starts after the first read; no other read of the key before the data showed.
    expect(list.frames.filter((f) => f.data !== undefined)[0]).toMatchObject({ isLoading: false })
    expect(get.mock.calls.length).toBeLessThanOrEqual(1)
  })

  it('warms first pages of several keys with one batched indexed read', async () => {
    await reload()
    const bulkGet = vi.spyOn(cacheDb().entries, 'bulkGet')
    await Promise.all([
      warmList('diskList', params),
      warmList('diskList', params, 't2'),
      warmResource('diskView', { path: { disk: 'd1' } }),
    ])
    expect(bulkGet).toHaveBeenCalledTimes(1)
    expect(bulkGet.mock.calls[0]?.[0]).toHaveLength(3)
  })

  it('a key with nothing cached is read once: the screen goes straight to its fetch', async () => {
    await reload()
    api.on('diskList', () => ok({ items: [disk('p2-1')], nextPage: null }))
    const bulkGet = vi.spyOn(cacheDb().entries, 'bulkGet')
    await warmList('diskList', { query: { project: 'p2' } })
    const before = api.count('diskList')
    const list = record(() => useList('diskList', { query: { project: 'p2' } }))
    expect(list.frames[0]?.isLoading).toBe(true)
    await waitFor(() => expect(ids(list.result.current.data)).toEqual(['p2-1']))
    expect(api.count('diskList')).toBe(before + 1)
    expect(bulkGet).toHaveBeenCalledTimes(1)
  })

  it('does nothing without a cache scope (no user known and none remembered)', async () => {
    await resetStorageForTests({ fetcher: api.fetcher, now: () => now, dbName: DB })
    const requests = api.calls.length
    await warmList('diskList', params)
    expect(api.calls.length).toBe(requests)
    setCacheScope(userA)
    const list = record(() => useList('diskList', params))
    expect(list.frames[0]?.isLoading).toBe(true) // nothing was read for a scope that was not set
    await waitFor(() => expect(ids(list.result.current.data)).toEqual(['d1']))
  })
})
