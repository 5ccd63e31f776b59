// An IP pool's page (issue 15): what the pool is (IP version, type, addresses used and remaining, ID,
// created, description) with Edit and Delete, then its tabs, ranges and linked silos, each a child
// route in the outlet; the edit form opens there too. A rename moves to the new name's page; a delete
// lands on the list (refused while the pool has ranges: the dialog shows why). An unknown pool is Page
// not found; offline with nothing cached says so instead.
import { Detail, Details } from '../../../components/Details'
import { IdentityDetails, ResourcePage } from '../../../components/ResourcePage'
import { deletePool, POOL_TYPE_LABELS, VERSION_LABELS } from '../../../forms/ip-pool'
import { views } from '../../../lists'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'
import { PoolUsage } from './usage'

/** The pool's tabs; ranges also claims its add form's path. */
export const poolTabs = (pool: string) => [
  { label: 'Ranges', href: paths.ipPoolRanges({ pool }), also: [paths.ipPoolRangesAdd({ pool })] },
  { label: 'Linked silos', href: paths.ipPoolSilos({ pool }) },
]

export default function IpPoolPage() {
  const { pool } = useRouteParams('pool')
  return (
    <ResourcePage
      resource={views.ipPool}
      edit={{ to: (data) => paths.ipPoolEdit({ pool: data.name }) }}
      remove={{ run: deletePool, after: paths.ipPools() }}
      tabs={() => poolTabs(pool)}
    >
      {(data) => (
        <Details>
          <Detail label="IP version">{VERSION_LABELS[data.ipVersion]}</Detail>
          <Detail label="Pool type">{POOL_TYPE_LABELS[data.poolType]}</Detail>
          <Detail label="Addresses used / remaining">
            <PoolUsage pool={pool} />
          </Detail>
          <IdentityDetails of={data} idLabel="IP pool ID" />
        </Details>
      )}
    </ResourcePage>
  )
}
