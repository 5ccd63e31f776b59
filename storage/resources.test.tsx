// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  cacheDb,
  keyFor,
  mutate,
  readCachedList,
  readCachedResource,
  resetStorageForTests,
  revalidate,
  setCacheScope,
  writeResource,
} from './cache'
import { resetConnectivity } from './connectivity'
import { useList, useResource } from './hooks'
import { deferred, disk, type FakeApi, fakeApi, instance, ok, userA } from './test-helpers'

let api: FakeApi
let now: number
const DB = 'rack-console-cache-resources'
const p1 = { query: { project: 'p1' } }
const view = { path: { instance: 'i1' } }
type Row = { id: string; runState: string }
const states = (data: { items: Row[] } | undefined) => data?.items.map((i) => `${i.id}:${i.runState}`)

beforeEach(async () => {
  resetConnectivity()
  api = fakeApi()
  now = 1_000_000
  await resetStorageForTests({ fetcher: api.fetcher, now: () => now, dbName: DB })
  await cacheDb().entries.clear()
  setCacheScope(userA)
})

afterEach(() => {
  resetConnectivity()
})

describe('writeResource', () => {
  it('rewrites the view and every cached page holding the resource, in memory and in IndexedDB', async () => {
    api.on('instanceList', (p) => {
      const token = (p.query as { pageToken?: string }).pageToken
      return ok(
        token
          ? { items: [instance('i3', 'running'), instance('i1', 'starting')], nextPage: null }
          : { items: [instance('i1', 'starting'), instance('i2', 'running')], nextPage: 't2' },
      )
    })
    api.on('instanceView', () => ok(instance('i1', 'starting')))
    // A disk that happens to share the id is another kind of resource: left alone.
    api.on('diskList', () => ok({ items: [disk('i1')], nextPage: null }))
    await revalidate('instanceList', p1)
    await revalidate('instanceList', p1, 't2')
    await revalidate('instanceView', view)
    await revalidate('diskList', p1)
    const pageAge = (await readCachedList('instanceList', p1))?.updatedAt
    now += 500

    await writeResource('instance', instance('i1', 'running') as never)

    expect(states((await readCachedList('instanceList', p1))?.data as never)).toEqual([
      'i1:running',
      'i2:running',
    ])
    expect(states((await readCachedList('instanceList', p1, 't2'))?.data as never)).toEqual([
      'i3:running',
      'i1:running',
    ])
    expect((await readCachedResource('instanceView', view))?.data.runState).toBe('running')
    // The page's other rows are as old as before: its age does not change.
    expect((await readCachedList('instanceList', p1))?.updatedAt).toEqual(pageAge)
    expect((await readCachedList('diskList', p1))?.data.items[0]?.name).toBe('i1')
    // A reload (memory gone) reads the same from IndexedDB.
    await resetStorageForTests({ fetcher: api.fetcher, now: () => now, dbName: DB })
    setCacheScope(userA)
    expect(states((await readCachedList('instanceList', p1, 't2'))?.data as never)).toEqual([
      'i3:running',
      'i1:running',
    ])
    expect((await readCachedResource('instanceView', view))?.data.runState).toBe('running')
    expect(api.count('instanceList')).toBe(2)
    expect(api.count('instanceView')).toBe(1)
  })

  it('re-renders a mounted list row and the mounted view at once', async () => {
    api.on('instanceList', () => ok({ items: [instance('i1', 'starting')], nextPage: null }))
    api.on('instanceView', () => ok(instance('i1', 'starting')))
    const { result } = renderHook(() => ({
      list: useList('instanceList', p1),
      one: useResource('instanceView', view),
    }))
    await waitFor(() => expect(result.current.one.data?.runState).toBe('starting'))
    await waitFor(() => expect(states(result.current.list.data)).toEqual(['i1:starting']))
    await act(async () => {
      await writeResource('instance', instance('i1', 'running') as never)
    })
    expect(states(result.current.list.data)).toEqual(['i1:running'])
    expect(result.current.one.data?.runState).toBe('running')
  })

  it('mutate({ writes }) puts the returned instance on screen before any refetch answers', async () => {
    api.on('instanceList', () => ok({ items: [instance('i1', 'running')], nextPage: null }))
    api.on('instanceStop', () => ok(instance('i1', 'stopping')))
    const { result } = renderHook(() => useList('instanceList', p1))
    await waitFor(() => expect(states(result.current.data)).toEqual(['i1:running']))
    api.on('instanceList', () => deferred<never>().promise) // the refetch never answers
    act(() => {
      void mutate(
        'instanceStop',
        { path: { instance: 'i1' } },
        { writes: 'instance', invalidates: [{ endpoint: 'instanceList' }] },
      )
    })
    await waitFor(() => expect(states(result.current.data)).toEqual(['i1:stopping']))
    expect(api.count('instanceStop')).toBe(1)
  })

  it('an answer asked before the write and landing after it keeps the fresher row', async () => {
    api.on('instanceList', () =>
      ok({ items: [instance('i1', 'running'), instance('i2', 'running')], nextPage: null }),
    )
    await revalidate('instanceList', p1)
    const held = deferred<ReturnType<typeof ok>>()
    api.on('instanceList', () => held.promise)
    now += 5000
    const pending = revalidate('instanceList', p1)
    await writeResource('instance', instance('i1', 'stopping') as never)
    held.resolve(ok({ items: [instance('i1', 'running'), instance('i2', 'stopped')], nextPage: null }))
    expect(await pending).toBe('ok')
    const page = await readCachedList('instanceList', p1)
    expect(states(page?.data as never)).toEqual(['i1:stopping', 'i2:stopped'])
    expect(page?.stale).toBe(false)
    // A request asked after the write is believed as it is.
    api.on('instanceList', () => ok({ items: [instance('i1', 'stopped')], nextPage: null }))
    await revalidate('instanceList', p1)
    expect(states((await readCachedList('instanceList', p1))?.data as never)).toEqual(['i1:stopped'])
  })

  it('a mounted page follows a row rewritten by another tab (same fetch, later revision)', async () => {
    api.on('instanceList', () => ok({ items: [instance('i1', 'starting')], nextPage: null }))
    const { result } = renderHook(() => useList('instanceList', p1))
    await waitFor(() => expect(states(result.current.data)).toEqual(['i1:starting']))
    const key = keyFor('instanceList', p1).key
    const stored = await cacheDb().entries.get(key)
    if (!stored) throw new Error('no stored page')
    await act(async () => {
      await cacheDb().entries.put({
        ...stored,
        data: { items: [instance('i1', 'running')], nextPage: null },
        revisedAt: now + 1,
      })
    })
    await waitFor(() => expect(states(result.current.data)).toEqual(['i1:running']))
  })
})
