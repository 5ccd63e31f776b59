// Resources with a lifecycle (issue 10): one resource can sit in several cached entries at once (its
// own view, one or more list pages). Whatever learns a fresh copy of it (a mutation's answer, a poll of
// its view, a poll of a page) rewrites every other copy in the same transaction, so every screen that
// shows it agrees, and an older answer still in flight cannot bring back the older copy.
import type { ApiResponse, ListOperationName, OperationName } from '../src/api/types'
import { config } from './config'
import type { CacheDb, CacheEntry } from './db'
import { canonicalJson, isPlainObject } from './keys'
import { lastApplied, memo, memoSet, revisions } from './memory'

/** For each kind: the endpoint of one resource and the lists whose rows are that resource. */
export const RESOURCE_KINDS = {
  instance: { view: 'instanceView', lists: ['instanceList'] },
  disk: { view: 'diskView', lists: ['diskList', 'instanceDiskList'] },
  snapshot: { view: 'snapshotView', lists: ['snapshotList'] },
  image: { view: 'imageView', lists: ['imageList'] },
} as const satisfies Record<string, { view: OperationName; lists: readonly ListOperationName[] }>

export type ResourceKind = keyof typeof RESOURCE_KINDS
/** The resource of a kind as its view endpoint answers it (the same type as its list rows). */
export type ResourceOf<K extends ResourceKind> = ApiResponse<(typeof RESOURCE_KINDS)[K]['view']>

type Row = Record<string, unknown> & { id: string }

const endpointsOf = (kind: ResourceKind): readonly string[] => [
  RESOURCE_KINDS[kind].view,
  ...RESOURCE_KINDS[kind].lists,
]

const kindByEndpoint = new Map<string, ResourceKind>(
  (Object.keys(RESOURCE_KINDS) as ResourceKind[]).flatMap((k) =>
    endpointsOf(k).map((ep) => [ep, k] as const),
  ),
)

/** The kind whose view or list this endpoint is, if any. */
export function resourceKindOf(endpoint: string): ResourceKind | undefined {
  return kindByEndpoint.get(endpoint)
}

export function isRow(v: unknown): v is Row {
  return isPlainObject(v) && typeof v.id === 'string'
}

/** The rows of an answer: a page's items, or the resource itself. */
export function rowsOf(data: unknown): Row[] {
  if (isPlainObject(data) && Array.isArray(data.items)) return data.items.filter(isRow)
  return isRow(data) ? [data] : []
}

/** An answer to a request started before a recorded revision takes the fresher copy of that row. */
export function withRevisions(endpoint: string, data: unknown, startedAt: number): unknown {
  if (revisions.size === 0) return data
  const fresher = (v: unknown): unknown => {
    if (!isRow(v)) return v
    const rev = revisions.get(v.id)
    return rev && rev.before > startedAt && rev.endpoints.includes(endpoint) ? rev.row : v
  }
  if (isPlainObject(data) && Array.isArray(data.items)) {
    const items = data.items.map(fresher)
    return items.some((x, i) => x !== (data.items as unknown[])[i]) ? { ...data, items } : data
  }
  return fresher(data)
}

export type Spread = {
  /** Keys whose in-memory copy changed (their screens need a touch). */
  touched: string[]
  /** The same rewrite for IndexedDB; run it inside the transaction that writes the source answer. */
  persist: (d: CacheDb, scope: string) => Promise<void>
}

/**
 * Rewrites `rows` into every other cached copy of the kind (`except` is the entry that brought them).
 * `at` orders this knowledge against requests: copies that took an answer asked later are left alone,
 * and answers asked earlier are patched when they land. `recordAll` keeps that patch for every row
 * (a resource's own answer: one row); otherwise only for rows that changed a copy (a page's answer).
 */
export function spreadRows(
  kind: ResourceKind,
  rows: readonly Row[],
  at: number,
  opts: { except?: string; recordAll?: boolean } = {},
): Spread {
  const byId = new Map(rows.map((r) => [r.id, r]))
  const endpoints = endpointsOf(kind)
  const stamp = config.now()
  const record = (id: string) => {
    const row = byId.get(id)
    const prev = revisions.get(id)
    if (row && (!prev || prev.before <= at)) revisions.set(id, { before: at, row, endpoints })
  }
  if (opts.recordAll) for (const id of byId.keys()) record(id)

  const rewrite = (e: CacheEntry): CacheEntry | undefined => {
    if (e.key === opts.except || !endpoints.includes(e.endpoint)) return undefined
    if ((lastApplied.get(e.key) ?? -1) > at || !e.ids.some((id) => byId.has(id))) return undefined
    const next = rewriteEntry(e, byId, stamp)
    if (next && !opts.recordAll) for (const id of e.ids) if (byId.has(id)) record(id)
    return next
  }

  const touched: string[] = []
  for (const e of [...memo.values()]) {
    const next = rewrite(e)
    if (!next) continue
    memoSet(next)
    touched.push(e.key)
  }
  const persist = async (d: CacheDb, scope: string) => {
    if (byId.size === 0) return
    const hits = await d.entries
      .where('ids')
      .anyOf([...byId.keys()])
      .toArray()
    const seen = new Set<string>()
    const out: CacheEntry[] = []
    for (const e of hits) {
      if (seen.has(e.key) || e.scope !== scope) continue
      seen.add(e.key)
      const next = rewrite(e)
      if (next) out.push(next)
    }
    if (out.length) await d.entries.bulkPut(out)
  }
  return { touched, persist }
}

const same = (a: unknown, b: unknown) => a === b || canonicalJson(a) === canonicalJson(b)

function rewriteEntry(e: CacheEntry, byId: Map<string, Row>, stamp: number): CacheEntry | undefined {
  if (e.kind === 'resource') {
    const row = isRow(e.data) ? byId.get(e.data.id) : undefined
    if (!row || same(row, e.data)) return undefined
    // A whole fresh copy: the view is as fresh as the answer that carried it.
    return { ...e, data: row, fetchedAt: Math.max(e.fetchedAt, stamp), invalid: false, revisedAt: undefined }
  }
  if (!isPlainObject(e.data) || !Array.isArray(e.data.items)) return undefined
  let changed = false
  const items = e.data.items.map((item: unknown) => {
    const row = isRow(item) ? byId.get(item.id) : undefined
    if (!row || same(row, item)) return item
    changed = true
    return row
  })
  if (!changed) return undefined
  // One row is fresh, the others are as old as before: the page keeps its fetchedAt.
  return { ...e, data: { ...e.data, items }, revisedAt: Math.max(stamp, (e.revisedAt ?? 0) + 1) }
}
