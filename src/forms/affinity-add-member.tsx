// Add an instance to an anti-affinity group (a side modal over the group's page): a choice among the
// project's instances that are not members yet. The instance machine decides who may join
// (ADD_TO_AFFINITY_GROUP: stopped only); the others stay in the list, disabled, with the machine's
// reason under the select, so the operator sees why a running instance cannot be picked. The add runs
// through the instance's machine (performInstanceAction), which refreshes the group's members.
import { useList } from '../../storage'
import { useKindReason } from '../hooks/use-action-reason'
import { performInstanceAction } from '../hooks/use-instance-actor'
import { PICK } from '../lists'
import {
  type AntiAffinityGroup,
  GROUP_WRITE,
  type GroupMember,
  memberChoices,
} from '../pages/project/affinity-actions'
import { kinds } from '../ui/kinds'
import { ChooseForm } from './choose-form'

const CHOOSE = 'Choose an instance'

export function AddMemberForm({
  project,
  group,
  members,
  onDismiss,
}: {
  project: string
  group: AntiAffinityGroup
  members: readonly GroupMember[]
  onDismiss: () => void
}) {
  const reason = useKindReason(kinds.antiAffinityGroup, GROUP_WRITE)
  const instances = useList('instanceList', { query: { project, ...PICK } }).data?.items
  const choices = instances && memberChoices(instances, members)
  // Nothing to pick: the submit says why (the machine's refusal, or every instance is in already).
  const nothing =
    choices && choices.eligible === 0
      ? (choices.refusal ?? 'Every instance of the project is already a member')
      : null
  const picked = (id: string) => instances?.find((i) => i.id === id)
  return (
    <ChooseForm
      id="affinity-add-member"
      title="Add instance"
      subtitle={`Anti-affinity group ${group.name}`}
      submitLabel="Add instance"
      label="Instance"
      placeholder={CHOOSE}
      requiredMessage={CHOOSE}
      description={choices?.refusal}
      options={choices?.options}
      submit={async (id) => {
        const instance = picked(id)
        if (!instance) throw new Error(CHOOSE)
        await performInstanceAction(instance, 'ADD_TO_AFFINITY_GROUP', { affinityGroup: group.id })
      }}
      done={(id) => `${picked(id)?.name ?? id} added to ${group.name}`}
      disabledReason={reason(nothing)}
      onDismiss={onDismiss}
    />
  )
}
