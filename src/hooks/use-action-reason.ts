// One source of action reasons (issue 10): every write control asks this hook why it is disabled.
// In order: offline ("You are offline"), then the user's role (spec section 6), then the resource's
// machine (`snapshot.can`, passed in as its refusal). Nothing else decides whether a control is enabled.
import { useContext } from 'react'
import { RouteParamsContext } from '../route-context'
import { type Kind, type Write, type WriteRule, writing } from '../ui/kinds'
import { roleStrength } from '../util/roles'
import { type RoleState, useRoleAt } from './use-role'
import { useWriteGuard } from './use-write-guard'

/**
 * Whether the user's role allows a write by `rule`: the user's own things need no role, and a role not
 * known yet allows it (the control says nothing; the server still refuses). The one role check of the
 * write controls and the quick actions' "New …" entries.
 */
export function roleAllows(rule: WriteRule, state: RoleState): boolean {
  if (rule.at === 'own' || !state.known) return true
  return state.role !== undefined && roleStrength(state.role) >= roleStrength(rule.role)
}

function roleReason(state: RoleState, rule: WriteRule, what: string): string | undefined {
  if (rule.at === 'own' || roleAllows(rule, state)) return undefined
  const scope = rule.at === 'fleet' ? 'fleet ' : ''
  return `Your role does not allow this: ${what} needs the ${scope}${rule.role.replace(/_/g, ' ')} role or stronger`
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
 * the write ("creating a VPC") when the screen's reason names each write; a screen that names all its
 * writes the same ("managing disks") ignores it.
 */
export type ActionReason = (machineRefusal?: string | null, what?: string) => string | undefined

/**
 * Why a write to `kind` is disabled: offline, then the role the kind's writes need (kinds.tsx `writes`;
 * a project's things in the project the route names), then the machine's refusal. `what` names every
 * write of the screen ("managing disks"); without it each write is named as it is asked.
 * A screen asks once, not per row or per write: the result is a function of the refusal.
 */
export function useKindReason(kind: Kind, what?: string): ActionReason {
  const offline = useWriteGuard()
  const rule = kind.writes
  const project = useContext(RouteParamsContext).project
  const role = useRoleAt(rule.at, project)
  return (machineRefusal, asked = '') => {
    // A project's things are written in a project: a screen outside one must name its own reason.
    if (rule.at === 'project' && project === undefined)
      throw new Error(`no project to ask about ${kind.many}`)
    return firstReason(offline, roleReason(role, rule, what ?? asked), machineRefusal)
  }
}

/**
 * A kit component's reasons (a list, a tab's table, a resource page, a form), each write worded from
 * its kind ("creating a VPC"): the screen's own `reason` where it gives one, else the kind's.
 */
export function useWriteReason(kind: Kind, reason: ActionReason | undefined): WriteReason {
  const byKind = useKindReason(kind)
  return (write, refusal) => (reason ?? byKind)(refusal, writing(write, kind))
}

/** Why a write to the kit component's kind is disabled; nothing when it is allowed. */
export type WriteReason = (write: Write, refusal?: string | null) => string | undefined
