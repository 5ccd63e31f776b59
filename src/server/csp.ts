// The one Content-Security-Policy of the app. The Node server sends it as a header on every HTML
// answer; the build writes it into index.html as a meta tag too, so it stays in force wherever the
// built files are served (a static host, `vite preview`). Both come from the directives below, so
// the two can never disagree.

/** Directives in force both in the header and in the meta tag. No inline scripts, no eval. */
export const CSP_DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
]

// Browsers ignore frame-ancestors in a <meta> policy (CSP 3, section 6.1.2: it must come from a
// header), so it is header-only: a meta copy would be dead text suggesting a protection it does not give.
/** Directives only the header can carry. */
export const CSP_HEADER_ONLY_DIRECTIVES: readonly string[] = ["frame-ancestors 'none'"]

/** The policy of index.html's meta tag in the production build. */
export const CSP_META = CSP_DIRECTIVES.join('; ')

/**
 * The policy of every API answer (proxied or local): an API answer is data, never a document, so if a
 * browser is ever led to open one (an upstream that answers HTML, a crafted link), it runs nothing,
 * loads nothing and cannot be framed, though it comes from the app's own origin.
 */
export const API_CSP_HEADER = "default-src 'none'; frame-ancestors 'none'; sandbox"

/** The policy the server sends with every HTML answer: the meta policy plus the header-only directives. */
export const CSP_HEADER = [...CSP_DIRECTIVES, ...CSP_HEADER_ONLY_DIRECTIVES].join('; ')

/**
 * The meta policy of a build. The in-browser mock validates request bodies with ajv, which compiles
 * validators with `new Function`: only the mock build (never production) allows eval for that.
 */
export function metaCsp(mode: string): string {
  return mode === 'mock' ? CSP_META.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'") : CSP_META
}

/** index.html with the build's CSP meta tag right after the charset (which must come first). */
export function withCspMeta(html: string, mode: string): string {
  const charset = '<meta charset="UTF-8" />'
  if (!html.includes(charset)) throw new Error('index.html: no <meta charset="UTF-8" /> to put the CSP after')
  return html.replace(
    charset,
    `${charset}\n    <meta http-equiv="Content-Security-Policy" content="${metaCsp(mode)}" />`,
  )
}

/** The directives of a policy by name, e.g. `script-src` -> `script-src 'self'`. */
export function cspDirectives(policy: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const part of policy.split(';')) {
    const directive = part.trim().replace(/\s+/g, ' ')
    if (directive) out.set(directive.split(' ')[0]!.toLowerCase(), directive)
  }
  return out
}
