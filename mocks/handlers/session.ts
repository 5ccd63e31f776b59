// Signing in and out (local, SAML, device flow) and the signed-in user's own resources (spec section
// 7, "Authentication"). Sessions are a cookie `session`; device-flow tokens work as bearer tokens.
import { type HttpHandler, HttpResponse } from 'msw'
import type { AccessToken } from '../db'
import { fleetRole, SESSION_COOKIE, siloRole, TOKEN_PREFIX } from '../lib/auth'
import { ApiError, invalidRequest, isUuid, notFound, unauthorized } from '../lib/errors'
import { handle } from '../lib/handle'
import { now, randomId } from '../lib/ids'
import { assertNameFree } from '../lib/lookup'
import { paginate } from '../lib/paginate'

/** Lifetime of a device authorization request (seconds), as in RFC 8628's `expires_in`. */
export const DEVICE_CODE_TTL_S = 300
export const DEVICE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code'
// Consonants only, like the real server, so codes never spell words.
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ'

function randomHex(bytes: number): string {
  const a = new Uint8Array(bytes)
  globalThis.crypto.getRandomValues(a)
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('')
}

function randomUserCode(): string {
  const a = new Uint8Array(8)
  globalThis.crypto.getRandomValues(a)
  const letters = Array.from(a, (b) => USER_CODE_ALPHABET[b % USER_CODE_ALPHABET.length]).join('')
  return `${letters.slice(0, 4)}-${letters.slice(4)}`
}

/** Letters only, upper-cased: `abcd-efgh`, `ABCDEFGH` and `ABCD-EFGH` name the same code. */
const normalizeCode = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, '')

// HttpOnly as on the real server: scripts never read it (msw keeps its own cookie store in mock mode).
function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400`
}
const clearedCookie = `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`

const SAFE_DEFAULT = '/projects'
// Bases no real target can share, of both schemes: a target that resolves to another origin against
// either names a host of its own (`http:host` is a path under an http page but a host under https).
const PROBE_BASES = ['http://x.invalid', 'https://x.invalid']

/**
 * Only same-origin paths may be redirect targets (no open redirect). The target is resolved the way
 * a browser resolves a Location header (`/\host`, tabs and newlines and `//host` all name a host),
 * and a path that decodes to `//` or `/\` is refused too, for a router that decodes before it
 * navigates. Anything else goes to /projects. Returns the normalised path, the one that was checked.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target) return SAFE_DEFAULT
  let url: URL | undefined
  for (const base of PROBE_BASES) {
    try {
      url = new URL(target, base)
    } catch {
      return SAFE_DEFAULT
    }
    if (url.origin !== new URL(base).origin) return SAFE_DEFAULT
  }
  if (!url) return SAFE_DEFAULT
  let decoded: string
  try {
    decoded = decodeURIComponent(url.pathname)
  } catch {
    return SAFE_DEFAULT
  }
  if (/^\/[/\\]/.test(url.pathname) || /^\/[/\\]/.test(decoded)) return SAFE_DEFAULT
  return `${url.pathname}${url.search}${url.hash}`
}

function oauthError(error: string, description: string): Response {
  return HttpResponse.json({ error, error_description: description }, { status: 400 })
}

function startSession(db: import('../db').Db, userId: string): string {
  const token = randomHex(20)
  const t = now()
  db.sessions.push({ id: randomId(), token, user_id: userId, time_created: t, time_last_used: t })
  return token
}

const tokenView = (t: AccessToken) => ({
  id: t.id,
  time_created: t.time_created,
  time_expires: t.time_expires,
})

export const sessionHandlers: HttpHandler[] = [
  handle('loginLocal', (ctx) => {
    const silo = ctx.db.silos.find((s) => s.name === ctx.path.silo_name)
    const user =
      silo && ctx.db.users.find((u) => u.silo_id === silo.id && u.display_name === ctx.body.username)
    if (!user || ctx.db.passwords.get(user.id) !== ctx.body.password) throw unauthorized()
    const token = startSession(ctx.db, user.id)
    return new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': sessionCookie(token) } })
  }),

  handle('logout', (ctx) => {
    if (ctx.caller?.session) {
      const id = ctx.caller.session.id
      ctx.db.sessions = ctx.db.sessions.filter((s) => s.id !== id)
    }
    return new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': clearedCookie } })
  }),

  // The mock has no identity provider to talk to: posting to the ACS URL of a known provider signs
  // in as fleet-admin and redirects (303) to `redirect_uri` (query) or the form's `RelayState`, else
  // to /projects.
  handle('loginSaml', (ctx) => {
    const silo = ctx.db.silos.find((s) => s.name === ctx.path.silo_name)
    if (!silo) throw notFound('silo', ctx.path.silo_name)
    const idp = ctx.db.identityProviders.find(
      (p) => p.name === ctx.path.provider_name && ctx.db.idpSilo.get(p.id) === silo.id,
    )
    if (!idp) throw notFound('identity provider', ctx.path.provider_name)
    const user =
      ctx.db.users.find((u) => u.silo_id === silo.id && u.display_name === 'fleet-admin') ??
      ctx.db.users.find((u) => u.silo_id === silo.id)
    if (!user) throw unauthorized()
    const form = new URLSearchParams(ctx.body)
    const target = safeRedirect(ctx.query.get('redirect_uri') ?? form.get('RelayState'))
    const token = startSession(ctx.db, user.id)
    return new HttpResponse(null, {
      status: 303,
      headers: { Location: target, 'Set-Cookie': sessionCookie(token) },
    })
  }),

  handle('deviceAuthRequest', (ctx) => {
    const created = Date.now()
    const req = {
      device_code: randomHex(32),
      user_code: randomUserCode(),
      client_id: ctx.body.client_id,
      ttl_seconds: ctx.body.ttl_seconds ?? null,
      time_created: new Date(created).toISOString(),
      time_expires: new Date(created + DEVICE_CODE_TTL_S * 1000).toISOString(),
    }
    ctx.db.deviceAuthRequests.push(req)
    // RFC 8628 device authorization response (the contract leaves the body unspecified).
    return HttpResponse.json({
      device_code: req.device_code,
      user_code: req.user_code,
      verification_uri: `${ctx.url.origin}/device/verify`,
      expires_in: DEVICE_CODE_TTL_S,
    })
  }),

  // Only a live, unconfirmed code is accepted; the signed-in user becomes the token's owner.
  handle('deviceAuthConfirm', (ctx) => {
    const code = normalizeCode(ctx.body.user_code)
    const req = ctx.db.deviceAuthRequests.find((r) => normalizeCode(r.user_code) === code && !r.user_id)
    if (!req || code.length !== 8)
      throw new ApiError(404, 'ObjectNotFound', 'not found: device auth request with user code')
    if (Date.parse(req.time_expires) < Date.now())
      throw invalidRequest('device authorization request expired')
    req.user_id = ctx.user.id
    return undefined
  }),

  // Polled by the device: RFC 8628 errors until the user confirmed, then one bearer token.
  handle('deviceAccessToken', (ctx) => {
    const { grant_type, device_code, client_id } = ctx.body
    if (grant_type !== DEVICE_GRANT_TYPE)
      return oauthError('unsupported_grant_type', `unsupported grant type ${grant_type}`)
    const req = ctx.db.deviceAuthRequests.find(
      (r) => r.device_code === device_code && r.client_id === client_id,
    )
    if (!req) return oauthError('invalid_grant', 'unknown device code')
    if (Date.parse(req.time_expires) < Date.now() && !req.user_id)
      return oauthError('expired_token', 'device code expired')
    if (!req.user_id) return oauthError('authorization_pending', 'the user has not yet confirmed the code')
    ctx.db.deviceAuthRequests = ctx.db.deviceAuthRequests.filter((r) => r !== req)
    const created = Date.now()
    const token: AccessToken = {
      id: randomId(),
      token: `${TOKEN_PREFIX}${randomHex(20)}`,
      user_id: req.user_id,
      time_created: new Date(created).toISOString(),
      time_expires: req.ttl_seconds ? new Date(created + req.ttl_seconds * 1000).toISOString() : null,
    }
    ctx.db.accessTokens.push(token)
    return HttpResponse.json({
      access_token: token.token,
      token_type: 'Bearer',
      ...(token.time_expires ? { time_expires: token.time_expires } : {}),
    })
  }),

  handle('currentUserView', (ctx) => {
    const { user, db } = ctx
    const silo = db.silos.find((s) => s.id === user.silo_id)
    const fleet = fleetRole(db, user)
    return {
      ...user,
      silo_name: silo?.name ?? 'unknown-silo',
      silo_admin: siloRole(db, user) === 'admin',
      fleet_viewer: fleet !== undefined,
    }
  }),

  handle('currentUserGroups', (ctx) => {
    const mine = new Set(ctx.db.groupMembers.filter((m) => m.user_id === ctx.user.id).map((m) => m.group_id))
    return paginate(
      ctx,
      ctx.db.groups.filter((g) => mine.has(g.id)),
    )
  }),

  handle('currentUserSshKeyList', (ctx) =>
    paginate(
      ctx,
      ctx.db.sshKeys.filter((k) => k.silo_user_id === ctx.user.id),
    ),
  ),

  handle('currentUserSshKeyCreate', (ctx) => {
    const mine = ctx.db.sshKeys.filter((k) => k.silo_user_id === ctx.user.id)
    assertNameFree('ssh-key', mine, ctx.body.name)
    if (
      !/^(ssh-(ed25519|rsa|dss)|ecdsa-sha2-nistp(256|384|521)|sk-ssh-ed25519@openssh\.com) [A-Za-z0-9+/=]+/.test(
        ctx.body.public_key.trim(),
      )
    ) {
      throw invalidRequest('Failed to parse public key')
    }
    const t = now()
    const key = {
      id: randomId(),
      name: ctx.body.name,
      description: ctx.body.description,
      public_key: ctx.body.public_key.trim(),
      silo_user_id: ctx.user.id,
      time_created: t,
      time_modified: t,
    }
    ctx.db.sshKeys.push(key)
    return key
  }),

  handle('currentUserSshKeyView', (ctx) => sshKeyOf(ctx.db.sshKeys, ctx.user.id, ctx.path.ssh_key)),

  handle('currentUserSshKeyDelete', (ctx) => {
    const key = sshKeyOf(ctx.db.sshKeys, ctx.user.id, ctx.path.ssh_key)
    ctx.db.sshKeys = ctx.db.sshKeys.filter((k) => k !== key)
    for (const [instanceId, keys] of ctx.db.instanceSshKeys) {
      ctx.db.instanceSshKeys.set(
        instanceId,
        keys.filter((k) => k !== key.id),
      )
    }
    return undefined
  }),

  handle('currentUserAccessTokenList', (ctx) =>
    paginate(ctx, ctx.db.accessTokens.filter((t) => t.user_id === ctx.user.id).map(tokenView)),
  ),

  handle('currentUserAccessTokenDelete', (ctx) => {
    const t = ctx.db.accessTokens.find((x) => x.id === ctx.path.token_id && x.user_id === ctx.user.id)
    if (!t) throw notFound('device access token', ctx.path.token_id)
    ctx.db.accessTokens = ctx.db.accessTokens.filter((x) => x !== t)
    return undefined
  }),
]

function sshKeyOf<K extends { id: string; name: string; silo_user_id: string }>(
  keys: K[],
  userId: string,
  v: string,
): K {
  const key = keys.find((k) => k.silo_user_id === userId && (isUuid(v) ? k.id === v : k.name === v))
  if (!key) throw notFound('ssh-key', v)
  return key
}
