// The part of response validation that needs valibot and the generated schema table: loaded by
// validate.ts when the first request starts, never on the first screen's critical path.
import { type BaseIssue, safeParse } from 'valibot'
import { responseSchemas } from './__generated__/response-schemas'
import type { OperationName } from './types'

export type ShapeProblem = { path: string; message: string }

/** The first problem with a wire (snake_case) success body, or undefined when it fits the contract. */
export function checkResponse(name: OperationName, body: unknown): ShapeProblem | undefined {
  const schema = responseSchemas[name]
  if (!schema) return undefined
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
