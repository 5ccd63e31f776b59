// A tiny HTTP client for contract and behaviour tests against the in-process server: calls an
// operation by name (method and path from the generated operations table), signed in by cookie.
import { type OperationName, operations } from '../../src/api/__generated__/operations'

export type CallOptions = {
  path?: Record<string, string>
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
  /** Send the body form-encoded instead of JSON. */
  form?: Record<string, string>
  /** Raw body (e.g. the SAML POST). */
  raw?: string
  cookie?: string
  token?: string
}

export class Api {
  constructor(
    readonly baseUrl: string,
    public cookie?: string,
  ) {}

  url(name: OperationName, opts: CallOptions = {}): string {
    const path = operations[name].path.replace(/\{([^}]+)\}/g, (_, k: string) => {
      const v = opts.path?.[k]
      if (v === undefined) throw new Error(`${name}: missing path param ${k}`)
      return encodeURIComponent(v)
    })
    const q = new URLSearchParams()
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) q.set(k, String(v))
    return `${this.baseUrl}${path}${q.size ? `?${q}` : ''}`
  }

  call(name: OperationName, opts: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {}
    const cookie = opts.cookie ?? this.cookie
    if (cookie && !opts.token) headers.cookie = cookie
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    let body: string | undefined
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(opts.form).toString()
    } else if (opts.raw !== undefined) {
      headers['content-type'] = 'application/octet-stream'
      body = opts.raw
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(opts.body)
    }
    return fetch(this.url(name, opts), { method: operations[name].method, headers, body, redirect: 'manual' })
  }

  /** Call and parse JSON, failing loudly on a non-2xx status (for test set-up steps). */
  async ok<T = Record<string, unknown>>(name: OperationName, opts: CallOptions = {}): Promise<T> {
    const res = await this.call(name, opts)
    const text = await res.text()
    if (!res.ok) throw new Error(`${name} -> ${res.status}: ${text}`)
    return (text ? JSON.parse(text) : undefined) as T
  }

  /** Sign in with the local login and remember the session cookie. */
  async login(username: string, password = 'oxide', silo = 'default-silo'): Promise<string> {
    const res = await this.call('loginLocal', {
      path: { silo_name: silo },
      body: { username, password },
      cookie: '',
    })
    if (res.status !== 204) throw new Error(`login ${username} -> ${res.status}`)
    const cookie = res.headers.getSetCookie()[0]?.split(';')[0]
    if (!cookie) throw new Error('no session cookie')
    this.cookie = cookie
    return cookie
  }

  /** Poll `read` until `done` holds (state timers run at MOCK_TIME_SCALE). */
  async until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
    const start = Date.now()
    for (;;) {
      const v = await read()
      if (done(v)) return v
      if (Date.now() - start > timeoutMs)
        throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(v)}`)
      await new Promise((r) => setTimeout(r, 10))
    }
  }
}

/** A contract case: performs the operation (after any set-up) and returns its response. */
export type ContractCase = (api: Api) => Promise<Response>
export type CaseTable = Partial<Record<OperationName, ContractCase>>
