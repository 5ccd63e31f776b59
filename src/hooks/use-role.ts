// The signed-in user's effective role at the silo or in a project (spec section 6): the strongest of
// the roles assigned to the user and to the user's groups, a project inheriting the silo's. Write
// buttons ask these guards, so a viewer sees them disabled with a reason instead of meeting a 403.
import { useMemo } from 'react'
import { useList, useResource } from '../../storage'
import { effectiveRole, type RoleName, roleStrength, strongestRole } from '../util/roles'
import { useWriteGuard } from './use-write-guard'

export type RoleState = { role: RoleName | undefined; known: boolean }

function useIdentity() {
  const me = useResource('currentUserView', {})
  const groups = useList('currentUserGroups', {})
  const groupIds = useMemo(() => (groups.data?.items ?? []).map((g) => g.id), [groups.data])
  return { me: me.data, groupIds, known: Boolean(me.data && groups.data) }
}

export function useSiloRole(): RoleState {
  const { me, groupIds, known } = useIdentity()
  const policy = useResource('policyView', {})
  // Reading the silo policy needs a role: a 403 on it means the user has none.
  const forbidden = policy.error?.kind === 'forbidden'
  if (!me || !known || (!policy.data && !forbidden)) return { role: undefined, known: false }
  const role = strongestRole([
    policy.data ? effectiveRole(policy.data.roleAssignments, me.id, groupIds) : undefined,
    me.siloAdmin ? 'admin' : undefined,
  ])
  return { role, known: true }
}

export function useProjectRole(project: string): RoleState {
  const silo = useSiloRole()
  const { me, groupIds } = useIdentity()
  const policy = useResource('projectPolicyView', { path: { project } })
  const forbidden = policy.error?.kind === 'forbidden'
  if (!silo.known || !me || (!policy.data && !forbidden)) return { role: undefined, known: false }
  const role = strongestRole([
    silo.role,
    policy.data ? effectiveRole(policy.data.roleAssignments, me.id, groupIds) : undefined,
  ])
  return { role, known: true }
}

const needs = (state: RoleState, need: RoleName, what: string): string | undefined => {
  if (!state.known) return undefined // not known yet: the server still refuses what is not allowed
  if (state.role && roleStrength(state.role) >= roleStrength(need)) return undefined
  return `Your role does not allow this: ${what} needs the ${need.replace(/_/g, ' ')} role or stronger`
}

/** Offline, or the user's role in this project is weaker than `need`: the reason, else undefined. */
export function useProjectWriteGuard(
  project: string,
  need: RoleName = 'collaborator',
  what = 'changing project resources',
): string | undefined {
  const offline = useWriteGuard()
  const role = useProjectRole(project)
  return offline ?? needs(role, need, what)
}

/** Offline, or the user's silo role is weaker than `need`: the reason, else undefined. */
export function useSiloWriteGuard(need: RoleName = 'collaborator', what = 'this action'): string | undefined {
  const offline = useWriteGuard()
  const role = useSiloRole()
  return offline ?? needs(role, need, what)
}
