// The signed-in user's effective role in a project, at the silo or on the fleet (spec section 6): the
// strongest of the roles assigned to the user and to the user's groups, a project inheriting the silo's. Write
// controls ask useKindReason (use-action-reason.ts), which asks this.
import { useMemo } from 'react'
import { useList, useResource } from '../../storage'
import type { WriteRule } from '../ui/kinds'
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
 * The user's role where a kind's writes are decided (kinds.tsx `writes`): in `project`, which inherits
 * the silo's roles; at the silo; or on the fleet. The same hooks run for every scope, each reading only
 * the policies its scope needs: a scope that needs fewer reads one of those again (one cache entry),
 * and the user's own things read no policy at all.
 */
export function useRoleAt(at: WriteRule['at'], project?: string): RoleState {
  const { me, groupIds, known } = useIdentity()
  const fleet = at === 'fleet'
  const inProject = at === 'project' && project !== undefined
  // The one policy the scope reads first; the user's own things read the user, already read by the shell.
  const read = at === 'own' ? 'currentUserView' : fleet ? 'systemPolicyView' : 'policyView'
  const first: Policy = useResource(read as 'policyView', {})
  const second: Policy = useResource(
    (inProject ? 'projectPolicyView' : read) as 'projectPolicyView',
    (inProject ? { path: { project } } : {}) as { path: { project: string } },
  )
  if (at === 'own') return { role: undefined, known: true }
  return fleet ? fleetRole(first, me, groupIds, known) : siloRole(first, second, me, groupIds, known)
}

type Me = ReturnType<typeof useIdentity>['me']

/** At the silo or in a project: the strongest of the two policies' assignments (a silo admin is admin). */
function siloRole(silo: Policy, scoped: Policy, me: Me, groupIds: string[], known: boolean): RoleState {
  // Reading a policy needs a role: a 403 on it means the user has none there.
  const settled = (p: Policy) => Boolean(p.data) || p.error?.kind === 'forbidden'
  if (!me || !known || !settled(silo) || !settled(scoped)) return { role: undefined, known: false }
  const mine = (p: Policy) => (p.data ? effectiveRole(p.data.roleAssignments, me.id, groupIds) : undefined)
  const role = strongestRole([mine(silo), mine(scoped), me.siloAdmin ? 'admin' : undefined])
  return { role, known: true }
}

/**
 * On the fleet (system screens): the strongest of the fleet policy's assignments to the user and the
 * user's groups. Reading that policy needs a fleet viewer, so a 403 means no fleet role and a readable
 * policy means at least viewer (a silo's mapped fleet roles are not listed in it).
 */
function fleetRole(policy: Policy, me: Me, groupIds: string[], known: boolean): RoleState {
  if (policy.error?.kind === 'forbidden') return { role: undefined, known: true }
  if (!me || !known || !policy.data) return { role: undefined, known: false }
  const role = strongestRole([effectiveRole(policy.data.roleAssignments, me.id, groupIds), 'viewer'])
  return { role, known: true }
}
