// Helpers for the server tests (real sockets on loopback only). Not part of the app bundle.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A tiny built app: index.html, a hashed asset with its source map, the service worker. */
export function fixtureDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rack-dist-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Rack</title>')
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)\n')
  writeFileSync(join(dir, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}')
  return dir
}

export function portOf(url: string): number {
  return Number(new URL(url).port)
}

/**
 * Send raw bytes and collect everything the server sends back until it closes the connection.
 * Requests should say `Connection: close` (or be refused), or this waits for the test's timeout.
 */
export function rawExchange(url: string, request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(portOf(url), '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A reset after the answer arrived still counts as an answer.
      if (chunks.length) resolve(Buffer.concat(chunks).toString('latin1'))
      else reject(err)
    })
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')))
    socket.write(request)
  })
}

/** The status code of a raw HTTP answer ("HTTP/1.1 400 Bad Request" -> 400). */
export function statusOf(answer: string): number {
  const m = /^HTTP\/1\.1 (\d{3}) /.exec(answer)
  if (!m) throw new Error(`not an HTTP answer: ${JSON.stringify(answer.slice(0, 80))}`)
  return Number(m[1])
}

/** The value of a header in a raw HTTP answer (first match, case-insensitive). */
export function headerOf(answer: string, name: string): string | undefined {
  const head = answer.split('\r\n\r\n')[0] ?? ''
  for (const line of head.split('\r\n').slice(1)) {
    const i = line.indexOf(':')
    if (i > 0 && line.slice(0, i).trim().toLowerCase() === name.toLowerCase()) return line.slice(i + 1).trim()
  }
  return undefined
}

/**
 * Start sending a request whose body never finishes (`bodyBytes` of it are written, then nothing) and
 * resolve with the status line's code of the answer. An answer proves the server decided without
 * reading the body to its end.
 */
export function statusBeforeBodyEnds(url: string, head: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(portOf(url), '127.0.0.1')
    let answer = ''
    socket.on('data', (c: Buffer) => {
      answer += c.toString('latin1')
      if (/^HTTP\/1\.1 \d{3} /.test(answer)) {
        resolve(statusOf(answer))
        socket.destroy()
      }
    })
    // The server may close while we still write: that is the refusal working, not a failure.
    socket.on('error', (err) => {
      if (!answer) reject(err)
    })
    socket.on('close', () => {
      if (!answer) reject(new Error('closed without an answer'))
    })
    socket.write(head)
    socket.write(body)
  })
}

/** A port on loopback that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
