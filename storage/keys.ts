// Cache keys. A key is (scope, endpoint, params, page token); params are written as canonical JSON so
// two objects with the same content but a different key order, or an explicit `undefined`, share a key.

export type CacheScope = { userId: string; siloId: string }

/**
 * Canonical JSON: object keys sorted, `undefined` members dropped, Dates written as `{"$date": iso}`
 * so they never collide with a plain string of the same text.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalize(value)) ?? 'null'
}

function canonicalize(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.toISOString() }
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : canonicalize(v)))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k]
      if (v !== undefined) out[k] = canonicalize(v)
    }
    return out
  }
  return value
}

/** The scope as one string; JSON so that no separator inside an id can make two scopes collide. */
export function scopeKey(scope: CacheScope): string {
  return JSON.stringify([scope.userId, scope.siloId])
}

/** The page token is part of the key, never of the params (the first page has token ''). */
export function pageTokenKey(pageToken: string | null | undefined): string {
  return pageToken ?? ''
}

/** The full primary key of one cache entry. */
export function cacheKey(
  scope: string,
  endpoint: string,
  params: unknown,
  pageToken?: string | null,
): string {
  return JSON.stringify([scope, endpoint, canonicalJson(stripPageToken(params)), pageTokenKey(pageToken)])
}

/** Lists take their page token separately; a `query.pageToken` inside params is ignored for keys. */
export function stripPageToken(params: unknown): unknown {
  if (!isPlainObject(params)) return params
  const query = params.query
  if (!isPlainObject(query) || !('pageToken' in query)) return params
  const { pageToken: _drop, ...rest } = query
  return { ...params, query: rest }
}

/**
 * Partial match used by mutation invalidation: every member of `partial` must equal the same member
 * of `params` (objects are compared member by member, recursively; other values by canonical JSON).
 */
export function matchesPartial(params: unknown, partial: unknown): boolean {
  if (partial === undefined) return true
  if (isPlainObject(partial)) {
    if (!isPlainObject(params)) return false
    return Object.keys(partial).every((k) => matchesPartial(params[k], partial[k]))
  }
  return canonicalJson(params) === canonicalJson(partial)
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
}
