import { describe, expect, it } from 'vitest'
import { cacheKey, canonicalJson, matchesPartial, scopeKey, stripPageToken } from './keys'

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    const a = canonicalJson({ query: { project: 'p', limit: 50, sortBy: undefined }, path: { disk: 'd' } })
    const b = canonicalJson({ path: { disk: 'd' }, query: { limit: 50, project: 'p' } })
    expect(a).toBe(b)
    expect(a).toBe('{"path":{"disk":"d"},"query":{"limit":50,"project":"p"}}')
  })

  it('keeps array order and tells a Date from the same text', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]))
    const d = new Date('2026-01-01T00:00:00Z')
    expect(canonicalJson({ t: d })).not.toBe(canonicalJson({ t: d.toISOString() }))
    expect(canonicalJson({ t: d })).toBe(canonicalJson({ t: new Date(d.getTime()) }))
  })
})

describe('cacheKey', () => {
  it('is the same for equal params in any order', () => {
    const s = scopeKey({ userId: 'u', siloId: 's' })
    expect(cacheKey(s, 'diskList', { query: { project: 'p', limit: 10 } })).toBe(
      cacheKey(s, 'diskList', { query: { limit: 10, project: 'p' } }),
    )
  })

  it('differs by scope, endpoint, params and page token', () => {
    const s1 = scopeKey({ userId: 'u1', siloId: 's' })
    const s2 = scopeKey({ userId: 'u2', siloId: 's' })
    const base = cacheKey(s1, 'diskList', { query: { project: 'p' } })
    expect(cacheKey(s2, 'diskList', { query: { project: 'p' } })).not.toBe(base)
    expect(cacheKey(s1, 'instanceList', { query: { project: 'p' } })).not.toBe(base)
    expect(cacheKey(s1, 'diskList', { query: { project: 'q' } })).not.toBe(base)
    expect(cacheKey(s1, 'diskList', { query: { project: 'p' } }, 'tok')).not.toBe(base)
  })

  it('ignores a pageToken inside params (it is keyed separately)', () => {
    expect(stripPageToken({ query: { project: 'p', pageToken: 't' } })).toEqual({ query: { project: 'p' } })
  })

  it('cannot be confused by separators inside ids', () => {
    expect(scopeKey({ userId: 'a","b', siloId: 'c' })).not.toBe(scopeKey({ userId: 'a', siloId: 'b","c' }))
  })
})

describe('matchesPartial', () => {
  const params = { path: { project: 'p' }, query: { limit: 50, sortBy: 'name_ascending' } }
  it('matches on every given member, recursively', () => {
    expect(matchesPartial(params, undefined)).toBe(true)
    expect(matchesPartial(params, {})).toBe(true)
    expect(matchesPartial(params, { path: { project: 'p' } })).toBe(true)
    expect(matchesPartial(params, { path: { project: 'q' } })).toBe(false)
    expect(matchesPartial(params, { query: { limit: 50 } })).toBe(true)
    expect(matchesPartial(params, { query: { missing: 1 } })).toBe(false)
  })
})
