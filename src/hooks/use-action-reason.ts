// One source of action reasons (issue 10): every write control asks this hook why it is disabled.
// In order: offline ("You are offline"), then the user's role (spec section 6), then the resource's
// machine (`snapshot.can`, passed in as its refusal). Nothing else decides whether a control is enabled.
import type { RoleName } from '../util/roles'
import { roleStrength } from '../util/roles'
import { type RoleState, useFleetRole, useRole } from './use-role'
import { useWriteGuard } from './use-write-guard'

/** The role a write needs: at the silo, or in a project (which inherits the silo's roles). */
export type RoleNeed = { role: RoleName; what: string; project?: string }

function roleReason(state: RoleState, need: RoleNeed, scope = ''): string | undefined {
  // Not known yet: nothing to say; the server still refuses what is not allowed.
  if (!state.known) return undefined
  if (state.role && roleStrength(state.role) >= roleStrength(need.role)) return undefined
  return `Your role does not allow this: ${need.what} needs the ${scope}${need.role.replace(/_/g, ' ')} role or stronger`
}

/** The first of the causes that applies, in the order of the issue: offline, role, machine. */
function firstReason(
  offline: string | undefined,
  role: string | undefined,
  machine?: string | null,
): string | undefined {
  return offline ?? role ?? machine ?? undefined
}

export type ActionReason = (machineRefusal?: string | null) => string | undefined

/**
 * `need` is null for the user's own things (SSH keys, tokens): only offline disables those. The
 * result is a function of the machine's refusal for one resource, so a list asks once, not per row.
 */
export function useActionReason(need: RoleNeed | null): ActionReason {
  const offline = useWriteGuard()
  const role = useRole(need?.project)
  const byRole = need ? roleReason(role, need) : undefined
  return (machineRefusal) => firstReason(offline, byRole, machineRefusal)
}

/** The same for the system screens, whose writes need a role on the fleet (usually fleet admin). */
export function useFleetActionReason(need: Omit<RoleNeed, 'project'>): ActionReason {
  const offline = useWriteGuard()
  const byRole = roleReason(useFleetRole(), need, 'fleet ')
  return (machineRefusal) => firstReason(offline, byRole, machineRefusal)
}
