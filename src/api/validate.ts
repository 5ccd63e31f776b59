// Boundary validation (spec 8, "Unreadable response"): a success body the console will render is
// checked against the generated valibot schema of its operation before it is camelCased, so a malformed
// response becomes a clear client_error ("Error reading API response" in the UI), never a crash deep
// inside a screen. The schema table is a separate chunk loaded on first use, so the app shell stays small.
import { type BaseIssue, type GenericSchema, safeParse } from 'valibot'
import type { OperationName } from './types'

type SchemaTable = Partial<Record<OperationName, GenericSchema>>

let table: Promise<SchemaTable> | undefined
const loadTable = (): Promise<SchemaTable> => {
  table ??= import('./__generated__/response-schemas').then((m) => m.responseSchemas)
  return table
}

/** A malformed success body: names the operation and the first bad path (e.g. `items.0.time_created`). */
export class ResponseShapeError extends Error {
  override name = 'ResponseShapeError'
  constructor(
    readonly operation: OperationName,
    readonly path: string,
    detail: string,
  ) {
    super(`Invalid response from ${operation}: ${path || '(body)'}: ${detail}`)
  }
}

/** The first problem with a wire (snake_case) success body, or undefined when it fits the contract. */
export async function validateResponse(
  name: OperationName,
  body: unknown,
): Promise<ResponseShapeError | undefined> {
  let schema: GenericSchema | undefined
  try {
    schema = (await loadTable())[name]
  } catch (e) {
    // The schema chunk failed to load (an offline first visit before the precache): don't block data.
    table = undefined
    console.error('API response schemas could not be loaded; responses pass unchecked', e)
    return undefined
  }
  if (!schema) return undefined
  try {
    const result = safeParse(schema, body)
    if (result.success) return undefined
    const { path, message } = deepest(result.issues[0])
    return new ResponseShapeError(name, path.join('.'), message)
  } catch (e) {
    // Generated int64 transforms call BigInt(), which throws on a fractional number: still a bad shape.
    return new ResponseShapeError(name, '', e instanceof Error ? e.message : String(e))
  }
}

/**
 * A union (DiskState, every tagged enum) reports one issue at the union's own path; the sub-issue that
 * got furthest into the value names the field that is actually wrong (`state.state`, not `state`).
 * Sub-issue paths are relative to their union, so the path is built by concatenation.
 */
function deepest(issue: BaseIssue<unknown>): { path: string[]; message: string } {
  const own = (issue.path ?? []).map((item) => String(item.key))
  let best = { path: own, message: issue.message }
  for (const sub of issue.issues ?? []) {
    const inner = deepest(sub)
    if (own.length + inner.path.length > best.path.length)
      best = { path: [...own, ...inner.path], message: inner.message }
  }
  return best
}
