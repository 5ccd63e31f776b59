// Boundary validation (spec 8, "Unreadable response"): a success body the console will render is
// checked against the generated valibot schema of its operation before it is camelCased, so a malformed
// response becomes a clear client_error ("Error reading API response" in the UI), never a crash deep
// inside a screen. valibot and the schema table are a separate chunk (response-check.ts), loaded when
// the first request starts, so the app shell stays small.
import type { OperationName } from './types'

type Checker = typeof import('./response-check').checkResponse

let checker: Promise<Checker> | undefined

/**
 * Starts loading valibot and the schema table (a chunk of their own). The client calls this as a
 * request starts, so the chunk loads while the request is on the wire and a first screen painted
 * from cache never waits for it; an answer that lands first waits for it in validateResponse.
 */
export function prepareValidation(): Promise<Checker> {
  checker ??= import('./response-check').then((m) => m.checkResponse)
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
  try {
    check = await prepareValidation()
  } catch (e) {
    // The schema chunk failed to load (an offline first visit before the precache): don't block data.
    checker = undefined
    console.error('API response schemas could not be loaded; responses pass unchecked', e)
    return undefined
  }
  const problem = check(name, body)
  return problem ? new ResponseShapeError(name, problem.path, problem.message) : undefined
}
