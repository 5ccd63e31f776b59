// Add an instance to an anti-affinity group (a side modal over the group's page): a choice among the
// project's instances that are not members yet. The instance machine decides who may join
// (ADD_TO_AFFINITY_GROUP: stopped only); the others stay in the list, disabled, with the machine's
// reason under the select, so the operator sees why a running instance cannot be picked. The add runs
// through the instance's machine (performInstanceAction), which refreshes the group's members.
import { useList } from '../../storage'
import { Select, SideModalForm } from '../components'
import { useKindReason } from '../hooks/use-action-reason'
import { FormError } from '../hooks/use-form'
import { performInstanceAction } from '../hooks/use-instance-actor'
import { type AntiAffinityGroup, type GroupMember, memberChoices } from '../pages/project/affinity-actions'
import { kinds } from '../ui/kinds'
import { useSideForm } from './side-form'
import { chosen } from './validation'

/** The project's instances to choose from (the page size of the other pickers of project resources). */
const INSTANCE_PAGE = 100
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
  const reason = useKindReason(kinds.antiAffinityGroup, 'changing an anti-affinity group')
  const instances = useList('instanceList', { query: { project, limit: INSTANCE_PAGE } }).data?.items
  const choices = instances && memberChoices(instances, members)
  const nameOf = (id: string) => instances?.find((i) => i.id === id)?.name ?? id
  // Nothing to pick: the submit says why (the machine's refusal, or every instance is in already).
  const nothing =
    choices && choices.eligible === 0
      ? (choices.refusal ?? 'Every instance of the project is already a member')
      : null
  const { form, modal } = useSideForm({
    id: 'affinity-add-member',
    initial: { instance: '' },
    rules: { instance: chosen(CHOOSE) },
    submit: async ({ instance }) => {
      const picked = instances?.find((i) => i.id === instance)
      if (!picked) throw new FormError(CHOOSE, 'instance')
      try {
        await performInstanceAction(picked, 'ADD_TO_AFFINITY_GROUP', { affinityGroup: group.id })
      } catch (e) {
        // The machine's refusal or the API's message goes on the field, and the choice is kept.
        throw new FormError(e instanceof Error ? e.message : String(e), 'instance')
      }
    },
    done: (_data, { instance }) => `${nameOf(instance)} added to ${group.name}`,
    title: 'Add instance',
    subtitle: `Anti-affinity group ${group.name}`,
    submitLabel: 'Add instance',
    disabledReason: reason(nothing),
    onDismiss,
  })
  return (
    <SideModalForm {...modal}>
      <Select
        label="Instance"
        required
        placeholder={choices ? CHOOSE : 'Loading…'}
        options={choices?.options ?? []}
        {...(choices?.refusal ? { description: choices.refusal } : {})}
        {...form.field('instance')}
      />
    </SideModalForm>
  )
}
