// A silo's page (issue 15): what the silo is (ID, identity mode, discoverable, admin group, created,
// description) with Delete, and its tabs, each a child route shown through the outlet: identity
// providers, IP pools, quotas and fleet roles. A delete lands on the silos list. A silo that does not
// exist is Page not found; offline with nothing cached says so instead of claiming it is gone.
import { Detail, Details, IdValue } from '../../../components/Details'
import { EditDeleteActions, ResourcePage } from '../../../components/ResourcePage'
import { deleteSilo, identityModeLabel, type Silo, siloNeed, siloViewParams } from '../../../forms/silo'
import { useFleetActionReason } from '../../../hooks/use-action-reason'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'
import { kinds } from '../../../ui/kinds'
import { formatDateTime } from '../../../util/date'

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
  return (
    <ResourcePage
      endpoint="siloView"
      params={siloViewParams(silo)}
      kind={kinds.silo}
      actions={(data) => <SiloDelete silo={data} />}
      tabs={(data) => siloTabs(data.name)}
    >
      {(data) => (
        <Details>
          <Detail label="ID">
            <IdValue id={data.id} label="silo ID" />
          </Detail>
          <Detail label="Identity mode">{identityModeLabel(data.identityMode)}</Detail>
          <Detail label="Discoverable">{data.discoverable ? 'Yes' : 'No'}</Detail>
          <Detail label="Admin group">{data.adminGroupName || 'None'}</Detail>
          <Detail label="Created">{formatDateTime(data.timeCreated)}</Detail>
          {data.description && <Detail label="Description">{data.description}</Detail>}
        </Details>
      )}
    </ResourcePage>
  )
}

/** Delete, once the silo is known: it lands on the silos list. */
function SiloDelete({ silo }: { silo: Silo }) {
  const reason = useFleetActionReason(siloNeed('deleting a silo'))
  return (
    <EditDeleteActions
      kind={kinds.silo}
      name={silo.name}
      remove={{ run: () => deleteSilo(silo), after: paths.silos(), reason: reason() }}
    />
  )
}
