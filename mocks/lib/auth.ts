// Who is calling and what they may do. Roles follow spec section 6: admin > collaborator >
// (limited_collaborator) > viewer, the strongest applicable one wins; a project role is inherited
// from the silo role; a fleet admin acts as admin everywhere.
import type { Db, RoleName, Session, User } from '../db'
import { forbidden } from './errors'

export const SESSION_COOKIE = 'session'
export const TOKEN_PREFIX = 'oxide-token-'

const strength: Record<RoleName, number> = { viewer: 1, limited_collaborator: 2, collaborator: 3, admin: 4 }

export function atLeast(role: RoleName | undefined, needed: RoleName): boolean {
  return role !== undefined && strength[role] >= strength[needed]
}

function strongest(roles: (RoleName | undefined)[]): RoleName | undefined {
  let best: RoleName | undefined
  for (const r of roles) if (r && (!best || strength[r] > strength[best])) best = r
  return best
}

/** The user's own id plus the ids of their groups: the identities a policy can name. */
export function identitiesOf(db: Db, user: User): Set<string> {
  const ids = new Set([user.id])
  for (const m of db.groupMembers) if (m.user_id === user.id) ids.add(m.group_id)
  return ids
}

export function fleetRole(db: Db, user: User): RoleName | undefined {
  const ids = identitiesOf(db, user)
  const direct = db.fleetPolicy.role_assignments.filter((a) => ids.has(a.identity_id)).map((a) => a.role_name)
  // A silo can map its own roles to fleet roles (Silo.mapped_fleet_roles).
  const silo = db.silos.find((s) => s.id === user.silo_id)
  const own = siloRoleDirect(db, user)
  const mapped = silo && own ? (silo.mapped_fleet_roles[own] ?? []) : []
  return strongest([...direct, ...mapped])
}

function siloRoleDirect(db: Db, user: User): RoleName | undefined {
  const ids = identitiesOf(db, user)
  const policy = db.siloPolicies.get(user.silo_id) ?? []
  return strongest(policy.filter((a) => ids.has(a.identity_id)).map((a) => a.role_name))
}

/** Effective role on the user's silo (fleet admins are silo admins). */
export function siloRole(db: Db, user: User): RoleName | undefined {
  const fleet = fleetRole(db, user)
  return strongest([siloRoleDirect(db, user), fleet === 'admin' ? 'admin' : undefined])
}

/** Effective role on a project: the strongest of the project policy and the inherited silo role. */
export function projectRole(db: Db, user: User, projectId: string): RoleName | undefined {
  const ids = identitiesOf(db, user)
  const policy = db.projectPolicies.get(projectId) ?? []
  return strongest([
    siloRole(db, user),
    ...policy.filter((a) => ids.has(a.identity_id)).map((a) => a.role_name),
  ])
}

/** Whether the user has any role at all (silo, fleet or any project): without one, 403 everywhere. */
export function hasAnyRole(db: Db, user: User): boolean {
  if (siloRole(db, user) || fleetRole(db, user)) return true
  const ids = identitiesOf(db, user)
  for (const assignments of db.projectPolicies.values())
    if (assignments.some((a) => ids.has(a.identity_id))) return true
  return false
}

export function requireSilo(db: Db, user: User, needed: RoleName): void {
  if (!atLeast(siloRole(db, user), needed)) throw forbidden()
}

export function requireProject(db: Db, user: User, projectId: string, needed: RoleName): void {
  if (!atLeast(projectRole(db, user, projectId), needed)) throw forbidden()
}

export function requireFleet(db: Db, user: User, needed: RoleName): void {
  if (!atLeast(fleetRole(db, user), needed)) throw forbidden()
}

export type Caller = { user: User; session?: Session; tokenId?: string }

/** Resolve the caller from a bearer token (device flow) or the session cookie. */
export function resolveCaller(
  db: Db,
  authorization: string | null,
  sessionToken: string | undefined,
): Caller | undefined {
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1]
  if (bearer) {
    const token = db.accessTokens.find((t) => t.token === bearer)
    if (!token || (token.time_expires && Date.parse(token.time_expires) < Date.now())) return undefined
    const user = db.users.find((u) => u.id === token.user_id)
    return user ? { user, tokenId: token.id } : undefined
  }
  if (sessionToken) {
    const session = db.sessions.find((s) => s.token === sessionToken)
    const user = session && db.users.find((u) => u.id === session.user_id)
    if (session && user) {
      session.time_last_used = new Date().toISOString()
      return { user, session }
    }
  }
  return undefined
}
