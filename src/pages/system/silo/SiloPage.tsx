// A silo's page (issue 15): what the silo is (ID, identity mode, discoverable, admin group, created,
// description) with Delete, and its tabs, each a child route shown through the outlet: identity
// providers, IP pools, quotas and fleet roles. A delete lands on the silos list. A silo that does not
// exist is Page not found; offline with nothing cached says so instead of claiming it is gone.
import { Detail, Details, IdValue } from '../../../components/Details'
import { ResourcePage } from '../../../components/ResourcePage'
import { deleteSilo, identityModeLabel } from '../../../forms/silo'
import { views } from '../../../lists'
import { paths } from '../../../paths'
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
  return (
    <ResourcePage
      resource={views.silo}
      remove={{ run: deleteSilo, after: paths.silos() }}
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
