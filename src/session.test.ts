// Session safety (issue 9): a sign-out that cannot reach the server, the browser-session gate on the
// remembered cache, the wipe of upload resume points, and drafts saved on a 401. Runs in Node with a
// small browser stand-in (storage, cookie jar, location, events) so every side effect is observable.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cacheDb, getCacheScope, setCacheScope } from '../storage'
import { resetStorageForTests } from '../storage/cache'
import { scopeKey } from '../storage/keys'
import { api } from './api/client'
import { resumableUploads, type SavedUpload, saveUpload } from './hooks/use-bulk-upload'
import { registerOpenForm, saveOpenDrafts, takeDraft } from './hooks/use-draft'
import {
  adoptUser,
  continueAsRemembered,
  initSession,
  PENDING_LOGOUT_KEY,
  pendingLogout,
  rememberedScope,
  resetSessionForTests,
  retryPendingLogout,
  SEEN_COOKIE,
  seenUser,
  signOut,
  wipeUploadResumePoints,
} from './session'

class MemoryStorage implements Storage {
  private m = new Map<string, string>()
  get length() {
    return this.m.size
  }
  clear() {
    this.m.clear()
  }
  getItem(k: string) {
    return this.m.get(k) ?? null
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null
  }
  removeItem(k: string) {
    this.m.delete(k)
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v))
  }
}

/** Enough of document.cookie: `name=value; attrs` sets, `Max-Age=0` deletes; attributes recorded. */
class CookieJar {
  values = new Map<string, string>()
  attrs = new Map<string, string>()
  get cookie() {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ')
  }
  set cookie(raw: string) {
    const [pair = '', ...attrs] = raw.split(';').map((s) => s.trim())
    const eq = pair.indexOf('=')
    const name = pair.slice(0, eq)
    if (attrs.some((a) => /^max-age=0$/i.test(a))) {
      this.values.delete(name)
      return
    }
    this.values.set(name, pair.slice(eq + 1))
    this.attrs.set(name, attrs.join('; '))
  }
}

const ORIGIN = 'http://console.test'
let jar: CookieJar
let replace: ReturnType<typeof vi.fn>
let reload: ReturnType<typeof vi.fn>
let windowListeners: Map<string, Set<(e?: unknown) => void>>
let fetchMock: ReturnType<typeof vi.fn>
let location: {
  origin: string
  protocol: string
  pathname: string
  search: string
  replace: typeof replace
  reload: typeof reload
}

function status(code: number): Response {
  return code === 204
    ? new Response(null, { status: 204 })
    : new Response(JSON.stringify({ request_id: 'r', error_code: null, message: 'x' }), {
        status: code,
        headers: { 'content-type': 'application/json' },
      })
}

const logoutCalls = () =>
  fetchMock.mock.calls.filter(([req]) => new URL((req as Request).url).pathname === '/v1/logout').length

const userA = { userId: 'user-a', siloId: 'silo-1', displayName: 'alice' }
const userB = { userId: 'user-b', siloId: 'silo-1', displayName: 'bob' }

async function putCachedRow(scope: { userId: string; siloId: string }) {
  await cacheDb().entries.put({
    key: `k-${scope.userId}`,
    scope: scopeKey(scope),
    endpoint: 'projectList',
    kind: 'list',
    params: {},
    pageToken: '',
    data: { items: [{ id: 'p1', name: 'secret-project' }], nextPage: null },
    ids: ['p1'],
    fetchedAt: Date.now(),
    invalid: false,
  })
}

beforeEach(async () => {
  jar = new CookieJar()
  replace = vi.fn()
  reload = vi.fn()
  windowListeners = new Map()
  location = { origin: ORIGIN, protocol: 'http:', pathname: '/projects', search: '', replace, reload }
  const on = (type: string, fn: (e?: unknown) => void) => {
    const set = windowListeners.get(type) ?? new Set()
    set.add(fn)
    windowListeners.set(type, set)
  }
  vi.stubGlobal('localStorage', new MemoryStorage())
  vi.stubGlobal('sessionStorage', new MemoryStorage())
  vi.stubGlobal('location', location)
  vi.stubGlobal('window', { location, addEventListener: on })
  vi.stubGlobal('document', {
    get cookie() {
      return jar.cookie
    },
    set cookie(v: string) {
      jar.cookie = v
    },
    visibilityState: 'visible',
    addEventListener: on,
  })
  fetchMock = vi.fn(async () => status(204))
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  resetSessionForTests()
  await resetStorageForTests({ dbName: 'rack-console-cache-session' })
})

afterEach(() => {
  setCacheScope(null)
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('wipeUploadResumePoints', () => {
  it('removes every upload resume point of every user and nothing else', () => {
    localStorage.setItem('rack-console:uploads:user-a', '{"d1":3}')
    localStorage.setItem('rack-console:uploads:user-b', '{"d2":5}')
    localStorage.setItem('rack-console:uploads', '{}')
    localStorage.setItem('rack-console:disk-uploads', '{"old":1}')
    localStorage.setItem('rack-console:theme', 'dark')
    wipeUploadResumePoints()
    expect(
      Object.keys(
        Object.fromEntries(Array.from({ length: localStorage.length }, (_, i) => [localStorage.key(i), 1])),
      ),
    ).toEqual(['rack-console:theme'])
  })

  it('runs on sign-out, on a 401 and on a user switch', async () => {
    localStorage.setItem('rack-console:uploads:user-a', '{}')
    await adoptUser(userA)
    localStorage.setItem('rack-console:uploads:user-a', '{}')
    await adoptUser(userB)
    expect(localStorage.getItem('rack-console:uploads:user-a')).toBeNull()

    localStorage.setItem('rack-console:uploads:user-b', '{}')
    await signOut()
    expect(localStorage.getItem('rack-console:uploads:user-b')).toBeNull()

    resetSessionForTests()
    localStorage.removeItem(PENDING_LOGOUT_KEY)
    initSession()
    await adoptUser(userA)
    localStorage.setItem('rack-console:uploads:user-a', '{}')
    fetchMock.mockImplementation(async () => status(401))
    await api.call('projectList', {})
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/login?redirect_uri=%2Fprojects'))
    expect(localStorage.getItem('rack-console:uploads:user-a')).toBeNull()
  })
})

describe('sign out without the server', () => {
  it('wipes the cache, keeps a pending-logout marker and goes to login when logout fails offline', async () => {
    await adoptUser(userA)
    await putCachedRow(userA)
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch')
    })
    await signOut()
    expect(await cacheDb().entries.count()).toBe(0)
    expect(pendingLogout()).toBe(true)
    expect(rememberedScope()).toBeNull()
    expect(seenUser()).toBeNull()
    expect(replace).toHaveBeenCalledWith('/login')
  })

  it("removes the tab's list page tokens and scroll positions: they name the user's resources", async () => {
    await adoptUser(userA)
    sessionStorage.setItem('rack-console:prev-pages', '{"instanceList:{}":{"t2":"t1"}}')
    sessionStorage.setItem('rack-console:scroll', '{"/projects/secret-project/instances":420}')
    sessionStorage.setItem('unrelated', 'kept')
    await signOut()
    expect(sessionStorage.getItem('rack-console:prev-pages')).toBeNull()
    expect(sessionStorage.getItem('rack-console:scroll')).toBeNull()
    expect(sessionStorage.getItem('unrelated')).toBe('kept')
  })

  it('keeps the marker on a 5xx; clears it only when logout succeeds or answers 401', async () => {
    fetchMock.mockImplementation(async () => status(503))
    await signOut()
    expect(pendingLogout()).toBe(true)
    expect(await retryPendingLogout()).toBe(false)
    expect(pendingLogout()).toBe(true)

    fetchMock.mockImplementation(async () => status(401))
    expect(await retryPendingLogout()).toBe(true)
    expect(pendingLogout()).toBe(false)

    localStorage.setItem(PENDING_LOGOUT_KEY, 'x')
    fetchMock.mockImplementation(async () => status(204))
    expect(await retryPendingLogout()).toBe(true)
    expect(pendingLogout()).toBe(false)
  })

  it('a successful logout leaves no marker', async () => {
    await signOut()
    expect(logoutCalls()).toBe(1)
    expect(pendingLogout()).toBe(false)
  })

  it('while pending: the start retries logout, never scopes the cache, and /v1/me cannot adopt the user', async () => {
    localStorage.setItem('rack-console:last-user', JSON.stringify(userA))
    jar.cookie = `${SEEN_COOKIE}=user-a`
    localStorage.setItem(PENDING_LOGOUT_KEY, 'x')
    fetchMock.mockImplementation(async () => status(503))
    initSession()
    expect(getCacheScope()).toBeNull()
    await vi.waitFor(() => expect(logoutCalls()).toBe(1))
    await adoptUser(userA)
    expect(getCacheScope()).toBeNull()

    // Back online: the `online` event retries, and this time the server ends the session.
    fetchMock.mockImplementation(async () => status(204))
    for (const fn of windowListeners.get('online') ?? []) fn()
    await vi.waitFor(() => expect(pendingLogout()).toBe(false))
    expect(logoutCalls()).toBe(2)
  })

  it('while pending and no online event comes, the logout is tried again on its own, 2 s then 4 s later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      localStorage.setItem(PENDING_LOGOUT_KEY, 'x')
      fetchMock.mockImplementation(async () => {
        throw new TypeError('Failed to fetch')
      })
      // The login page after a sign-out that could not reach the server: its start tries once.
      initSession()
      await vi.waitFor(() => expect(logoutCalls()).toBe(1))
      await vi.advanceTimersByTimeAsync(2_000)
      expect(logoutCalls()).toBe(2)
      // The link is back, without an event: the next try ends the session and the tries stop.
      fetchMock.mockImplementation(async () => status(204))
      await vi.advanceTimersByTimeAsync(4_000)
      expect(logoutCalls()).toBe(3)
      expect(pendingLogout()).toBe(false)
      await vi.advanceTimersByTimeAsync(60_000)
      expect(logoutCalls()).toBe(3)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the browser-session gate on the remembered cache', () => {
  it('adoptUser sets a browser-session cookie (no expiry) naming the user and remembers the name', async () => {
    await adoptUser(userA)
    expect(seenUser()).toBe('user-a')
    const attrs = jar.attrs.get(SEEN_COOKIE) ?? ''
    expect(attrs).toContain('Path=/')
    expect(attrs).toContain('SameSite=Strict')
    expect(attrs).not.toMatch(/expires|max-age/i)
    expect(rememberedScope()).toEqual(userA)
  })

  it('paints the remembered cache at start only when this browser session saw the same user', () => {
    localStorage.setItem('rack-console:last-user', JSON.stringify(userA))
    initSession()
    expect(getCacheScope()).toBeNull()

    jar.cookie = `${SEEN_COOKIE}=user-b`
    initSession()
    expect(getCacheScope()).toBeNull()

    jar.cookie = `${SEEN_COOKIE}=user-a`
    initSession()
    expect(getCacheScope()).toBe(scopeKey(userA))
  })

  it('"continue" scopes the remembered user and marks this browser session as theirs', () => {
    localStorage.setItem('rack-console:last-user', JSON.stringify(userA))
    initSession()
    expect(getCacheScope()).toBeNull()
    continueAsRemembered()
    expect(getCacheScope()).toBe(scopeKey(userA))
    expect(seenUser()).toBe('user-a')
  })

  it('another user answering /v1/me wipes the remembered user data', async () => {
    await adoptUser(userA)
    await putCachedRow(userA)
    setCacheScope(null)
    await adoptUser(userB)
    expect(await cacheDb().entries.count()).toBe(0)
    expect(getCacheScope()).toBe(scopeKey(userB))
  })
})

describe('drafts on a 401', () => {
  it('saves the open forms for the current user and path before the wipe, and keeps them for that user only', async () => {
    initSession()
    await adoptUser(userA)
    location.pathname = '/settings/ssh-keys-new'
    // An open form, as useDraft registers it (the hook's own test covers the React side).
    const owner = getCacheScope()
    fetchMock.mockImplementation(async () => status(401))
    const unregister = registerOpenForm('ssh-key-create', () => ({ name: 'laptop', password: 'hunter2' }))
    await api.call('currentUserSshKeyList', {})
    await vi.waitFor(() =>
      expect(replace).toHaveBeenCalledWith('/login?redirect_uri=%2Fsettings%2Fssh-keys-new'),
    )
    unregister()
    expect(owner).not.toBeNull()
    expect(takeDraft(owner as string, '/settings/ssh-keys-new', 'ssh-key-create')).toEqual({ name: 'laptop' })
  })

  it('a different user signing in discards them', async () => {
    const unregister = registerOpenForm('f', () => ({ name: 'n' }))
    saveOpenDrafts(scopeKey(userA), '/x')
    unregister()
    await adoptUser(userB)
    expect(takeDraft(scopeKey(userA), '/x', 'f')).toBeUndefined()
  })
})

describe('another tab of this browser', () => {
  const LAST_USER = 'rack-console:last-user'
  /** What the browser does in this tab when another tab writes localStorage. */
  const storageEventFromAnotherTab = (key: string | null) => {
    for (const fn of windowListeners.get('storage') ?? []) fn({ key })
  }

  it('signing out there cuts this tab off: no scope, nothing more written, its forms kept, login with the way back', async () => {
    initSession()
    await adoptUser(userA)
    location.pathname = '/settings/ssh-keys-new'
    const owner = getCacheScope()
    const unregister = registerOpenForm('ssh-key-create', () => ({ name: 'laptop' }))

    localStorage.removeItem(LAST_USER)
    storageEventFromAnotherTab(LAST_USER)
    unregister()

    expect(getCacheScope()).toBeNull()
    expect(replace).toHaveBeenCalledWith('/login?redirect_uri=%2Fsettings%2Fssh-keys-new')
    expect(takeDraft(owner as string, '/settings/ssh-keys-new', 'ssh-key-create')).toEqual({ name: 'laptop' })
    // A /v1/me answer landing after it does not scope the cache again.
    await adoptUser(userA)
    expect(getCacheScope()).toBeNull()
  })

  it('a sign-out there marks its pending logout first: this tab leaves at that mark, before its screens follow it', async () => {
    initSession()
    await adoptUser(userA)
    localStorage.setItem(PENDING_LOGOUT_KEY, 'x')
    storageEventFromAnotherTab(PENDING_LOGOUT_KEY)
    expect(getCacheScope()).toBeNull()
    expect(replace).toHaveBeenCalledWith('/login?redirect_uri=%2Fprojects')
  })

  it('another user signing in there reloads this tab, which then starts as that user', async () => {
    initSession()
    await adoptUser(userA)
    localStorage.setItem(LAST_USER, JSON.stringify(userB))
    storageEventFromAnotherTab(LAST_USER)
    expect(getCacheScope()).toBeNull()
    expect(reload).toHaveBeenCalledTimes(1)
    expect(replace).not.toHaveBeenCalled()
  })

  it('the same user written again there (a sign-in, a new display name) changes nothing here', async () => {
    initSession()
    await adoptUser(userA)
    localStorage.setItem(LAST_USER, JSON.stringify({ ...userA, displayName: 'Alice A.' }))
    storageEventFromAnotherTab(LAST_USER)
    storageEventFromAnotherTab('some-other-key')
    expect(getCacheScope()).toBe(scopeKey(userA))
    expect(reload).not.toHaveBeenCalled()
    expect(replace).not.toHaveBeenCalled()
  })

  it("an upload's resume point is kept for this tab's user, never under a user another tab signed in", async () => {
    await adoptUser(userA)
    const saved: SavedUpload = {
      project: 'p',
      name: 'd1',
      description: '',
      diskId: 'disk-1',
      ackedChunks: [0],
      chunkSize: 512,
      size: 1024,
      fileName: 'a.raw',
      fingerprint: 'f',
      savedAt: 0,
    }
    saveUpload(saved)
    expect(resumableUploads('p', 'f')).toEqual([saved])
    localStorage.setItem(LAST_USER, JSON.stringify(userB))
    saveUpload({ ...saved, name: 'd2' })
    expect(localStorage.getItem('rack-console:uploads:user-b')).toBeNull()
    expect(resumableUploads('p', 'f')).toEqual([])
  })

  it("an entry of another user written after a wipe is dropped when this user's /v1/me answers", async () => {
    await adoptUser(userA)
    await putCachedRow(userB)
    await putCachedRow(userA)
    await adoptUser(userA)
    await vi.waitFor(async () => expect(await cacheDb().entries.count()).toBe(1))
    expect((await cacheDb().entries.toArray()).map((e) => e.scope)).toEqual([scopeKey(userA)])
  })
})
