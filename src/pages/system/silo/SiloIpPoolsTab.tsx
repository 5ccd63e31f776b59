// A silo's IP pools (issue 15): the pools linked to it, each a link to the pool's page, with its IP
// version and whether it is the silo's default; link, unlink and make default as the pool's own
// linked-silos tab does (one shape for both, ip-pool/links.tsx).
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { useList } from '../../../../storage'
import { defineColumns } from '../../../components'
import { descriptionColumn } from '../../../components/columns'
import { type SiloIpPool, siloPoolsParams, VERSION_LABELS } from '../../../forms/ip-pool'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'
import { defaultColumn, LinksTab } from '../ip-pool/links'

const columns = defineColumns<SiloIpPool>([
  {
    id: 'name',
    header: 'Name',
    nowrap: true,
    cell: (p) => (
      <Link href={paths.ipPool({ pool: p.name })} className={css({ fontWeight: 'medium' })}>
        {p.name}
      </Link>
    ),
    sortValue: (p) => p.name,
  },
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
