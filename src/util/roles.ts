// Role policy arithmetic (spec section 6), pure so it is unit- and property-tested on its own:
// role strength (admin > collaborator > viewer; the API's limited_collaborator sits between
// collaborator and viewer), the strongest of several roles, the identities offered for a new
// assignment, and the whole-policy edits the console PUTs (assign replaces, remove deletes).
import type { Schema, Schemas } from '../api/types'

export type RoleName = Schemas['SiloRole'] | Schemas['ProjectRole'] | Schemas['FleetRole']
export type IdentityType = Schemas['IdentityType']

/** One assignment as the console reads it (camelCase), for any level's role set. */
export type RoleAssignment<R extends RoleName = RoleName> = Omit<
  Schema<'SiloRoleRoleAssignment'>,
  'roleName'
> & { roleName: R }

/** Strongest first (spec section 6). */
export const ROLE_ORDER = [
  'admin',
  'collaborator',
  'limited_collaborator',
  'viewer',
] as const satisfies readonly RoleName[]

/** The roles the console offers when assigning (spec section 6 names these three). */
export const ASSIGNABLE_ROLES = ['admin', 'collaborator', 'viewer'] as const satisfies readonly RoleName[]

export const roleLabel = (r: RoleName): string => r.replace(/_/g, ' ')

/** Higher is stronger. */
export function roleStrength(role: RoleName): number {
  return ROLE_ORDER.length - ROLE_ORDER.indexOf(role)
}

/** Sort comparator: the stronger role first. */
export function compareRoles(a: RoleName, b: RoleName): number {
  return roleStrength(b) - roleStrength(a)
}

/** The strongest of several roles (spec section 6), or undefined when there are none. */
export function strongestRole<R extends RoleName>(roles: Iterable<R | undefined | null>): R | undefined {
  let best: R | undefined
  for (const r of roles) if (r && (best === undefined || roleStrength(r) > roleStrength(best))) best = r
  return best
}

/** The roles a user holds through a set of assignments: directly, or through any of their groups. */
export function rolesOf<R extends RoleName>(
  assignments: readonly RoleAssignment<R>[],
  userId: string,
  groupIds: Iterable<string>,
): R[] {
  const ids = new Set(groupIds)
  ids.add(userId)
  return assignments.filter((a) => ids.has(a.identityId)).map((a) => a.roleName)
}

/** The user's effective role through these assignments: the strongest of the ones that apply. */
export function effectiveRole<R extends RoleName>(
  assignments: readonly RoleAssignment<R>[],
  userId: string,
  groupIds: Iterable<string>,
): R | undefined {
  return strongestRole(rolesOf(assignments, userId, groupIds))
}

/**
 * Assigns `role` to an identity: any existing assignment for that identity is replaced (in place,
 * so the order of the others is kept); otherwise the new one is appended. Spec section 6.
 */
export function assignRole<R extends RoleName>(
  assignments: readonly RoleAssignment<R>[],
  identity: { identityId: string; identityType: IdentityType },
  role: R,
): RoleAssignment<R>[] {
  const next: RoleAssignment<R> = {
    identityId: identity.identityId,
    identityType: identity.identityType,
    roleName: role,
  }
  let replaced = false
  const out: RoleAssignment<R>[] = []
  for (const a of assignments) {
    if (a.identityId !== identity.identityId) out.push(a)
    else if (!replaced) {
      out.push(next)
      replaced = true
    }
    // a second assignment for the same identity (not valid, but tolerated) is dropped
  }
  if (!replaced) out.push(next)
  return out
}

/** Removes every assignment of an identity (spec section 6). */
export function removeRole<R extends RoleName>(
  assignments: readonly RoleAssignment<R>[],
  identityId: string,
): RoleAssignment<R>[] {
  return assignments.filter((a) => a.identityId !== identityId)
}

export type Identity = { id: string; name: string; type: IdentityType }

/** Groups before users, then by name (then id, so the order is total). */
export function compareIdentities(a: Identity, b: Identity): number {
  if (a.type !== b.type) return a.type === 'silo_group' ? -1 : 1
  if (a.name !== b.name) return a.name < b.name ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/**
 * The identities offered for a new assignment (spec section 6): silo groups and silo users not
 * already assigned, groups before users, then by name.
 */
export function identityOffers(
  users: readonly { id: string; displayName: string }[],
  groups: readonly { id: string; displayName: string }[],
  assignments: readonly { identityId: string }[],
): Identity[] {
  const assigned = new Set(assignments.map((a) => a.identityId))
  const all: Identity[] = [
    ...groups.map((g) => ({ id: g.id, name: g.displayName, type: 'silo_group' as const })),
    ...users.map((u) => ({ id: u.id, name: u.displayName, type: 'silo_user' as const })),
  ]
  const seen = new Set<string>()
  return all
    .filter((i) => {
      if (assigned.has(i.id) || seen.has(i.id)) return false
      seen.add(i.id)
      return true
    })
    .sort(compareIdentities)
}

/** Where an assignment shown on an access page comes from. */
export type AssignmentSource = 'this' | 'inherited'

export type AccessRow<R extends RoleName = RoleName> = {
  identityId: string
  identityType: IdentityType
  /** Resolved display name, or undefined when the identity is not in the silo's lists. */
  name: string | undefined
  /** The strongest role this identity holds here (spec section 6). */
  role: R
  /** The role assigned at this level, if any (what edit and remove act on). */
  own: R | undefined
  /** Every role held, strongest first, with where it comes from. */
  roles: { role: R; source: AssignmentSource }[]
}

/**
 * One row per identity, merging this level's assignments with inherited ones (a project shows the
 * silo's too); each row shows the strongest role. Rows are ordered like identity offers.
 */
export function accessRows<R extends RoleName>(
  own: readonly RoleAssignment<R>[],
  inherited: readonly RoleAssignment<R>[],
  names: ReadonlyMap<string, string>,
): AccessRow<R>[] {
  const rows = new Map<string, AccessRow<R>>()
  const add = (a: RoleAssignment<R>, source: AssignmentSource) => {
    let row = rows.get(a.identityId)
    if (!row) {
      row = {
        identityId: a.identityId,
        identityType: a.identityType,
        name: names.get(a.identityId),
        role: a.roleName,
        own: undefined,
        roles: [],
      }
      rows.set(a.identityId, row)
    }
    row.roles.push({ role: a.roleName, source })
    if (source === 'this' && (row.own === undefined || roleStrength(a.roleName) > roleStrength(row.own)))
      row.own = a.roleName
  }
  for (const a of own) add(a, 'this')
  for (const a of inherited) add(a, 'inherited')
  for (const row of rows.values()) {
    row.roles.sort((x, y) => compareRoles(x.role, y.role))
    row.role = strongestRole(row.roles.map((r) => r.role)) ?? row.role
  }
  return [...rows.values()].sort((a, b) =>
    compareIdentities(
      { id: a.identityId, name: a.name ?? a.identityId, type: a.identityType },
      { id: b.identityId, name: b.name ?? b.identityId, type: b.identityType },
    ),
  )
}

/**
 * Whether changing an identity's assignment from `before` to `after` (undefined = removed) takes
 * the admin role away from the current user through that assignment: the identity is the user or
 * one of their groups, it was admin, and it no longer is.
 */
export function dropsOwnAdmin(
  identityId: string,
  before: RoleName | undefined,
  after: RoleName | undefined,
  userId: string,
  groupIds: Iterable<string>,
): boolean {
  const mine = identityId === userId || new Set(groupIds).has(identityId)
  return mine && before === 'admin' && after !== 'admin'
}
