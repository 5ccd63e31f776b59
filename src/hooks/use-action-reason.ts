// One source of action reasons (issue 10): every write control asks this hook why it is disabled.
// In order: offline ("You are offline"), then the user's role (spec section 6), then the resource's
// machine (`snapshot.can`, passed in as its refusal). Nothing else decides whether a control is enabled.
import { type Kind, type Write, writing } from '../ui/kinds'
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

/**
 * Why a write is disabled, or undefined: `machineRefusal` is the resource's own refusal, `what` names
 * the write ("creating a VPC") for a need built per write; a fixed need ("managing disks") names every
 * write of its screen the same and ignores it.
 */
export type ActionReason = (machineRefusal?: string | null, what?: string) => string | undefined

/** A screen's role need: fixed, or built from the write it is asked about (`vpcWriteNeed`, `siloNeed`). */
type NeedOf<T> = T | ((what: string) => T)

const needFor = <T>(need: NeedOf<T>, what: string): T =>
  typeof need === 'function' ? (need as (what: string) => T)(what) : need

/**
 * The result is a function of the machine's refusal for one resource (and of the write, for a need
 * built per write), so a screen asks once, not per row or per write.
 */
export function useActionReason(need: NeedOf<RoleNeed>): ActionReason {
  const offline = useWriteGuard()
  // The role is the same for every write of the screen: only the need's words differ.
  const role = useRole(needFor(need, '').project)
  return (machineRefusal, what = '') =>
    firstReason(offline, roleReason(role, needFor(need, what)), machineRefusal)
}

/** The user's own things (SSH keys, tokens) without asking for a role: only offline disables those. */
export function useOwnActionReason(): ActionReason {
  const offline = useWriteGuard()
  return (machineRefusal) => firstReason(offline, undefined, machineRefusal)
}

/**
 * A kit component's reasons (a list, a tab's table, a resource page), each write worded from its kind
 * ("creating a VPC"): the screen's `reason`, or without one the user's own things' (only offline).
 */
export function useWriteReason(kind: Kind, reason: ActionReason | undefined): WriteReason {
  const own = useOwnActionReason()
  return (write, refusal) => (reason ?? own)(refusal, writing(write, kind))
}

/** Why a write to the kit component's kind is disabled; nothing when it is allowed. */
export type WriteReason = (write: Write, refusal?: string | null) => string | undefined

/** The same for the system screens, whose writes need a role on the fleet (usually fleet admin). */
export function useFleetActionReason(need: NeedOf<Omit<RoleNeed, 'project'>>): ActionReason {
  const offline = useWriteGuard()
  const role = useFleetRole()
  return (machineRefusal, what = '') =>
    firstReason(offline, roleReason(role, needFor(need, what), 'fleet '), machineRefusal)
}
