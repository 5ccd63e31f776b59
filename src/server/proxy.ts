// The API_URL reverse proxy (HTTP and the serial-console websocket). Every upstream request is built
// from API_URL's scheme, host and port plus the validated origin-form path of the client's request:
// nothing in a request can pick another host. Errors toward the client are fixed and generic (the
// cause is logged here), so the proxy never reveals internal hosts or ports.
import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http'
import https from 'node:https'
import type { Duplex } from 'node:stream'
import { BodyTooLargeError, bodyLimiter, readBody } from './body'
import { API_CSP_HEADER } from './csp'
import { NOSNIFF, type OwnStatus, rejectSocket, sendError } from './respond'
import { pathAndQuery } from './target'

export type ProxyContext = {
  /** API_URL: only its scheme, host and port are used. */
  upstream: URL
  /** Keep-alive agent for HTTP requests to the upstream. */
  agent: http.Agent
  /** Bound on waiting for the upstream's answer, and on silence while its body streams. */
  timeoutMs: number
  maxBodyBytes: number
  /**
   * Bytes of request bodies this server may hold at once, shared by its requests: a body whose
   * declared length fits is read whole before the upstream is asked; others stream through.
   */
  bodyBudget: { free: number }
  log(message: string, err?: unknown): void
  /** Registers a socket that server shutdown must destroy (upgraded connections). */
  track(socket: Duplex): void
}

// RFC 9110 section 7.6.1: connection-specific fields are not forwarded. The forwarding fields are
// dropped too: the proxy sets its own, so a client cannot claim another address.
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]
// The body's framing is the proxy's own too: it sends the body it has read with its exact length.
const REQUEST_ONLY_DROPPED = [
  'host',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'content-length',
]
// What the proxy decides for every API answer, whatever the upstream said.
const RESPONSE_DROPPED = [
  'x-content-type-options',
  'content-security-policy',
  'content-security-policy-report-only',
]

/** The names to drop: the fixed hop-by-hop list plus any the Connection header lists. */
function droppedNames(connection: string | string[] | undefined, extra: string[] = []): Set<string> {
  const listed = (Array.isArray(connection) ? connection.join(',') : (connection ?? ''))
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
  return new Set([...HOP_BY_HOP, ...extra, ...listed])
}

function filterHeaders(headers: IncomingHttpHeaders, drop: Set<string>): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !drop.has(name)) out[name] = value
  return out
}

/**
 * The client's end-to-end headers plus X-Forwarded-*, with Host set to the upstream's. The forwarding
 * fields a request brings are dropped, not passed on: the proxy cannot tell a TLS terminator's from a
 * client's, so it states only what it saw itself (the peer's address, plain http). X-Forwarded-Host is
 * the Host the client sent, which is client input like any other header.
 */
export function upstreamRequestHeaders(req: IncomingMessage, upstream: URL): OutgoingHttpHeaders {
  const headers = filterHeaders(req.headers, droppedNames(req.headers.connection, REQUEST_ONLY_DROPPED))
  headers.host = upstream.host
  if (req.socket.remoteAddress) headers['x-forwarded-for'] = req.socket.remoteAddress
  headers['x-forwarded-proto'] = 'http'
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host
  return headers
}

/**
 * Drop every `Domain` so the upstream's cookies stick to this origin; keep everything else. Browsers
 * trim white space around an attribute's name and `=`, so `Domain =x` is a Domain too.
 */
export function localCookie(c: string): string {
  return c.replace(/;\s*Domain\s*=[^;]*/gi, '')
}

/**
 * The headers every API answer carries, whoever made it (csp.ts). `no-store`: an answer holds the
 * signed-in user's data, and the browser's HTTP cache (on disk) is not wiped at sign-out as the
 * console's own cache is.
 */
export const API_RESPONSE_HEADERS = {
  'x-content-type-options': NOSNIFF,
  'content-security-policy': API_CSP_HEADER,
  'cache-control': 'no-store',
} as const

function clientResponseHeaders(upRes: IncomingMessage): OutgoingHttpHeaders {
  const headers = filterHeaders(upRes.headers, droppedNames(upRes.headers.connection, RESPONSE_DROPPED))
  const cookies = upRes.headers['set-cookie']
  if (cookies) headers['set-cookie'] = cookies.map(localCookie)
  return { ...headers, ...API_RESPONSE_HEADERS }
}

/** Whether a request declares a body (HTTP/1.1: only Content-Length or Transfer-Encoding can). */
function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length']
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined
}

/** The body's declared length (Node has refused malformed ones, and lengths beside a chunked body). */
function declaredLength(req: IncomingMessage): number | undefined {
  const length = req.headers['content-length']
  return length === undefined || req.headers['transfer-encoding'] !== undefined ? undefined : Number(length)
}

/** Methods whose requests carry a body as a rule, so an empty one is sent as Content-Length: 0. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])

function requestOptions(ctx: ProxyContext, method: string, path: string, headers: OutgoingHttpHeaders) {
  const { upstream } = ctx
  return {
    protocol: upstream.protocol,
    // URL keeps IPv6 literals bracketed; the socket layer wants the bare address.
    hostname: upstream.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: upstream.port || (upstream.protocol === 'https:' ? 443 : 80),
    method,
    path,
    headers,
  }
}

function clientFor(upstream: URL): typeof http | typeof https {
  return upstream.protocol === 'https:' ? https : http
}

/**
 * Proxy one API request; `target` is the request's validated origin-form URL. The upstream request's
 * framing is always the proxy's own: the body it read whole, with its exact Content-Length, or the
 * body streamed with its declared length or chunked. Whatever the client's framing was (chunked on a
 * GET, say), the upstream gets one message, never bytes it could read as a second request.
 * A body is read whole first when its declared length fits the server's buffer budget (the app's
 * bodies are small, or 512 KiB upload chunks), so a slow upload holds no upstream socket; beyond the
 * budget (a flood of large bodies) it streams with backpressure, so memory stays bounded.
 */
export async function proxyRequest(
  req: IncomingMessage,
  res: ServerResponse,
  target: URL,
  ctx: ProxyContext,
): Promise<void> {
  const method = req.method ?? 'GET'
  const path = pathAndQuery(target)
  let body: Buffer | undefined
  let stream = false
  const declared = declaredLength(req)
  if (declaresBody(req)) {
    if (declared !== undefined && declared <= ctx.bodyBudget.free) {
      ctx.bodyBudget.free -= declared
      let held = true
      const release = () => {
        if (held) ctx.bodyBudget.free += declared
        held = false
      }
      // A request queued behind another on its connection may never get an answer to close: its
      // end (the connection's) gives the share back too.
      res.once('close', release)
      req.once('close', release)
      try {
        body = await readBody(req, ctx.maxBodyBytes)
      } catch (err) {
        release()
        ctx.log(`proxy ${method} ${path}: body refused`, err)
        sendError(res, err instanceof BodyTooLargeError ? 413 : 400, { close: true })
        return
      }
    } else stream = true
  }
  if (res.destroyed) return
  const headers = upstreamRequestHeaders(req, ctx.upstream)
  if (body) headers['content-length'] = String(body.length)
  else if (stream && declared !== undefined) headers['content-length'] = String(declared)
  else if (stream) headers['transfer-encoding'] = 'chunked'
  else if (BODY_METHODS.has(method)) headers['content-length'] = '0'
  const up = clientFor(ctx.upstream).request({
    ...requestOptions(ctx, method, path, headers),
    agent: ctx.agent,
  })
  let failed = false
  let idle: NodeJS.Timeout | undefined

  // Only the first failure answers: destroying the upstream request reports a hang-up of its own.
  const fail = (status: OwnStatus, err: unknown) => {
    if (failed) return
    failed = true
    clearTimeout(waiting)
    clearTimeout(idle)
    ctx.log(`proxy ${method} ${path}: answered ${status}`, err)
    up.destroy()
    // After the status line has gone out, the only honest signal left is to cut the response.
    if (res.headersSent) res.destroy()
    // A body left unread (a streamed one refused midway) must not keep flowing into a kept-alive socket.
    else sendError(res, status, { close: !req.complete })
  }

  const waiting = setTimeout(
    () => fail(504, new Error(`no answer within ${ctx.timeoutMs} ms`)),
    ctx.timeoutMs,
  )

  up.on('response', (upRes) => {
    clearTimeout(waiting)
    if (failed || res.headersSent || res.destroyed) {
      upRes.destroy()
      return
    }
    // A status Node cannot send on (000, 099, 1xx here, 600+) is the upstream failing, not an answer.
    const status = upRes.statusCode ?? 0
    if (status < 200 || status > 599) {
      upRes.destroy()
      fail(502, new Error(`upstream answered status ${status}`))
      return
    }
    try {
      res.writeHead(status, clientResponseHeaders(upRes))
    } catch (err) {
      upRes.destroy()
      fail(502, err)
      return
    }
    const touch = () => {
      clearTimeout(idle)
      idle = setTimeout(
        () => upRes.destroy(new Error(`upstream body silent for ${ctx.timeoutMs} ms`)),
        ctx.timeoutMs,
      )
    }
    touch()
    upRes.on('data', touch)
    upRes.pipe(res)
    upRes.on('end', () => clearTimeout(idle))
    // A response cut short upstream (reset, timeout, missing bytes) must end the client's response
    // as failed too, not leave it waiting for bytes that never come.
    upRes.on('error', (err) => {
      clearTimeout(idle)
      ctx.log(`proxy ${method} ${path}: upstream response broke off`, err)
      res.destroy()
    })
    upRes.on('aborted', () => res.destroy())
  })
  up.on('error', (err) => fail(502, err))
  // A client that goes away takes its upstream request with it.
  res.on('close', () => {
    clearTimeout(waiting)
    clearTimeout(idle)
    if (res.writableFinished) return
    failed = true // nobody is left to answer
    up.destroy()
  })

  if (!stream) {
    up.end(body)
    return
  }
  // Streamed, counted against the cap on the way.
  const limiter = bodyLimiter(ctx.maxBodyBytes)
  limiter.on('error', (err) => {
    req.unpipe(limiter)
    fail(err instanceof BodyTooLargeError ? 413 : 500, err)
  })
  req.on('error', () => up.destroy())
  req.pipe(limiter).pipe(up)
}

/** Proxy a websocket upgrade on a validated origin-form `target`. */
export function proxyUpgrade(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  target: URL,
  ctx: ProxyContext,
): void {
  const path = pathAndQuery(target)
  const headers = upstreamRequestHeaders(req, ctx.upstream)
  headers.connection = 'Upgrade'
  headers.upgrade = req.headers.upgrade ?? 'websocket'
  // A fresh connection: an upgraded socket leaves the pool for good anyway.
  const up = clientFor(ctx.upstream).request({ ...requestOptions(ctx, 'GET', path, headers), agent: false })
  let settled = false
  const settle = () => {
    const first = !settled
    settled = true
    clearTimeout(waiting)
    return first
  }
  const fail = (status: number, err: unknown) => {
    if (!settle()) return
    ctx.log(`proxy websocket ${path}: answered ${status}`, err)
    up.destroy()
    rejectSocket(socket, status)
  }
  const waiting = setTimeout(
    () => fail(504, new Error(`no answer within ${ctx.timeoutMs} ms`)),
    ctx.timeoutMs,
  )

  socket.on('close', () => {
    if (settle()) up.destroy()
  })
  up.on('upgrade', (upRes, upSocket, upHead) => {
    if (!settle() || socket.destroyed) {
      upSocket.destroy()
      return
    }
    ctx.track(upSocket)
    // The upstream's own status text is not passed on; its cookies stick to this origin, as on HTTP.
    const lines = ['HTTP/1.1 101 Switching Protocols']
    for (let i = 0; i + 1 < upRes.rawHeaders.length; i += 2) {
      const name = upRes.rawHeaders[i] as string
      const value = upRes.rawHeaders[i + 1] as string
      lines.push(`${name}: ${name.toLowerCase() === 'set-cookie' ? localCookie(value) : value}`)
    }
    socket.write(`${lines.join('\r\n')}\r\n\r\n`)
    if (upHead.length) socket.write(upHead)
    if (head.length) upSocket.write(head)
    upSocket.on('error', () => socket.destroy())
    socket.on('error', () => upSocket.destroy())
    upSocket.on('close', () => socket.destroy())
    socket.on('close', () => upSocket.destroy())
    upSocket.pipe(socket)
    socket.pipe(upSocket)
  })
  // The upstream refused the upgrade (401, 403, 404...): pass the status on, nothing else.
  up.on('response', (upRes) => {
    upRes.resume()
    if (!settle()) return
    rejectSocket(socket, upRes.statusCode ?? 502)
  })
  up.on('error', (err) => fail(502, err))
  up.end()
}
