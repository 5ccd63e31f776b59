import { useList } from '../../../../storage'
import { defineColumns } from '../../../components'
import { descriptionColumn, nameColumn } from '../../../components/columns'
import { type SiloIpPool, siloPoolsParams, VERSION_LABELS } from '../../../forms/ip-pool'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'
import { defaultColumn, LinksTab } from '../ip-pool/links'

const columns = defineColumns<SiloIpPool>([
  nameColumn({ href: (p) => paths.ipPool({ pool: p.name }), sortLocally: true }),
  { id: 'version', header: 'IP version', cell: (p) => VERSION_LABELS[p.ipVersion] },
  defaultColumn((p) => p.isDefault),
  descriptionColumn(),
])

export default function SiloIpPoolsTab() {
  const { silo } = useRouteParams('silo')
  const pools = useList('siloIpPoolList', siloPoolsParams(silo))
  return (
    <LinksTab
      from={{ silo }}
      list={pools}
      columns={columns}
      link={(p) => ({ ends: { pool: p.id, silo }, poolName: p.name, siloName: silo, isDefault: p.isDefault })}
    />
  )
}
