// Silos (issue 15): name (a link to the silo's page), description, discoverable, identity mode and
// created; Delete from the row menu (the API refuses a silo that still has projects, and the confirm
// dialog shows its message). `silos-new` opens over the list in its outlet. Writes need a fleet admin.
import { lazy, Suspense } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation } from 'wouter'
import { CloudIcon } from '../../components'
import { confirmDelete } from '../../components/confirm-queue'
import { nameColumn, ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { deleteSilo, identityModeLabel, type Silo, siloNeed } from '../../forms/silo'
import { useFleetActionReason } from '../../hooks/use-action-reason'
import { useListGo } from '../../hooks/use-list-go'
import { paths } from '../../paths'
import { Outlet } from '../../route-context'
import { formatDateTime } from '../../util/date'

const columns = defineColumns<Silo>([
  nameColumn((silo) => (
    <Link
      href={paths.silo({ silo: silo.name })}
      className={css({ fontWeight: 'medium', _hover: { textDecoration: 'underline' } })}
    >
      {silo.name}
    </Link>
  )),
  { id: 'description', header: 'Description', cell: (silo) => silo.description },
  { id: 'discoverable', header: 'Discoverable', cell: (silo) => (silo.discoverable ? 'Yes' : 'No') },
  { id: 'identityMode', header: 'Identity mode', cell: (silo) => identityModeLabel(silo.identityMode) },
  { id: 'created', header: 'Created', cell: (silo) => formatDateTime(silo.timeCreated) },
])

// The form loads when it is opened, not with the list.
const SiloCreateForm = lazy(() =>
  import('../../forms/silo-form').then((m) => ({ default: m.SiloCreateForm })),
)

/** `silos-new`, in the list's outlet: a new silo opens on its own page, ready for its providers. */
export function SiloCreateRoute() {
  const go = useListGo()
  const [, navigate] = useLocation()
  return (
    <Suspense fallback={null}>
      <SiloCreateForm
        onDismiss={() => go(paths.silos())}
        onSaved={(silo) => navigate(paths.silo({ silo: silo.name }))}
      />
    </Suspense>
  )
}

export default function SilosPage() {
  const go = useListGo()
  const createReason = useFleetActionReason(siloNeed('creating a silo'))
  const deleteReason = useFleetActionReason(siloNeed('deleting a silo'))
  return (
    <ResourceList
      title="Silos"
      icon={<CloudIcon />}
      resource="Silo"
      endpoint="siloList"
      columns={columns}
      sortByName
      create={{ label: 'New silo', onClick: () => go(paths.silosNew()), disabledReason: createReason() }}
      empty={{
        title: 'No silos',
        body: 'A silo isolates its users, projects and resources from every other silo.',
      }}
      actions={(silo) => [
        {
          label: 'Delete',
          danger: true,
          disabledReason: deleteReason(),
          onSelect: () =>
            confirmDelete({ resourceKind: 'silo', name: silo.name, run: () => deleteSilo(silo) }),
        },
      ]}
    >
      <Outlet />
    </ResourceList>
  )
}
