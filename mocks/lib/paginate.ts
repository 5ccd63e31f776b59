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

const descending = (s: SortMode) => s === 'name_descending' || s === 'time_and_id_descending'

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

/** One page of `rows` for the operation in `ctx`, honouring limit, page_token and sort_by. */
export function paginate<T extends Row>(ctx: Ctx<OperationName>, rows: readonly T[]): Page<T> {
  const modes = sortModes(ctx.name)
  const limit = parseLimit(ctx.query)
  const token = ctx.query.get('page_token')
  let sort: SortMode
  let after: string | undefined
  if (token) {
    const c = decodeToken(token)
    sort = c.sort
    after = c.last
  } else {
    const requested = ctx.query.get('sort_by')
    if (requested && modes.length > 0 && !modes.includes(requested as SortMode)) {
      throw badRequest(
        `unable to parse query string: unknown variant \`${requested}\`, expected one of ${modes.join(', ')}`,
      )
    }
    sort = (requested as SortMode | null) ?? modes[0] ?? 'id_ascending'
  }
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
