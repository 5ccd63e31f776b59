// Pagination as dropshot does it: `limit` (default 100, at most 10000), an opaque `page_token` (here
// base64url of the scan parameters, the sort mode and the last key seen) and `sort_by` among the modes
// the operation's contract allows, the first being the default. As in dropshot, the token carries the
// scan parameters (e.g. `project`), so a next-page request needs only `page_token` (see
// `restoreScanParams`), and a non-empty page always carries a `next_page` token; the page after the
// last one is empty with `next_page: null`.
import type { OperationName } from '../../src/api/__generated__/operations'
import { badRequest } from './errors'
import type { Ctx } from './handle'
import { type SortMode, sortModes } from './spec'

export const DEFAULT_LIMIT = 100
export const MAX_LIMIT = 10_000

type Row = { id: string; name?: string; time_created?: string }
type Cursor = { sort: SortMode; last: string; scan: Record<string, string> }

export type Page<T> = { items: T[]; next_page: string | null }

function encodeToken(c: Cursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ v: 1, ...c }))
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return btoa(bin).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

function decodeToken(token: string): Cursor {
  try {
    const bin = atob(token.replaceAll('-', '+').replaceAll('_', '/'))
    const json = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))))
    if (json?.v !== 1 || typeof json.sort !== 'string' || typeof json.last !== 'string')
      throw new Error('bad token')
    const scan: Record<string, string> = {}
    if (json.scan && typeof json.scan === 'object')
      for (const [k, v] of Object.entries(json.scan)) scan[k] = String(v)
    return { sort: json.sort, last: json.last, scan }
  } catch {
    throw badRequest('unable to parse query string: failed to parse pagination token')
  }
}

// One string per row whose plain string order is the scan order (UUIDs and RFC 3339 times of one
// length compare correctly as strings); NUL separates time from id.
function keyOf(row: Row, sort: SortMode): string {
  if (sort === 'name_ascending' || sort === 'name_descending') return row.name ?? ''
  if (sort === 'id_ascending') return row.id
  return `${row.time_created ?? ''}\u0000${row.id}`
}

const descending = (s: SortMode) => s.endsWith('_descending')

function scanParams(query: URLSearchParams): Record<string, string> {
  const scan: Record<string, string> = {}
  for (const [k, v] of query) if (k !== 'limit' && k !== 'page_token' && k !== 'sort_by') scan[k] = v
  return scan
}

type Sorted = { rows: readonly Row[]; keys: string[]; order: number[] }

/**
 * The last sort per (operation, scan, mode): walking 10,000 rows page by page would otherwise sort
 * them for every page. Reused only when the same rows with the same keys come in (checked in O(n)).
 */
const sortCache = new Map<string, Sorted>()

function sortedRows(cacheKey: string, rows: readonly Row[], sort: SortMode): Sorted {
  const keys = rows.map((r) => keyOf(r, sort))
  const hit = sortCache.get(cacheKey)
  if (
    hit &&
    hit.rows.length === rows.length &&
    hit.rows.every((r, i) => r === rows[i] && hit.keys[i] === keys[i])
  ) {
    return hit
  }
  const dir = descending(sort) ? -1 : 1
  const order = keys.map((_, i) => i)
  order.sort((a, b) => {
    const x = keys[a] as string
    const y = keys[b] as string
    return x < y ? -dir : x > y ? dir : 0
  })
  const sorted = { rows: [...rows], keys, order }
  if (sortCache.size > 50) sortCache.clear()
  sortCache.set(cacheKey, sorted)
  return sorted
}

/**
 * With a page token, the scan parameters recorded in it replace those of the query (dropshot reads
 * them from the token); `limit` and `page_token` stay as sent.
 */
export function restoreScanParams(query: URLSearchParams): URLSearchParams {
  const token = query.get('page_token')
  if (!token) return query
  const { scan } = decodeToken(token)
  const out = new URLSearchParams(scan)
  for (const k of ['limit', 'page_token']) {
    const v = query.get(k)
    if (v !== null) out.set(k, v)
  }
  return out
}

export function parseLimit(query: URLSearchParams): number {
  const raw = query.get('limit')
  if (raw === null || raw === '') return DEFAULT_LIMIT
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw badRequest('unable to parse query string: invalid value for limit: must be a positive integer')
  }
  return Math.min(Number(raw), MAX_LIMIT)
}

/**
 * Where a scan stands: the sort mode and the last key seen come from the page token when there is
 * one, else the mode from `sort_by` (400 unless the operation's contract lists it; by default the
 * first mode, or `defaultSort` for an operation whose server default is not its first mode).
 */
function scanStart(
  ctx: Ctx<OperationName>,
  defaultSort?: SortMode,
): { sort: SortMode; after: string | undefined } {
  const token = ctx.query.get('page_token')
  if (token) {
    const c = decodeToken(token)
    return { sort: c.sort, after: c.last }
  }
  const modes = sortModes(ctx.name)
  const requested = ctx.query.get('sort_by')
  if (requested && modes.length > 0 && !modes.includes(requested as SortMode)) {
    throw badRequest(
      `unable to parse query string: unknown variant \`${requested}\`, expected one of ${modes.join(', ')}`,
    )
  }
  return {
    sort: (requested as SortMode | null) ?? defaultSort ?? modes[0] ?? 'id_ascending',
    after: undefined,
  }
}

/** One page of `rows` for the operation in `ctx`, honouring limit, page_token and sort_by. */
export function paginate<T extends Row>(ctx: Ctx<OperationName>, rows: readonly T[]): Page<T> {
  const limit = parseLimit(ctx.query)
  const { sort, after } = scanStart(ctx)
  const dir = descending(sort) ? -1 : 1
  const scan = scanParams(ctx.query)
  const { keys, order } = sortedRows(`${ctx.name}|${JSON.stringify(scan)}|${sort}`, rows, sort)
  let start = 0
  if (after !== undefined) {
    // First row strictly beyond the cursor in scan order (binary search over the sorted rows).
    let lo = 0
    let hi = order.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      const k = keys[order[mid] as number] as string
      const cmp = k < after ? -dir : k > after ? dir : 0
      if (cmp <= 0) lo = mid + 1
      else hi = mid
    }
    start = lo
  }
  const slice = order.slice(start, start + limit)
  const lastIdx = slice[slice.length - 1]
  return {
    items: slice.map((i) => rows[i] as T),
    next_page: lastIdx === undefined ? null : encodeToken({ sort, last: keys[lastIdx] as string, scan }),
  }
}

/**
 * One page of `rows` in an order that the string order of a key does not give (semantic versions,
 * for the `version_*` sort modes): `key` names a row (the page token records the last one seen) and
 * `compare` orders two keys ascending; a `*_descending` mode reverses it. Keys `compare` calls equal
 * fall back to string order, so the scan order is total and no row is skipped between pages.
 * limit, page_token and sort_by work as in `paginate`; `defaultSort` is the mode without sort_by
 * (the TUF repository list lists version_ascending first but scans newest first by default).
 */
export function paginateOrdered<T>(
  ctx: Ctx<OperationName>,
  rows: readonly T[],
  key: (row: T) => string,
  compare: (a: string, b: string) => number,
  defaultSort?: SortMode,
): Page<T> {
  const limit = parseLimit(ctx.query)
  const { sort, after } = scanStart(ctx, defaultSort)
  const dir = descending(sort) ? -1 : 1
  const order = (a: string, b: string) => dir * (compare(a, b) || (a < b ? -1 : a > b ? 1 : 0))
  const keyed = rows.map((row) => ({ row, k: key(row) })).sort((a, b) => order(a.k, b.k))
  const start = after === undefined ? 0 : keyed.findIndex((x) => order(x.k, after) > 0)
  const slice = start < 0 ? [] : keyed.slice(start, start + limit)
  const last = slice[slice.length - 1]
  return {
    items: slice.map((x) => x.row),
    next_page: last ? encodeToken({ sort, last: last.k, scan: scanParams(ctx.query) }) : null,
  }
}
