// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { T } from '../strings'
import { kinds } from '../ui/kinds'
import {
  useActionReason,
  useFleetActionReason,
  useOwnActionReason,
  useWriteReason,
} from './use-action-reason'

// What the storage hooks answer in each test: the user, their groups and the silo/project policies.
const world = vi.hoisted(() => ({
  online: true,
  data: {} as Record<string, unknown>,
  errors: {} as Record<string, { kind: string; message: string }>,
}))
const keyOf = (endpoint: string, params: { path?: { project?: string } }) =>
  params.path?.project ? `${endpoint}:${params.path.project}` : endpoint

vi.mock('../../storage', () => ({
  useConnectivity: () => ({ online: world.online }),
  useResource: (endpoint: string, params: { path?: { project?: string } }) => ({
    data: world.data[keyOf(endpoint, params)],
    error: world.errors[keyOf(endpoint, params)],
  }),
  useList: (endpoint: string) => ({ data: world.data[endpoint] }),
}))

const ME = 'u-1'
const policy = (role?: string) => ({
  roleAssignments: role ? [{ identityId: ME, identityType: 'silo_user', roleName: role }] : [],
})
const ROLE_REASON =
  'Your role does not allow this: managing instances needs the limited collaborator role or stronger'
const MACHINE = 'Only a stopped or failed instance can be started'
const need = { project: 'p1', role: 'limited_collaborator' as const, what: 'managing instances' }

function reasonFor(machine?: string | null, n: Parameters<typeof useActionReason>[0] = need) {
  return renderHook(() => useActionReason(n)).result.current(machine)
}

beforeEach(() => {
  world.online = true
  world.errors = {}
  world.data = {
    currentUserView: { id: ME, siloAdmin: false },
    currentUserGroups: { items: [] },
    policyView: policy('viewer'),
    'projectPolicyView:p1': policy(),
  }
})
afterEach(cleanup)

describe('useActionReason', () => {
  it('says "You are offline" first, whatever the role and the machine say', () => {
    world.online = false
    expect(reasonFor(MACHINE)).toBe(T.offline)
  })

  it('then the role: a silo viewer is refused with the role reason before the machine is asked', () => {
    expect(reasonFor(MACHINE)).toBe(ROLE_REASON)
    expect(reasonFor(null)).toBe(ROLE_REASON)
  })

  it('then the machine, for a user whose role allows the write', () => {
    world.data['projectPolicyView:p1'] = policy('collaborator')
    expect(reasonFor(MACHINE)).toBe(MACHINE)
  })

  it('returns nothing when online, allowed by the role and by the machine', () => {
    world.data.policyView = policy('collaborator')
    expect(reasonFor(null)).toBeUndefined()
    expect(reasonFor()).toBeUndefined()
  })

  it('inherits the silo role in a project, and counts a silo admin as admin', () => {
    world.data.policyView = policy('admin')
    expect(reasonFor(null)).toBeUndefined()
    world.data.policyView = policy()
    world.data.currentUserView = { id: ME, siloAdmin: true }
    expect(reasonFor(null)).toBeUndefined()
  })

  it('a 403 on the policy means no role there: refused', () => {
    world.data.policyView = undefined
    world.errors.policyView = { kind: 'forbidden', message: 'nope' }
    world.data['projectPolicyView:p1'] = undefined
    world.errors['projectPolicyView:p1'] = { kind: 'forbidden', message: 'nope' }
    expect(reasonFor(null)).toBe(ROLE_REASON)
  })

  it('says nothing about the role until it is known (the server still refuses)', () => {
    world.data.policyView = undefined
    expect(reasonFor(MACHINE)).toBe(MACHINE)
  })

  it('at the silo level, reads the silo policy', () => {
    const projects = { role: 'collaborator' as const, what: 'deleting a project' }
    expect(reasonFor(null, projects)).toBe(
      'Your role does not allow this: deleting a project needs the collaborator role or stronger',
    )
    world.data.policyView = policy('collaborator')
    expect(reasonFor(null, projects)).toBeUndefined()
  })

  it('a need built per write names the write it is asked about; a fixed need ignores it', () => {
    const perWrite = (what: string) => ({ project: 'p1', role: 'collaborator' as const, what })
    const reason = renderHook(() => useActionReason(perWrite)).result.current
    expect(reason(null, 'deleting a VPC')).toBe(
      'Your role does not allow this: deleting a VPC needs the collaborator role or stronger',
    )
    expect(reason(MACHINE, 'editing a VPC')).toBe(
      'Your role does not allow this: editing a VPC needs the collaborator role or stronger',
    )
    expect(renderHook(() => useActionReason(need)).result.current(null, 'deleting an instance')).toBe(
      ROLE_REASON,
    )
    world.data['projectPolicyView:p1'] = policy('collaborator')
    expect(renderHook(() => useActionReason(perWrite)).result.current(MACHINE, 'deleting a VPC')).toBe(
      MACHINE,
    )
  })
})

describe('useOwnActionReason (the user’s own SSH keys and tokens)', () => {
  const own = (machine?: string | null) => renderHook(() => useOwnActionReason()).result.current(machine)

  it('asks no role: a silo viewer may write their own things, unless offline', () => {
    expect(own()).toBeUndefined()
    world.online = false
    expect(own()).toBe(T.offline)
  })

  it('passes the resource’s own refusal on when online', () => {
    expect(own(MACHINE)).toBe(MACHINE)
  })
})

describe('useWriteReason (the kit: a list, a tab table, a resource page)', () => {
  it("words each write from the kind and asks the screen's reason about it", () => {
    const asked: string[] = []
    const screen = (refusal?: string | null, what?: string) => {
      asked.push(`${what}|${refusal ?? ''}`)
      return undefined
    }
    const why = renderHook(() => useWriteReason(kinds.antiAffinityGroup, screen)).result.current
    why('creating')
    why('deleting', MACHINE)
    expect(asked).toEqual(['creating an anti-affinity group|', `deleting an anti-affinity group|${MACHINE}`])
  })

  it("without a screen reason, is the user's own things' (only offline)", () => {
    const why = () => renderHook(() => useWriteReason(kinds.sshKey, undefined)).result.current('deleting')
    expect(why()).toBeUndefined()
    world.online = false
    expect(why()).toBe(T.offline)
  })
})

describe('useFleetActionReason (system screens)', () => {
  const fleetNeed = { role: 'admin' as const, what: 'creating a silo' }
  const fleetReason = (machine?: string | null) =>
    renderHook(() => useFleetActionReason(fleetNeed)).result.current(machine)
  const FLEET_REASON = 'Your role does not allow this: creating a silo needs the fleet admin role or stronger'

  it('a fleet admin (directly or through a group) is allowed; the machine still counts', () => {
    world.data.systemPolicyView = policy('admin')
    expect(fleetReason(null)).toBeUndefined()
    expect(fleetReason(MACHINE)).toBe(MACHINE)
    world.data.currentUserGroups = { items: [{ id: 'g-1' }] }
    world.data.systemPolicyView = {
      roleAssignments: [{ identityId: 'g-1', identityType: 'silo_group', roleName: 'admin' }],
    }
    expect(fleetReason(null)).toBeUndefined()
  })

  it('a readable fleet policy without an assignment counts as fleet viewer: refused for admin writes', () => {
    world.data.systemPolicyView = policy()
    expect(fleetReason(null)).toBe(FLEET_REASON)
  })

  it('a 403 on the fleet policy means no fleet role, whatever the silo role', () => {
    world.data.policyView = policy('admin')
    world.errors.systemPolicyView = { kind: 'forbidden', message: 'nope' }
    expect(fleetReason(null)).toBe(FLEET_REASON)
  })

  it('a need built per write names the write it is asked about', () => {
    world.data.systemPolicyView = policy()
    const reason = renderHook(() => useFleetActionReason((what: string) => ({ role: 'admin', what }))).result
      .current
    expect(reason(null, 'deleting a silo')).toBe(
      'Your role does not allow this: deleting a silo needs the fleet admin role or stronger',
    )
  })

  it('offline first; nothing said about the role until the fleet policy is known', () => {
    expect(fleetReason(MACHINE)).toBe(MACHINE)
    world.online = false
    expect(fleetReason(null)).toBe(T.offline)
  })
})
