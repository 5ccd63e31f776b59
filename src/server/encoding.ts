// What the static server sends for a path: which precompressed sibling the client accepts, and how
// long a cache may keep the answer.

export type ContentCoding = 'br' | 'gzip'

/** The codings we have siblings for, best first: brotli is ~15-20% smaller than gzip on our JS. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip']

/**
 * The codings of ours that an `Accept-Encoding` header accepts, best first (RFC 9110 12.5.3): a coding
 * with `q=0` is refused, `*` stands for every coding not named, and `x-gzip` is gzip. Our own order
 * decides between accepted codings: q-values only say what is acceptable here, since the smallest
 * accepted variant is always the better answer for the same bytes.
 */
export function acceptedCodings(header: string | string[] | undefined): ContentCoding[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  const q = new Map<string, number>()
  for (const part of value.split(',')) {
    const [rawName, ...params] = part.split(';')
    let name = rawName?.trim().toLowerCase() ?? ''
    if (!name) continue
    if (name === 'x-gzip') name = 'gzip'
    let weight = 1
    for (const p of params) {
      const [k, v] = p.split('=')
      if (k?.trim().toLowerCase() !== 'q') continue
      const n = Number(v?.trim())
      weight = Number.isFinite(n) ? n : 0
    }
    // The same coding named twice: the refusal (lowest q) wins, the cautious reading.
    q.set(name, Math.min(weight, q.get(name) ?? weight))
  }
  const star = q.get('*')
  return PREFERENCE.filter((c) => (q.get(c) ?? star ?? 0) > 0)
}

/** Content-hashed build output: a new version gets a new name, so the old one never changes. */
const HASHED = /^\/assets\//
/** Not hashed and not part of a version's consistency: a day of staleness is harmless. */
const ICONS = /^\/icons\/[^/]+\.(?:png|svg|webp|ico)$/i

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const ICON_CACHE = 'public, max-age=86400'

/**
 * Cache-Control for a static path. Everything unhashed is `no-cache` (revalidated by ETag each time):
 * index.html names the current hashed assets, /sw.js is how an update is found, and the manifest
 * describes the installed app, so a stale copy of any of them would pin users to an old version.
 */
export function cacheControlFor(pathname: string): string {
  if (HASHED.test(pathname)) return IMMUTABLE
  if (ICONS.test(pathname)) return ICON_CACHE
  return 'no-cache'
}

/** App routes: extension-less paths, which the SPA fallback answers with index.html. */
export function isAppRoute(pathname: string): boolean {
  return !/\.[A-Za-z0-9]+$/.test(pathname)
}

/** Pages: app routes and HTML files (precompressed siblings are never served by their own names). */
export function isPagePath(pathname: string): boolean {
  return isAppRoute(pathname) || /\.html$/i.test(pathname)
}
