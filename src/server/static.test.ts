// @vitest-environment node
// Static files from the production server over real loopback HTTP: the precompressed sibling the
// client accepts (br, else gzip, else identity; q=0 refuses), Vary, a Content-Length that matches the
// bytes sent, Cache-Control per kind of file, the SPA fallback compressed like index.html, and the
// page headers (CSP, nosniff) on every HTML answer; the same with API_URL set.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_CSP_HEADER, CSP_HEADER } from './csp'
import { acceptedCodings } from './encoding'
import { type AppServer, startAppServer } from './http'
import { precompressDir } from './precompress'
import { closedPort, portOf } from './test-support'

/** Text that compresses well, like real bundles, and is well over the 1 KB threshold. */
const js = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"instance-${i}"}`).join(',')}]\n`
const html = `<!doctype html><html><head><title>Rack Console</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(120)}</body></html>`

function buildFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rack-static-'))
  mkdirSync(join(dir, 'assets'))
  mkdirSync(join(dir, 'icons'))
  writeFileSync(join(dir, 'index.html'), html)
  writeFileSync(join(dir, 'sw.js'), `self.addEventListener('fetch', () => {});\n${js}`)
  writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Rack Console', pad: js }))
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), js)
  writeFileSync(join(dir, 'assets', 'tiny-abc123.js'), 'export {}\n')
  writeFileSync(join(dir, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'))
  return dir
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: { connection: 'close', ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

function decode(answer: Answer): string {
  const enc = answer.headers['content-encoding']
  if (enc === 'br') return zlib.brotliDecompressSync(answer.body).toString()
  if (enc === 'gzip') return zlib.gunzipSync(answer.body).toString()
  expect(enc).toBeUndefined()
  return answer.body.toString()
}

let dist: string
let server: AppServer
let proxied: AppServer

beforeAll(async () => {
  dist = buildFixture()
  await precompressDir(dist)
  server = await startAppServer({ port: 0, dist, log: () => {} })
  // API_URL mode: static files go through the same path; the upstream is never asked for them.
  proxied = await startAppServer({
    port: 0,
    dist,
    upstream: `http://127.0.0.1:${await closedPort()}`,
    log: () => {},
  })
})
afterAll(async () => {
  await server?.close()
  await proxied?.close()
})

describe('Accept-Encoding negotiation', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip, deflate', ['gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['gzip;q=0, br;q=0.5', ['br']],
    ['GZIP;Q=0.8', ['gzip']],
    ['x-gzip', ['gzip']],
    ['*', ['br', 'gzip']],
    ['*;q=0, gzip', ['gzip']],
    ['br, *;q=0', ['br']],
    ['identity', []],
    ['', []],
    ['br;q=0.5, br;q=0', []],
  ])('%j accepts %j', (header, codings) => {
    expect(acceptedCodings(header)).toEqual(codings)
  })
})

for (const mode of ['local', 'API_URL'] as const) {
  describe(`compressed static files (${mode})`, () => {
    const base = () => (mode === 'local' ? server.url : proxied.url)

    it('sends brotli when accepted, gzip when only gzip is, identity when neither or refused', async () => {
      const cases: Array<[string | undefined, string | undefined]> = [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['br;q=0, gzip;q=0', undefined],
        ['identity', undefined],
        [undefined, undefined],
      ]
      for (const [accept, expected] of cases) {
        const a = await get(
          base(),
          '/assets/index-abc123.js',
          accept === undefined ? {} : { 'accept-encoding': accept },
        )
        expect(a.status, String(accept)).toBe(200)
        expect(a.headers['content-encoding'], String(accept)).toBe(expected)
        expect(a.headers['content-type']).toMatch(/javascript/)
        expect(a.headers.vary, String(accept)).toBe('Accept-Encoding')
        // The length is the bytes actually sent, and they decode to the file.
        expect(Number(a.headers['content-length'])).toBe(a.body.length)
        expect(decode(a)).toBe(js)
        if (expected) expect(a.body.length).toBeLessThan(Buffer.byteLength(js))
      }
    })

    it('sends a file too small to compress as it is, still with Vary', async () => {
      const a = await get(base(), '/assets/tiny-abc123.js', { 'accept-encoding': 'br, gzip' })
      expect(a.headers['content-encoding']).toBeUndefined()
      expect(a.headers.vary).toBe('Accept-Encoding')
      expect(a.body.toString()).toBe('export {}\n')
    })

    it('answers the SPA fallback compressed, with the page headers', async () => {
      // A malformed escape in a route is still a route: the app says Page not found itself.
      for (const path of [
        '/',
        '/projects/mock-project/instances',
        '/index.html',
        '/projects/p/instances/%E0%A4%A',
      ]) {
        const a = await get(base(), path, { 'accept-encoding': 'gzip, deflate, br' })
        expect(a.status, path).toBe(200)
        expect(a.headers['content-encoding'], path).toBe('br')
        expect(a.headers['content-type'], path).toMatch(/^text\/html/)
        expect(a.headers.vary, path).toBe('Accept-Encoding')
        expect(a.headers['cache-control'], path).toBe('no-cache')
        expect(a.headers['content-security-policy'], path).toBe(CSP_HEADER)
        expect(a.headers['x-content-type-options'], path).toBe('nosniff')
        expect(Number(a.headers['content-length'])).toBe(a.body.length)
        expect(decode(a), path).toBe(html)
      }
      const gz = await get(base(), '/projects', { 'accept-encoding': 'gzip' })
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(decode(gz)).toBe(html)
    })

    it('sets Cache-Control per kind of file', async () => {
      const cc = async (path: string) =>
        (await get(base(), path, { 'accept-encoding': 'br' })).headers['cache-control']
      expect(await cc('/assets/index-abc123.js')).toBe('public, max-age=31536000, immutable')
      expect(await cc('/index.html')).toBe('no-cache')
      expect(await cc('/projects')).toBe('no-cache')
      expect(await cc('/sw.js')).toBe('no-cache')
      expect(await cc('/manifest.webmanifest')).toBe('no-cache')
      expect(await cc('/icons/icon-192.png')).toBe('public, max-age=86400')
    })

    it('compresses the service worker and the manifest too', async () => {
      const sw = await get(base(), '/sw.js', { 'accept-encoding': 'gzip, br' })
      expect(sw.headers['content-encoding']).toBe('br')
      expect(decode(sw)).toBe(readFileSync(join(dist, 'sw.js'), 'utf8'))
      const manifest = await get(base(), '/manifest.webmanifest', { 'accept-encoding': 'gzip' })
      expect(manifest.headers['content-encoding']).toBe('gzip')
      expect(JSON.parse(decode(manifest))).toMatchObject({ name: 'Rack Console' })
    })

    it('revalidation (304) keeps Vary and Cache-Control, per variant', async () => {
      const first = await get(base(), '/assets/index-abc123.js', { 'accept-encoding': 'br' })
      const etag = first.headers.etag ?? ''
      expect(etag).not.toBe('')
      const again = await get(base(), '/assets/index-abc123.js', {
        'accept-encoding': 'br',
        'if-none-match': etag,
      })
      expect(again.status).toBe(304)
      expect(again.headers.vary).toBe('Accept-Encoding')
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      // The gzip variant is another representation: the brotli ETag does not match it.
      const gz = await get(base(), '/assets/index-abc123.js', {
        'accept-encoding': 'gzip',
        'if-none-match': etag,
      })
      expect(gz.status).toBe(200)
      expect(gz.headers['content-encoding']).toBe('gzip')
    })

    it('a missing file is a plain 404: no page, no year-long cache', async () => {
      for (const path of ['/assets/gone-abc123.js', '/nope.css', '/other.html']) {
        const a = await get(base(), path, { 'accept-encoding': 'br' })
        expect(a.status, path).toBe(404)
        expect(a.headers['content-type']).toBe('application/json')
        expect(a.headers['cache-control'], path).toBe('no-store')
        // Not the page policy: the one of the server's own JSON answers, which runs nothing.
        expect(a.headers['content-security-policy'], path).toBe(API_CSP_HEADER)
      }
    })
  })
}

describe('hostile static requests', () => {
  let dir: string
  let app: AppServer
  const big = Buffer.alloc(8 * 1024 * 1024, 0x41)
  beforeAll(async () => {
    dir = buildFixture()
    writeFileSync(join(dir, 'icons', 'big.png'), big)
    writeFileSync(join(dir, 'assets', 'index-abc123.js.map'), '{"version":3,"sourcesContent":["secret"]}')
    writeFileSync(join(dir, 'icons', 'doomed.png'), Buffer.from('89504e47', 'hex'))
    await precompressDir(dir)
    app = await startAppServer({ port: 0, dist: dir, log: () => {} })
  })
  afterAll(async () => {
    await app?.close()
  })

  const openFiles = () => readdirSync('/proc/self/fd').length

  it('downloads cut off mid-file leave no file open behind them', async () => {
    const before = openFiles()
    for (let i = 0; i < 40; i++) {
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(portOf(app.url), '127.0.0.1')
        socket.once('data', () => {
          socket.destroy()
          resolve()
        })
        socket.on('error', reject)
        socket.write('GET /icons/big.png HTTP/1.1\r\nHost: x\r\n\r\n')
      })
    }
    // The server closes each file once it sees its client gone; give it a moment to see it.
    await expect.poll(openFiles, { timeout: 5_000 }).toBeLessThanOrEqual(before + 2)
    expect((await get(app.url, '/icons/big.png')).body.length).toBe(big.length)
  })

  it('a file removed after start is a 404, and the server goes on serving', async () => {
    rmSync(join(dir, 'icons', 'doomed.png'))
    const gone = await get(app.url, '/icons/doomed.png')
    expect(gone.status).toBe(404)
    expect((await get(app.url, '/assets/tiny-abc123.js')).status).toBe(200)
  })

  it('a source map is never sent, however its path is spelled', async () => {
    for (const path of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.map/',
      '/assets/index-abc123.js%2Emap',
      '/assets/INDEX-abc123.js.MAP',
      '/assets/./index-abc123.js.map',
    ]) {
      const a = await get(app.url, path, { 'accept-encoding': 'identity' })
      expect(a.body.toString(), path).not.toContain('sourcesContent')
    }
  })

  it('a precompressed copy removed after start: the next accepted one, or the file itself, is sent', async () => {
    rmSync(join(dir, 'sw.js.br'))
    const a = await get(app.url, '/sw.js', { 'accept-encoding': 'br, gzip' })
    expect(a.status).toBe(200)
    expect(a.headers['content-encoding']).toBe('gzip')
    expect(decode(a)).toBe(readFileSync(join(dir, 'sw.js'), 'utf8'))
  })

  it('a Range header is ignored: the whole file, never a broken or wrong part', async () => {
    for (const range of ['bytes=5-2', 'bytes=-1', 'bytes=0-0', 'bytes=x']) {
      const a = await get(app.url, '/assets/tiny-abc123.js', { range })
      expect(a.status, range).toBe(200)
      expect(a.body.toString(), range).toBe('export {}\n')
    }
  })
})
