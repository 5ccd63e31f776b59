// The signed-in session: who the user is (cached per user so a reload paints offline), sign out,
// and what happens on a 401 (spec sections 2 and 8; offline-first issue: wipe before next screen;
// issue 9: a sign-out that could not reach the server, shared laptops, drafts across a 401).

import { useSyncExternalStore } from 'react'
import { dropOtherScopes, getCacheScope, onReconnect, scopeKey, setCacheScope, wipeCache } from '../storage'
import { api, loginRedirectPath, onUnauthorized } from './api/client'
import { currentPath, discardDraftsExcept, saveOpenDrafts } from './hooks/use-draft'
import { PREV_PAGES_KEY, SCROLL_KEY } from './tab-keys'

const LAST_USER_KEY = 'rack-console:last-user'
/** Set while a sign-out has wiped this device but the server has not confirmed the session's end. */
export const PENDING_LOGOUT_KEY = 'rack-console:pending-logout'
/** Resume points of image uploads (use-bulk-upload.ts), per user: `rack-console:uploads:<userId>`. */
export const UPLOADS_KEY_PREFIX = 'rack-console:uploads'
/** The single-key store of upload resume points before they were kept per user (not migrated). */
export const LEGACY_UPLOADS_KEY = 'rack-console:disk-uploads'
/**
 * A browser-session cookie (no Expires or Max-Age) naming the user whose /v1/me this browser session
 * has seen. It ends when the browser session does, like a session cookie, so its absence at start
 * means "a new browser session": the remembered user's cache may belong to someone else now.
 */
export const SEEN_COOKIE = 'rc_seen'

type Scope = { userId: string; siloId: string }
/** The remembered user: the cache scope plus the name shown when asking whose data it is. */
export type RememberedUser = Scope & { displayName?: string }

/** Set once sign-out or a 401 redirect has begun: nothing may scope (and so fill) the cache again. */
let redirecting = false

function local(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    return undefined
  }
}

export function rememberedScope(): RememberedUser | null {
  try {
    const v = JSON.parse(local()?.getItem(LAST_USER_KEY) ?? 'null') as RememberedUser | null
    if (!v || typeof v.userId !== 'string' || typeof v.siloId !== 'string') return null
    return typeof v.displayName === 'string'
      ? { userId: v.userId, siloId: v.siloId, displayName: v.displayName }
      : { userId: v.userId, siloId: v.siloId }
  } catch {
    return null
  }
}

// --- The browser-session marker (shared laptops) --------------------------------------------------

/** The user named by the browser-session cookie, if this browser session has one. */
export function seenUser(): string | null {
  if (typeof document === 'undefined') return null
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name !== SEEN_COOKIE) continue
    try {
      return decodeURIComponent(rest.join('='))
    } catch {
      return null
    }
  }
  return null
}

function cookieAttributes(): string {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : ''
  return `; Path=/; SameSite=Strict${secure}`
}

function markSeen(userId: string) {
  if (typeof document === 'undefined') return
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in Firefox and Safari; the start-up gate needs a synchronous answer
  document.cookie = `${SEEN_COOKIE}=${encodeURIComponent(userId)}${cookieAttributes()}`
}

function clearSeen() {
  if (typeof document === 'undefined') return
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in Firefox and Safari; the start-up gate needs a synchronous answer
  document.cookie = `${SEEN_COOKIE}=${cookieAttributes()}; Max-Age=0`
}

// --- Pending logout --------------------------------------------------------------------------------

const pendingListeners = new Set<() => void>()

export function pendingLogout(): boolean {
  const store = local()
  return store ? store.getItem(PENDING_LOGOUT_KEY) !== null : false
}

function setPendingLogout(pending: boolean, notify = true) {
  const store = local()
  if (!store) return
  if (pending) store.setItem(PENDING_LOGOUT_KEY, new Date().toISOString())
  else store.removeItem(PENDING_LOGOUT_KEY)
  if (notify) for (const l of [...pendingListeners]) l()
}

export function subscribePendingLogout(listener: () => void): () => void {
  pendingListeners.add(listener)
  return () => {
    pendingListeners.delete(listener)
  }
}

/** True while a sign-out waits for the server: screens show the login page and its notice. */
export function usePendingLogout(): boolean {
  return useSyncExternalStore(subscribePendingLogout, pendingLogout, () => false)
}

/** Ends the session on the server. Gone already (401) counts as ended; offline or 5xx does not. */
async function endServerSession(): Promise<boolean> {
  try {
    const r = await api.call('logout', {})
    return r.type === 'success' || (r.type === 'error' && r.data.statusCode === 401)
  } catch {
    return false
  }
}

let retrying: Promise<boolean> | null = null
// A logout that could not reach the server is tried again on its own too (2 s, 4 s ... 30 s): the
// login page observes nothing the connectivity probe could ask with, and a link can come back without
// an 'online' event (the browser never said it was offline).
let again: ReturnType<typeof setTimeout> | undefined
let failures = 0
function retryLater() {
  clearTimeout(again)
  again = setTimeout(() => void retryPendingLogout(), Math.min(30_000, 2_000 * 2 ** failures++))
}

/**
 * Retries the logout a failed sign-out left pending; resolves true when no session is left to end.
 * One attempt at a time: the start, the `online` event and the reconnect may all ask at once.
 */
export function retryPendingLogout(): Promise<boolean> {
  if (!pendingLogout()) return Promise.resolve(true)
  if (!retrying) {
    retrying = endServerSession()
      .then((ended) => {
        if (ended) {
          setPendingLogout(false)
          failures = 0
          clearTimeout(again)
        } else if (pendingLogout()) retryLater()
        return ended
      })
      .finally(() => {
        retrying = null
      })
  }
  return retrying
}

/** A sign-in is being sent: no timed logout retry may land while it is on the wire. */
export function holdLogoutRetries(): void {
  clearTimeout(again)
}

/** A new sign-in replaced the session cookie: the old session is out of this browser's reach. */
export function sessionReplaced(): void {
  redirecting = false
  clearTimeout(again)
  failures = 0
  setPendingLogout(false)
}

// --- Wiping ---------------------------------------------------------------------------------------

/**
 * Removes every upload resume point (all users' keys and the old single key). Resume points name
 * disks and uploads of whoever was signed in, so every wipe path clears them with the cache.
 */
export function wipeUploadResumePoints(): void {
  const store = local()
  if (!store) return
  const doomed: string[] = []
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i)
    if (key && (key.startsWith(UPLOADS_KEY_PREFIX) || key === LEGACY_UPLOADS_KEY)) doomed.push(key)
  }
  for (const key of doomed) store.removeItem(key)
}

/** The tab's list page tokens and scroll positions: both name the user's resources. */
function forgetTabPlaces() {
  try {
    for (const key of [PREV_PAGES_KEY, SCROLL_KEY]) globalThis.sessionStorage?.removeItem(key)
  } catch {
    // No sessionStorage (blocked): nothing was kept there either.
  }
}

/**
 * Everything this device holds for a user: the cache, upload resume points, saved drafts, and the
 * tab's page tokens and scroll positions.
 */
async function wipeUserData(keepDraftsOf: string | null) {
  wipeUploadResumePoints()
  discardDraftsExcept(keepDraftsOf)
  forgetTabPlaces()
  await wipeCache()
}

/** Called once /v1/me answers: scope the cache to this user (wiping another user's cache). */
export async function adoptUser(user: RememberedUser) {
  // A /v1/me answer that lands while signing out (or while a sign-out waits for the server) must
  // not re-scope the cache just wiped, nor mark this browser session as this user's.
  if (redirecting || pendingLogout()) return
  const scope: Scope = { userId: user.userId, siloId: user.siloId }
  const previous = rememberedScope()
  if (previous && (previous.userId !== scope.userId || previous.siloId !== scope.siloId)) {
    await wipeUserData(null)
  }
  const remembered: RememberedUser = user.displayName ? { ...scope, displayName: user.displayName } : scope
  local()?.setItem(LAST_USER_KEY, JSON.stringify(remembered))
  markSeen(scope.userId)
  setCacheScope(scope)
  // Drafts saved for anyone else are never handed to this user, nor any cache entry of theirs that
  // another tab wrote after a wipe.
  discardDraftsExcept(getCacheScope())
  void dropOtherScopes()
}

/**
 * The offline confirmation of a new browser session chose "continue": this is the remembered user,
 * so their cache may paint (and later reloads of this browser session paint it at once).
 */
export function continueAsRemembered(): void {
  const remembered = rememberedScope()
  if (!remembered || redirecting || pendingLogout()) return
  markSeen(remembered.userId)
  setCacheScope({ userId: remembered.userId, siloId: remembered.siloId })
}

async function forgetUser(keepDraftsOf: string | null = null) {
  local()?.removeItem(LAST_USER_KEY)
  clearSeen()
  setCacheScope(null)
  await wipeUserData(keepDraftsOf)
}

/**
 * Sign out: wipe this device first, then end the session on the server. When the server cannot be
 * reached (offline, 5xx) the session may live on: a pending-logout marker keeps every screen on the
 * login page (no /v1/me, no cache) and the logout is retried on reconnect and at each start, until
 * the server confirms. Goes to login without a return path (spec section 7).
 */
export async function signOut() {
  // Requests cut off by the logout may answer 401: they must not send the user to a login page
  // that returns here (spec section 7: logout redirects without returning to the current page).
  redirecting = true
  // The marker goes first, so a tab closed mid-request still retries at the next start. Written
  // quietly: the login page that follows reads it, and a sign-out that works never flashes the notice.
  setPendingLogout(true, false)
  await forgetUser()
  if (await endServerSession()) setPendingLogout(false, false)
  window.location.replace('/login')
}

/** On any 401 (except local login, which the client filters): wipe, then go to login and come back. */
export function installUnauthorizedHandler() {
  return onUnauthorized((info) => {
    // A logout answering 401 means the session is already gone: nothing to redirect for.
    if (redirecting || info.operation === 'logout') return
    const { pathname, search } = window.location
    if (pathname.startsWith('/login')) return
    redirecting = true
    // Before the wipe forgets whose they are: what the open forms hold comes back after sign-in.
    const owner = getCacheScope()
    saveOpenDrafts(owner, currentPath())
    void forgetUser(owner).finally(() => {
      window.location.replace(loginRedirectPath({ pathname, search }))
    })
  })
}

let retryWired = false

function wireLogoutRetry() {
  if (retryWired || typeof window === 'undefined') return
  retryWired = true
  const retry = () => {
    if (pendingLogout()) void retryPendingLogout()
  }
  window.addEventListener('online', retry)
  onReconnect(retry)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') retry()
  })
  // Another tab signed out, lost its session or signed another user in: a tab whose user that was
  // leaves first, with its way back; otherwise the screens follow the pending logout.
  window.addEventListener('storage', (e) => {
    const all = e.key === null
    if ((all || e.key === LAST_USER_KEY || e.key === PENDING_LOGOUT_KEY) && userChangedElsewhere()) return
    if (all || e.key === PENDING_LOGOUT_KEY) for (const l of [...pendingListeners]) l()
  })
}

/**
 * Another tab forgot this tab's user (a sign-out, a 401) or signed another user in: the session
 * cookie this tab sends is no longer its user's. Nothing more is written under their scope (requests
 * in flight are cut off), what the open forms hold is kept for their return, and the tab starts again:
 * at the login page (back here after sign-in), or as the new user.
 */
function userChangedElsewhere(): boolean {
  const mine = getCacheScope()
  if (mine === null || redirecting) return false
  // A sign-out marks its pending logout before it forgets the user: either means they are leaving.
  const now = pendingLogout() ? null : rememberedScope()
  if (now && scopeKey(now) === mine) return false
  redirecting = true
  saveOpenDrafts(mine, currentPath())
  setCacheScope(null)
  const { pathname, search } = window.location
  if (now) window.location.reload()
  else window.location.replace(loginRedirectPath({ pathname, search }))
  return true
}

/**
 * At start: the remembered user's cache paints at once only within the browser session that saw
 * them (the seen cookie names them). A new browser session waits for /v1/me (online) or for the
 * user's confirmation (offline, AuthLayout) before any cached row shows.
 */
export function initSession() {
  wireLogoutRetry()
  installUnauthorizedHandler()
  if (pendingLogout()) {
    void retryPendingLogout()
    return
  }
  const scope = rememberedScope()
  if (scope && seenUser() === scope.userId) setCacheScope({ userId: scope.userId, siloId: scope.siloId })
}

/** Tests only: forget the in-module state of a previous test. */
export function resetSessionForTests() {
  redirecting = false
  retrying = null
  retryWired = false
}
