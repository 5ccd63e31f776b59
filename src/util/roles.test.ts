import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  accessRows,
  assignRole,
  compareRoles,
  dropsOwnAdmin,
  effectiveRole,
  identityOffers,
  type RoleAssignment,
  type RoleName,
  removeRole,
  roleStrength,
  strongestRole,
} from './roles'

const ROLES: RoleName[] = ['admin', 'collaborator', 'limited_collaborator', 'viewer']
const role = fc.constantFrom(...ROLES)
const identityType = fc.constantFrom('silo_user' as const, 'silo_group' as const)
const id = fc.constantFrom('u1', 'u2', 'u3', 'g1', 'g2', 'g3', 'x')
const assignment = fc.record({ identityId: id, identityType, roleName: role })
/** A valid policy: at most one assignment per identity. */
const policy = fc.uniqueArray(assignment, { selector: (a) => a.identityId })

const ua = (identityId: string, roleName: RoleName): RoleAssignment => ({
  identityId,
  identityType: 'silo_user',
  roleName,
})
const ga = (identityId: string, roleName: RoleName): RoleAssignment => ({
  identityId,
  identityType: 'silo_group',
  roleName,
})

describe('role order (spec section 6: admin > collaborator > viewer)', () => {
  it('ranks admin over collaborator over viewer', () => {
    expect(roleStrength('admin')).toBeGreaterThan(roleStrength('collaborator'))
    expect(roleStrength('collaborator')).toBeGreaterThan(roleStrength('viewer'))
    expect(roleStrength('limited_collaborator')).toBeLessThan(roleStrength('collaborator'))
    expect(roleStrength('limited_collaborator')).toBeGreaterThan(roleStrength('viewer'))
  })
  it('sorts strongest first', () => {
    expect(
      ['viewer', 'admin', 'collaborator'].sort((a, b) => compareRoles(a as RoleName, b as RoleName)),
    ).toEqual(['admin', 'collaborator', 'viewer'])
  })
  it('strongest of several', () => {
    expect(strongestRole(['viewer', 'admin', 'collaborator'])).toBe('admin')
    expect(strongestRole(['viewer', 'collaborator'])).toBe('collaborator')
    expect(strongestRole([undefined, 'viewer', null])).toBe('viewer')
    expect(strongestRole([])).toBeUndefined()
  })
  it('property: the strongest is one of the roles and none is stronger', () => {
    fc.assert(
      fc.property(fc.array(role, { minLength: 1 }), (roles) => {
        const best = strongestRole(roles) as RoleName
        expect(roles).toContain(best)
        for (const r of roles) expect(roleStrength(r)).toBeLessThanOrEqual(roleStrength(best))
      }),
    )
  })
  it('property: order of the input does not matter', () => {
    fc.assert(
      fc.property(fc.array(role), (roles) => {
        expect(strongestRole([...roles].reverse())).toBe(strongestRole(roles))
      }),
    )
  })
})

describe('effectiveRole', () => {
  it('takes the strongest of direct and group roles', () => {
    const p = [ua('u1', 'viewer'), ga('g1', 'admin'), ga('g2', 'collaborator')]
    expect(effectiveRole(p, 'u1', ['g2'])).toBe('collaborator')
    expect(effectiveRole(p, 'u1', ['g1', 'g2'])).toBe('admin')
    expect(effectiveRole(p, 'u1', [])).toBe('viewer')
    expect(effectiveRole(p, 'u9', [])).toBeUndefined()
  })
})

describe('assignRole (assigning replaces any existing assignment for that identity)', () => {
  it('appends a new identity', () => {
    expect(
      assignRole([ua('u1', 'viewer')], { identityId: 'g1', identityType: 'silo_group' }, 'admin'),
    ).toEqual([ua('u1', 'viewer'), ga('g1', 'admin')])
  })
  it('replaces in place', () => {
    const p = [ua('u1', 'viewer'), ga('g1', 'admin'), ua('u2', 'viewer')]
    expect(assignRole(p, { identityId: 'g1', identityType: 'silo_group' }, 'viewer')).toEqual([
      ua('u1', 'viewer'),
      ga('g1', 'viewer'),
      ua('u2', 'viewer'),
    ])
  })
  it('does not change its input', () => {
    const p = [ua('u1', 'viewer')]
    assignRole(p, { identityId: 'u1', identityType: 'silo_user' }, 'admin')
    expect(p).toEqual([ua('u1', 'viewer')])
  })
  it('property: the identity ends with exactly that one role; everyone else is unchanged', () => {
    fc.assert(
      fc.property(policy, id, identityType, role, (p, identityId, type, r) => {
        const next = assignRole(p, { identityId, identityType: type }, r)
        const mine = next.filter((a) => a.identityId === identityId)
        expect(mine).toEqual([{ identityId, identityType: type, roleName: r }])
        expect(next.filter((a) => a.identityId !== identityId)).toEqual(
          p.filter((a) => a.identityId !== identityId),
        )
        // still at most one assignment per identity
        expect(new Set(next.map((a) => a.identityId)).size).toBe(next.length)
      }),
    )
  })
  it('property: assigning twice is the same as assigning once with the second role', () => {
    fc.assert(
      fc.property(policy, id, role, role, (p, identityId, r1, r2) => {
        const ident = { identityId, identityType: 'silo_user' as const }
        expect(assignRole(assignRole(p, ident, r1), ident, r2)).toEqual(assignRole(p, ident, r2))
      }),
    )
  })
})

describe('removeRole (removing deletes it)', () => {
  it('removes the identity only', () => {
    expect(removeRole([ua('u1', 'viewer'), ga('g1', 'admin')], 'g1')).toEqual([ua('u1', 'viewer')])
  })
  it('property: the identity is gone, the rest kept in order; remove after assign restores others', () => {
    fc.assert(
      fc.property(policy, id, role, (p, identityId, r) => {
        const next = removeRole(p, identityId)
        expect(next.some((a) => a.identityId === identityId)).toBe(false)
        expect(next).toEqual(p.filter((a) => a.identityId !== identityId))
        expect(removeRole(assignRole(p, { identityId, identityType: 'silo_user' }, r), identityId)).toEqual(
          next,
        )
      }),
    )
  })
})

describe('identityOffers', () => {
  const users = [
    { id: 'u1', displayName: 'zed' },
    { id: 'u2', displayName: 'amy' },
    { id: 'u3', displayName: 'bob' },
  ]
  const groups = [
    { id: 'g1', displayName: 'ops' },
    { id: 'g2', displayName: 'admins' },
  ]
  it('offers unassigned groups before users, then by name', () => {
    expect(identityOffers(users, groups, [ua('u3', 'viewer')]).map((i) => i.name)).toEqual([
      'admins',
      'ops',
      'amy',
      'zed',
    ])
  })
  it('offers nothing when everyone is assigned', () => {
    expect(
      identityOffers(users, groups, [
        ...users.map((u) => ua(u.id, 'viewer')),
        ...groups.map((g) => ga(g.id, 'admin')),
      ]),
    ).toEqual([])
  })
  it('carries the identity type for the assignment', () => {
    expect(identityOffers(users.slice(0, 1), groups.slice(0, 1), [])).toEqual([
      { id: 'g1', name: 'ops', type: 'silo_group' },
      { id: 'u1', name: 'zed', type: 'silo_user' },
    ])
  })
  const named = fc.uniqueArray(
    fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), displayName: fc.string({ maxLength: 6 }) }),
    { selector: (x) => x.id },
  )
  it('property: exactly the unassigned identities, groups first, each part sorted by name', () => {
    fc.assert(
      fc.property(named, named, fc.array(fc.string({ maxLength: 4 })), (us, gs, assignedIds) => {
        // users and groups never share ids in the API (uuids)
        const groupsOnly = gs.filter((g) => !us.some((u) => u.id === g.id))
        const assigned = assignedIds.map((identityId) => ua(identityId, 'viewer'))
        const offers = identityOffers(us, groupsOnly, assigned)
        const taken = new Set(assignedIds)
        expect(offers.map((o) => o.id).sort()).toEqual(
          [...groupsOnly, ...us]
            .map((x) => x.id)
            .filter((x) => !taken.has(x))
            .sort(),
        )
        const firstUser = offers.findIndex((o) => o.type === 'silo_user')
        if (firstUser >= 0) expect(offers.slice(firstUser).every((o) => o.type === 'silo_user')).toBe(true)
        for (let i = 1; i < offers.length; i++) {
          const a = offers[i - 1]!
          const b = offers[i]!
          if (a.type === b.type) expect(a.name <= b.name).toBe(true)
        }
      }),
    )
  })
})

describe('accessRows', () => {
  const names = new Map([
    ['u1', 'amy'],
    ['g1', 'ops'],
  ])
  it('shows the strongest role per identity across this level and the inherited one', () => {
    const rows = accessRows([ua('u1', 'viewer'), ga('g1', 'collaborator')], [ua('u1', 'admin')], names)
    expect(rows.map((r) => [r.name, r.role, r.own])).toEqual([
      ['ops', 'collaborator', 'collaborator'],
      ['amy', 'admin', 'viewer'],
    ])
    expect(rows[1]?.roles).toEqual([
      { role: 'admin', source: 'inherited' },
      { role: 'viewer', source: 'this' },
    ])
  })
  it('marks inherited-only rows as having no own role, and leaves unknown names undefined', () => {
    const rows = accessRows([], [ua('u9', 'viewer')], names)
    expect(rows).toEqual([
      {
        identityId: 'u9',
        identityType: 'silo_user',
        name: undefined,
        role: 'viewer',
        own: undefined,
        roles: [{ role: 'viewer', source: 'inherited' }],
      },
    ])
  })
  it('property: one row per identity, each with the strongest of its roles', () => {
    fc.assert(
      fc.property(policy, policy, (own, inherited) => {
        const rows = accessRows(own, inherited, names)
        const ids = new Set([...own, ...inherited].map((a) => a.identityId))
        expect(rows.map((r) => r.identityId).sort()).toEqual([...ids].sort())
        for (const r of rows) {
          const all = [...own, ...inherited]
            .filter((a) => a.identityId === r.identityId)
            .map((a) => a.roleName)
          expect(r.role).toBe(strongestRole(all))
          expect(r.own).toBe(own.find((a) => a.identityId === r.identityId)?.roleName)
        }
      }),
    )
  })
})

describe('dropsOwnAdmin', () => {
  it('is true when removing or demoting an admin assignment of mine or my group', () => {
    expect(dropsOwnAdmin('u1', 'admin', undefined, 'u1', [])).toBe(true)
    expect(dropsOwnAdmin('g1', 'admin', 'viewer', 'u1', ['g1'])).toBe(true)
  })
  it('is false for others, for non-admin roles, and when admin stays', () => {
    expect(dropsOwnAdmin('u2', 'admin', undefined, 'u1', ['g1'])).toBe(false)
    expect(dropsOwnAdmin('u1', 'collaborator', undefined, 'u1', [])).toBe(false)
    expect(dropsOwnAdmin('u1', 'admin', 'admin', 'u1', [])).toBe(false)
  })
})
