// Errors with the wire shape of the real API: `{ request_id, error_code?, message }` (nexus.json
// `Error`). Handlers throw these; `handle` turns them into responses.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string | undefined,
    message: string,
  ) {
    super(message)
  }
}

export function errorBody(
  err: ApiError,
  requestId: string,
): { request_id: string; error_code?: string; message: string } {
  return err.errorCode === undefined
    ? { request_id: requestId, message: err.message }
    : { request_id: requestId, error_code: err.errorCode, message: err.message }
}

/** `not found: instance with name "db1"` / `... with id "<uuid>"` (Nexus's LookupType wording). */
export function notFound(kind: string, nameOrId: string): ApiError {
  const by = isUuid(nameOrId) ? 'id' : 'name'
  return new ApiError(404, 'ObjectNotFound', `not found: ${kind} with ${by} "${nameOrId}"`)
}

/** `already exists: instance "db1"`; spec section 8 reads the kind after "already exists". */
export function alreadyExists(kind: string, name: string): ApiError {
  return new ApiError(400, 'ObjectAlreadyExists', `already exists: ${kind} "${name}"`)
}

export function invalidRequest(message: string): ApiError {
  return new ApiError(400, 'InvalidRequest', message)
}

/** A body or query that does not parse: dropshot answers 400 without an error code. */
export function badRequest(message: string): ApiError {
  return new ApiError(400, undefined, message)
}

/** A body in a media type the operation does not take: dropshot answers 415 without an error code. */
export function unsupportedMediaType(message: string): ApiError {
  return new ApiError(415, undefined, message)
}

export function unauthorized(): ApiError {
  return new ApiError(401, 'Unauthorized', 'credentials missing or invalid')
}

export function forbidden(): ApiError {
  return new ApiError(403, 'Forbidden', 'Forbidden')
}

export function internalError(): ApiError {
  return new ApiError(500, 'Internal', 'Internal Server Error')
}

export function conflict(message: string): ApiError {
  return new ApiError(409, 'Conflict', message)
}

const uuidRe = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/
export function isUuid(s: string): boolean {
  return uuidRe.test(s)
}
