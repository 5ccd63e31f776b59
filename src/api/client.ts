// The one API client every screen uses (spec sections 7 and 8). Calls are made by operation name; the
// method and path come from the generated operations table, so no screen ever writes a URL. Requests go
// out in snake_case, responses come back camelCase with Dates, and every outcome is an ApiResult value:
// the client never throws for an HTTP or network failure (only for a caller's own abort, see below).
import ky, { type KyInstance } from 'ky'
import { operations } from './__generated__/operations'
import { toCamel, toSnake } from './casing'
import type {
  ApiErrorBody,
  ApiParams,
  ApiResponse,
  ApiResult,
  ListItem,
  ListOperationName,
  OperationName,
} from './types'
import { prepareValidation, validateResponse } from './validate'

export type UnauthorizedInfo = { operation: OperationName; url: string; response: Response }

export type ApiClientOptions = {
  /** Prefix of every path; '' (same origin) in the app, an absolute origin in Node tests. */
  baseUrl?: string
  /** A bearer token for the Authorization header (spec 7); cookie sessions need none. */
  getToken?: () => string | undefined
  /** Defaults to the global fetch, looked up at call time so test interceptors installed later apply. */
  fetch?: typeof fetch
  /** Called for every 401 except on local login (spec 2 and 8). */
  onUnauthorized?: (info: UnauthorizedInfo) => void
  /** Check success bodies against the generated valibot schemas (default true). */
  validate?: boolean
  /** Milliseconds before a request counts as a network failure; false for none (default 60 000). */
  timeout?: number | false
}

export type CallOptions = { signal?: AbortSignal }

// The params argument may be left out when nothing in it is required (projectList, currentUserView).
type CallArgs<N extends OperationName> =
  object extends ApiParams<N>
    ? [params?: ApiParams<N>, opts?: CallOptions]
    : [params: ApiParams<N>, opts?: CallOptions]

export type ListAllOptions = CallOptions & { maxPages?: number }

/** All items of a paginated list, and the token where listAll stopped (null when it saw the last page). */
export type ListAllData<N extends ListOperationName> = { items: ListItem<N>[]; nextPage: string | null }

export type ApiClient = {
  call<N extends OperationName>(name: N, ...args: CallArgs<N>): Promise<ApiResult<ApiResponse<N>>>
  listAll<N extends ListOperationName>(
    name: N,
    ...args: [params?: ApiParams<N>, opts?: ListAllOptions]
  ): Promise<ApiResult<ListAllData<N>>>
}

/** Default cap for listAll: 100 pages of the platform's maximum page size is far beyond any console list. */
export const LIST_ALL_MAX_PAGES = 100

type WireParams = { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown }

/** `{project}` placeholders filled from camelCase path params, URL-encoded. */
export function buildPath(template: string, path: Record<string, unknown> = {}): string {
  const wire = toSnake(path) as Record<string, unknown>
  return template.replace(/\{([^}]+)\}/g, (_, key: string) => {
    const value = wire[key]
    if (value === undefined || value === null || value === '')
      throw new TypeError(`Missing path parameter "${key}" for ${template}`)
    return encodeURIComponent(String(value))
  })
}

const scalar = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v))

/** Spec 7: query keys snake_cased, null/undefined dropped, arrays repeat the key. */
export function buildQuery(query: Record<string, unknown> = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(toSnake(query) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) params.append(key, scalar(item))
    } else params.append(key, scalar(value))
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

/** Form bodies (device auth and token endpoints): snake_case keys, e.g. client_id. */
function formBody(body: unknown): URLSearchParams {
  const form = new URLSearchParams()
  for (const [key, value] of Object.entries(toSnake(body ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue
    form.append(key, scalar(value))
  }
  return form
}

const isAbort = (e: unknown, signal?: AbortSignal) =>
  (signal?.aborted ?? false) || (e instanceof Error && e.name === 'AbortError')

const isJsonType = (type: string | null) => type !== null && /[/+]json\b/i.test(type)

/** Spec 8: "Failures are logged with URL, request id, error code and message." Once per failure. */
function logFailure(method: string, url: string, result: ApiResult<unknown>) {
  if (result.type === 'success') return
  if (result.type === 'error') {
    const { statusCode, requestId, errorCode, message } = result.data
    console.error(
      `API ${method} ${url} failed: HTTP ${statusCode}, request id ${requestId || '(none)'}, error code ${
        errorCode ?? '(none)'
      }, message: ${message || '(none)'}`,
    )
  } else {
    const requestId = result.response?.headers.get('x-request-id') ?? '(none)'
    const kind = result.network ? 'network error' : 'unreadable response'
    console.error(
      `API ${method} ${url} failed: ${kind}, request id ${requestId}, error code (none), message: ${result.error.message}`,
    )
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '')
  const validate = options.validate ?? true
  const http: KyInstance = ky.create({
    // Spec 9: queries do not retry. HTTP errors are values (ApiResult), not exceptions.
    retry: 0,
    throwHttpErrors: false,
    // Cookie sessions (local and SAML login) ride along on same-origin requests.
    credentials: 'same-origin',
    // Answers hold the user's data: the browser's HTTP cache, which sign-out cannot wipe, never keeps
    // them (the console's own cache is IndexedDB, scoped and wiped per user).
    cache: 'no-store',
    timeout: options.timeout ?? 60_000,
    fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
  })

  async function call<N extends OperationName>(
    name: N,
    params?: ApiParams<N>,
    opts: CallOptions = {},
  ): Promise<ApiResult<ApiResponse<N>>> {
    const op: { method: string; path: string; body?: string } = operations[name]
    const p = (params ?? {}) as WireParams
    let url: string
    try {
      // Same origin by default: resolved against the page's location so the URL is absolute (Request
      // needs one outside a browser, e.g. under vitest with a stubbed location).
      const origin = baseUrl || globalThis.location?.origin
      if (!origin) throw new TypeError('No baseUrl and no page location to resolve API paths against')
      url = `${origin}${buildPath(op.path, p.path)}${buildQuery(p.query)}`
    } catch (e) {
      // A missing path param or base is a programming error; it still becomes a value, never a crash.
      const result = { type: 'client_error', op: name, error: e as Error, text: '', network: false } as const
      logFailure(op.method, op.path, result)
      return result
    }

    const headers: Record<string, string> = {}
    const token = options.getToken?.()
    if (token) headers.Authorization = `Bearer ${token}`
    let body: BodyInit | undefined
    let json: unknown
    if (op.body === 'application/json') json = toSnake(p.body ?? {})
    else if (op.body === 'application/x-www-form-urlencoded') body = formBody(p.body)
    else if (op.body === 'application/octet-stream') {
      headers['Content-Type'] = 'application/octet-stream'
      body = p.body as BodyInit
    }

    // The checker's chunk loads while the request is on the wire (a failure is handled when used).
    if (validate) prepareValidation(name).catch(() => undefined)

    const sentOnline = globalThis.navigator?.onLine !== false
    let response: Response
    try {
      response = await http(url, {
        method: op.method,
        headers,
        ...(json !== undefined ? { json } : {}),
        ...(body !== undefined ? { body } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
      })
    } catch (e) {
      // Decision: a caller's abort is rethrown as the AbortError. An aborted request is neither a
      // failure to log nor "offline": the caller asked for it and is no longer waiting for a result.
      if (isAbort(e, opts.signal)) throw e
      // Anything else before a response (offline, DNS, CORS, ky's timeout) is a network failure.
      const error = e instanceof Error ? e : new Error(String(e))
      const result = { type: 'client_error', op: name, error, text: '', network: true, sentOnline } as const
      logFailure(op.method, url, result)
      return result
    }

    const result = await readResult(name, response, opts.signal)
    logFailure(op.method, url, result)
    if (response.status === 401 && name !== 'loginLocal') {
      // Spec 2/8: a 401 anywhere but local login sends the user to /login (the listener decides how).
      // Keyed on the status, so a proxy's non-JSON 401 page counts too.
      try {
        options.onUnauthorized?.({ operation: name, url, response })
      } catch (e) {
        console.error('onUnauthorized listener failed', e)
      }
    }
    return result as ApiResult<ApiResponse<N>>
  }

  async function readResult(
    name: OperationName,
    response: Response,
    signal?: AbortSignal,
  ): Promise<ApiResult<unknown>> {
    let text: string
    let blob: Blob | undefined
    const type = response.headers.get('content-type')
    const untyped = 'untyped' in operations[name]
    try {
      // Operations the contract leaves untyped (support bundle downloads) may answer with any content
      // type: a non-JSON success body is handed over raw. Elsewhere a non-JSON body is unreadable.
      if (response.ok && untyped && type && !isJsonType(type)) {
        blob = await response.blob()
        text = ''
      } else text = await response.text()
    } catch (e) {
      if (isAbort(e, signal)) throw e
      const error = e instanceof Error ? e : new Error(String(e))
      return { type: 'client_error', op: name, error, text: '', response, network: true }
    }
    if (blob) return { type: 'success', data: blob.size > 0 ? blob : undefined, response }

    let parsed: unknown
    if (text.trim() !== '') {
      try {
        parsed = JSON.parse(text)
      } catch (e) {
        // Spec 7: "client_error (body not valid JSON)".
        return { type: 'client_error', op: name, error: e as Error, text, response, network: false }
      }
    }

    if (!response.ok) {
      // An error without a body (HEAD, a proxy's bare 502) still carries its status and request id.
      const camel = (parsed && typeof parsed === 'object' ? toCamel(parsed) : {}) as Partial<ApiErrorBody>
      const data = {
        ...camel,
        requestId:
          typeof camel.requestId === 'string'
            ? camel.requestId
            : (response.headers.get('x-request-id') ?? ''),
        errorCode: typeof camel.errorCode === 'string' ? camel.errorCode : null,
        message: typeof camel.message === 'string' ? camel.message : '',
        statusCode: response.status,
      }
      return { type: 'error', op: name, data, response }
    }

    // 204 or an empty body: data is undefined.
    if (parsed === undefined) return { type: 'success', data: undefined, response }
    if (validate) {
      const problem = await validateResponse(name, parsed)
      if (problem) return { type: 'client_error', op: name, error: problem, text, response, network: false }
    }
    return { type: 'success', data: toCamel(parsed), response }
  }

  async function listAll<N extends ListOperationName>(
    name: N,
    params?: ApiParams<N>,
    opts: ListAllOptions = {},
  ): Promise<ApiResult<ListAllData<N>>> {
    const maxPages = opts.maxPages ?? LIST_ALL_MAX_PAGES
    const base = (params ?? {}) as WireParams
    const items: ListItem<N>[] = []
    let pageToken: string | null = null
    let response: Response | undefined
    for (let page = 0; page < maxPages; page++) {
      const query = { ...base.query, ...(pageToken ? { pageToken } : {}) }
      const result = await (call as (n: N, p: unknown, o: CallOptions) => Promise<ApiResult<unknown>>)(
        name,
        { ...base, query },
        opts.signal ? { signal: opts.signal } : {},
      )
      if (result.type !== 'success') return result
      const data = result.data as { items: ListItem<N>[]; nextPage?: string | null }
      items.push(...data.items)
      response = result.response
      pageToken = data.nextPage ?? null
      if (!pageToken) break
    }
    return { type: 'success', data: { items, nextPage: pageToken }, response: response as Response }
  }

  return { call: call as ApiClient['call'], listAll: listAll as ApiClient['listAll'] }
}

// --- The app's singleton -----------------------------------------------------------------------

// The token lives in memory only: never persisted (a reload falls back to the cookie session).
let apiToken: string | undefined
export const setApiToken = (token: string | undefined): void => {
  apiToken = token || undefined
}
export const getApiToken = (): string | undefined => apiToken

type UnauthorizedListener = (info: UnauthorizedInfo) => void
const unauthorizedListeners = new Set<UnauthorizedListener>()

/** Subscribe to 401s of the singleton (the app redirects to loginRedirectPath and wipes the cache). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener)
  return () => {
    unauthorizedListeners.delete(listener)
  }
}

export const api: ApiClient = createApiClient({
  baseUrl: '',
  getToken: getApiToken,
  onUnauthorized: (info) => {
    for (const listener of [...unauthorizedListeners]) listener(info)
  },
})

/**
 * Spec 2: "/login, with an optional redirect_uri query holding the current path plus query". No
 * redirect_uri from the root or from a login page itself (returning there would loop).
 */
export function loginRedirectPath(location: { pathname: string; search: string }): string {
  const { pathname, search } = location
  if (pathname === '/' || pathname === '/login' || pathname.startsWith('/login/')) return '/login'
  return `/login?redirect_uri=${encodeURIComponent(`${pathname}${search}`)}`
}

/** Where a sign-in lands when there is no usable redirect_uri. */
export const DEFAULT_AFTER_LOGIN = '/projects'

/** Undo percent-encoding a few times over, so `%2f` or `%252f` cannot hide a second slash. */
function fullyDecoded(path: string): string | null {
  let current = path
  for (let i = 0; i < 4; i++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      return null
    }
    if (next === current) return current
    current = next
  }
  return current
}

/**
 * The one check of a post-login target (login pages, SAML RelayState, the client). An open redirect
 * would hand a freshly signed-in user to another site, so the value is normalised first, exactly as
 * the browser will read it (dot segments, backslashes, tabs, percent-encoding), and only then checked:
 * it must stay on this origin and its path must not begin with two slashes (`//host` is
 * protocol-relative), in raw or decoded form. Login pages themselves are refused (returning there
 * would loop). Never throws; anything doubtful becomes the default.
 */
export function safeRedirect(
  uri: string | null | undefined,
  origin: string = globalThis.location?.origin ?? 'http://console.invalid',
  fallback: string = DEFAULT_AFTER_LOGIN,
): string {
  if (typeof uri !== 'string' || uri === '') return fallback
  try {
    const base = new URL(origin)
    const url = new URL(uri, base.origin)
    if (url.origin !== base.origin) return fallback
    const decoded = fullyDecoded(url.pathname)
    if (decoded === null) return fallback
    for (const path of [url.pathname, decoded.replace(/\\/g, '/')]) {
      if (!path.startsWith('/') || path.startsWith('//')) return fallback
    }
    if (/^\/login(\/|$)/.test(url.pathname)) return fallback
    const result = url.pathname + url.search + url.hash
    // Belt and braces: what we hand out must read back as a path on this same origin.
    return new URL(result, base.origin).origin === base.origin ? result : fallback
  } catch {
    return fallback
  }
}

/** Where to go after login, from the login page's query (see safeRedirect). */
export function redirectTarget(search: string, fallback = DEFAULT_AFTER_LOGIN): string {
  return safeRedirect(new URLSearchParams(search).get('redirect_uri'), undefined, fallback)
}
