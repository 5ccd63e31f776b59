// Identity providers tab of a silo (issue 15): name (a link to the provider's read-only view), type,
// description and created. `idps-new` (a SAML provider) and `idps/saml/{provider}` open over the tab in
// its outlet. The list is read through storage, so a second visit paints offline.
import type { ListItem } from '../../../api/types'
import { defineColumns } from '../../../components'
import { descriptionColumn } from '../../../components/columns'
import { IDP_WRITE } from '../../../forms/silo'
import { useKindReason } from '../../../hooks/use-action-reason'
import { tables } from '../../../lists'
import { paths } from '../../../paths'
import { Outlet, useRouteParams } from '../../../route-context'
import { kinds } from '../../../ui/kinds'
import { createdColumn, ListTable, linkColumn } from '../../list-table'

type Provider = ListItem<'siloIdentityProviderList'>

const columnsFor = (silo: string) =>
  defineColumns<Provider>([
    linkColumn({
      name: (p) => p.name,
      href: (p) => paths.siloIdp({ silo, provider: p.name }),
      keepQuery: true,
    }),
    { id: 'type', header: 'Type', cell: (p) => p.providerType.toUpperCase() },
    descriptionColumn(),
    createdColumn(),
  ])

export default function IdpsTab() {
  const { silo } = useRouteParams('silo')
  const reason = useKindReason(kinds.identityProvider, IDP_WRITE)
  return (
    <>
      <ListTable
        list={tables.identityProviders}
        owner="silo"
        reason={reason}
        create={{ to: paths.siloIdpsNew({ silo }) }}
        columns={columnsFor(silo)}
        empty={`Silo ${silo} has no identity providers. Its users sign in through one of them.`}
      />
      <Outlet />
    </>
  )
}
