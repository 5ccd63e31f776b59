// Anti-affinity groups of a project: name (a link to the group's page), policy, failure domain,
// description, created; edit (on the group's page) and delete from the row menu. The member count is
// left out: it would cost a members request per row. The create form (`affinity-new`) is a child route
// rendered over this list, keeping the list's page.
import { lazy, Suspense } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation } from 'wouter'
import { ServerIcon } from '../../components/icons'
import { nameColumn, ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { useActionReason } from '../../hooks/use-action-reason'
import { useListGo } from '../../hooks/use-list-go'
import { paths } from '../../paths'
import { Outlet, useRouteParams } from '../../route-context'
import { editDeleteActions } from '../../ui/row-actions'
import { formatDateTime } from '../../util/date'
import { type AntiAffinityGroup, deleteGroup, groupWriteNeed } from './affinity-actions'

const columnsFor = (project: string) =>
  defineColumns<AntiAffinityGroup>([
    nameColumn((g) => (
      <Link
        href={paths.affinityGroup({ project, antiAffinityGroup: g.name })}
        className={css({ fontWeight: 'medium', _hover: { textDecoration: 'underline' } })}
      >
        {g.name}
      </Link>
    )),
    { id: 'policy', header: 'Policy', cell: (g) => g.policy },
    { id: 'domain', header: 'Failure domain', cell: (g) => g.failureDomain },
    { id: 'description', header: 'Description', cell: (g) => g.description },
    { id: 'created', header: 'Created', cell: (g) => formatDateTime(g.timeCreated) },
  ])

// The form loads when it is opened, not with the list.
const AffinityCreateForm = lazy(() =>
  import('../../forms/affinity-form').then((m) => ({ default: m.AffinityCreateForm })),
)

/** `affinity-new`, in the list's outlet; a created group opens on its own page to take members. */
export function AffinityCreateRoute() {
  const { project } = useRouteParams('project')
  const go = useListGo()
  const [, navigate] = useLocation()
  return (
    <Suspense fallback={null}>
      <AffinityCreateForm
        project={project}
        onDismiss={() => go(paths.affinity({ project }))}
        onCreated={(g) => navigate(paths.affinityGroup({ project, antiAffinityGroup: g.name }))}
      />
    </Suspense>
  )
}

export default function AffinityPage() {
  const { project } = useRouteParams('project')
  const go = useListGo()
  const [, navigate] = useLocation()
  const createReason = useActionReason(groupWriteNeed(project, 'creating an anti-affinity group'))
  const editReason = useActionReason(groupWriteNeed(project, 'editing an anti-affinity group'))
  const deleteReason = useActionReason(groupWriteNeed(project, 'deleting an anti-affinity group'))
  return (
    <ResourceList
      title="Anti-affinity groups"
      icon={<ServerIcon />}
      resource="Anti-affinity group"
      endpoint="antiAffinityGroupList"
      params={{ query: { project } }}
      columns={columnsFor(project)}
      sortByName
      create={{
        label: 'New group',
        onClick: () => go(paths.affinityNew({ project })),
        disabledReason: createReason(),
      }}
      empty={{
        title: 'No anti-affinity groups',
        body: `Project ${project} has no anti-affinity groups. A group keeps its instances on different sleds.`,
      }}
      actions={(g) =>
        editDeleteActions({
          kind: 'anti-affinity group',
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
