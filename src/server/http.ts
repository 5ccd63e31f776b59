// The production HTTP server: the built PWA from a directory, API paths answered by a local API (the
// mock plugs in here) or proxied to API_URL, and the serial-console websocket. Security model:
// - Only origin-form request targets are served (target.ts); anything else is 400.
// - Bodies are capped (413) before they are read and while they stream.
// - Every answer carries `X-Content-Type-Options: nosniff`; HTML carries the CSP (csp.ts).
// - Source maps are never served; nothing but the files built at start is (static.ts).
// - Static files go out precompressed (br, else gzip, by Accept-Encoding; encoding.ts) with
//   `Vary: Accept-Encoding`; hashed /assets/* are immutable, everything else is revalidated.
// - Node's own timeouts, header limits and a connection cap bound what one client can hold.
// - No input ends the process: handlers are wrapped, malformed HTTP gets 400, sockets have 'error'
//   listeners.
// This module must not import from mocks/: production runs without the mock.
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { BodyTooLargeError, declaresTooLarge, readBody } from './body'
import { CSP_HEADER } from './csp'
import { acceptedCodings, cacheControlFor, isAppRoute, isPagePath } from './encoding'
import { API_RESPONSE_HEADERS, type ProxyContext, proxyRequest, proxyUpgrade } from './proxy'
import { NOSNIFF, rejectSocket, sendError } from './respond'
import { indexDist, sendStatic } from './static'
import { parseTarget, pathAndQuery } from './target'

const MiB = 1024 * 1024

export type Limits = {
  /**
   * Largest request body. The biggest bodies the app sends are bulk disk writes: 512 KiB chunks
   * (DEFAULT_CHUNK_SIZE in machines/bulk-upload.machine.ts), about 700 KB as base64 in JSON. 4 MiB
   * leaves room for larger chunk sizes and still refuses a flood at once.
   */
  maxBodyBytes: number
  /**
   * Request bodies the proxy holds at once, over all requests: 16 bodies at the cap. Within it a body
   * is read whole before the upstream is asked; beyond it bodies stream through (backpressure bounds
   * their memory), so a flood of large uploads cannot grow the process.
   */
  maxBufferedBodyBytes: number
  /** How long the proxy waits for the upstream's answer (504 after), and for its body to move. */
  upstreamTimeoutMs: number
  /** Node's bound on receiving one whole request (headers and body). */
  requestTimeoutMs: number
  /** Node's bound on receiving the request headers. */
  headersTimeoutMs: number
  /** Idle time before a kept-alive connection is closed. */
  keepAliveTimeoutMs: number
  /** Open connections at most; Node drops new ones beyond it. */
  maxConnections: number
  /** Total size of a request's headers (431 beyond it). */
  maxHeaderBytes: number
  /** Headers per request kept at most. */
  maxHeadersCount: number
}

export const DEFAULT_LIMITS: Limits = {
  maxBodyBytes: 4 * MiB,
  maxBufferedBodyBytes: 64 * MiB,
  upstreamTimeoutMs: 60_000,
  requestTimeoutMs: 60_000,
  headersTimeoutMs: 20_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
  maxHeaderBytes: 16 * 1024,
  maxHeadersCount: 100,
}

/**
 * `KEEP_ALIVE_TIMEOUT_MS`: how long an idle kept-alive connection stays open, where a load balancer in
 * front keeps its own idle connections longer than the default 5 s (the server must be the one that
 * closes, or the balancer reuses a connection the server has dropped). A whole number of milliseconds,
 * 1 000 to 600 000; anything else is refused at start.
 */
export function keepAliveFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  const ms = Number(value)
  if (!/^\d+$/.test(value) || ms < 1_000 || ms > 600_000)
    throw new Error(
      `KEEP_ALIVE_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 600000, not ${JSON.stringify(value)}`,
    )
  return ms
}

/** The serial-console stream: the only websocket the API offers, so the only upgrade served. */
export const SERIAL_STREAM_PATH = /^\/v1\/instances\/[^/]+\/serial-console\/stream$/

/**
 * An encoded `/` or `\` in a path: an upstream that decodes it before routing would read other path
 * segments than the ones checked here (`/v1/..%2f..%2fadmin`). API names and ids never hold one.
 */
export function hasEncodedSeparator(pathname: string): boolean {
  return /%2f|%5c/i.test(pathname)
}

/**
 * A websocket upgrade a browser page of this origin makes: GET, `Upgrade: websocket`, and an Origin
 * whose host is the Host asked for. Browsers always send Origin on a websocket; another site's page
 * cannot make its own, so a console session cannot be opened from there with the user's cookie.
 */
export function isOwnWebsocket(req: IncomingMessage): boolean {
  if (req.method !== 'GET' || req.headers.upgrade?.toLowerCase() !== 'websocket') return false
  const { origin, host } = req.headers
  if (!origin || !host) return false
  try {
    const page = new URL(origin)
    if (page.protocol !== 'http:' && page.protocol !== 'https:') return false
    // The Host may name the default port (a front proxy passing it on) where the Origin leaves it out.
    const asked = new URL(`${page.protocol}//${host}`)
    return asked.host === page.host && asked.pathname === '/' && !asked.username
  } catch {
    return false
  }
}

/** API paths: /v1/*, /experimental/*, and non-GET /login/* and /device/* (GETs there are SPA pages). */
export function isApiRequest(method: string, pathname: string): boolean {
  if (pathname.startsWith('/v1/') || pathname.startsWith('/experimental/')) return true
  const page = method === 'GET' || method === 'HEAD'
  return !page && (pathname.startsWith('/login/') || pathname.startsWith('/device/'))
}

/** An API answered in this process (the mock), instead of a proxied one. */
export type LocalApi = {
  /** The answer to an API request (body already read within the cap), or undefined for 404. */
  fetch(request: Request): Promise<Response | undefined>
  /** Extra non-API paths it answers (the mock's test hooks). */
  handlesPath?(pathname: string): boolean
  /** Accept or refuse a websocket upgrade on SERIAL_STREAM_PATH; `url` is the validated target. */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void
}

export type AppServerOptions = {
  host?: string
  port?: number
  /** Directory of the built app; without it (or when missing) pages answer 503. */
  dist?: string
  /** Proxy API paths to this origin (API_URL); its path, if any, is ignored. */
  upstream?: string
  /** Answer API paths in-process; ignored when `upstream` is set. */
  local?: LocalApi
  limits?: Partial<Limits>
  /** Where causes of failures go (never to clients). Default: console.error. */
  log?: (message: string, err?: unknown) => void
}

export type AppServer = { url: string; server: http.Server; close(): Promise<void> }

/** Send a Fetch Response (a local API's answer) through a Node response. */
async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  Object.assign(headers, API_RESPONSE_HEADERS)
  const body = Buffer.from(await response.arrayBuffer())
  res.writeHead(response.status, headers)
  res.end(body)
}

function toFetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue
    headers.set(k, Array.isArray(v) ? v.join(k === 'cookie' ? '; ' : ', ') : v)
  }
  return headers
}

/** System errors (refused, reset, DNS) in one line each: an unreachable API must not flood the log. */
function defaultLog(message: string, err?: unknown): void {
  const code = (err as NodeJS.ErrnoException | undefined)?.code
  if (code && err instanceof Error) console.error(`${message}: ${code} ${err.message}`)
  else console.error(message, err ?? '')
}

/** Headers of a static answer, decided by its path (the page headers for index.html and the fallback). */
function staticHeaders(pathname: string, page: boolean): Record<string, string> {
  // Every static answer may come from a precompressed sibling: caches must key on Accept-Encoding.
  const headers: Record<string, string> = { Vary: 'Accept-Encoding' }
  if (page) {
    headers['Cache-Control'] = 'no-cache'
    headers['Content-Security-Policy'] = CSP_HEADER
    headers['Referrer-Policy'] = 'same-origin'
  } else {
    headers['Cache-Control'] = cacheControlFor(pathname)
  }
  return headers
}

export async function startAppServer(opts: AppServerOptions): Promise<AppServer> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits }
  const log = opts.log ?? defaultLog
  const host = opts.host ?? '127.0.0.1'
  const upstream = opts.upstream ? new URL(opts.upstream) : undefined
  if (upstream && upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    throw new Error(`API_URL must be http: or https:, not ${upstream.protocol}`)
  const local = upstream ? undefined : opts.local

  const upgraded = new Set<Duplex>()
  const track = (socket: Duplex) => {
    upgraded.add(socket)
    socket.once('close', () => upgraded.delete(socket))
  }
  const agent =
    upstream?.protocol === 'https:'
      ? new https.Agent({ keepAlive: true, maxSockets: 256 })
      : new http.Agent({ keepAlive: true, maxSockets: 256 })
  const proxy: ProxyContext | undefined = upstream && {
    upstream,
    agent,
    timeoutMs: limits.upstreamTimeoutMs,
    maxBodyBytes: limits.maxBodyBytes,
    bodyBudget: { free: limits.maxBufferedBodyBytes },
    log,
    track,
  }

  // The built files, read once (static.ts): exact names only (no `.html` guessing), no source maps.
  // The SPA fallback is ours (serveStatic), and so is the decision whether an answer is a page.
  const files = opts.dist ? indexDist(opts.dist) : undefined

  let origin = ''

  const answerLocally = async (req: IncomingMessage, res: ServerResponse, url: URL, api: LocalApi) => {
    const method = req.method ?? 'GET'
    let body: Buffer | undefined
    if (method !== 'GET' && method !== 'HEAD') {
      try {
        body = await readBody(req, limits.maxBodyBytes)
      } catch (err) {
        if (err instanceof BodyTooLargeError) {
          sendError(res, 413, { close: true })
          return
        }
        throw err
      }
    }
    const response = await api.fetch(
      new Request(new URL(pathAndQuery(url), origin), {
        method,
        headers: toFetchHeaders(req),
        body: body && body.length > 0 ? new Uint8Array(body) : undefined,
      }),
    )
    if (!response) sendError(res, 404)
    else await sendFetchResponse(res, response)
  }

  const serveStatic = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const method = req.method ?? 'GET'
    if (method !== 'GET' && method !== 'HEAD') {
      sendError(res, 405, { headers: { Allow: 'GET, HEAD' } })
      return
    }
    if (!files) {
      sendError(res, 503)
      return
    }
    // A path that does not decode names no file, but may still be an app route (a malformed escape in
    // a resource name): the SPA answers it, with its own Page not found.
    let pathname = url.pathname
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      // judged as it came
    }
    const accepted = acceptedCodings(req.headers['accept-encoding'])
    const entry = files.get(pathname)
    if (
      entry &&
      (await sendStatic(req, res, entry, accepted, staticHeaders(pathname, isPagePath(pathname)), log))
    )
      return
    // The SPA fallback: app routes are extension-less paths, answered with index.html (compressed
    // like the file itself). A missing file with an extension stays 404, never a page.
    const index = isAppRoute(pathname) ? files.get('/index.html') : undefined
    if (index && (await sendStatic(req, res, index, accepted, staticHeaders('/index.html', true), log)))
      return
    sendError(res, 404)
  }

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const url = parseTarget(req.url)
    if (!url) {
      sendError(res, 400, { close: true })
      return
    }
    if (declaresTooLarge(req, limits.maxBodyBytes)) {
      sendError(res, 413, { close: true })
      return
    }
    // Node keeps the first maxHeadersCount headers and drops the rest silently, yet frames the body by
    // all of them: a request at the cap may hide its Content-Length, so it is refused.
    if (req.rawHeaders.length >= 2 * limits.maxHeadersCount) {
      sendError(res, 431, { close: true })
      return
    }
    const method = req.method ?? 'GET'
    if (isApiRequest(method, url.pathname)) {
      if (hasEncodedSeparator(url.pathname)) sendError(res, 400, { close: true })
      else if (proxy) await proxyRequest(req, res, url, proxy)
      else if (local) await answerLocally(req, res, url, local)
      else sendError(res, 404)
      return
    }
    if (local?.handlesPath?.(url.pathname)) {
      await answerLocally(req, res, url, local)
      return
    }
    await serveStatic(req, res, url)
  }

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('X-Content-Type-Options', NOSNIFF)
    const failed = (err: unknown) => {
      log(`${req.method} ${req.url}: handler failed`, err)
      if (!res.headersSent) sendError(res, 500)
      else res.destroy()
    }
    try {
      route(req, res).catch(failed)
    } catch (err) {
      failed(err)
    }
  }

  const server = http.createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
    },
    onRequest,
  )
  server.maxHeadersCount = limits.maxHeadersCount
  server.maxConnections = limits.maxConnections

  // `Expect: 100-continue`: refuse an oversized body before the client sends a byte of it.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!declaresTooLarge(req, limits.maxBodyBytes)) res.writeContinue()
    onRequest(req, res)
  })

  // Malformed HTTP (bad request line, oversized headers, timeouts) never reaches a handler.
  // Node hands every later chunk to a parser that has failed, and reports the error again each time:
  // a socket is dealt with once.
  const broken = new WeakSet<Duplex>()
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (broken.has(socket)) return
    broken.add(socket)
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    // A pipelined request broke while earlier, whole requests are still being answered: a raw status
    // line now would go out as their answer. Those answers finish, in order; then the connection closes.
    // The broken request may be the one in progress itself (its body cut off or malformed): nothing
    // is owed to it but the status line below.
    const current = () => (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage
    const inFlight = current()
    if (inFlight && !inFlight.writableFinished && inFlight.req?.complete) {
      // Nothing more is read from it: the answers owed go out, then it closes.
      socket.pause()
      const giveUp = setTimeout(() => socket.destroy(), limits.requestTimeoutMs)
      giveUp.unref()
      const afterEach = () => {
        const next = current()
        if (next && !next.writableFinished && next.req?.complete) {
          next.once('finish', () => setImmediate(afterEach))
          return
        }
        clearTimeout(giveUp)
        socket.end()
        setTimeout(() => socket.destroy(), 1000).unref()
      }
      inFlight.once('finish', () => setImmediate(afterEach))
      return
    }
    if (inFlight?.headersSent) {
      socket.destroy()
      return
    }
    const status =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : err.code === 'HPE_HEADERS_TIMEOUT'
            ? 408
            : 400
    rejectSocket(socket, status)
  })

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node stops watching an upgraded socket: a reset must not become an uncaught error.
    socket.on('error', (err) => {
      log(`upgrade ${req.url}: socket error`, err)
      socket.destroy()
    })
    track(socket)
    try {
      const url = parseTarget(req.url)
      if (!url || hasEncodedSeparator(url.pathname)) rejectSocket(socket, 400)
      else if (!SERIAL_STREAM_PATH.test(url.pathname)) rejectSocket(socket, 404)
      else if (!isOwnWebsocket(req)) rejectSocket(socket, 403)
      else if (proxy) proxyUpgrade(req, socket, head, url, proxy)
      else if (local?.upgrade) local.upgrade(req, socket, head, url)
      else rejectSocket(socket, 404)
    } catch (err) {
      log(`upgrade ${req.url}: handler failed`, err)
      rejectSocket(socket, 500)
    }
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 4173, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  // A listening server's own errors (e.g. EMFILE on accept) are logged, never fatal.
  server.on('error', (err) => log('server error', err))
  const addr = server.address() as AddressInfo
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`

  return {
    url: origin,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of upgraded) socket.destroy()
        agent.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
