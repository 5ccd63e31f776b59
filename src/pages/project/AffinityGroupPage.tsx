// An anti-affinity group's page: what the group is (policy, failure domain, description, ID, created)
// with Edit and Delete, and its members (instance, state) with Remove and "Add instance". The edit form
// is the child route `edit`, shown over this page in its outlet; a rename moves to the new name's page.
// An unknown group is Page not found, but only on the server's word: offline with nothing cached the
// page says it is offline instead.
import { lazy, Suspense, useState } from 'react'
import { type QueryResult, useList } from '../../../storage'
import type { ApiResponse } from '../../api/types'
import { CloudOffIcon, defineColumns, ServerIcon } from '../../components'
import { confirmAction } from '../../components/confirm-queue'
import { Detail, Details } from '../../components/Details'
import { IdentityDetails, ResourcePage } from '../../components/ResourcePage'
import { type ActionReason, useKindReason } from '../../hooks/use-action-reason'
import { memberListParams, views } from '../../lists'
import { paths } from '../../paths'
import { useRouteParams } from '../../route-context'
import { T } from '../../strings'
import { kinds } from '../../ui/kinds'
import { InstanceStateBadge } from '../../ui/StateBadge'
import { linkColumn, OpenFormButton, rowMenu } from '../list-table'
import {
  type AntiAffinityGroup,
  deleteGroup,
  GROUP_WRITE,
  type GroupMember,
  removeMember,
} from './affinity-actions'
import { TabTable } from './instance/shared'

// The form loads when first opened.
const AddMemberForm = lazy(() =>
  import('../../forms/affinity-add-member').then((m) => ({ default: m.AddMemberForm })),
)

function GroupProps({ group }: { group: AntiAffinityGroup }) {
  return (
    <Details>
      <Detail label="Policy">{group.policy}</Detail>
      <Detail label="Failure domain">{group.failureDomain}</Detail>
      <IdentityDetails of={group} idLabel="anti-affinity group ID" />
    </Details>
  )
}

const columnsFor = (project: string) =>
  defineColumns<GroupMember>([
    linkColumn({
      header: 'Instance',
      name: (m) => m.name,
      href: (m) => paths.instance({ project, instance: m.name }),
    }),
    { id: 'state', header: 'State', cell: (m) => <InstanceStateBadge state={m.runState} /> },
  ])

const removeItems = (group: AntiAffinityGroup, m: GroupMember, why: string | undefined) => [
  {
    label: 'Remove',
    danger: true,
    disabledReason: why,
    onSelect: () =>
      confirmAction({
        title: `Remove ${m.name}`,
        content: `Remove ${m.name} from the anti-affinity group ${group.name}? The instance is kept.`,
        actionLabel: 'Remove',
        actionType: 'danger',
        errorTitle: `Could not remove ${m.name} from ${group.name}`,
        run: () => removeMember(group, m),
      }),
  },
]

type MemberList = QueryResult<ApiResponse<'antiAffinityGroupMemberList'>>

/** The empty state, or what stands in for it while the list has nothing to show (offline, error). */
function emptyOf(members: MemberList, group: AntiAffinityGroup) {
  if (members.data !== undefined || members.isLoading)
    return {
      icon: <ServerIcon />,
      title: 'No members',
      body: 'Add a stopped instance to keep it apart from the other members.',
    }
  if (members.error)
    return { icon: <ServerIcon />, title: 'Could not load the members', body: members.error.message }
  return {
    icon: <CloudOffIcon />,
    title: T.offline,
    body: `The members of ${group.name} are not cached on this device yet.`,
  }
}

function Members({
  project,
  group,
  members,
  reason,
}: {
  project: string
  group: AntiAffinityGroup
  members: MemberList
  reason: ActionReason
}) {
  const [adding, setAdding] = useState(false)
  // The API answers members wrapped by kind; instances are the only kind.
  const rows = members.data?.items.map((m) => m.value)
  const why = reason()
  return (
    <>
      <TabTable
        title="Members"
        actions={<OpenFormButton label="Add instance" reason={why} onOpen={() => setAdding(true)} />}
        columns={columnsFor(project)}
        rows={rows ?? []}
        rowKey={(m) => m.id}
        rowActions={rowMenu((m) => removeItems(group, m, why))}
        loading={members.isLoading}
        empty={emptyOf(members, group)}
      />
      {adding && rows && (
        <Suspense fallback={null}>
          <AddMemberForm project={project} group={group} members={rows} onDismiss={() => setAdding(false)} />
        </Suspense>
      )}
    </>
  )
}

function GroupView({ project, name }: { project: string; name: string }) {
  // Read with the view, not after it: the URL names the group.
  const members = useList('antiAffinityGroupMemberList', memberListParams(project, name))
  const reason = useKindReason(kinds.antiAffinityGroup, GROUP_WRITE)
  return (
    <ResourcePage
      resource={views.antiAffinityGroup}
      reason={reason}
      edit={{ to: (group) => paths.affinityGroupEdit({ project, antiAffinityGroup: group.name }) }}
      remove={{ run: deleteGroup, after: paths.affinity({ project }) }}
    >
      {(group) => (
        <>
          <GroupProps group={group} />
          <Members project={project} group={group} members={members} reason={reason} />
        </>
      )}
    </ResourcePage>
  )
}

export default function AffinityGroupPage() {
  const { project, antiAffinityGroup } = useRouteParams('project', 'antiAffinityGroup')
  // Keyed: another group is another page.
  return <GroupView key={`${project}/${antiAffinityGroup}`} project={project} name={antiAffinityGroup} />
}
