// The part of response validation that needs valibot and the generated schemas: loaded by validate.ts
// when the first request starts, never on the first screen's critical path. It carries the schemas of
// the operations the app shell calls on every route (the core group) and loads any other group, one
// chunk per OpenAPI tag, when the first operation of that group is called. A group module is a function
// of the valibot functions it uses (handed over here), so valibot is part of this chunk only.
import { type BaseIssue, type GenericSchema, safeParse } from 'valibot'
import { responseSchemas as coreSchemas } from './__generated__/response-schemas/core'
import {
  CORE_GROUP,
  type ResponseSchemas,
  responseSchemaGroups,
} from './__generated__/response-schemas/index'
import { valibot } from './__generated__/response-schemas/valibot'
import type { OperationName } from './types'
import { schemaGroupOf } from './validate'

export type ShapeProblem = { path: string; message: string }

const groups = new Map<string, Promise<ResponseSchemas>>([
  [CORE_GROUP, Promise.resolve(coreSchemas(valibot))],
])

/**
 * The valibot schema of an operation's wire success body (undefined: the contract declares none, so
 * the body is not checked). Loads the operation's group on first use; a group that failed to load is
 * forgotten, so the next call tries again, and the failure reaches the caller.
 */
export function responseSchemaOf(name: OperationName): Promise<GenericSchema | undefined> {
  const group = schemaGroupOf(name)
  if (group === undefined) return Promise.resolve(undefined)
  let table = groups.get(group)
  if (!table) {
    const load = responseSchemaGroups[group]
    if (!load) return Promise.reject(new Error(`No response schema group ${group} for ${name}`))
    table = load().then((m) => m.responseSchemas(valibot))
    groups.set(group, table)
    table.catch(() => groups.delete(group))
  }
  return table.then((schemas) => schemas[name])
}

/** The first problem with a wire (snake_case) success body, or undefined when it fits the schema. */
export function checkResponse(schema: GenericSchema, body: unknown): ShapeProblem | undefined {
  try {
    const result = safeParse(schema, body)
    if (result.success) return undefined
    const { path, message } = deepest(result.issues[0])
    return { path: path.join('.'), message }
  } catch (e) {
    // Generated int64 transforms call BigInt(), which throws on a fractional number: still a bad shape.
    return { path: '', message: e instanceof Error ? e.message : String(e) }
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
