// `handle(operationName, fn)` builds an msw handler for one operation of the contract: method and path
// come from the generated operations table, the body is parsed and validated against the operation's
// request schema, the caller is resolved from the session cookie or a bearer token, and thrown
// `ApiError`s become error responses in the API's shape. Every /v1/* request is delayed and may be
// failed on purpose (spec section 7, "Mock mode"). Each call registers the operation, so the
// contract test can walk every implemented operation.
import { type HttpHandler, HttpResponse, http } from 'msw'
import { type OperationName, operations } from '../../src/api/__generated__/operations'
import type { OpOf } from '../../src/api/types'
import { type Db, db, type User } from '../db'
import { type Caller, hasAnyRole, resolveCaller, SESSION_COOKIE } from './auth'
import { mockConfig } from './config'
import {
  ApiError,
  badRequest,
  errorBody,
  forbidden,
  internalError,
  unauthorized,
  unsupportedMediaType,
} from './errors'
import { randomId } from './ids'
import { restoreScanParams } from './paginate'
import { isPaginated, requestSchema, successStatus, validatorFor } from './spec'
import { sleep } from './timers'

type Params<O> = O extends { parameters: infer P } ? P : never
type PathOf<O> =
  Params<O> extends { path: infer X } ? (X extends object ? X : Record<string, never>) : Record<string, never>
type BodyOf<O> = O extends { requestBody: { content: infer C } }
  ? C[keyof C]
  : O extends { requestBody?: { content: infer C } }
    ? C[keyof C]
    : undefined
type SuccessOf<O> = O extends { responses: infer R }
  ? {
      [S in keyof R]: S extends 200 | 201 | 202 | 204
        ? R[S] extends { content: infer C }
          ? C[keyof C]
          : undefined
        : never
    }[keyof R]
  : never

/** Wire (snake_case) request body of an operation. */
export type RequestBody<N extends OperationName> = BodyOf<OpOf<N>>
/** Wire (snake_case) success body of an operation; `undefined` for 204/303 operations. */
export type ResponseBody<N extends OperationName> = SuccessOf<OpOf<N>>
export type PathParams<N extends OperationName> = { [K in keyof PathOf<OpOf<N>>]: string }

export type Ctx<N extends OperationName> = {
  name: N
  request: Request
  url: URL
  requestId: string
  path: PathParams<N>
  query: URLSearchParams
  body: RequestBody<N>
  cookies: Record<string, string>
  db: Db
  /** The signed-in caller, if any (public operations may run without one). */
  caller: Caller | undefined
  /** The signed-in user; throws 401 when there is none. */
  user: User
}

type Awaitable<T> = T | Promise<T>
export type HandlerResult<N extends OperationName> = [ResponseBody<N>] extends [undefined]
  ? undefined | Response
  : ResponseBody<N> | Response
export type HandlerFn<N extends OperationName> = (ctx: Ctx<N>) => Awaitable<HandlerResult<N>>

/**
 * Who may call: `public` needs nobody signed in (login, device flow start and token, ping);
 * `signedIn` needs a user but no role (/v1/me*, device confirm, logout); `role` (default) needs a
 * user who holds some role, so a user without any gets 403 (spec section 6).
 */
export type AuthMode = 'public' | 'signedIn' | 'role'

const defaultAuth: Partial<Record<OperationName, AuthMode>> = {
  loginLocal: 'public',
  loginSaml: 'public',
  deviceAuthRequest: 'public',
  deviceAccessToken: 'public',
  ping: 'public',
  logout: 'public',
  deviceAuthConfirm: 'signedIn',
}

function authModeOf(name: OperationName): AuthMode {
  const d = defaultAuth[name]
  if (d) return d
  return operations[name].path.startsWith('/v1/me') ? 'signedIn' : 'role'
}

/** The operations this mock implements, by name (filled by `handle`). */
export const registry = new Map<OperationName, HttpHandler>()

// msw path syntax for a contract path: `/v1/instances/{instance}` becomes `/v1/instances/:instance`,
// prefixed with a `*` wildcard that matches any origin (in Node there is no `location` to resolve a
// relative path against).
export function mswPath(path: string): string {
  return `*${path.replace(/\{([^}]+)\}/g, ':$1')}`
}

export function jsonError(err: ApiError, requestId: string): Response {
  return HttpResponse.json(errorBody(err, requestId), {
    status: err.status,
    headers: { 'x-request-id': requestId },
  })
}

/** Chaos statuses (spec section 8): 401, 403, 404 (five times as likely) and 500. */
const chaosStatuses = [401, 403, 404, 404, 404, 404, 404, 500]

function chaosError(): ApiError {
  const status = chaosStatuses[Math.floor(Math.random() * chaosStatuses.length)] ?? 500
  if (status === 401) return unauthorized()
  if (status === 403) return forbidden()
  if (status === 404) return new ApiError(404, 'ObjectNotFound', 'not found: chaos with name "chaos"')
  return internalError()
}

/** The media types dropshot knows (`ApiEndpointBodyContentType::from_mime_type`). */
const knownMediaTypes = new Set([
  'application/json',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data',
])

/**
 * The media type check of dropshot's typed bodies (JSON and URL-encoded), so the mock refuses what
 * the real API refuses: parameters (`; charset=...`) and case are ignored, a missing header counts
 * as JSON, an unknown type or one the operation does not take is 415 without an error code. A
 * text/plain body, the kind any page can post cross-site without a preflight, never reaches a handler.
 */
export function checkMediaType(expected: string, header: string | null): void {
  const mime = (header ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? ''
  if (!knownMediaTypes.has(mime)) throw unsupportedMediaType(`unsupported mime type: ${JSON.stringify(mime)}`)
  if (mime !== expected) throw unsupportedMediaType(`expected content type "${expected}", got "${mime}"`)
}

async function parseBody(name: OperationName, request: Request): Promise<unknown> {
  const contentType = operations[name] as { body?: string }
  if (!contentType.body) return undefined
  // Untyped bodies take any media type, as in dropshot (UntypedBody, StreamingBody): the SAML POST
  // is the browser's form post, whatever type the identity provider's form declares.
  if (contentType.body === 'application/octet-stream') return await request.text()
  checkMediaType(contentType.body, request.headers.get('content-type'))
  const text = await request.text()
  const schema = requestSchema(name)
  if (contentType.body === 'application/x-www-form-urlencoded') {
    const body: Record<string, string> = Object.fromEntries(new URLSearchParams(text))
    if (schema) {
      const v = validatorFor(schema, 'request-form')
      if (!v(body)) throw badRequest(`unable to parse body: ${ajvMessage(v.errors)}`)
    }
    return body
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (e) {
    throw badRequest(`unable to parse JSON body: ${(e as Error).message}`)
  }
  if (schema) {
    const v = validatorFor(schema, 'request-json')
    if (!v(body)) throw badRequest(`unable to parse JSON body: ${ajvMessage(v.errors)}`)
  }
  return body
}

function ajvMessage(errors: { instancePath: string; message?: string }[] | null | undefined): string {
  const e = errors?.[0]
  if (!e) return 'invalid body'
  return `${e.instancePath ? `${e.instancePath.slice(1).replaceAll('/', '.')} ` : ''}${e.message ?? 'is invalid'}`
}

export type HandleOptions = { auth?: AuthMode }

export function handle<N extends OperationName>(
  name: N,
  fn: HandlerFn<N>,
  opts: HandleOptions = {},
): HttpHandler {
  if (registry.has(name)) throw new Error(`operation ${name} is implemented twice`)
  const op = operations[name]
  const method = op.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'
  const auth = opts.auth ?? authModeOf(name)
  const status = successStatus(name)
  const paginated = isPaginated(name)
  const handler = http[method](mswPath(op.path), async ({ request, params, cookies }) => {
    const requestId = randomId()
    const url = new URL(request.url)
    try {
      if (url.pathname.startsWith('/v1/')) {
        const [min, max] = mockConfig.delay
        await sleep(min + Math.floor(Math.random() * (max - min + 1)))
        if (mockConfig.chaos > 0 && Math.random() < mockConfig.chaos) throw chaosError()
      }
      const caller = resolveCaller(db, request.headers.get('authorization'), cookies[SESSION_COOKIE])
      if (auth !== 'public') {
        if (!caller) throw unauthorized()
        if (auth === 'role' && !hasAnyRole(db, caller.user)) throw forbidden()
      }
      const body = await parseBody(name, request)
      const path: Record<string, string> = {}
      for (const [k, v] of Object.entries(params)) if (typeof v === 'string') path[k] = decodeURIComponent(v)
      const ctx: Ctx<N> = {
        name,
        request,
        url,
        requestId,
        path: path as PathParams<N>,
        query: paginated ? restoreScanParams(url.searchParams) : url.searchParams,
        body: body as RequestBody<N>,
        cookies,
        db,
        caller,
        get user(): User {
          if (!caller) throw unauthorized()
          return caller.user
        },
      }
      const result = await fn(ctx)
      if (result instanceof Response) return result
      if (result === undefined)
        return new HttpResponse(null, { status, headers: { 'x-request-id': requestId } })
      return HttpResponse.json(result as never, { status, headers: { 'x-request-id': requestId } })
    } catch (err) {
      if (err instanceof ApiError) return jsonError(err, requestId)
      console.error(`mock: ${name} failed`, err)
      return jsonError(internalError(), requestId)
    }
  })
  registry.set(name, handler)
  return handler
}
