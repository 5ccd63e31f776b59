// Settings tab: the auto-restart policy and where its cooldown stands (spec section 4: a failed
// instance is due for automatic restart when auto-restart is enabled and no cooldown runs), and the
// anti-affinity groups the instance belongs to. The policy can be changed in any state; joining a
// group needs a stopped instance (the machine's ADD_TO_AFFINITY_GROUP); leaving one is always allowed.
import { useId, useState } from 'react'
import { isDueForAutoRestart } from '../../../../machines/instance.states'
import { mutate, useList, useResource } from '../../../../storage'
import type { ApiResponse, Instance } from '../../../api/types'
import { defineColumns, ServerIcon, Skeleton } from '../../../components'
import { descriptionColumn, nameColumn } from '../../../components/columns'
import { confirmAction } from '../../../components/confirm-queue'
import { Fact, FactList } from '../../../components/FactList'
import { useRunningActions } from '../../../hooks/live-actions'
import { useKindReason } from '../../../hooks/use-action-reason'
import { instanceUpdateBody, performInstanceAction } from '../../../hooks/use-instance-actor'
import { useRouteParams } from '../../../route-context'
import { kinds } from '../../../ui/kinds'
import { instanceRowRefusal } from '../../../ui/row-state'
import { formatDateTime } from '../../../util/date'
import { OpenFormButton, rowMenu } from '../../list-table'
import { InstanceChoice, type InstanceChoiceCommon } from './choose'
import { AUTO_RESTART_CHOICES, autoRestartPolicyLabel, autoRestartPolicyOf, cooldownLabel } from './helpers'
import { InstanceListTable } from './instance-list-table'
import { groupsToJoin, leaveAntiAffinityGroup } from './networking-actions'
import { INSTANCE_CHILD_LIMIT, instanceAntiAffinityParams, instanceViewParams } from './queries'
import { INSTANCE_NOT_LOADED, section, sectionHeader, sectionHeading } from './shared'

type Group = ApiResponse<'instanceAntiAffinityGroupList'>['items'][number]

const groupColumns = defineColumns<Group>([
  nameColumn({ sortLocally: true }),
  { id: 'policy', header: 'Policy', cell: (g) => g.policy, sortValue: (g) => g.policy },
  { id: 'domain', header: 'Failure domain', cell: (g) => g.failureDomain },
  descriptionColumn(),
])

/**
 * The policy is part of the instance's configuration (a PUT of the whole of it). The API takes a new
 * policy in any state and no machine event covers it, so it is written directly through storage and
 * only offline and the role can refuse it; the answer is the instance, written into every copy.
 */
const setPolicy = (instance: Instance, choice: string) =>
  mutate(
    'instanceUpdate',
    {
      path: { instance: instance.id },
      body: instanceUpdateBody(instance, { autoRestartPolicy: autoRestartPolicyOf(choice) }),
    },
    { writes: 'instance' },
  )

function PolicyForm(common: InstanceChoiceCommon) {
  const { instance } = common
  return (
    <InstanceChoice
      {...common}
      id="auto-restart-policy"
      title="Auto-restart policy"
      submitLabel="Save"
      label="Policy"
      description="What the control plane does when the instance fails."
      options={AUTO_RESTART_CHOICES}
      initial={instance.autoRestartPolicy ?? ''}
      submit={(choice) => setPolicy(instance, choice)}
      done={() => `Auto-restart policy of ${instance.name} saved`}
    />
  )
}

function JoinGroupForm({
  project,
  joined,
  ...common
}: InstanceChoiceCommon & { project: string; joined: readonly Group[] | undefined }) {
  const { instance } = common
  const all = useList('antiAffinityGroupList', { query: { project, limit: INSTANCE_CHILD_LIMIT } }).data
    ?.items
  const offered = all && joined && groupsToJoin(all, joined)
  return (
    <InstanceChoice
      {...common}
      id="anti-affinity-join"
      title="Add to anti-affinity group"
      submitLabel="Add to group"
      label="Anti-affinity group"
      placeholder="Choose a group"
      requiredMessage="Choose an anti-affinity group"
      noneText="This instance is in every anti-affinity group of the project."
      options={offered?.map((g) => ({ value: g.id, label: `${g.name} (${g.policy})` }))}
      submit={(group) => performInstanceAction(instance, 'ADD_TO_AFFINITY_GROUP', { affinityGroup: group })}
      done={(group) => `${instance.name} added to ${all?.find((g) => g.id === group)?.name ?? group}`}
    />
  )
}

const leaveGroup = (instance: Instance, group: Group, why: string | undefined) => [
  {
    label: 'Remove',
    danger: true,
    disabledReason: why,
    onSelect: () =>
      confirmAction({
        title: `Remove from ${group.name}`,
        content: `Remove ${instance.name} from the anti-affinity group ${group.name}?`,
        actionLabel: 'Remove',
        actionType: 'danger',
        errorTitle: `Could not remove ${instance.name} from ${group.name}`,
        run: () => leaveAntiAffinityGroup(instance, group),
      }),
  },
]

type Opened = 'policy' | 'join' | null

export default function SettingsTab() {
  const ref = useRouteParams('project', 'instance')
  const restartHeading = useId()
  // An action starting or settling on the instance changes what the machine allows.
  useRunningActions()
  const reason = useKindReason(kinds.instance, 'managing instances')
  const view = useResource('instanceView', instanceViewParams(ref))
  const groups = useList('instanceAntiAffinityGroupList', instanceAntiAffinityParams(ref))
  const [opened, setOpened] = useState<Opened>(null)
  const i = view.data
  const close = () => setOpened(null)
  const why = reason(i ? null : INSTANCE_NOT_LOADED)
  const joinWhy = reason(i ? instanceRowRefusal(i, 'ADD_TO_AFFINITY_GROUP') : INSTANCE_NOT_LOADED)
  return (
    <>
      <section className={section} aria-labelledby={restartHeading}>
        <div className={sectionHeader}>
          <h2 id={restartHeading} className={sectionHeading}>
            Auto-restart
          </h2>
          <OpenFormButton
            label="Change auto-restart policy"
            reason={why}
            onOpen={() => setOpened('policy')}
          />
        </div>
        <FactList>
          <Fact term="Policy">{i ? autoRestartPolicyLabel(i) : <Skeleton />}</Fact>
          <Fact term="Cooldown">{i ? cooldownLabel(i, formatDateTime) : <Skeleton />}</Fact>
          <Fact term="Last automatic restart">
            {i ? i.timeLastAutoRestarted ? formatDateTime(i.timeLastAutoRestarted) : 'Never' : <Skeleton />}
          </Fact>
          {i && isDueForAutoRestart(i) && <Fact term="Status">Due for automatic restart</Fact>}
        </FactList>
      </section>
      <InstanceListTable
        title="Anti-affinity groups"
        actions={<OpenFormButton label="Add to group" reason={joinWhy} onOpen={() => setOpened('join')} />}
        list={groups}
        what="anti-affinity groups"
        columns={groupColumns}
        rowKey={(g) => g.id}
        rowActions={i && rowMenu((g: Group) => leaveGroup(i, g, why))}
        empty={{
          icon: <ServerIcon />,
          title: 'No anti-affinity groups',
          body: 'This instance may be placed on the same sled as any other instance.',
        }}
      />
      {i && opened === 'policy' && <PolicyForm instance={i} disabledReason={why} onDismiss={close} />}
      {i && opened === 'join' && (
        <JoinGroupForm
          project={ref.project}
          joined={groups.data?.items}
          instance={i}
          disabledReason={joinWhy}
          onDismiss={close}
        />
      )}
    </>
  )
}
