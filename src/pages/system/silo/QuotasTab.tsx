// Quotas tab of a silo (issue 15): for CPUs, memory and storage, the quota, what the silo's projects
// have provisioned (the silo's utilization) and what is left; Edit opens `quotas/edit` over the tab.
// Both reads go through storage, so a second visit paints offline.
import { useResource } from '../../../../storage'
import { ChartIcon, defineColumns } from '../../../components'
import { QUOTAS_WRITE, quotaRows, siloViewParams } from '../../../forms/silo'
import { useKindReason } from '../../../hooks/use-action-reason'
import { paths } from '../../../paths'
import { Outlet, useRouteParams } from '../../../route-context'
import { kinds } from '../../../ui/kinds'
import { formatBytes } from '../../../util/bytes'
import { OpenFormButton } from '../../list-table'
import { TabTable } from '../../project/instance/shared'
import { emptyOf } from '../../project/vpc/routing'

type Row = ReturnType<typeof quotaRows>[number]

const amount = (row: Row, n: number | undefined) =>
  n === undefined ? '—' : row.bytes ? formatBytes(n) : n.toLocaleString()

const columns = defineColumns<Row>([
  { id: 'resource', header: 'Resource', cell: (r) => r.resource },
  { id: 'quota', header: 'Quota', align: 'right', cell: (r) => amount(r, r.quota) },
  { id: 'provisioned', header: 'Provisioned', align: 'right', cell: (r) => amount(r, r.provisioned) },
  { id: 'available', header: 'Available', align: 'right', cell: (r) => amount(r, r.available) },
])

export default function QuotasTab() {
  const { silo } = useRouteParams('silo')
  const quotas = useResource('siloQuotasView', siloViewParams(silo))
  const utilization = useResource('siloUtilizationView', siloViewParams(silo))
  const reason = useKindReason(kinds.silo, QUOTAS_WRITE)
  const empty = emptyOf(quotas, 'quotas of this silo', {
    icon: <ChartIcon />,
    title: 'No quotas',
    body: `Silo ${silo} has no quotas.`,
  })
  return (
    <>
      <TabTable
        title="Quotas"
        actions={<OpenFormButton label="Edit quotas" to={paths.siloQuotasEdit({ silo })} reason={reason()} />}
        columns={columns}
        rows={quotas.data ? quotaRows(quotas.data, utilization.data?.provisioned) : []}
        rowKey={(r) => r.resource}
        loading={quotas.isLoading}
        skeletonRows={3}
        empty={empty}
      />
      <Outlet />
    </>
  )
}
