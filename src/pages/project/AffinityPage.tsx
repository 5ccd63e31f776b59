// Anti-affinity groups of a project: name (a link to the group's page), policy, failure domain,
// description, created; edit (on the group's page) and delete from the row menu. The member count is
// left out: it would cost a members request per row. The create form (`affinity-new`) is a child route
// rendered over this list, keeping the list's page.
import { useLocation } from 'wouter'
import { createdColumn, descriptionColumn } from '../../components/columns'
import { nameColumn, ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { useActionReason } from '../../hooks/use-action-reason'
import { paths } from '../../paths'
import { Outlet, useRouteParams } from '../../route-context'
import { type FormRoute, formRoute } from '../../ui/form-route'
import { kinds } from '../../ui/kinds'
import { editDeleteActions } from '../../ui/row-actions'
import { type AntiAffinityGroup, deleteGroup, groupWriteNeed } from './affinity-actions'

const columnsFor = (project: string) =>
  defineColumns<AntiAffinityGroup>([
    nameColumn({ href: (g) => paths.affinityGroup({ project, antiAffinityGroup: g.name }) }),
    { id: 'policy', header: 'Policy', cell: (g) => g.policy },
    { id: 'domain', header: 'Failure domain', cell: (g) => g.failureDomain },
    descriptionColumn(),
    createdColumn(),
  ])

/** `affinity-new`, in the list's outlet; a created group opens on its own page to take members. */
export const AffinityCreateRoute: FormRoute = formRoute(
  () => import('../../forms/affinity-form').then((m) => m.AffinityCreateForm),
  (r) => {
    const project = r.param('project')
    return {
      project,
      back: paths.affinity({ project }),
      onCreated: (g) => r.navigate(paths.affinityGroup({ project, antiAffinityGroup: g.name })),
    }
  },
)

export default function AffinityPage() {
  const { project } = useRouteParams('project')
  const [, navigate] = useLocation()
  const createReason = useActionReason(groupWriteNeed(project, 'creating an anti-affinity group'))
  const editReason = useActionReason(groupWriteNeed(project, 'editing an anti-affinity group'))
  const deleteReason = useActionReason(groupWriteNeed(project, 'deleting an anti-affinity group'))
  return (
    <ResourceList
      kind={kinds.antiAffinityGroup}
      endpoint="antiAffinityGroupList"
      params={{ query: { project } }}
      columns={columnsFor(project)}
      create={{
        label: 'New group',
        to: paths.affinityNew({ project }),
        disabledReason: createReason(),
      }}
      empty={{
        title: 'No anti-affinity groups',
        body: `Project ${project} has no anti-affinity groups. A group keeps its instances on different sleds.`,
      }}
      actions={(g) =>
        editDeleteActions({
          kind: kinds.antiAffinityGroup,
          name: g.name,
          edit: () => navigate(paths.affinityGroupEdit({ project, antiAffinityGroup: g.name })),
          remove: () => deleteGroup(g),
          editReason: editReason(),
          deleteReason: deleteReason(),
        })
      }
    >
      <Outlet />
    </ResourceList>
  )
}
