// The signed-in session: who the user is (cached per user so a reload paints offline), sign out,
// and what happens on a 401 (spec sections 2 and 8; offline-first issue: wipe before next screen).

import { setCacheScope, wipeCache } from '../storage'
import { api, loginRedirectPath, onUnauthorized } from './api/client'

const LAST_USER_KEY = 'rack-console:last-user'

type Scope = { userId: string; siloId: string }

/** Set once sign-out or a 401 redirect has begun: nothing may scope (and so fill) the cache again. */
let redirecting = false

export function rememberedScope(): Scope | null {
  try {
    const v = JSON.parse(localStorage.getItem(LAST_USER_KEY) ?? 'null') as Scope | null
    return v && typeof v.userId === 'string' && typeof v.siloId === 'string' ? v : null
  } catch {
    return null
  }
}

/** Called once /v1/me answers: scope the cache to this user (wiping another user's cache). */
export async function adoptUser(scope: Scope) {
  // A /v1/me answer that lands while signing out must not re-scope the cache just wiped.
  if (redirecting) return
  const previous = rememberedScope()
  if (previous && (previous.userId !== scope.userId || previous.siloId !== scope.siloId)) {
    await wipeCache()
  }
  localStorage.setItem(LAST_USER_KEY, JSON.stringify(scope))
  setCacheScope(scope)
}

async function forgetUser() {
  localStorage.removeItem(LAST_USER_KEY)
  setCacheScope(null)
  await wipeCache()
}

/** Sign out: wipe the cache first, end the session, then go to login without a return path. */
export async function signOut() {
  // Requests cut off by the logout may answer 401: they must not send the user to a login page
  // that returns here (spec section 7: logout redirects without returning to the current page).
  redirecting = true
  await forgetUser()
  await api.call('logout', {}).catch(() => undefined)
  window.location.replace('/login')
}

/** On any 401 (except local login, which the client filters): wipe, then go to login and come back. */
export function installUnauthorizedHandler() {
  return onUnauthorized(() => {
    if (redirecting) return
    const { pathname, search } = window.location
    if (pathname.startsWith('/login')) return
    redirecting = true
    void forgetUser().finally(() => {
      window.location.replace(loginRedirectPath({ pathname, search }))
    })
  })
}

export function initSession() {
  const scope = rememberedScope()
  if (scope) setCacheScope(scope)
  installUnauthorizedHandler()
}
