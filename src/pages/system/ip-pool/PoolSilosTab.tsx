// An IP pool's linked silos (issue 15): each silo by name (a link to its page; the links name silos
// by id, read against the silo list the link form offers too) and whether the pool is its default.
import { useList } from '../../../../storage'
import { defineColumns } from '../../../components'
import { allSilosParams, type IpPoolSiloLink, poolSilosParams } from '../../../forms/ip-pool'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'
import { NameLink } from '../../../ui/by-id'
import { defaultColumn, LinksTab } from './links'

export default function PoolSilosTab() {
  const { pool } = useRouteParams('pool')
  const links = useList('systemIpPoolSiloList', poolSilosParams(pool))
  const silos = useList('siloList', allSilosParams)
  const nameOf = (id: string) => silos.data?.items.find((s) => s.id === id)?.name
  const columns = defineColumns<IpPoolSiloLink>([
    {
      id: 'silo',
      header: 'Silo',
      cell: (l) => {
        const name = nameOf(l.siloId)
        return <NameLink id={l.siloId} name={name} href={name && paths.silo({ silo: name })} />
      },
    },
    defaultColumn((l) => l.isDefault),
  ])
  return (
    <LinksTab
      from={{ pool }}
      list={links}
      columns={columns}
      link={(l) => {
        const siloName = nameOf(l.siloId) ?? l.siloId
        return { ends: { pool, silo: l.siloId }, poolName: pool, siloName, isDefault: l.isDefault }
      }}
    />
  )
}
