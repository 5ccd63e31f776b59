// New anti-affinity group (`affinity-new`, over the groups list) and edit group (`affinity/{group}/edit`,
// over the group's page). Creating takes a name, a description, the policy and the failure domain
// (nexus.json AffinityPolicy and FailureDomain); the API changes only the name and the description of
// an existing group, so editing offers just those. A taken name comes back on the name field ("Anti-
// affinity group name already exists", spec section 8) with every value kept.
import { mutate } from '../../storage'
import type { Schema } from '../api/types'
import { Select } from '../components'
import { views } from '../lists'
import { type AntiAffinityGroup, groupLists, groupViewParams } from '../pages/project/affinity-actions'
import { kinds } from '../ui/kinds'
import { useCreateOrEditForm } from './create-or-edit'
import { CreateOrEditModal, nameAndDescriptionOf, optionsOf } from './fields'
import { createOrLoadForm } from './when-loaded'

type Policy = Schema<'AffinityPolicy'>
type FailureDomain = Schema<'FailureDomain'>

/** The API's two policies (nexus.json AffinityPolicy), in words an operator chooses between. */
export const POLICY_OPTIONS: readonly { value: Policy; label: string }[] = [
  { value: 'allow', label: 'Allow: place the instance anyway when the rule cannot be met' },
  { value: 'fail', label: 'Fail: refuse to start the instance when the rule cannot be met' },
]

export const FAILURE_DOMAIN_OPTIONS: readonly { value: FailureDomain; label: string }[] = optionsOf('sled')

type Values = { name: string; description: string; policy: Policy; failureDomain: FailureDomain }
type EditValues = Pick<Values, 'name' | 'description'>

const createGroup = (project: string, body: Values) =>
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

/**
 * Without `antiAffinityGroup` it creates one; with it, it edits that group once loaded. `onSaved` goes
 * on with the saved group: a created one to its page, to take members; a renamed one to its new page.
 */
export const AffinityForm = createOrLoadForm(views.antiAffinityGroup, GroupFields)

function GroupFields({
  project,
  current,
  onDismiss,
  onSaved,
}: {
  project: string
  current?: AntiAffinityGroup | undefined
  onDismiss: () => void
  onSaved?: (group: AntiAffinityGroup) => void
}) {
  const made = useCreateOrEditForm<Values, AntiAffinityGroup>({
    kind: kinds.antiAffinityGroup,
    submitNoun: 'group',
    current,
    draftScope: project,
    initial: {
      ...nameAndDescriptionOf(current),
      policy: current?.policy ?? 'allow',
      failureDomain: current?.failureDomain ?? 'sled',
    },
    submit: ({ name, description, ...placement }) =>
      current
        ? updateGroup(project, current, { name, description })
        : createGroup(project, { name, description, ...placement }),
    onDismiss,
    onSaved,
  })
  return (
    <CreateOrEditModal
      {...made}
      createOnly={
        <>
          <Select label="Policy" required options={POLICY_OPTIONS} {...made.form.field('policy')} />
          <Select
            label="Failure domain"
            description="Members of the group are kept apart at this level."
            required
            options={FAILURE_DOMAIN_OPTIONS}
            {...made.form.field('failureDomain')}
          />
        </>
      }
    />
  )
}
