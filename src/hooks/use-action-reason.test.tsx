// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RouteParamsContext } from '../route-context'
import { T } from '../strings'
import { type Kind, kinds } from '../ui/kinds'
import { useKindReason, useWriteReason } from './use-action-reason'

// What the storage hooks answer in each test: the user, their groups and the silo/project policies.
const world = vi.hoisted(() => ({
  online: true,
  data: {} as Record<string, unknown>,
  errors: {} as Record<string, { kind: string; message: string }>,
  read: new Set<string>(),
}))
const keyOf = (endpoint: string, params: { path?: { project?: string } }) =>
  params.path?.project ? `${endpoint}:${params.path.project}` : endpoint

vi.mock('../../storage', () => ({
  useConnectivity: () => ({ online: world.online }),
  useResource: (endpoint: string, params: { path?: { project?: string } }) => {
    world.read.add(endpoint)
    return { data: world.data[keyOf(endpoint, params)], error: world.errors[keyOf(endpoint, params)] }
  },
  useList: (endpoint: string) => ({ data: world.data[endpoint] }),
}))

const ME = 'u-1'
const policy = (role?: string) => ({
  roleAssignments: role ? [{ identityId: ME, identityType: 'silo_user', roleName: role }] : [],
})
const ROLE_REASON =
  'Your role does not allow this: managing instances needs the limited collaborator role or stronger'
const MACHINE = 'Only a stopped or failed instance can be started'

/** The hook as a screen in project p1 asks it (the route's params), or outside any project. */
function ask<R>(hook: () => R, project: string | null = 'p1'): R {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RouteParamsContext.Provider value={project === null ? {} : { project }}>
      {children}
    </RouteParamsContext.Provider>
  )
  return renderHook(hook, { wrapper }).result.current
}

const reasonOf = (kind: Kind, what?: string, project: string | null = 'p1') =>
  ask(() => useKindReason(kind, what), project)
const reasonFor = (machine?: string | null) => reasonOf(kinds.instance, 'managing instances')(machine)

beforeEach(() => {
  world.online = true
  world.errors = {}
  world.read = new Set()
  world.data = {
    currentUserView: { id: ME, siloAdmin: false },
    currentUserGroups: { items: [] },
    policyView: policy('viewer'),
    'projectPolicyView:p1': policy(),
  }
})
afterEach(cleanup)

describe("useKindReason: a project's things (instances: limited collaborator in the project)", () => {
  it('says "You are offline" first, whatever the role and the machine say', () => {
    world.online = false
    expect(reasonFor(MACHINE)).toBe(T.offline)
  })

  it('then the role: a silo viewer is refused with the role reason before the machine is asked', () => {
    expect(reasonFor(MACHINE)).toBe(ROLE_REASON)
    expect(reasonFor(null)).toBe(ROLE_REASON)
  })

  it("then the machine, for a user whose role in the route's project allows the write", () => {
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

  it('asks the role each kind declares: a limited collaborator manages instances, not networking', () => {
    world.data['projectPolicyView:p1'] = policy('limited_collaborator')
    expect(reasonFor(null)).toBeUndefined()
    expect(reasonOf(kinds.floatingIp)(null, 'creating a floating IP')).toBeUndefined()
    expect(reasonOf(kinds.vpc)(null, 'creating a VPC')).toBe(
      'Your role does not allow this: creating a VPC needs the collaborator role or stronger',
    )
    expect(reasonOf(kinds.disk, 'managing disks')(null)).toBe(
      'Your role does not allow this: managing disks needs the collaborator role or stronger',
    )
  })

  it('without a fixed wording names the write it is asked about; with one, ignores it', () => {
    const perWrite = reasonOf(kinds.vpc)
    expect(perWrite(null, 'deleting a VPC')).toBe(
      'Your role does not allow this: deleting a VPC needs the collaborator role or stronger',
    )
    expect(perWrite(MACHINE, 'editing a VPC')).toBe(
      'Your role does not allow this: editing a VPC needs the collaborator role or stronger',
    )
    expect(reasonFor(null)).toBe(ROLE_REASON)
    expect(reasonOf(kinds.instance, 'managing instances')(null, 'deleting an instance')).toBe(ROLE_REASON)
  })

  it("a project's things asked about outside a project is a mistake of the screen, not a silent guess", () => {
    expect(() => reasonOf(kinds.disk, 'managing disks', null)(null)).toThrow(/no project/)
  })
})

describe("useKindReason: the silo's things (projects, silo images: silo collaborator)", () => {
  it('reads the silo policy, whatever project the route names', () => {
    const projects = reasonOf(kinds.project, 'deleting a project')
    expect(projects(null)).toBe(
      'Your role does not allow this: deleting a project needs the collaborator role or stronger',
    )
    world.data.policyView = policy('collaborator')
    expect(reasonOf(kinds.project, 'deleting a project', null)(null)).toBeUndefined()
    expect(world.read.has('projectPolicyView')).toBe(false)
  })
})

describe("useKindReason: the user's own SSH keys and tokens", () => {
  const own = (machine?: string | null) => reasonOf(kinds.sshKey, undefined, null)(machine, 'deleting')

  it('asks no role: a silo viewer may write their own things, unless offline', () => {
    expect(own()).toBeUndefined()
    world.online = false
    expect(own()).toBe(T.offline)
  })

  it("passes the resource's own refusal on when online, and reads no policy", () => {
    expect(own(MACHINE)).toBe(MACHINE)
    expect([...world.read].filter((e) => e.endsWith('PolicyView'))).toEqual([])
  })
})

describe("useKindReason: the fleet's things (system screens: fleet admin)", () => {
  const fleetReason = (machine?: string | null) => reasonOf(kinds.silo, 'creating a silo', null)(machine)
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

  it('a 403 on the fleet policy means no fleet role, whatever the silo role; the silo policy is not read', () => {
    world.data.policyView = policy('admin')
    world.errors.systemPolicyView = { kind: 'forbidden', message: 'nope' }
    expect(fleetReason(null)).toBe(FLEET_REASON)
    expect(world.read.has('policyView')).toBe(false)
  })

  it('without a fixed wording names the write it is asked about', () => {
    world.data.systemPolicyView = policy()
    expect(reasonOf(kinds.silo, undefined, null)(null, 'deleting a silo')).toBe(
      'Your role does not allow this: deleting a silo needs the fleet admin role or stronger',
    )
  })

  it('offline first; nothing said about the role until the fleet policy is known', () => {
    expect(fleetReason(MACHINE)).toBe(MACHINE)
    world.online = false
    expect(fleetReason(null)).toBe(T.offline)
  })
})

describe('useWriteReason (the kit: a list, a tab table, a resource page, a form)', () => {
  it("words each write from the kind and asks the screen's reason about it", () => {
    const asked: string[] = []
    const screen = (refusal?: string | null, what?: string) => {
      asked.push(`${what}|${refusal ?? ''}`)
      return undefined
    }
    const why = ask(() => useWriteReason(kinds.antiAffinityGroup, screen))
    why('creating')
    why('deleting', MACHINE)
    expect(asked).toEqual(['creating an anti-affinity group|', `deleting an anti-affinity group|${MACHINE}`])
  })

  it("without a screen reason, asks the kind's: each write by its noun, in the route's project", () => {
    const why = ask(() => useWriteReason(kinds.router, undefined))
    expect(why('deleting')).toBe(
      'Your role does not allow this: deleting a router needs the collaborator role or stronger',
    )
    world.data['projectPolicyView:p1'] = policy('collaborator')
    expect(ask(() => useWriteReason(kinds.router, undefined))('deleting', MACHINE)).toBe(MACHINE)
  })

  it("the user's own things: only offline", () => {
    const why = () => ask(() => useWriteReason(kinds.sshKey, undefined), null)('deleting')
    expect(why()).toBeUndefined()
    world.online = false
    expect(why()).toBe(T.offline)
  })
})
