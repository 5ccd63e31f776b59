// Anti-affinity groups of a project: name (a link to the group's page), policy, failure domain, the
// number of member instances, description, created; edit (on the group's page) and delete from the
// row menu. The create form (`affinity-new`) is a child route rendered over this list, keeping the
// list's page.
import { useList } from '../../../storage'
import { Absent } from '../../components/Absent'
import { createdColumn, descriptionColumn, nameColumn } from '../../components/columns'
import { AfterPaint, ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { lists, memberListParams } from '../../lists'
import { paths } from '../../paths'
import { useRouteParams } from '../../route-context'
import { type AntiAffinityGroup, deleteGroup } from './affinity-actions'

/** The group's member count; while it loads nothing, and a failed read a dash that reads its message. */
function MemberCount({ project, group }: { project: string; group: string }) {
  const members = useList('antiAffinityGroupMemberList', memberListParams(project, group))
  if (members.data) return members.data.items.length
  return members.error ? <Absent label={members.error.message} /> : null
}

const columnsFor = (project: string) =>
  defineColumns<AntiAffinityGroup>([
    nameColumn({ href: (g) => paths.affinityGroup({ project, antiAffinityGroup: g.name }) }),
    { id: 'policy', header: 'Policy', cell: (g) => g.policy },
    { id: 'domain', header: 'Failure domain', cell: (g) => g.failureDomain },
    {
      id: 'members',
      header: 'Instances',
      align: 'right',
      // A members read per row after the rows paint: the group's own page reads the same entry, so
      // opening it paints its members at once. A group holds 32 at most, so one page counts them all.
      cell: (g) => <AfterPaint>{() => <MemberCount project={project} group={g.name} />}</AfterPaint>,
    },
    descriptionColumn(),
    createdColumn(),
  ])

export default function AffinityPage() {
  const { project } = useRouteParams('project')
  return (
    <ResourceList
      list={lists.antiAffinityGroups}
      columns={columnsFor(project)}
      create={{ label: 'New group', to: paths.affinityNew({ project }) }}
      empty={`Project ${project} has no anti-affinity groups. A group keeps its instances on different sleds.`}
      // The edit form opens over the group's page.
      edit={{ to: (g) => paths.affinityGroupEdit({ project, antiAffinityGroup: g.name }) }}
      remove={{ run: deleteGroup }}
    />
  )
}
