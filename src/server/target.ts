// Request targets. Only the origin form (`/path?query`, RFC 9112 section 3.2.1) is served: browsers
// send nothing else to an origin server, and every other form is a way to make a URL parser pick a
// host. `//evil/x` and `/\evil/x` are scheme-relative to a WHATWG parser, an absolute form
// (`http://evil/x`, `ftp://x`) names a host outright, and tabs or newlines are dropped before
// parsing (`/\t/evil`). The proxy builds its upstream request from the result, so a target that
// could change the host is refused instead of being "cleaned".

const BASE = 'http://target.invalid'

/**
 * The URL of an origin-form request target against a placeholder origin (use only its pathname and
 * search), or undefined when the target is not strictly origin-form or its path would start with `//`.
 */
export function parseTarget(raw: string | undefined): URL | undefined {
  if (raw?.[0] !== '/' || raw[1] === '/' || raw[1] === '\\') return undefined
  let url: URL
  try {
    url = new URL(raw, BASE)
  } catch {
    return undefined
  }
  // Dot segments can still collapse to `//x` (`/.//x`): an upstream could read that as a host.
  if (url.origin !== BASE || url.pathname.startsWith('//') || url.username || url.password) return undefined
  return url
}

/** The path and query of a parsed target, always starting with exactly one `/`. */
export function pathAndQuery(url: URL): string {
  return `${url.pathname}${url.search}`
}
