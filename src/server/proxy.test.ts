// @vitest-environment node
// The API_URL proxy over real loopback HTTP, against a fake upstream and a fake second service: it
// sends nothing to any host but API_URL's, hides upstream failures behind one generic answer, caps
// bodies, times out, passes client disconnects on, cuts truncated answers, and sets X-Forwarded-*.
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import { API_CSP_HEADER } from './csp'
import { type AppServer, DEFAULT_LIMITS, startAppServer } from './http'
import {
  closedPort,
  fixtureDist,
  headerOf,
  portOf,
  rawExchange,
  statusBeforeBodyEnds,
  statusOf,
} from './test-support'

const MiB = 1024 * 1024
const quiet = () => {}

type Seen = { url: string; headers: http.IncomingHttpHeaders }

/** What the fake upstream saw, and hooks into its never-answering route. */
const seen: Seen[] = []
let hangingClosed: Promise<void>
let hangingArrived: Promise<void>
let armHanging: () => void

let upstream: http.Server
let upstreamUrl: string
let second: net.Server
let secondConnections = 0
let secondPort = 0
let proxy: AppServer

function upstreamHandler(req: IncomingMessage, res: ServerResponse) {
  seen.push({ url: req.url ?? '', headers: req.headers })
  const path = new URL(req.url ?? '/', 'http://x').pathname
  if (path === '/v1/ping') {
    res.writeHead(200, {
      'content-type': 'application/json',
      connection: 'keep-alive, x-upstream-hop',
      'x-upstream-hop': 'internal',
      'set-cookie': 'session=s1; Path=/; Domain=api.internal; HttpOnly',
    })
    res.end('{"ok":true}')
  } else if (path === '/v1/hang') {
    // Never answers; tells the test when the request arrived and when its connection went away.
    armHanging()
    res.on('close', () => {
      if (!res.writableFinished) resolveClosed()
    })
  } else if (path === '/v1/truncated') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
    res.write('{"partial":')
    setImmediate(() => req.socket.destroy())
  } else if (path === '/v1/status-099') {
    // A status no HTTP server may send: the proxy must not pass it on (Node would throw on it).
    req.socket.end('HTTP/1.1 099 Nope\r\nContent-Length: 0\r\n\r\n')
  } else if (path === '/v1/html') {
    res.writeHead(200, {
      'content-type': 'text/html',
      'x-content-type-options': 'none',
      'content-security-policy': "script-src 'unsafe-inline'",
      'cache-control': 'public, max-age=3600',
      'set-cookie': [
        'a=1; Domain=x.example; Domain=y.example; Path=/',
        'b=2; domain=z.example',
        'c=3; Path=/; domain = evil.example; Domain\t=evil.example',
      ],
    })
    res.end('<script>alert(1)</script>')
  } else if (path === '/v1/echo-size') {
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
    })
    req.on('end', () => res.end(JSON.stringify({ size })))
  } else {
    res.writeHead(404).end()
  }
}
let resolveClosed: () => void

beforeAll(async () => {
  hangingArrived = new Promise((resolve) => {
    armHanging = resolve
  })
  hangingClosed = new Promise((resolve) => {
    resolveClosed = resolve
  })
  upstream = http.createServer(upstreamHandler)
  const wss = new WebSocketServer({ noServer: true })
  wss.on('headers', (headers) => headers.push('Set-Cookie: ws=1; Domain=evil.example; Path=/'))
  upstream.on('upgrade', (req, socket, head) => {
    seen.push({ url: req.url ?? '', headers: req.headers })
    wss.handleUpgrade(req, socket, head, (ws) => ws.on('message', (d: Buffer) => ws.send(`echo ${d}`)))
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`

  second = net.createServer((socket) => {
    secondConnections++
    socket.destroy()
  })
  await new Promise<void>((resolve) => second.listen(0, '127.0.0.1', resolve))
  secondPort = (second.address() as net.AddressInfo).port

  proxy = await startAppServer({ port: 0, dist: fixtureDist(), upstream: upstreamUrl, log: quiet })
})

afterAll(async () => {
  await proxy?.close()
  upstream?.closeAllConnections()
  await new Promise((r) => upstream?.close(r))
  await new Promise((r) => second?.close(r))
})

describe('not an open proxy', () => {
  it('refuses every target that could name another host, for HTTP and websocket, and sends nothing there', async () => {
    const other = `127.0.0.1:${secondPort}`
    const targets = [
      `//${other}/v1/ping`,
      `http://${other}/v1/ping`,
      `https://${other}/v1/ping`,
      `ftp://${other}/v1/ping`,
      `/\\${other}/v1/ping`,
      `/.//${other}/v1/ping`,
      `//${other}/v1/instances/db1/serial-console/stream`,
      `http://${other}/v1/instances/db1/serial-console/stream`,
      `ws://${other}/v1/instances/db1/serial-console/stream`,
    ]
    const before = seen.length
    for (const target of targets) {
      for (const upgrade of [false, true]) {
        const extra = upgrade
          ? 'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n'
          : 'Connection: close\r\n'
        const answer = await rawExchange(
          proxy.url,
          `GET ${target} HTTP/1.1\r\nHost: ${new URL(proxy.url).host}\r\nCookie: session=secret\r\n${extra}\r\n`,
        )
        expect(statusOf(answer), `${target} upgrade=${upgrade}`).toBe(400)
      }
    }
    expect(secondConnections).toBe(0)
    expect(seen.slice(before)).toEqual([])
    // Normal traffic still goes through, and the upstream only ever saw single-slash paths.
    expect((await fetch(`${proxy.url}/v1/ping`)).status).toBe(200)
    for (const s of seen) expect(s.url).toMatch(/^\/[^/\\]/)
  })

  it('proxies the serial-console websocket to the upstream', async () => {
    const ws = new WebSocket(
      `${proxy.url.replace('http', 'ws')}/v1/instances/db1/serial-console/stream?project=p`,
      { origin: proxy.url },
    )
    const upgraded = new Promise<http.IncomingMessage>((resolve) => ws.once('upgrade', resolve))
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
    const reply = new Promise<string>((resolve) => ws.once('message', (d: Buffer) => resolve(d.toString())))
    ws.send('hi')
    expect(await reply).toBe('echo hi')
    ws.close()
    expect(seen.at(-1)?.url).toBe('/v1/instances/db1/serial-console/stream?project=p')
    expect(seen.at(-1)?.headers['x-forwarded-for']).toBe('127.0.0.1')
    // The upstream's cookie comes back without its Domain, as on HTTP answers.
    expect((await upgraded).headers['set-cookie']).toEqual(['ws=1; Path=/'])
  })
})

describe('headers', () => {
  it('sets X-Forwarded-*, forwards cookies, and drops hop-by-hop and client forwarding headers', async () => {
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = http.request(`${proxy.url}/v1/ping?x=1`, {
        headers: {
          connection: 'keep-alive, x-client-hop',
          'x-client-hop': 'private',
          'keep-alive': 'timeout=5',
          'proxy-authorization': 'Basic c2VjcmV0',
          'x-forwarded-for': '203.0.113.9',
          forwarded: 'for=203.0.113.9',
          cookie: 'session=abc',
        },
      })
      req.on('response', resolve)
      req.on('error', reject)
      req.end()
    })
    res.resume()
    const got = seen.at(-1)
    expect(got?.url).toBe('/v1/ping?x=1')
    expect(got?.headers).toMatchObject({
      host: new URL(upstreamUrl).host,
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': new URL(proxy.url).host,
      cookie: 'session=abc',
    })
    for (const name of ['x-client-hop', 'keep-alive', 'proxy-authorization', 'forwarded'])
      expect(got?.headers[name], name).toBeUndefined()
    // Toward the client: the upstream's hop-by-hop header is gone, its cookie is this origin's, nosniff.
    expect(res.headers['x-upstream-hop']).toBeUndefined()
    expect(res.headers['set-cookie']).toEqual(['session=s1; Path=/; HttpOnly'])
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('static answers in proxy mode say nosniff and carry the CSP', async () => {
    const page = await fetch(`${proxy.url}/projects`)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect((await fetch(`${proxy.url}/assets/app-abc123.js.map`)).status).toBe(404)
  })
})

describe('upstream failures', () => {
  it('a refused port and an unknown host get the same generic 502, naming neither', async () => {
    const port = await closedPort()
    const refused = await startAppServer({ port: 0, upstream: `http://127.0.0.1:${port}`, log: quiet })
    const unknown = await startAppServer({
      port: 0,
      upstream: 'http://api.no-such-host.invalid:8443',
      log: quiet,
    })
    try {
      const answers = await Promise.all(
        [refused, unknown].map(async (s) => {
          const res = await fetch(`${s.url}/v1/ping`)
          return {
            status: res.status,
            nosniff: res.headers.get('x-content-type-options'),
            text: await res.text(),
          }
        }),
      )
      const [a, b] = answers
      expect(a?.status).toBe(502)
      expect(b?.status).toBe(502)
      expect(a?.nosniff).toBe('nosniff')
      // Identical apart from the per-answer request id.
      const strip = (text = '') => ({ ...JSON.parse(text), request_id: 'id' })
      expect(strip(a?.text)).toEqual(strip(b?.text))
      expect(strip(a?.text)).toEqual({ request_id: 'id', message: 'The API could not be reached' })
      for (const t of [a?.text, b?.text]) {
        expect(t).not.toContain(String(port))
        expect(t).not.toContain('8443')
        expect(t).not.toMatch(/invalid|127\.0\.0\.1|ECONNREFUSED|ENOTFOUND|EAI_AGAIN/)
      }
    } finally {
      await refused.close()
      await unknown.close()
    }
  })

  it('an upstream that does not answer gets 504 after the configured timeout', async () => {
    const slow = await startAppServer({
      port: 0,
      upstream: upstreamUrl,
      limits: { upstreamTimeoutMs: 200 },
      log: quiet,
    })
    try {
      const res = await fetch(`${slow.url}/v1/hang`)
      expect(res.status).toBe(504)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect((await res.json()).message).toBe('The API did not answer in time')
    } finally {
      await slow.close()
    }
  })

  it('a client that disconnects takes its upstream request with it', async () => {
    const req = http.request(`${proxy.url}/v1/hang`)
    req.on('error', quiet)
    req.end()
    await hangingArrived
    req.destroy()
    // Resolves only when the upstream's connection for this request is closed.
    await hangingClosed
  })

  it('a truncated upstream answer ends the client answer with an error instead of hanging', async () => {
    const res = await fetch(`${proxy.url}/v1/truncated`)
    expect(res.status).toBe(200)
    await expect(res.text()).rejects.toThrow()
  })
})

describe('body limits in proxy mode', () => {
  it('a declared 64 MiB body gets 413 before any of it is read or forwarded', async () => {
    const before = seen.length
    const status = await statusBeforeBodyEnds(
      proxy.url,
      `POST /v1/echo-size HTTP/1.1\r\nHost: x\r\nContent-Length: ${64 * MiB}\r\n\r\n`,
      Buffer.alloc(64 * 1024, 0x20),
    )
    expect(status).toBe(413)
    expect(seen.slice(before)).toEqual([])
  })

  it('a chunked body over the cap gets 413 while it streams', async () => {
    const chunk = Buffer.alloc(MiB, 0x20)
    const body = Buffer.concat(
      Array.from({ length: DEFAULT_LIMITS.maxBodyBytes / MiB + 1 }, () =>
        Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
      ),
    )
    const status = await statusBeforeBodyEnds(
      proxy.url,
      'POST /v1/echo-size HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n',
      body,
    )
    expect(status).toBe(413)
  })

  it('a body under the cap streams through whole', async () => {
    const body = Buffer.alloc(700 * 1024, 0x61)
    const res = await fetch(`${proxy.url}/v1/echo-size`, { method: 'POST', body })
    expect(await res.json()).toEqual({ size: body.length })
  })

  it('malformed HTTP to the proxy gets 400 and the proxy keeps serving', async () => {
    const answer = await rawExchange(proxy.url, 'GET /v1/ping HTTP/1.1\r\nBad Header Line\r\n\r\n')
    expect(statusOf(answer)).toBe(400)
    expect(headerOf(answer, 'x-content-type-options')).toBe('nosniff')
    expect((await fetch(`${proxy.url}/v1/ping`)).status).toBe(200)
    expect(portOf(proxy.url)).toBeGreaterThan(0)
  })
})

describe('one request in, one request out', () => {
  const settle = () => new Promise((r) => setTimeout(r, 150))

  it('a GET with a chunked body reaches the upstream as one chunked request, never two', async () => {
    const before = seen.length
    const smuggled = 'GET /internal/admin HTTP/1.1\r\nHost: evil.example\r\n\r\n'
    const chunked = `${Buffer.byteLength(smuggled).toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`
    const answer = await rawExchange(
      proxy.url,
      `GET /v1/echo-size HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunked}`,
    )
    expect(statusOf(answer)).toBe(200)
    expect(answer).toContain(`{"size":${Buffer.byteLength(smuggled)}}`)
    // Another request on the proxy's kept-alive upstream socket: a smuggled request would show now.
    expect((await fetch(`${proxy.url}/v1/ping`)).status).toBe(200)
    await settle()
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/v1/echo-size', '/v1/ping'])
    // No length declared: it streams, framed by the proxy itself.
    expect(seen[before]?.headers['transfer-encoding']).toBe('chunked')
    expect(seen[before]?.headers['content-length']).toBeUndefined()
  })

  it('a request with as many headers as Node keeps gets 431 and nothing goes upstream', async () => {
    const before = seen.length
    const filler = Array.from({ length: DEFAULT_LIMITS.maxHeadersCount }, (_, i) => `X-F${i}: 1\r\n`).join('')
    const answer = await rawExchange(
      proxy.url,
      `DELETE /v1/echo-size HTTP/1.1\r\nHost: x\r\n${filler}Content-Length: 5\r\nConnection: close\r\n\r\nhello`,
    )
    expect(statusOf(answer)).toBe(431)
    await settle()
    expect(seen.slice(before)).toEqual([])
  })

  it('an encoded slash or backslash in an API path gets 400 and is not forwarded', async () => {
    const before = seen.length
    for (const path of ['/v1/..%2f..%2fadmin', '/v1/x%2Fy', '/v1/x%5cy']) {
      const res = await fetch(`${proxy.url}${path}`)
      expect(res.status, path).toBe(400)
      // The server's own answers on API paths run nothing either.
      expect(res.headers.get('content-security-policy'), path).toBe(API_CSP_HEADER)
      expect(res.headers.get('cache-control'), path).toBe('no-store')
    }
    expect(seen.slice(before)).toEqual([])
  })

  it('an upstream status no server may send is a 502, and the proxy goes on serving', async () => {
    const res = await fetch(`${proxy.url}/v1/status-099`)
    expect(res.status).toBe(502)
    expect((await res.json()).message).toBe('The API could not be reached')
    expect((await fetch(`${proxy.url}/v1/ping`)).status).toBe(200)
  })

  it("every API answer is nosniff, never stored and under a policy that runs nothing, whatever the upstream's headers", async () => {
    const res = await fetch(`${proxy.url}/v1/html`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toBe(API_CSP_HEADER)
    // The user's data must not outlive sign-out in the browser's HTTP cache.
    expect(res.headers.get('cache-control')).toBe('no-store')
    // No Domain survives, however many the cookie names or however it is spelled.
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2', 'c=3; Path=/'])
    expect((await fetch(`${proxy.url}/v1/ping`)).headers.get('content-security-policy')).toBe(API_CSP_HEADER)
  })

  it('a broken request pipelined behind good ones leaves each good one its own answer', async () => {
    const ping = 'GET /v1/ping HTTP/1.1\r\nHost: x\r\n\r\n'
    const answer = await rawExchange(proxy.url, `${ping}${ping}GARBAGE\r\n\r\n`)
    expect(statusOf(answer)).toBe(200)
    expect(answer.match(/HTTP\/1\.1 200 /g)).toHaveLength(2)
    expect(answer.match(/\{"ok":true\}/g)).toHaveLength(2)
  })

  it('a request whose body is cut off or malformed is answered 400 and let go at once', async () => {
    // Half a body, then the client's end: not held until a timeout.
    const cut = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(portOf(proxy.url), '127.0.0.1')
      let got = ''
      socket.on('data', (c: Buffer) => {
        got += c.toString('latin1')
      })
      socket.on('error', reject)
      socket.on('close', () => resolve(got))
      socket.end('POST /v1/echo-size HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\na')
    })
    expect(statusOf(cut)).toBe(400)
    const malformed = await rawExchange(
      proxy.url,
      'POST /v1/echo-size HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n',
    )
    expect(statusOf(malformed)).toBe(400)
  }, 5_000)
})

describe('request bodies within and beyond the buffer budget', () => {
  /** Send the head and half of a body, run `whileHeld`, send the rest; resolve with the answer. */
  function halfThenRest(url: string, size: number, whileHeld: () => Promise<void>) {
    const body = Buffer.alloc(size, 0x62)
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(portOf(url), '127.0.0.1')
      let got = ''
      socket.on('data', (c: Buffer) => {
        got += c.toString('latin1')
        if (got.includes('"size"')) {
          socket.destroy()
          resolve(got)
        }
      })
      socket.on('error', reject)
      socket.write(`POST /v1/echo-size HTTP/1.1\r\nHost: x\r\nContent-Length: ${size}\r\n\r\n`)
      socket.write(body.subarray(0, size / 2))
      whileHeld().then(() => socket.write(body.subarray(size / 2)), reject)
    })
  }
  const settle = () => new Promise((r) => setTimeout(r, 150))

  it('a body that fits is read whole before the upstream is asked; one beyond the budget streams', async () => {
    const small = await startAppServer({
      port: 0,
      upstream: upstreamUrl,
      limits: { maxBufferedBodyBytes: 100 * 1024 },
      log: quiet,
    })
    try {
      // Within the budget, twice (the first gives its share back): nothing upstream while it comes.
      for (const round of [1, 2]) {
        const before = seen.length
        const answer = await halfThenRest(small.url, 64 * 1024, async () => {
          await settle()
          expect(seen.length, `round ${round}`).toBe(before)
        })
        expect(answer).toContain(`{"size":${64 * 1024}}`)
      }
      // A body queued behind an answer that never comes, then the connection gone: its share of the
      // budget comes back (three of these would hold more than the budget otherwise).
      for (let i = 0; i < 3; i++) {
        const socket = net.connect(portOf(small.url), '127.0.0.1')
        socket.on('error', quiet)
        socket.write('GET /v1/hang HTTP/1.1\r\nHost: x\r\n\r\n')
        socket.write(`POST /v1/echo-size HTTP/1.1\r\nHost: x\r\nContent-Length: ${64 * 1024}\r\n\r\n`)
        socket.write(Buffer.alloc(64 * 1024, 0x63))
        await settle()
        socket.destroy()
        await settle()
      }
      {
        const before = seen.length
        const answer = await halfThenRest(small.url, 64 * 1024, async () => {
          await settle()
          expect(seen.filter((s, i) => i >= before && s.url === '/v1/echo-size')).toEqual([])
        })
        expect(answer).toContain(`{"size":${64 * 1024}}`)
      }
      // Beyond it: the upstream is asked while the body still comes, with the declared length.
      const before = seen.length
      const answer = await halfThenRest(small.url, 400 * 1024, async () => {
        await expect.poll(() => seen.length).toBe(before + 1)
      })
      expect(answer).toContain(`{"size":${400 * 1024}}`)
      expect(seen[before]?.headers['content-length']).toBe(String(400 * 1024))
    } finally {
      await small.close()
    }
  })
})
