// `npm start`: the production build (built first when stale) and the API on one origin. The server
// itself (static files, limits, headers, the API_URL proxy) is src/server/http.ts; this entry point
// builds when stale and plugs in the mock API (msw handlers through `getResponse`) and the mock
// serial-console websocket. With API_URL the mock stays out and API paths are proxied.
// Env: HOST (127.0.0.1), PORT (4173), API_URL, CHAOS, MOCK_DELAY_MS, MOCK_TIME_SCALE, DIST_DIR.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { getResponse } from 'msw'
import { WebSocketServer } from 'ws'
import { CSP_HEADER } from '../src/server/csp'
import { isApiRequest, keepAliveFromEnv, startAppServer } from '../src/server/http'
import { rejectSocket } from '../src/server/respond'
import { db } from './db'
import { handlers } from './handlers'
import { hasAnyRole, projectRole, resolveCaller, SESSION_COOKIE } from './lib/auth'
import { isUuid } from './lib/errors'
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

/** The policy sent with every HTML answer (the one policy of the app lives in src/server/csp.ts). */
export const CSP = CSP_HEADER
export { isApiRequest }

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
  /** Idle time of a kept-alive connection (KEEP_ALIVE_TIMEOUT_MS; default 5 s). */
  keepAliveTimeoutMs?: number
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

/** Mock-mode websocket: the caller must be signed in and allowed to read the instance. */
function mockSerialUpgrade(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  wss: WebSocketServer,
  url: URL,
): void {
  let selector: string
  try {
    selector = decodeURIComponent(url.pathname.match(SERIAL_STREAM_PATH)?.[1] ?? '')
  } catch {
    rejectSocket(socket, 400)
    return
  }
  const caller = resolveCaller(
    db,
    req.headers.authorization ?? null,
    cookieValue(req.headers.cookie, SESSION_COOKIE),
  )
  if (!caller) {
    rejectSocket(socket, 401)
    return
  }
  // The same permission as reading the instance (instanceView): any role on its project, which a
  // silo or fleet role grants by inheritance. A user with no role at all is refused before lookup,
  // as every /v1 handler refuses them.
  if (!hasAnyRole(db, caller.user)) {
    rejectSocket(socket, 403)
    return
  }
  const project = url.searchParams.get('project')
  const projectId =
    project && db.projects.find((p) => (isUuid(project) ? p.id === project : p.name === project))?.id
  const instance = db.instances.find((i) =>
    isUuid(selector) ? i.id === selector : i.name === selector && i.project_id === projectId,
  )
  if (!instance) {
    rejectSocket(socket, 404)
    return
  }
  if (!projectRole(db, caller.user, instance.project_id)) {
    rejectSocket(socket, 403)
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

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return v.join('=')
  }
  return undefined
}

export async function startServer(
  opts: ServerOptions = {},
): Promise<{ url: string; close(): Promise<void> }> {
  if (opts.build !== false && !opts.dist && buildIsStale()) await runBuild()
  const dist = opts.dist ?? distDir

  const wss = new WebSocketServer({ noServer: true })
  const app = await startAppServer({
    host: opts.host,
    port: opts.port,
    dist: existsSync(dist) ? dist : undefined,
    upstream: opts.apiUrl,
    ...(opts.keepAliveTimeoutMs ? { limits: { keepAliveTimeoutMs: opts.keepAliveTimeoutMs } } : {}),
    local: {
      fetch: (request) => getResponse(handlers, request),
      handlesPath: (pathname) => pathname.startsWith('/__mock/'),
      upgrade: (req, socket, head, url) => mockSerialUpgrade(req, socket, head, wss, url),
    },
  })

  if (opts.log) {
    console.log(`\nRack Console: ${app.url}/`)
    if (opts.apiUrl) console.log(`API: proxied to ${new URL(opts.apiUrl).origin}`)
    else {
      console.log(`API: mock (silo ${DEMO_SILO}); sign in at ${app.url}/login/${DEMO_SILO}/local`)
      console.log(`Demo users: ${demoUsers.join(', ')}`)
      console.log(`Password (all users): ${DEMO_PASSWORD}\n`)
    }
  }

  return {
    url: app.url,
    close: async () => {
      for (const c of wss.clients) c.terminate()
      wss.close()
      await app.close()
    },
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isMain) {
  Promise.resolve()
    .then(() =>
      startServer({
        host: process.env.HOST,
        port: process.env.PORT ? Number(process.env.PORT) : undefined,
        apiUrl: process.env.API_URL || undefined,
        keepAliveTimeoutMs: keepAliveFromEnv(process.env.KEEP_ALIVE_TIMEOUT_MS),
        log: true,
      }),
    )
    .catch((err: unknown) => {
      console.error(err)
      process.exit(1)
    })
}
