// Boundary validation (spec 8, "Unreadable response"): a success body the console will render is
// checked against the generated valibot schema of its operation before it is camelCased, so a malformed
// response becomes a clear client_error ("Error reading API response" in the UI), never a crash deep
// inside a screen. valibot and the checker are a separate chunk (response-check.ts), loaded when the
// first request starts, so the app shell stays small; the schemas are split into groups (one chunk per
// OpenAPI tag) and a screen loads only the groups of the operations it calls.
import { operations } from './__generated__/operations'
import { CORE_GROUP, responseSchemaGroups } from './__generated__/response-schemas/index'
import type { OperationName } from './types'

type Checker = typeof import('./response-check')

let checker: Promise<Checker> | undefined

/** The response-schema group of an operation; undefined when the contract gives it no JSON body. */
export function schemaGroupOf(name: OperationName): string | undefined {
  const op = operations[name]
  return 'schemas' in op ? op.schemas : undefined
}

/**
 * Starts loading the checker (a chunk of its own) and, given the operation, its schema group. The
 * client calls this as a request starts, so the chunks load while the request is on the wire and a
 * first screen painted from cache never waits for them; an answer that lands first waits for them in
 * validateResponse.
 */
export function prepareValidation(name?: OperationName): Promise<Checker> {
  checker ??= import('./response-check')
  if (name) {
    // The group's chunk starts loading now, beside the checker's, not once the checker has loaded:
    // on a slow link that is a round trip less before the first answer can be shown. The checker's
    // own import of the group (responseSchemaOf) then finds the module loaded. A failure here is
    // handled (and logged once) by validateResponse, which asks again.
    const group = schemaGroupOf(name)
    if (group !== undefined && group !== CORE_GROUP) responseSchemaGroups[group]?.().catch(() => undefined)
    checker.then((m) => m.responseSchemaOf(name)).catch(() => undefined)
  }
  return checker
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
  let check: Checker
  let schema: Awaited<ReturnType<Checker['responseSchemaOf']>>
  try {
    check = await prepareValidation()
    schema = await check.responseSchemaOf(name)
  } catch (e) {
    // A schema chunk failed to load (an offline first visit before the precache): don't block data.
    // The next response tries again (the checker and the group are not cached as failed).
    checker = undefined
    console.error('API response schemas could not be loaded; responses pass unchecked', e)
    return undefined
  }
  if (!schema) return undefined
  const problem = check.checkResponse(schema, body)
  return problem ? new ResponseShapeError(name, problem.path, problem.message) : undefined
}
