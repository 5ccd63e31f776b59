// The signed-in user's effective role at the silo or in a project (spec section 6): the strongest of
// the roles assigned to the user and to the user's groups, a project inheriting the silo's. Write
// controls ask useActionReason (use-action-reason.ts), which asks this.
import { useMemo } from 'react'
import { useList, useResource } from '../../storage'
import { effectiveRole, type RoleName, strongestRole } from '../util/roles'

export type RoleState = { role: RoleName | undefined; known: boolean }

function useIdentity() {
  const me = useResource('currentUserView', {})
  const groups = useList('currentUserGroups', {})
  const groupIds = useMemo(() => (groups.data?.items ?? []).map((g) => g.id), [groups.data])
  return { me: me.data, groupIds, known: Boolean(me.data && groups.data) }
}

type Policy = { data?: { roleAssignments: Parameters<typeof effectiveRole>[0] }; error?: { kind: string } }

/**
 * The role in `project`, or at the silo when `project` is undefined. The same hooks run either way
 * (the silo policy is read twice from one cache entry), so a screen may pass an optional project.
 */
export function useRole(project?: string): RoleState {
  const { me, groupIds, known } = useIdentity()
  const silo: Policy = useResource('policyView', {})
  const scoped: Policy = useResource(
    (project === undefined ? 'policyView' : 'projectPolicyView') as 'projectPolicyView',
    (project === undefined ? {} : { path: { project } }) as { path: { project: string } },
  )
  // Reading a policy needs a role: a 403 on it means the user has none there.
  const settled = (p: Policy) => Boolean(p.data) || p.error?.kind === 'forbidden'
  if (!me || !known || !settled(silo) || !settled(scoped)) return { role: undefined, known: false }
  const mine = (p: Policy) => (p.data ? effectiveRole(p.data.roleAssignments, me.id, groupIds) : undefined)
  const role = strongestRole([mine(silo), mine(scoped), me.siloAdmin ? 'admin' : undefined])
  return { role, known: true }
}

/**
 * The role on the fleet (system screens): the strongest of the fleet policy's assignments to the user
 * and the user's groups. Reading that policy needs a fleet viewer, so a 403 means no fleet role and a
 * readable policy means at least viewer (a silo's mapped fleet roles are not listed in it).
 */
export function useFleetRole(): RoleState {
  const { me, groupIds, known } = useIdentity()
  const policy: Policy = useResource('systemPolicyView', {})
  if (policy.error?.kind === 'forbidden') return { role: undefined, known: true }
  if (!me || !known || !policy.data) return { role: undefined, known: false }
  const role = strongestRole([effectiveRole(policy.data.roleAssignments, me.id, groupIds), 'viewer'])
  return { role, known: true }
}
