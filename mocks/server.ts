// `npm start`: the production build (built first when stale) and the API on one origin. API paths
// go to the mock (msw handlers through `getResponse`), or with API_URL to a real API by proxy.
// The serial console is a real websocket. Env: HOST (127.0.0.1), PORT (4173), API_URL, CHAOS,
// MOCK_DELAY_MS, MOCK_TIME_SCALE.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { getResponse } from 'msw'
import sirv from 'sirv'
import { WebSocketServer } from 'ws'
import { db } from './db'
import { handlers } from './handlers'
import { resolveCaller, SESSION_COOKIE } from './lib/auth'
import { isUuid } from './lib/errors'
import { randomId } from './lib/ids'
import {
  SERIAL_GREETING,
  SERIAL_GREETING_DELAY_MS,
  SERIAL_STREAM_PATH,
  serialReply,
  toBytes,
} from './lib/serial'
import { DEMO_PASSWORD, DEMO_SILO, demoUsers } from './seed/ids'

const root = fileURLToPath(new URL('..', import.meta.url))
// DIST_DIR (relative to the repo) lets parallel test runs use build folders of their own.
const distDir = `${root}${process.env.DIST_DIR ?? 'dist'}`

export const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "connect-src 'self'; worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"

export type ServerOptions = {
  port?: number
  host?: string
  /** Proxy API paths to this URL instead of answering them with the mock. */
  apiUrl?: string
  /** Build dist/ first when it is missing or stale (default true). */
  build?: boolean
  /** Print the URL and demo credentials (default false; the CLI turns it on). */
  log?: boolean
  /** Directory of the built app (default dist/); tests point it at a fixture. */
  dist?: string
}

/** API paths: /v1/*, /experimental/*, and non-GET /login/* and /device/* (GETs there are SPA pages). */
export function isApiRequest(method: string, pathname: string): boolean {
  if (pathname.startsWith('/v1/') || pathname.startsWith('/experimental/')) return true
  const page = method === 'GET' || method === 'HEAD'
  return !page && (pathname.startsWith('/login/') || pathname.startsWith('/device/'))
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(`${path}/${entry}`))
  return newest
}

/** Whether dist/index.html is missing or older than any source of the build. */
export function buildIsStale(): boolean {
  const index = `${distDir}/index.html`
  if (!existsSync(index)) return true
  const built = statSync(index).mtimeMs
  const sources = [
    'src',
    'sw',
    'storage',
    'machines',
    'public',
    'index.html',
    'vite.config.ts',
    'panda.config.ts',
    'package-lock.json',
  ].map((p) => newestMtime(`${root}${p}`))
  return Math.max(...sources) > built
}

function runBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    console.log('dist/ is missing or stale: running `npx vite build`')
    const child = spawn('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))))
  })
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

function toFetchRequest(req: IncomingMessage, body: Buffer | undefined, origin: string): Request {
  const headers = new Headers()
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue
    headers.set(k, Array.isArray(v) ? v.join(k === 'cookie' ? '; ' : ', ') : v)
  }
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
  })
}

async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  const body = Buffer.from(await response.arrayBuffer())
  res.writeHead(response.status, headers)
  res.end(body)
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function mockApi(req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  const method = req.method ?? 'GET'
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req)
  const response = await getResponse(handlers, toFetchRequest(req, body, origin))
  if (!response) {
    sendJson(res, 404, { request_id: randomId(), error_code: 'Not Found', message: 'Not Found' })
    return
  }
  await sendFetchResponse(res, response)
}

/** Drop `Domain` so the upstream's cookies stick to this origin; keep everything else. */
function localCookie(c: string): string {
  return c.replace(/;\s*Domain=[^;]*/i, '')
}

function proxyApi(req: IncomingMessage, res: ServerResponse, apiUrl: URL): void {
  const mod = apiUrl.protocol === 'https:' ? https : http
  const upstream = mod.request(
    new URL(req.url ?? '/', apiUrl),
    { method: req.method, headers: { ...req.headers, host: apiUrl.host } },
    (up) => {
      const headers = { ...up.headers }
      if (headers['set-cookie']) headers['set-cookie'] = headers['set-cookie'].map(localCookie)
      res.writeHead(up.statusCode ?? 502, headers)
      up.pipe(res)
    },
  )
  upstream.on('error', (err) => {
    if (!res.headersSent)
      sendJson(res, 502, { request_id: randomId(), message: `proxy error: ${err.message}` })
    else res.destroy()
  })
  req.pipe(upstream)
}

function proxyUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, apiUrl: URL): void {
  const mod = apiUrl.protocol === 'https:' ? https : http
  const upstream = mod.request(new URL(req.url ?? '/', apiUrl), {
    method: 'GET',
    headers: { ...req.headers, host: apiUrl.host },
  })
  upstream.on('upgrade', (upRes, upSocket, upHead) => {
    const lines = [`HTTP/1.1 ${upRes.statusCode ?? 101} ${upRes.statusMessage ?? 'Switching Protocols'}`]
    for (let i = 0; i < upRes.rawHeaders.length; i += 2)
      lines.push(`${upRes.rawHeaders[i]}: ${upRes.rawHeaders[i + 1]}`)
    socket.write(`${lines.join('\r\n')}\r\n\r\n`)
    if (upHead.length) socket.write(upHead)
    if (head.length) upSocket.write(head)
    upSocket.pipe(socket).pipe(upSocket)
    upSocket.on('error', () => socket.destroy())
    socket.on('error', () => upSocket.destroy())
  })
  upstream.on('response', (upRes) => {
    socket.end(`HTTP/1.1 ${upRes.statusCode} ${upRes.statusMessage}\r\n\r\n`)
  })
  upstream.on('error', () => socket.destroy())
  upstream.end()
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return v.join('=')
  }
  return undefined
}

/** Mock-mode websocket: the caller must be signed in and the instance must exist. */
function mockSerialUpgrade(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  wss: WebSocketServer,
  url: URL,
): void {
  const reject = (status: number, text: string) => {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Length: 0\r\n\r\n`)
  }
  const selector = decodeURIComponent(url.pathname.match(SERIAL_STREAM_PATH)?.[1] ?? '')
  const caller = resolveCaller(
    db,
    req.headers.authorization ?? null,
    cookieValue(req.headers.cookie, SESSION_COOKIE),
  )
  if (!caller) {
    reject(401, 'Unauthorized')
    return
  }
  const project = url.searchParams.get('project')
  const projectId =
    project && db.projects.find((p) => (isUuid(project) ? p.id === project : p.name === project))?.id
  const instance = db.instances.find((i) =>
    isUuid(selector) ? i.id === selector : i.name === selector && i.project_id === projectId,
  )
  if (!instance) {
    reject(404, 'Not Found')
    return
  }
  wss.handleUpgrade(req, socket, head, (client) => {
    const greet = setTimeout(
      () => client.send(new TextEncoder().encode(SERIAL_GREETING)),
      SERIAL_GREETING_DELAY_MS,
    )
    client.on('message', (data) => client.send(serialReply(toBytes(data))))
    client.on('close', () => clearTimeout(greet))
  })
}

export async function startServer(
  opts: ServerOptions = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const host = opts.host ?? '127.0.0.1'
  const apiUrl = opts.apiUrl ? new URL(opts.apiUrl) : undefined
  if (opts.build !== false && !opts.dist && buildIsStale()) await runBuild()

  const dist = opts.dist ?? distDir
  const assets = existsSync(dist)
    ? sirv(dist, {
        single: true,
        etag: true,
        // sirv passes the requested path: the SPA fallback (index.html) answers extension-less paths.
        setHeaders(res, pathname) {
          if (pathname.endsWith('.html') || !/\.[A-Za-z0-9]+$/.test(pathname)) {
            res.setHeader('Cache-Control', 'no-cache')
            res.setHeader('Content-Security-Policy', CSP)
            res.setHeader('X-Content-Type-Options', 'nosniff')
            res.setHeader('Referrer-Policy', 'same-origin')
          } else if (pathname === '/sw.js' || pathname === '/manifest.webmanifest') {
            res.setHeader('Cache-Control', 'no-cache')
          } else if (pathname.startsWith('/assets/')) {
            res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
          }
        },
      })
    : undefined

  const wss = new WebSocketServer({ noServer: true })
  let origin = ''
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin)
    const method = req.method ?? 'GET'
    const handleError = (err: unknown) => {
      console.error('server error', err)
      if (!res.headersSent) sendJson(res, 500, { request_id: randomId(), message: 'Internal Server Error' })
      else res.destroy()
    }
    if (isApiRequest(method, url.pathname)) {
      if (apiUrl) proxyApi(req, res, apiUrl)
      else mockApi(req, res, origin).catch(handleError)
      return
    }
    if (url.pathname.startsWith('/__mock/')) {
      if (apiUrl) sendJson(res, 404, { message: 'test hooks are only served by the mock' })
      else mockApi(req, res, origin).catch(handleError)
      return
    }
    if (!assets) {
      res.writeHead(503, { 'content-type': 'text/plain' })
      res.end('dist/ is missing: run `npx vite build` (or start without build: false)')
      return
    }
    assets(req, res)
  })

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', origin)
    if (!SERIAL_STREAM_PATH.test(url.pathname)) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n')
      return
    }
    if (apiUrl) proxyUpgrade(req, socket, head, apiUrl)
    else mockSerialUpgrade(req, socket, head, wss, url)
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 4173, host, resolve)
  })
  const addr = server.address() as AddressInfo
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`

  if (opts.log) {
    console.log(`\nRack Console: ${origin}/`)
    if (apiUrl) console.log(`API: proxied to ${apiUrl.origin}`)
    else {
      console.log(`API: mock (silo ${DEMO_SILO}); sign in at ${origin}/login/${DEMO_SILO}/local`)
      console.log(`Demo users: ${demoUsers.join(', ')}`)
      console.log(`Password (all users): ${DEMO_PASSWORD}\n`)
    }
  }

  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate()
        wss.close()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isMain) {
  startServer({
    host: process.env.HOST,
    port: process.env.PORT ? Number(process.env.PORT) : undefined,
    apiUrl: process.env.API_URL || undefined,
    log: true,
  }).catch((err: unknown) => {
    console.error(err)
    process.exit(1)
  })
}
