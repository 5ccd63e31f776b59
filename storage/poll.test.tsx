// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cacheDb, keyFor, readCachedResource, resetStorageForTests, revalidate, setCacheScope } from './cache'
import { resetConnectivity } from './connectivity'
import { useList, useResource } from './hooks'
import { useListPoll, useResourcePoll } from './poll'
import { type FakeApi, fakeApi, instance, movingInstance, ok, userA } from './test-helpers'

let api: FakeApi
const params = { query: { project: 'p1' } }
const view = { path: { instance: 'i1' } }

/** Lets IndexedDB (fake-indexeddb runs on setImmediate, which is not faked) and React catch up. */
async function until(cond: () => boolean) {
  for (let i = 0; i < 500 && !cond(); i++)
    await act(async () => {
      await new Promise((r) => setImmediate(r))
    })
  expect(cond()).toBe(true)
}

/** Advances the fake clock, then lets every request that started finish writing to IndexedDB. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
  await until(() => observedIdle())
}

let mounted: Array<{ isRevalidating: boolean }> = []
const observedIdle = () => mounted.every((r) => !r.isRevalidating)

const page = (rows: unknown[]) => ok({ items: rows, nextPage: null })
const states = (data: { items: Array<{ runState: string }> } | undefined) =>
  data?.items.map((i) => i.runState)

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  resetConnectivity()
  api = fakeApi()
  await resetStorageForTests({ fetcher: api.fetcher, dbName: 'rack-console-cache-poll' })
  await cacheDb().entries.clear()
  setCacheScope(userA)
  mounted = []
})

afterEach(() => {
  resetConnectivity()
  vi.useRealTimers()
})

function mountList() {
  return renderHook(() => {
    const list = useList('instanceList', params)
    const polling = useListPoll(list, movingInstance)
    mounted = [list]
    return { list, polling }
  })
}

describe('useListPoll', () => {
  it('makes exactly one request per tick for a 50-row page with 3 transitional rows, backing off', async () => {
    const rows = Array.from({ length: 50 }, (_, i) =>
      instance(`i${i}`, i === 3 || i === 20 || i === 41 ? 'starting' : 'running'),
    )
    api.on('instanceList', () => page(rows))
    const { result, unmount } = mountList()
    await until(() => result.current.polling && observedIdle())
    expect(api.count('instanceList')).toBe(1) // the first visit's fetch

    // 1 s, then x1.5 each: 1.5 s, 2.25 s, 3.375 s.
    for (const [n, delay] of [1000, 1500, 2250, 3375].entries()) {
      await advance(delay - 1)
      expect(api.count('instanceList')).toBe(1 + n)
      await advance(1)
      expect(api.count('instanceList')).toBe(2 + n)
    }
    expect(api.calls.every((c) => c.name === 'instanceList')).toBe(true)
    unmount()
    await advance(60_000)
    expect(api.count('instanceList')).toBe(5)
  })

  it('caps the delay at 10 s', async () => {
    api.on('instanceList', () => page([instance('i1', 'stopping')]))
    const { result, unmount } = mountList()
    await until(() => result.current.polling)
    let delay = 1000
    for (let i = 0; i < 8; i++) {
      await advance(delay)
      delay = Math.min(10_000, Math.round(delay * 1.5))
    }
    const before = api.count('instanceList')
    await advance(9_999)
    expect(api.count('instanceList')).toBe(before)
    await advance(1)
    expect(api.count('instanceList')).toBe(before + 1)
    unmount()
  })

  it('stops when nothing on the page is transitional', async () => {
    let state = 'starting'
    api.on('instanceList', () => page([instance('i1', state), instance('i2', 'running')]))
    const { result, unmount } = mountList()
    await until(() => result.current.polling)
    state = 'running'
    await advance(1000)
    await until(() => states(result.current.list.data)?.[0] === 'running')
    expect(result.current.polling).toBe(false)
    const after = api.count('instanceList')
    await advance(60_000)
    expect(api.count('instanceList')).toBe(after)
    unmount()
  })

  it('with idleMs, re-reads a settled page once a period, not while hidden or offline', async () => {
    api.on('instanceList', () => page([instance('i1', 'running')]))
    const { result, unmount } = renderHook(() => {
      const list = useList('instanceList', params)
      const polling = useListPoll(list, movingInstance, { idleMs: 60_000 })
      mounted = [list]
      return { list, polling }
    })
    await until(() => result.current.list.data !== undefined && observedIdle())
    expect(result.current.polling).toBe(false) // nothing moves: not the fast schedule
    expect(api.count('instanceList')).toBe(1)
    await advance(59_999)
    expect(api.count('instanceList')).toBe(1)
    await advance(1)
    expect(api.count('instanceList')).toBe(2)
    await advance(60_000)
    expect(api.count('instanceList')).toBe(3)

    // A hidden tab skips its period.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    await advance(120_000)
    expect(api.count('instanceList')).toBe(3)
    visibility.mockRestore()
    await advance(60_000)
    expect(api.count('instanceList')).toBe(4)

    // Offline: no reads at all.
    act(() => {
      window.dispatchEvent(new Event('offline'))
    })
    await advance(180_000)
    expect(api.count('instanceList')).toBe(4)
    unmount()
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await advance(120_000)
    expect(api.count('instanceList')).toBe(4)
  })

  it('pauses while offline and resumes on reconnect', async () => {
    api.on('instanceList', () => page([instance('i1', 'starting')]))
    const { result, unmount } = mountList()
    await until(() => result.current.polling)
    act(() => {
      window.dispatchEvent(new Event('offline'))
    })
    expect(result.current.polling).toBe(false)
    const before = api.count('instanceList')
    await advance(30_000)
    expect(api.count('instanceList')).toBe(before)

    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    // The cache revalidates what is on screen (once its reconnect pacing has loaded).
    await until(() => result.current.polling && api.count('instanceList') > before && observedIdle())
    const reconnected = api.count('instanceList')
    expect(reconnected).toBe(before + 1)
    await advance(1000)
    expect(api.count('instanceList')).toBe(reconnected + 1)
    unmount()
  })

  it('a list page and the view of one of its instances both see what the list poll learns', async () => {
    let state = 'starting'
    api.on('instanceList', () => page([instance('i1', state), instance('i2', 'running')]))
    api.on('instanceView', () => ok(instance('i1', 'starting')))
    const { result, unmount } = renderHook(() => {
      const list = useList('instanceList', params)
      useListPoll(list, movingInstance)
      const one = useResource('instanceView', view)
      mounted = [list, one]
      return { list, one }
    })
    await until(
      () => result.current.one.data?.runState === 'starting' && result.current.list.data !== undefined,
    )
    const viewRequests = api.count('instanceView')

    state = 'running'
    await advance(1000)
    await until(() => result.current.one.data?.runState === 'running')
    expect(states(result.current.list.data)).toEqual(['running', 'running'])
    expect(api.count('instanceView')).toBe(viewRequests) // the view learnt it from the list's answer
    // What the poll learnt is in IndexedDB for the view too: a reload paints it.
    const stored = await cacheDb().entries.get(keyFor('instanceView', view).key)
    expect((stored?.data as { runState?: string } | undefined)?.runState).toBe('running')
    unmount()
  })
})

describe('useResourcePoll', () => {
  it('polls one resource while transitional; the cached list page agrees; stops when settled', async () => {
    let state = 'stopping'
    api.on('instanceList', () => page([instance('i1', 'stopping'), instance('i2', 'running')]))
    api.on('instanceView', () => ok(instance('i1', state)))
    await revalidate('instanceList', params)
    const { result, unmount } = renderHook(() => {
      const one = useResource('instanceView', view)
      const polling = useResourcePoll(one, movingInstance)
      mounted = [one]
      return { one, polling }
    })
    await until(() => result.current.polling)
    const listRequests = api.count('instanceList')
    const before = api.count('instanceView')

    state = 'stopped'
    await advance(1000)
    expect(api.count('instanceView')).toBe(before + 1)
    await until(() => result.current.one.data?.runState === 'stopped')
    expect(result.current.polling).toBe(false)
    const list = renderHook(() => useList('instanceList', params))
    expect(states(list.result.current.data)).toEqual(['stopped', 'running'])
    expect(api.count('instanceList')).toBe(listRequests)
    await advance(60_000)
    expect(api.count('instanceView')).toBe(before + 1)
    list.unmount()
    unmount()
    expect((await readCachedResource('instanceView', view))?.data.runState).toBe('stopped')
  })
})
