import { Dexie } from 'dexie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type CacheDb,
  type CacheEntry,
  dropOlderThan,
  evictOldest,
  isQuotaError,
  MIGRATIONS,
  type Migration,
  openCacheDb,
  safeWrite,
} from './db'

const opened: CacheDb[] = []
function open(name: string, migrations?: readonly Migration[]) {
  const db = openCacheDb(name, migrations)
  opened.push(db)
  return db
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})

function entry(key: string, fetchedAt: number, data: unknown = { items: [] }): CacheEntry {
  return {
    key,
    scope: 's',
    endpoint: 'diskList',
    kind: 'list',
    params: {},
    pageToken: '',
    data,
    ids: [],
    fetchedAt,
    invalid: false,
  }
}

function quotaError(): Error {
  const e = new Error('quota')
  e.name = 'QuotaExceededError'
  return e
}

describe('schema', () => {
  it('opens at version 1 with the entries table and its indexes', async () => {
    const db = open('rack-console-cache-test-open')
    await db.open()
    expect(db.verno).toBe(1)
    const schema = db.entries.schema
    expect(schema.primKey.name).toBe('key')
    expect(schema.indexes.map((i) => i.name).sort()).toEqual([
      '[scope+endpoint]',
      'fetchedAt',
      'ids',
      'scope',
    ])
  })

  it('keeps Dates as Dates (structured clone)', async () => {
    const db = open('rack-console-cache-test-dates')
    const when = new Date('2026-02-03T04:05:06Z')
    await db.entries.put(entry('k', 1, { items: [{ id: 'a', timeCreated: when }] }))
    const back = (await db.entries.get('k'))?.data as { items: Array<{ timeCreated: Date }> }
    expect(back.items[0]?.timeCreated).toBeInstanceOf(Date)
    expect(back.items[0]?.timeCreated.getTime()).toBe(when.getTime())
  })

  it('has a working upgrade path to a version 2', async () => {
    const name = 'rack-console-cache-test-upgrade'
    const v1 = open(name)
    await v1.entries.put(entry('old', 5))
    v1.close()
    const v2 = open(name, [
      ...MIGRATIONS,
      {
        version: 2,
        stores: { entries: 'key, scope, [scope+endpoint], fetchedAt, *ids, endpoint' },
        upgrade: (tx) => tx.table('entries').toCollection().modify({ invalid: true }),
      },
    ])
    await v2.open()
    expect(v2.verno).toBe(2)
    expect((await v2.entries.get('old'))?.invalid).toBe(true)
    expect(await v2.entries.where('endpoint').equals('diskList').count()).toBe(1)
  })
})

describe('quota handling', () => {
  it('recognises bare and wrapped quota errors', () => {
    expect(isQuotaError(quotaError())).toBe(true)
    expect(isQuotaError(new Dexie.QuotaExceededError('full'))).toBe(true)
    expect(isQuotaError(new Dexie.AbortError('aborted', quotaError()))).toBe(true)
    expect(isQuotaError(new Error('other'))).toBe(false)
    expect(isQuotaError(undefined)).toBe(false)
  })

  it('evicts the oldest quarter by fetchedAt', async () => {
    const db = open('rack-console-cache-test-evict')
    await db.entries.bulkPut(Array.from({ length: 8 }, (_, i) => entry(`k${i}`, 100 - i)))
    expect(await evictOldest(db)).toBe(2)
    const left = (await db.entries.toArray()).map((e) => e.key).sort()
    expect(left).toEqual(['k0', 'k1', 'k2', 'k3', 'k4', 'k5'])
  })

  it('evicts and retries a write once after a quota error', async () => {
    const db = open('rack-console-cache-test-retry')
    await db.entries.bulkPut(Array.from({ length: 4 }, (_, i) => entry(`old${i}`, i)))
    const put = vi.spyOn(db.entries, 'put').mockImplementationOnce(() => {
      throw quotaError()
    })
    const done = await safeWrite(db, () => db.entries.put(entry('new', 1000)))
    expect(done).toBe(true)
    expect(put).toHaveBeenCalledTimes(2)
    put.mockRestore()
    expect(await db.entries.get('new')).toBeDefined()
    expect(await db.entries.get('old0')).toBeUndefined()
    expect(await db.entries.count()).toBe(4)
  })

  it('gives up quietly when the retry fails too, and never retries other errors', async () => {
    const db = open('rack-console-cache-test-giveup')
    const quota = vi.fn(() => Promise.reject(quotaError()))
    expect(await safeWrite(db, quota)).toBe(false)
    expect(quota).toHaveBeenCalledTimes(2)
    const other = vi.fn(() => Promise.reject(new Error('boom')))
    expect(await safeWrite(db, other)).toBe(false)
    expect(other).toHaveBeenCalledTimes(1)
  })
})

describe('max age', () => {
  it('drops entries fetched before the cutoff', async () => {
    const db = open('rack-console-cache-test-age')
    await db.entries.bulkPut([entry('a', 10), entry('b', 20), entry('c', 30)])
    expect(await dropOlderThan(db, 25)).toBe(2)
    expect((await db.entries.toArray()).map((e) => e.key)).toEqual(['c'])
  })
})
