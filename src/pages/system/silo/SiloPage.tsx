// A silo's page (issue 15): what the silo is (ID, identity mode, discoverable, admin group, created,
// description) with Delete, and its tabs, each a child route shown through the outlet: identity
// providers, IP pools, quotas and fleet roles. A delete lands on the silos list. A silo that does not
// exist is Page not found; offline with nothing cached says so instead of claiming it is gone.
import { useLocation } from 'wouter'
import { useResource } from '../../../../storage'
import { Button, CloudIcon, PageHeader, RouteTabs } from '../../../components'
import { CacheStatus } from '../../../components/CacheStatus'
import { confirmDelete } from '../../../components/confirm-queue'
import { Detail, Details, IdValue } from '../../../components/Details'
import { deleteSilo, identityModeLabel, type Silo, siloNeed, siloViewParams } from '../../../forms/silo'
import { useFleetActionReason } from '../../../hooks/use-action-reason'
import { paths } from '../../../paths'
import { Outlet, useRouteParams } from '../../../route-context'
import { ResourceFallback } from '../../../ui/ResourceFallback'
import { formatDateTime } from '../../../util/date'
import { NotFoundPage } from '../../NotFoundPage'

/** The tabs of a silo; each also claims its forms' paths that sit beside it. */
export function siloTabs(silo: string) {
  const ref = { silo }
  return [
    { label: 'Identity providers', href: paths.siloIdps(ref), also: [paths.siloIdpsNew(ref)] },
    { label: 'IP pools', href: paths.siloIpPools(ref) },
    { label: 'Quotas', href: paths.siloQuotas(ref) },
    { label: 'Fleet roles', href: paths.siloFleetRoles(ref) },
  ]
}

export default function SiloPage() {
  const { silo } = useRouteParams('silo')
  const view = useResource('siloView', siloViewParams(silo))
  const data = view.data
  if (!data && view.error?.kind === 'not_found') return <NotFoundPage />
  // Delete once the silo is known, then how fresh the copy shown is.
  const actions = (
    <>
      {data && <SiloDelete silo={data} />}
      <CacheStatus {...view} onRefresh={() => void view.refresh()} />
    </>
  )
  return (
    <>
      <PageHeader title={data?.name ?? silo} icon={<CloudIcon />} actions={actions} />
      {data ? (
        <SiloBody silo={data} />
      ) : (
        <ResourceFallback
          view={view}
          offlineBody={`Silo ${silo} is not cached on this device yet. It shows here once the connection is back.`}
        />
      )}
    </>
  )
}

function SiloBody({ silo }: { silo: Silo }) {
  return (
    <>
      <Details>
        <Detail label="ID">
          <IdValue id={silo.id} label="silo ID" />
        </Detail>
        <Detail label="Identity mode">{identityModeLabel(silo.identityMode)}</Detail>
        <Detail label="Discoverable">{silo.discoverable ? 'Yes' : 'No'}</Detail>
        <Detail label="Admin group">{silo.adminGroupName || 'None'}</Detail>
        <Detail label="Created">{formatDateTime(silo.timeCreated)}</Detail>
        {silo.description && <Detail label="Description">{silo.description}</Detail>}
      </Details>
      <RouteTabs label={`Silo ${silo.name}`} tabs={siloTabs(silo.name)}>
        <Outlet />
      </RouteTabs>
    </>
  )
}

function SiloDelete({ silo }: { silo: Silo }) {
  const [, navigate] = useLocation()
  const reason = useFleetActionReason(siloNeed('deleting a silo'))
  const remove = async () => {
    await deleteSilo(silo)
    navigate(paths.silos())
  }
  return (
    <Button
      size="sm"
      variant="danger"
      disabledReason={reason()}
      onClick={() => confirmDelete({ resourceKind: 'silo', name: silo.name, run: remove })}
    >
      Delete
    </Button>
  )
}
