// New anti-affinity group (`affinity-new`, over the groups list) and edit group (`affinity/{group}/edit`,
// over the group's page). Creating takes a name, a description, the policy and the failure domain
// (nexus.json AffinityPolicy and FailureDomain); the API changes only the name and the description of
// an existing group, so editing offers just those. A taken name comes back on the name field ("Anti-
// affinity group name already exists", spec section 8) with every value kept.
import { mutate } from '../../storage'
import type { Schema } from '../api/types'
import { Select, SideModalForm } from '../components'
import { useActionReason } from '../hooks/use-action-reason'
import {
  type AntiAffinityGroup,
  groupLists,
  groupViewParams,
  groupWriteNeed,
} from '../pages/project/affinity-actions'
import { NameAndDescription, optionsOf } from './fields'
import { useSideForm, whenSaved } from './side-form'
import { NAME } from './validation'
import { WhenLoaded } from './when-loaded'

type Policy = Schema<'AffinityPolicy'>
type FailureDomain = Schema<'FailureDomain'>

/** The API's two policies (nexus.json AffinityPolicy), in words an operator chooses between. */
export const POLICY_OPTIONS: readonly { value: Policy; label: string }[] = [
  { value: 'allow', label: 'Allow: place the instance anyway when the rule cannot be met' },
  { value: 'fail', label: 'Fail: refuse to start the instance when the rule cannot be met' },
]

export const FAILURE_DOMAIN_OPTIONS: readonly { value: FailureDomain; label: string }[] = optionsOf('sled')

type CreateValues = { name: string; description: string; policy: Policy; failureDomain: FailureDomain }
type EditValues = { name: string; description: string }

const createGroup = (project: string, body: CreateValues) =>
  mutate('antiAffinityGroupCreate', { query: { project }, body }, { invalidates: groupLists })

/**
 * By id, so the project is not named twice. The view under the new name is refreshed; the one under
 * the old name is left as it is, since the page showing it is being left for the new name's.
 */
const updateGroup = (project: string, current: AntiAffinityGroup, body: EditValues) =>
  mutate(
    'antiAffinityGroupUpdate',
    { path: { antiAffinityGroup: current.id }, body },
    {
      invalidates: [
        ...groupLists,
        { endpoint: 'antiAffinityGroupView', params: groupViewParams(project, body.name) },
      ],
    },
  )

type Saved = (group: AntiAffinityGroup) => void

export function AffinityCreateForm({
  project,
  onDismiss,
  onCreated,
}: {
  project: string
  onDismiss: () => void
  onCreated: Saved
}) {
  const reason = useActionReason(groupWriteNeed(project, 'creating an anti-affinity group'))
  const { form, modal } = useSideForm<CreateValues, AntiAffinityGroup>({
    id: `affinity-create-${project}`,
    initial: { name: '', description: '', policy: 'allow', failureDomain: 'sled' },
    rules: { name: NAME },
    op: 'antiAffinityGroupCreate',
    submit: (values) => createGroup(project, values),
    ...whenSaved((saved) => `Anti-affinity group ${saved.name} created`, onCreated),
    draft: true,
    title: 'New anti-affinity group',
    submitLabel: 'Create group',
    disabledReason: reason(),
    onDismiss,
  })
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <Select label="Policy" required options={POLICY_OPTIONS} {...form.field('policy')} />
      <Select
        label="Failure domain"
        description="Members of the group are kept apart at this level."
        required
        options={FAILURE_DOMAIN_OPTIONS}
        {...form.field('failureDomain')}
      />
    </SideModalForm>
  )
}

export function AffinityEditForm({
  project,
  group,
  onDismiss,
  onSaved,
}: {
  project: string
  group: string
  onDismiss: () => void
  onSaved: Saved
}) {
  return (
    <WhenLoaded
      endpoint="antiAffinityGroupView"
      params={groupViewParams(project, group)}
      title="Edit anti-affinity group"
      subtitle={group}
      onDismiss={onDismiss}
    >
      {(current) => (
        <EditFields project={project} current={current} onDismiss={onDismiss} onSaved={onSaved} />
      )}
    </WhenLoaded>
  )
}

function EditFields({
  project,
  current,
  onDismiss,
  onSaved,
}: {
  project: string
  current: AntiAffinityGroup
  onDismiss: () => void
  onSaved: Saved
}) {
  const reason = useActionReason(groupWriteNeed(project, 'editing an anti-affinity group'))
  const { form, modal } = useSideForm<EditValues, AntiAffinityGroup>({
    id: 'affinity-edit',
    initial: { name: current.name, description: current.description },
    rules: { name: NAME },
    op: 'antiAffinityGroupUpdate',
    submit: (values) => updateGroup(project, current, values),
    ...whenSaved((saved) => `Anti-affinity group ${saved.name} updated`, onSaved),
    title: 'Edit anti-affinity group',
    subtitle: current.name,
    submitLabel: 'Update group',
    disabledReason: reason(),
    onDismiss,
  })
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
    </SideModalForm>
  )
}
