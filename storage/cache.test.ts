import { Dexie } from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { T } from '../src/strings'
import {
  cacheDb,
  configureStorage,
  dropOtherScopes,
  invalidate,
  keyFor,
  mutate,
  OfflineError,
  observeKey,
  prefetchList,
  pruneExpired,
  readCachedList,
  readCachedResource,
  resetStorageForTests,
  revalidate,
  setCacheScope,
  snapshotOf,
  wipeCache,
} from './cache'
import { isOnline, reportSuccess, resetConnectivity } from './connectivity'
import type { CacheEntry } from './db'
import { scopeKey } from './keys'
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
const DAY = 24 * 60 * 60 * 1000
const listParams = { query: { project: 'p1' } }

beforeEach(async () => {
  resetConnectivity()
  api = fakeApi()
  now = 10 * DAY
  await resetStorageForTests({ fetcher: api.fetcher, now: () => now, dbName: 'rack-console-cache-unit' })
  await cacheDb().entries.clear()
  setCacheScope(userA)
})

afterEach(() => {
  vi.restoreAllMocks()
})

function quotaError(): Error {
  const e = new Error('quota')
  e.name = 'QuotaExceededError'
  return e
}

async function allEntries(): Promise<CacheEntry[]> {
  return cacheDb().entries.toArray()
}

describe('scope', () => {
  it("keeps user A's cache invisible to user B", async () => {
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    expect(await revalidate('diskList', listParams)).toBe('ok')
    expect((await readCachedList('diskList', listParams))?.data.items.map((d) => d.id)).toEqual(['d1'])

    setCacheScope(userB)
    expect(await readCachedList('diskList', listParams)).toBeUndefined()
    const rows = await allEntries()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.scope).toBe(scopeKey(userA))

    setCacheScope(userA)
    expect((await readCachedList('diskList', listParams))?.data.items).toHaveLength(1)
  })

  it('persists nothing without a scope', async () => {
    setCacheScope(null)
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    expect(await revalidate('diskList', listParams)).toBe('ok')
    expect(await allEntries()).toHaveLength(0)
  })

  it('does not write an answer that arrives after the scope changed', async () => {
    const held = deferred<ReturnType<typeof ok>>()
    api.on('diskList', () => held.promise)
    const pending = revalidate('diskList', listParams)
    setCacheScope(userB)
    held.resolve(ok({ items: [disk('d1')], nextPage: null }))
    expect(await pending).toBe('aborted')
    expect(await allEntries()).toHaveLength(0)
  })

  it('keys pages by token and passes the token to the API', async () => {
    api.on('diskList', (p) => {
      const token = (p.query as { pageToken?: string }).pageToken
      return ok({ items: [disk(token ?? 'first')], nextPage: token ? null : 't2' })
    })
    await revalidate('diskList', listParams)
    await revalidate('diskList', listParams, 't2')
    expect(api.calls[1]?.params).toEqual({ query: { project: 'p1', pageToken: 't2' } })
    expect((await readCachedList('diskList', listParams, 't2'))?.data.items[0]?.id).toBe('t2')
    expect((await readCachedList('diskList', listParams))?.data.nextPage).toBe('t2')
  })
})

describe('security', () => {
  it('never writes a credential-bearing answer or a non-GET answer to IndexedDB', async () => {
    api.on('currentUserView', () => ok({ id: 'u', displayName: 'x', accessToken: 'secret-token' }))
    api.on('deviceAccessToken', () => ok({ accessToken: 'secret', tokenType: 'Bearer' }))
    await revalidate('currentUserView', {})
    await revalidate('deviceAccessToken', {} as never)
    const dump = JSON.stringify(await allEntries())
    expect(dump).not.toContain('secret')
    expect(await allEntries()).toHaveLength(0)
  })
})

describe('read-only POSTs', () => {
  it('keeps a timeseries query (keyed by its query text), so a chart paints from the cache', async () => {
    const params = (query: string) => ({ query: { project: 'p1' }, body: { query } })
    api.on('timeseriesQuery', (p) => ok({ tables: [{ name: (p as ReturnType<typeof params>).body.query }] }))
    await revalidate('timeseriesQuery', params('get a:b | filter t > @1'))
    await revalidate('timeseriesQuery', params('get a:b | filter t > @2'))
    const cached = await readCachedResource('timeseriesQuery', params('get a:b | filter t > @1'))
    expect(cached?.data).toEqual({ tables: [{ name: 'get a:b | filter t > @1' }] })
    expect(await allEntries()).toHaveLength(2)
  })

  it('still never keeps a writing POST', async () => {
    api.on('projectCreate', () => ok({ id: 'p9', name: 'p9' }))
    await revalidate('projectCreate', { body: { name: 'p9', description: '' } } as never)
    expect(await allEntries()).toHaveLength(0)
  })
})

describe('wipeCache', () => {
  it('leaves zero records, in memory and on disk, and deletes our other databases', async () => {
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    api.on('diskView', () => ok(disk('d1')))
    await revalidate('diskList', listParams)
    await revalidate('diskView', { path: { disk: 'd1' } })
    setCacheScope(userB)
    await revalidate('diskList', listParams)
    expect(await allEntries()).toHaveLength(3)
    const other = new Dexie('rack-console-cache-old')
    other.version(1).stores({ t: 'k' })
    await other.open()
    other.close()

    await wipeCache()

    expect(await cacheDb().entries.count()).toBe(0)
    for (const t of cacheDb().tables) expect(await t.count()).toBe(0)
    expect(await readCachedList('diskList', listParams)).toBeUndefined()
    expect(await Dexie.getDatabaseNames()).not.toContain('rack-console-cache-old')
  })
})

describe('dropOtherScopes', () => {
  it("drops every other user's entries and keeps the current user's", async () => {
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    setCacheScope(userB)
    await revalidate('diskList', listParams)
    setCacheScope(userA)
    await revalidate('diskList', listParams)
    expect(await allEntries()).toHaveLength(2)

    expect(await dropOtherScopes()).toBe(1)

    expect((await allEntries()).map((e) => e.scope)).toEqual([scopeKey(userA)])
    expect(await readCachedList('diskList', listParams)).toBeDefined()
  })

  it('drops nothing without a scope', async () => {
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    await revalidate('diskList', listParams)
    setCacheScope(null)
    expect(await dropOtherScopes()).toBe(0)
    expect(await allEntries()).toHaveLength(1)
  })
})

describe('quota', () => {
  it('evicts the oldest entries and retries when a cache write hits the quota', async () => {
    const d = cacheDb()
    await d.entries.bulkPut(
      Array.from({ length: 4 }, (_, i) => ({
        key: `old${i}`,
        scope: scopeKey(userA),
        endpoint: 'projectList',
        kind: 'list' as const,
        params: {},
        pageToken: '',
        data: { items: [] },
        ids: [],
        fetchedAt: now - 1000 + i,
        invalid: false,
      })),
    )
    const put = d.entries.put.bind(d.entries)
    vi.spyOn(d.entries, 'put')
      .mockImplementationOnce(() => {
        throw quotaError()
      })
      .mockImplementation(put)
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    expect(await revalidate('diskList', listParams)).toBe('ok')
    expect(await readCachedList('diskList', listParams)).toBeDefined()
    expect(await d.entries.get('old0')).toBeUndefined()
    expect(await d.entries.count()).toBe(4)
  })

  it('still serves the answer from memory when the cache cannot be written at all', async () => {
    vi.spyOn(cacheDb().entries, 'put').mockImplementation(() => {
      throw quotaError()
    })
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    expect(await revalidate('diskList', listParams)).toBe('ok')
    expect(await allEntries()).toHaveLength(0)
    expect((await readCachedList('diskList', listParams))?.data.items).toHaveLength(1)
  })
})

describe('mutations', () => {
  it('removes a deleted resource from every cached page and its own entry, in this scope only', async () => {
    api.on('diskList', (p) => {
      const token = (p.query as { pageToken?: string }).pageToken
      return ok(
        token
          ? { items: [disk('d3'), disk('gone')], nextPage: null }
          : { items: [disk('gone'), disk('d2')], nextPage: 't2' },
      )
    })
    api.on('diskView', () => ok(disk('gone')))
    api.on('diskDelete', () => ok(undefined))
    await revalidate('diskList', listParams)
    await revalidate('diskList', listParams, 't2')
    await revalidate('diskList', { query: { project: 'p2' } })
    await revalidate('diskView', { path: { disk: 'gone' } })
    setCacheScope(userB)
    await revalidate('diskList', listParams)
    setCacheScope(userA)

    const result = await mutate('diskDelete', { path: { disk: 'gone' } }, { removes: { id: 'gone' } })
    expect(result.type).toBe('success')

    const ids = async (token?: string, params = listParams) =>
      (await readCachedList('diskList', params, token))?.data.items.map((d) => d.id)
    expect(await ids()).toEqual(['d2'])
    expect(await ids('t2')).toEqual(['d3'])
    expect(await ids(undefined, { query: { project: 'p2' } })).toEqual(['d2'])
    expect(await readCachedResource('diskView', { path: { disk: 'gone' } })).toBeUndefined()
    const a = (await allEntries()).filter((e) => e.scope === scopeKey(userA))
    expect(a.some((e) => e.ids.includes('gone'))).toBe(false)
    const b = (await allEntries()).filter((e) => e.scope === scopeKey(userB))
    expect(b[0]?.ids).toContain('gone')
  })

  it('drops a deleted row from an answer that was asked before the delete', async () => {
    const held = deferred<ReturnType<typeof ok>>()
    api.on('diskList', () => held.promise)
    api.on('diskDelete', () => ok(undefined))
    const pending = revalidate('diskList', listParams)
    await mutate('diskDelete', { path: { disk: 'gone' } }, { removes: { id: 'gone' } })
    held.resolve(ok({ items: [disk('gone'), disk('d2')], nextPage: null }))
    await pending
    expect((await readCachedList('diskList', listParams))?.data.items.map((d) => d.id)).toEqual(['d2'])
  })

  it('refetches observed matching keys and marks unobserved matching pages invalid', async () => {
    let version = 1
    api.on('diskList', (p) =>
      ok({ items: [disk(`v${version}-${(p.query as { project: string }).project}`)], nextPage: null }),
    )
    api.on('diskCreate', () => {
      version = 2
      return ok(disk('new'))
    })
    await revalidate('diskList', listParams)
    await revalidate('diskList', listParams, 't2')
    await revalidate('diskList', { query: { project: 'p2' } })
    const { desc, key } = keyFor('diskList', listParams)
    const stop = observeKey(key, desc, () => undefined)
    await vi.waitFor(async () => expect(api.count('diskList')).toBe(3)) // fresh: no refetch on observe
    const before = api.count('diskList')

    await mutate('diskCreate', { query: { project: 'p1' }, body: {} } as never, {
      invalidates: [{ endpoint: 'diskList', params: { query: { project: 'p1' } } }],
    })
    expect(api.count('diskList')).toBe(before + 1)
    const first = await readCachedList('diskList', listParams)
    expect(first?.data.items[0]?.id).toBe('v2-p1')
    expect(first?.stale).toBe(false)
    expect((await readCachedList('diskList', listParams, 't2'))?.stale).toBe(true)
    expect((await readCachedList('diskList', { query: { project: 'p2' } }))?.stale).toBe(false)
    stop()
  })

  it('rejects at once when offline, without calling the API', async () => {
    api.on('diskList', () => networkError())
    api.on('diskDelete', () => ok(undefined))
    await revalidate('diskList', listParams)
    expect(isOnline()).toBe(false)
    const attempt = mutate('diskDelete', { path: { disk: 'd1' } }, { removes: { id: 'd1' } })
    await expect(attempt).rejects.toBeInstanceOf(OfflineError)
    await expect(attempt).rejects.toThrow(T.offline)
    expect(api.count('diskDelete')).toBe(0)
  })

  it('refetch: false marks an observed key invalid without asking for it now', async () => {
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    api.on('diskCreate', () => ok(disk('d2')))
    await revalidate('diskList', listParams)
    const { desc, key } = keyFor('diskList', listParams)
    const stop = observeKey(key, desc, () => undefined)
    const before = api.count('diskList')
    await mutate('diskCreate', { query: { project: 'p1' }, body: {} } as never, {
      invalidates: [{ endpoint: 'diskList', params: { query: { project: 'p1' } }, refetch: false }],
    })
    expect(api.count('diskList')).toBe(before)
    expect((await readCachedList('diskList', listParams))?.stale).toBe(true)
    stop()
  })

  it('invalidate() with no match changes nothing', async () => {
    api.on('diskList', () => ok({ items: [], nextPage: null }))
    await revalidate('diskList', listParams)
    await invalidate([{ endpoint: 'instanceList' }])
    expect((await readCachedList('diskList', listParams))?.stale).toBe(false)
  })
})

describe('read path', () => {
  const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms))

  it('reads the keys a screen asks for in one batched get, then follows writes made elsewhere', async () => {
    api.on('diskList', (p) =>
      ok({ items: [disk(`d-${(p.query as { project: string }).project}`)], nextPage: null }),
    )
    await revalidate('diskList', listParams)
    await revalidate('diskList', { query: { project: 'p2' } })
    // A reload: memory is gone, IndexedDB stays.
    await resetStorageForTests({ fetcher: api.fetcher, now: () => now, dbName: 'rack-console-cache-unit' })
    setCacheScope(userA)
    const bulkGet = vi.spyOn(cacheDb().entries, 'bulkGet')
    const a = keyFor('diskList', listParams)
    const b = keyFor('diskList', { query: { project: 'p2' } })
    expect(snapshotOf(a.key, a.desc).known).toBe(false)
    expect(snapshotOf(b.key, b.desc).known).toBe(false)
    await vi.waitFor(() => expect(snapshotOf(a.key, a.desc).known).toBe(true))
    expect(bulkGet).toHaveBeenCalledTimes(1)
    expect(bulkGet.mock.calls[0]?.[0]).toEqual([a.key, b.key])
    expect(snapshotOf(b.key, b.desc).entry?.ids).toEqual(['d-p2'])

    const stop = observeKey(a.key, a.desc, () => undefined)
    const stored = await cacheDb().entries.get(a.key)
    if (!stored) throw new Error('no stored entry')
    // Another tab writes the same key.
    await cacheDb().entries.put({ ...stored, data: { items: [disk('elsewhere')] }, ids: ['elsewhere'] })
    await vi.waitFor(() => expect(snapshotOf(a.key, a.desc).entry?.ids).toEqual(['elsewhere']))
    stop()
  })

  it("keeps the snapshot it has when the live query reads back this tab's own write", async () => {
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    await revalidate('diskList', listParams)
    const { desc, key } = keyFor('diskList', listParams)
    let renders = 0
    const stop = observeKey(key, desc, () => {
      renders++
    })
    await tick()
    const before = snapshotOf(key, desc)
    renders = 0
    now += 5000
    await revalidate('diskList', listParams)
    const written = snapshotOf(key, desc)
    expect(written.entry?.fetchedAt).toBe(now)
    await tick(100) // the live query has read the entry back by now
    expect(snapshotOf(key, desc)).toBe(written)
    expect(written).not.toBe(before)
    // The write and the end of the request: no extra update for the read-back copy.
    expect(renders).toBeLessThanOrEqual(3)
    stop()
  })
})

describe('revalidation', () => {
  it('is stale after 2 s: prefetch skips a fresh page and fetches an old one', async () => {
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    await prefetchList('diskList', listParams)
    expect(api.count('diskList')).toBe(1)
    now += 1999
    await prefetchList('diskList', listParams)
    expect(api.count('diskList')).toBe(1)
    now += 1
    await prefetchList('diskList', listParams)
    expect(api.count('diskList')).toBe(2)
  })

  it('dedupes concurrent identical revalidations into one request', async () => {
    const held = deferred<ReturnType<typeof ok>>()
    api.on('diskList', () => held.promise)
    const a = revalidate('diskList', listParams)
    const b = revalidate('diskList', { query: { project: 'p1', limit: undefined } })
    const c = prefetchList('diskList', listParams)
    await Promise.resolve()
    expect(api.count('diskList')).toBe(1)
    held.resolve(ok({ items: [], nextPage: null }))
    expect(await a).toBe('ok')
    expect(await b).toBe('ok')
    await c
    expect(api.count('diskList')).toBe(1)
    await revalidate('diskList', listParams)
    expect(api.count('diskList')).toBe(2)
  })

  it('keeps the cached page on a network failure and flips connectivity; a response flips it back', async () => {
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    await revalidate('diskList', listParams)
    api.on('diskList', () => networkError())
    expect(await revalidate('diskList', listParams)).toBe('network')
    expect(isOnline()).toBe(false)
    expect((await readCachedList('diskList', listParams))?.data.items).toHaveLength(1)
    api.on('diskList', () => httpError(500, 'boom'))
    expect(await revalidate('diskList', listParams)).toBe('error')
    expect(isOnline()).toBe(true)
    expect((await readCachedList('diskList', listParams))?.data.items).toHaveLength(1)
  })

  it('maps HTTP errors through the configured error mapper', async () => {
    const toError = vi.fn(() => ({ kind: 'notFound', message: 'Not found' }))
    configureStorage({ toError })
    api.on('diskView', () => httpError(404, 'not found'))
    expect(await revalidate('diskView', { path: { disk: 'x' } })).toBe('error')
    expect(toError).toHaveBeenCalledWith('diskView', expect.objectContaining({ type: 'error' }))
  })
})

describe('max age', () => {
  it('never serves and drops on start entries older than the max age', async () => {
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    await revalidate('diskList', listParams)
    now += 7 * DAY
    expect(await readCachedList('diskList', listParams)).toBeUndefined()
    expect(await allEntries()).toHaveLength(1)
    expect(await pruneExpired()).toBe(1)
    expect(await allEntries()).toHaveLength(0)
  })

  it('honours a configured max age', async () => {
    configureStorage({ maxAgeMs: 60_000 })
    api.on('diskList', () => ok({ items: [], nextPage: null }))
    await revalidate('diskList', listParams)
    now += 59_000
    expect(await readCachedList('diskList', listParams)).toBeDefined()
    now += 1_000
    expect(await readCachedList('diskList', listParams)).toBeUndefined()
  })

  it('drops expired entries when the database is opened', async () => {
    const d = cacheDb()
    await d.entries.put({
      key: 'ancient',
      scope: scopeKey(userA),
      endpoint: 'diskList',
      kind: 'list',
      params: {},
      pageToken: '',
      data: { items: [] },
      ids: [],
      fetchedAt: now - 8 * DAY,
      invalid: false,
    })
    await resetStorageForTests({ fetcher: api.fetcher, now: () => now, dbName: 'rack-console-cache-unit' })
    await vi.waitFor(async () => expect(await cacheDb().entries.get('ancient')).toBeUndefined())
  })
})

describe('connectivity reset', () => {
  it('reportSuccess brings the cache back online', () => {
    reportSuccess()
    expect(isOnline()).toBe(true)
  })
})

describe('offline probing', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  /** The disk list is on screen and its read fails at the connection level until the app is offline. */
  async function offlineObservingDisks(): Promise<() => void> {
    api.on('diskList', () => networkError())
    const { desc, key } = keyFor('diskList', listParams)
    const stop = observeKey(key, desc, () => undefined)
    for (let i = 0; i < 50 && isOnline(); i++) await vi.advanceTimersByTimeAsync(0)
    expect(isOnline()).toBe(false)
    return stop
  }

  it('while offline, refetches one observed key now and then, and comes back online when it answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const stop = await offlineObservingDisks()
    const failed = api.count('diskList')
    api.on('diskList', () => ok({ items: [disk('d1')], nextPage: null }))
    await vi.advanceTimersByTimeAsync(1_999)
    expect(api.count('diskList')).toBe(failed)
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(() => expect(isOnline()).toBe(true))
    await vi.waitFor(async () =>
      expect((await readCachedList('diskList', listParams))?.data.items).toHaveLength(1),
    )
    stop()
  })

  it('a flapping link (one read failing, others answering) re-reads the screen at a growing spacing, not on every answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const stop = await offlineObservingDisks()
    const before = api.count('diskList')
    // Another endpoint answers every 100 ms for 20 s: each answer says the link is back.
    for (let t = 0; t < 200; t++) {
      reportSuccess()
      await vi.advanceTimersByTimeAsync(100)
    }
    const reads = api.count('diskList') - before
    // At once, then 2 s, 4 s, 8 s later (and the offline probe's own tries): not 200.
    expect(reads).toBeGreaterThanOrEqual(3)
    expect(reads).toBeLessThanOrEqual(10)
    stop()
  })
})
