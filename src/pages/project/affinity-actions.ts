import type { Instance, Schema } from '../../api/types'
import type { SelectOption } from '../../components/FormField'
import { views } from '../../lists'
import { rowDelete } from '../../ui/delete'
import { kinds } from '../../ui/kinds'
import { instanceRowRefusal } from '../../ui/row-state'
import { leaveAntiAffinityGroup } from './instance/networking-actions'

/** What a group page's member writes and the add-member form are, in their role reason. */
export const GROUP_WRITE = 'changing an anti-affinity group'

export type AntiAffinityGroup = Schema<'AntiAffinityGroup'>
export type GroupMember = Schema<'AntiAffinityGroupMember'>['value']

/** The group's own view, keyed exactly as the route's prefetch reads it. */
export const groupViewParams = (project: string, antiAffinityGroup: string) =>
  views.antiAffinityGroup.params({ project, antiAffinityGroup })

/** The list and the instance tabs that name groups. */
export const groupLists = [
  { endpoint: 'antiAffinityGroupList' as const },
  { endpoint: 'instanceAntiAffinityGroupList' as const },
]

/** Deletes a group (its memberships go with it) and says so; a refusal rejects with the API's message. */
export const deleteGroup = rowDelete(
  kinds.antiAffinityGroup,
  'antiAffinityGroupDelete',
  'antiAffinityGroupList',
  (g: AntiAffinityGroup) => ({ path: { antiAffinityGroup: g.id } }),
)

/** Rejects with the API's message, which the confirm dialog shows. */
export const removeMember = (group: AntiAffinityGroup, member: GroupMember): Promise<void> =>
  leaveAntiAffinityGroup(member, group)

export type MemberChoices = {
  /** Every instance not in the group yet: the ones the machine refuses are disabled. */
  options: SelectOption[]
  /** The machine's reason, when it refuses any of them. */
  refusal: string | null
  /** How many can be chosen. */
  eligible: number
}

/**
 * What the add-member select offers: the instances the machine lets join (ADD_TO_AFFINITY_GROUP,
 * stopped only) first, then the refused ones, disabled and with their state, so none goes missing
 * without a reason.
 */
export function memberChoices(
  instances: readonly Instance[],
  members: readonly { id: string }[],
): MemberChoices {
  const inGroup = new Set(members.map((m) => m.id))
  const open: SelectOption[] = []
  const refused: SelectOption[] = []
  let refusal: string | null = null
  for (const i of instances) {
    if (inGroup.has(i.id)) continue
    const why = instanceRowRefusal(i, 'ADD_TO_AFFINITY_GROUP')
    if (why === null) open.push({ value: i.id, label: i.name })
    else {
      refusal ??= why
      refused.push({ value: i.id, label: `${i.name} (${i.runState})`, disabled: true })
    }
  }
  return { options: [...open, ...refused], refusal, eligible: open.length }
}
