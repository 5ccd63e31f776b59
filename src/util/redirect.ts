// Where to go after login. Only same-origin paths are honoured (an absolute or protocol-relative URL,
// or anything that resolves to another origin, is ignored): an open redirect would let a crafted
// login link send a user's fresh session to another site.
export const DEFAULT_AFTER_LOGIN = '/projects'

export function safeRedirect(uri: string | null | undefined, origin = 'http://console.invalid'): string {
  if (!uri?.startsWith('/') || uri.startsWith('//') || uri.startsWith('/\\')) return DEFAULT_AFTER_LOGIN
  try {
    const url = new URL(uri, origin)
    if (url.origin !== new URL(origin).origin) return DEFAULT_AFTER_LOGIN
    // Never bounce back into the login pages themselves.
    if (url.pathname.startsWith('/login')) return DEFAULT_AFTER_LOGIN
    return url.pathname + url.search + url.hash
  } catch {
    return DEFAULT_AFTER_LOGIN
  }
}
