// @vitest-environment node
// The production server over real loopback HTTP, mostly in mock mode (the `npm start` entry with a
// fixture build): no input or failing handler ends the process, connections and bodies are capped
// (bodies before they are read), every answer carries nosniff, source maps are never served, and the
// serial websocket needs a role on the project.
import type { IncomingMessage } from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { Api } from '../../mocks/contract/api'
import { resetDb } from '../../mocks/db'
import { configureMock } from '../../mocks/lib/config'
import { startServer } from '../../mocks/server'
import { DEFAULT_LIMITS, isOwnWebsocket, keepAliveFromEnv, startAppServer } from './http'
import { fixtureDist, headerOf, portOf, rawExchange, statusBeforeBodyEnds, statusOf } from './test-support'

let server: Awaited<ReturnType<typeof startServer>>

beforeAll(async () => {
  configureMock({ delay: [0, 0], chaos: 0, timeScale: 0.01 })
  server = await startServer({ port: 0, build: false, dist: fixtureDist() })
})
afterAll(() => server?.close())
beforeEach(() => {
  resetDb()
})

const MiB = 1024 * 1024
const LOGIN = '/v1/login/default-silo/local'

async function stillServes(): Promise<void> {
  const res = await fetch(`${server.url}/v1/ping`)
  expect(res.status).toBe(200)
}

describe('no input ends the process', () => {
  const host = () => new URL(server.url).host

  it.each([
    ['a scheme-relative target that does not parse', 'GET //[ HTTP/1.1'],
    ['an absolute target that does not parse', 'GET http://[::1 HTTP/1.1'],
    ['an absolute target with another scheme', 'GET ftp://example.invalid/v1/ping HTTP/1.1'],
    ['an absolute http target', 'GET http://example.invalid/v1/ping HTTP/1.1'],
    ['a backslash target', 'GET /\\example.invalid/v1/ping HTTP/1.1'],
    ['an asterisk target', 'OPTIONS * HTTP/1.1'],
  ])('%s gets 400 and the server keeps serving', async (_name, requestLine) => {
    const answer = await rawExchange(
      server.url,
      `${requestLine}\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`,
    )
    expect(statusOf(answer)).toBe(400)
    expect(headerOf(answer, 'x-content-type-options')).toBe('nosniff')
    await stillServes()
  })

  it.each([
    ['a malformed percent-escape on the serial path', '/v1/instances/%E0%A4%A/serial-console/stream'],
    ['a scheme-relative target', '//[/v1/instances/db1/serial-console/stream'],
    ['an absolute target', 'http://[::1/v1/instances/db1/serial-console/stream'],
  ])('a websocket upgrade with %s is refused and the server keeps serving', async (_name, target) => {
    const answer = await rawExchange(
      server.url,
      `GET ${target}?project=mock-project HTTP/1.1\r\nHost: ${host()}\r\nOrigin: http://${host()}\r\n` +
        'Connection: Upgrade\r\n' +
        'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    )
    expect(statusOf(answer)).toBe(400)
    await stillServes()
  })

  it('malformed HTTP gets 400 from the clientError handler, then the connection closes', async () => {
    const answer = await rawExchange(server.url, 'THIS IS NOT HTTP\r\n\r\n')
    expect(statusOf(answer)).toBe(400)
    expect(headerOf(answer, 'connection')).toBe('close')
    await stillServes()
  })

  it('headers over the size limit get 431', async () => {
    const big = 'x'.repeat(DEFAULT_LIMITS.maxHeaderBytes + 1024)
    const answer = await rawExchange(
      server.url,
      `GET /v1/ping HTTP/1.1\r\nHost: ${host()}\r\nX-Big: ${big}\r\nConnection: close\r\n\r\n`,
    )
    expect(statusOf(answer)).toBe(431)
    await stillServes()
  })
})

describe('a failing handler costs one answer, not the server', () => {
  it('a local API that throws or rejects gets 500, and the next request is served', async () => {
    let calls = 0
    const s = await startAppServer({
      port: 0,
      log: () => {},
      local: {
        fetch: async (request) => {
          calls++
          if (request.url.endsWith('/v1/sync-throw')) throw new Error('boom')
          if (request.url.endsWith('/v1/reject')) return Promise.reject(new Error('later boom'))
          return new Response('{}', { headers: { 'content-type': 'application/json' } })
        },
        upgrade: () => {
          throw new Error('upgrade boom')
        },
      },
    })
    try {
      for (const path of ['/v1/sync-throw', '/v1/reject']) {
        const res = await fetch(`${s.url}${path}`)
        expect(res.status, path).toBe(500)
        expect(res.headers.get('x-content-type-options')).toBe('nosniff')
        expect(await res.json()).toMatchObject({ message: 'Internal Server Error' })
      }
      // The local API's own answers are never stored by the browser either (they hold user data).
      const ok = await fetch(`${s.url}/v1/ok`)
      expect(ok.headers.get('cache-control')).toBe('no-store')
      const upgrade = await rawExchange(
        s.url,
        'GET /v1/instances/db1/serial-console/stream HTTP/1.1\r\nHost: x\r\nOrigin: http://x\r\n' +
          'Connection: Upgrade\r\n' +
          'Upgrade: websocket\r\n\r\n',
      )
      expect(statusOf(upgrade)).toBe(500)
      expect((await fetch(`${s.url}/v1/ok`)).status).toBe(200)
      expect(calls).toBe(4)
    } finally {
      await s.close()
    }
  })
})

describe('connection limits', () => {
  it('has Node timeouts, header limits and a connection cap set', async () => {
    const s = await startAppServer({ port: 0 })
    try {
      expect(s.server.requestTimeout).toBe(DEFAULT_LIMITS.requestTimeoutMs)
      expect(s.server.headersTimeout).toBe(DEFAULT_LIMITS.headersTimeoutMs)
      expect(s.server.headersTimeout).toBeLessThanOrEqual(s.server.requestTimeout)
      expect(s.server.maxHeadersCount).toBe(DEFAULT_LIMITS.maxHeadersCount)
      expect(s.server.maxConnections).toBe(DEFAULT_LIMITS.maxConnections)
    } finally {
      await s.close()
    }
  })

  it('keeps idle connections 5 s by default, or what KEEP_ALIVE_TIMEOUT_MS says; a bad value is refused', async () => {
    const plain = await startAppServer({ port: 0 })
    const longer = await startServer({
      port: 0,
      dist: fixtureDist(),
      keepAliveTimeoutMs: keepAliveFromEnv('65000'),
    })
    try {
      expect(plain.server.keepAliveTimeout).toBe(5_000)
      const longerPort = portOf(longer.url)
      const res = await fetch(`http://127.0.0.1:${longerPort}/projects`)
      expect(res.headers.get('keep-alive')).toBe('timeout=65')
    } finally {
      await plain.close()
      await longer.close()
    }
    expect(keepAliveFromEnv(undefined)).toBeUndefined()
    expect(keepAliveFromEnv('')).toBeUndefined()
    for (const bad of ['5s', '-1', '999', '600001', '1e4', ' 5000'])
      expect(() => keepAliveFromEnv(bad)).toThrow('KEEP_ALIVE_TIMEOUT_MS must be')
  })

  it('drops connections beyond the cap and serves again once one closes', async () => {
    const s = await startAppServer({ port: 0, dist: fixtureDist(), limits: { maxConnections: 2 } })
    const open = (): Promise<net.Socket> =>
      new Promise((resolve, reject) => {
        const c = net.connect(portOf(s.url), '127.0.0.1', () => resolve(c))
        c.on('error', reject)
      })
    try {
      const held = [await open(), await open()]
      // Prove both are accepted (the server answered on them) before trying a third.
      for (const c of held) {
        const answered = new Promise((resolve) => c.once('data', resolve))
        c.write('GET /projects HTTP/1.1\r\nHost: x\r\n\r\n')
        await answered
      }
      const third = await open()
      const got: Buffer[] = []
      third.on('data', (d: Buffer) => got.push(d))
      third.write('GET /projects HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
      await new Promise((resolve) => third.once('close', resolve))
      expect(Buffer.concat(got).length).toBe(0)
      const released = new Promise((resolve) => held[0]?.once('close', resolve))
      held[0]?.destroy()
      await released
      await expect
        .poll(async () =>
          statusOf(
            await rawExchange(s.url, 'GET /projects HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
          ),
        )
        .toBe(200)
      held[1]?.destroy()
    } finally {
      await s.close()
    }
  })
})

describe('request bodies are capped before they are read', () => {
  it('a declared 64 MiB body gets 413 at once, without the body being sent', async () => {
    const started = performance.now()
    // Only 64 KiB of the declared 64 MiB is ever sent: an answer proves nothing waited for the rest.
    const status = await statusBeforeBodyEnds(
      server.url,
      `POST ${LOGIN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${64 * MiB}\r\n\r\n`,
      Buffer.alloc(64 * 1024, 0x20),
    )
    expect(status).toBe(413)
    // The bound ("within a second"); the refusal does not depend on the body, so it is far below.
    expect(performance.now() - started).toBeLessThan(1000)
    await stillServes()
  })

  it('a chunked body gets 413 as soon as it passes the cap, though it never ends', async () => {
    const chunk = Buffer.alloc(MiB, 0x20)
    const chunks = Buffer.concat(
      Array.from({ length: DEFAULT_LIMITS.maxBodyBytes / MiB + 1 }, () =>
        Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
      ),
    )
    const status = await statusBeforeBodyEnds(
      server.url,
      `POST ${LOGIN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      chunks,
    )
    expect(status).toBe(413)
    await stillServes()
  })

  it('a body the size of a bulk-write chunk (512 KiB as base64 JSON) is still read', async () => {
    const base64 = Buffer.alloc(512 * 1024, 7).toString('base64')
    const res = await fetch(`${server.url}${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'fleet-admin', password: 'oxide', padding: base64 }),
    })
    expect(res.status).not.toBe(413)
    expect(res.status).toBeLessThan(500)
  })
})

describe('headers and files', () => {
  it('every kind of answer says nosniff: pages, assets, API answers, API errors, refusals', async () => {
    const answers = await Promise.all([
      fetch(`${server.url}/projects`),
      fetch(`${server.url}/assets/app-abc123.js`),
      fetch(`${server.url}/v1/ping`),
      fetch(`${server.url}/v1/projects`),
      fetch(`${server.url}/v1/no-such-thing`),
      fetch(`${server.url}/projects`, { method: 'POST' }),
      fetch(`${server.url}/assets/app-abc123.js.map`),
    ])
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 401, 404, 405, 404])
    for (const r of answers) expect(r.headers.get('x-content-type-options'), r.url).toBe('nosniff')
  })

  it('source maps are 404 even where the build wrote one', async () => {
    for (const path of [
      '/assets/app-abc123.js.map',
      '/assets/app-abc123.js%2Emap',
      '/assets/APP-abc123.js.MAP',
    ]) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.status, path).toBe(404)
      expect(await res.text()).not.toContain('secret.ts')
    }
    // The asset itself is served.
    expect((await fetch(`${server.url}/assets/app-abc123.js`)).status).toBe(200)
  })
})

describe('serial console websocket permissions', () => {
  const wsUrl = () =>
    `${server.url.replace('http', 'ws')}/v1/instances/db1/serial-console/stream?project=mock-project`

  function connect(
    cookie: string,
    origin: string | undefined = server.url,
  ): Promise<{ opened: true } | { status: number }> {
    const ws = new WebSocket(wsUrl(), { headers: { cookie }, ...(origin ? { origin } : {}) })
    return new Promise((resolve) => {
      ws.once('open', () => {
        ws.close()
        resolve({ opened: true })
      })
      ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }))
    })
  }

  it('refuses a user with no role (403), as reading the instance does', async () => {
    const cookie = await new Api(server.url).login('no-role')
    expect(await connect(cookie)).toEqual({ status: 403 })
  })

  it('lets project members in: a silo viewer (inherited role) and an admin', async () => {
    expect(await connect(await new Api(server.url).login('silo-viewer'))).toEqual({ opened: true })
    expect(await connect(await new Api(server.url).login('fleet-admin'))).toEqual({ opened: true })
  })

  it("refuses another site's page (its Origin) and a request without one, even with the admin's cookie", async () => {
    const cookie = await new Api(server.url).login('fleet-admin')
    expect(await connect(cookie, 'https://evil.example')).toEqual({ status: 403 })
    expect(await connect(cookie, `http://127.0.0.1:${portOf(server.url) + 1}`)).toEqual({ status: 403 })
    expect(await connect(cookie, '')).toEqual({ status: 403 })
  })

  it('refuses an upgrade to anything but a websocket, and an encoded slash in the path', async () => {
    const host = new URL(server.url).host
    const head = (path: string, upgrade: string) =>
      `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nConnection: Upgrade\r\n` +
      `Upgrade: ${upgrade}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`
    const stream = '/v1/instances/db1/serial-console/stream?project=mock-project'
    expect(statusOf(await rawExchange(server.url, head(stream, 'h2c')))).toBe(403)
    expect(
      statusOf(
        await rawExchange(server.url, head('/v1/instances/..%2F..%2Fx/serial-console/stream', 'websocket')),
      ),
    ).toBe(400)
  })
})

describe('which websocket upgrades are a page of this origin', () => {
  const upgrade = (headers: Record<string, string>, method = 'GET') =>
    ({ method, headers: { upgrade: 'websocket', ...headers } }) as unknown as IncomingMessage
  it.each([
    [{ host: 'a.example', origin: 'http://a.example' }, true],
    [{ host: 'a.example', origin: 'https://a.example' }, true],
    [{ host: 'a.example:80', origin: 'http://a.example' }, true],
    [{ host: 'a.example:443', origin: 'https://a.example' }, true],
    [{ host: 'A.Example:8080', origin: 'http://a.example:8080' }, true],
    [{ host: 'a.example', origin: 'ws://a.example' }, false],
    [{ host: 'a.example', origin: 'null' }, false],
    [{ host: 'a.example', origin: 'http://a.example.evil' }, false],
    [{ host: 'a.example:8080', origin: 'http://a.example' }, false],
    [{ host: 'a.example/x', origin: 'http://a.example' }, false],
    [{ host: 'u@a.example', origin: 'http://a.example' }, false],
    [{ host: 'a.example' }, false],
  ])('%j: %s', (headers, own) => {
    expect(isOwnWebsocket(upgrade(headers))).toBe(own)
  })
  it('needs GET and Upgrade: websocket', () => {
    const same = { host: 'a.example', origin: 'http://a.example' }
    expect(isOwnWebsocket(upgrade(same, 'POST'))).toBe(false)
    expect(isOwnWebsocket(upgrade({ ...same, upgrade: 'h2c' }))).toBe(false)
  })
})
