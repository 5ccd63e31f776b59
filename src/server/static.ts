// The built files, served by the production server. The directory is read once at start into a map
// from URL path to file, so a request can only ever name a file that was there then: no path is
// joined from request text, traversal has nothing to reach, and source maps are simply not in the map.
// Each answer opens its file, takes its size and ETag from that open file, and streams it through
// `pipeline`, which closes the file however the answer ends (a client that goes away, a file removed
// by a redeploy after start): nothing leaks and nothing throws past the handler. Range requests are
// not served (the whole file goes out with 200): nothing the app loads needs them.
import { type Dirent, readdirSync } from 'node:fs'
import { open } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, relative, resolve, sep } from 'node:path'
import { pipeline } from 'node:stream'
import type { ContentCoding } from './encoding'
import { SIBLINGS } from './precompress'

export type StaticFile = {
  /** Absolute path of the file as built. */
  file: string
  type: string
  /** Precompressed siblings that exist, by coding. */
  siblings: Partial<Record<ContentCoding, string>>
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  // Module scripts are UTF-8 by definition: a charset parameter would be bytes on every answer.
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
}

export function contentTypeOf(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/** Never served: source maps stay on the build machine (built `hidden`), dotfiles are not the app's. */
const EXCLUDED = /(?:^|\/)\.|\.map$/i
const SIBLING_EXT = /\.(?:br|gz)$/i

/**
 * The servable files under `dir` by URL path (`/assets/index-abc.js`), each with its precompressed
 * siblings. Siblings are not served under their own names; links are not followed. Undefined when
 * `dir` cannot be read (not built).
 */
export function indexDist(distDir: string): Map<string, StaticFile> | undefined {
  const dir = resolve(distDir)
  let entries: Dirent[]
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true })
  } catch {
    return undefined
  }
  const files = new Map<string, StaticFile>()
  const found = new Set<string>()
  for (const e of entries) {
    if (!e.isFile()) continue
    found.add(`/${relative(dir, join(e.parentPath, e.name)).split(sep).join('/')}`)
  }
  for (const path of found) {
    if (EXCLUDED.test(path) || SIBLING_EXT.test(path)) continue
    const siblings: StaticFile['siblings'] = {}
    for (const s of SIBLINGS) if (found.has(path + s.ext)) siblings[s.encoding] = join(dir, path + s.ext)
    files.set(path, { file: join(dir, path), type: contentTypeOf(path), siblings })
  }
  return files
}

/** Whether an If-None-Match value names `etag` (weak comparison, RFC 9110 13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const bare = (t: string) => t.trim().replace(/^W\//, '')
  return header.split(',').some((t) => bare(t) === bare(etag))
}

/**
 * Answer with `entry` in the best coding of `accepted` it has, with `headers` (Vary, Cache-Control,
 * page headers) on the 200 and the 304 alike. Resolves false, with nothing sent, when the file is gone
 * since start; an error while streaming cuts the answer (its length was promised) and is logged.
 */
export async function sendStatic(
  req: IncomingMessage,
  res: ServerResponse,
  entry: StaticFile,
  accepted: readonly ContentCoding[],
  headers: Record<string, string>,
  log: (message: string, err?: unknown) => void,
): Promise<boolean> {
  // Best accepted sibling first, the file itself last: one removed since start is passed over.
  const candidates: Array<[ContentCoding | undefined, string]> = [
    ...accepted.flatMap((c): Array<[ContentCoding, string]> => {
      const path = entry.siblings[c]
      return path ? [[c, path]] : []
    }),
    [undefined, entry.file],
  ]
  let coding: ContentCoding | undefined
  let handle: Awaited<ReturnType<typeof open>> | undefined
  for (const [c, path] of candidates) {
    try {
      handle = await open(path, 'r')
      coding = c
      break
    } catch {
      // gone since start: the next candidate
    }
  }
  if (!handle) return false
  let size: number
  let mtime: Date
  try {
    const stat = await handle.stat()
    if (!stat.isFile()) throw new Error('not a file')
    size = stat.size
    mtime = stat.mtime
  } catch {
    await handle.close().catch(() => undefined)
    return false
  }
  const etag = `W/"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`
  // The ETag alone validates (no Last-Modified: the same answer in fewer bytes, on every script).
  const common: Record<string, string> = { ...headers, ETag: etag }
  const ifNoneMatch = req.headers['if-none-match']
  if (matchesEtag(Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch, etag)) {
    await handle.close().catch(() => undefined)
    res.writeHead(304, common)
    res.end()
    return true
  }
  res.writeHead(200, {
    ...common,
    'Content-Type': entry.type,
    'Content-Length': String(size),
    ...(coding ? { 'Content-Encoding': coding } : {}),
  })
  if (req.method === 'HEAD') {
    await handle.close().catch(() => undefined)
    res.end()
    return true
  }
  // The stream owns the handle from here: it closes it when it ends or is destroyed, and pipeline
  // destroys it when the answer closes first.
  pipeline(handle.createReadStream(), res, (err) => {
    if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
      log(`static ${req.url}: streaming failed`, err)
  })
  return true
}
