// Identity providers tab of a silo (issue 15): name (a link to the provider's read-only view), type,
// description and created. `idps-new` (a SAML provider) and `idps/saml/{provider}` open over the tab in
// its outlet. The list is read through storage, so a second visit paints offline.
import { lazy, Suspense } from 'react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { useList } from '../../../../storage'
import type { ListItem } from '../../../api/types'
import { Button, defineColumns, KeyIcon } from '../../../components'
import { idpListParams, siloNeed } from '../../../forms/silo'
import { useFleetActionReason } from '../../../hooks/use-action-reason'
import { useListGo } from '../../../hooks/use-list-go'
import { paths } from '../../../paths'
import { Outlet, useRouteParams } from '../../../route-context'
import { formatDateTime } from '../../../util/date'
import { TabTable } from '../../project/instance/shared'
import { emptyOf } from '../../project/vpc/routing'

const IdpCreateForm = lazy(() =>
  import('../../../forms/idp-form').then((m) => ({ default: m.IdpCreateForm })),
)
const IdpView = lazy(() => import('../../../forms/idp-form').then((m) => ({ default: m.IdpView })))

type Provider = ListItem<'siloIdentityProviderList'>

const columnsFor = (silo: string) =>
  defineColumns<Provider>([
    {
      id: 'name',
      header: 'Name',
      cell: (p) => (
        <Link
          href={paths.siloIdp({ silo, provider: p.name })}
          className={css({ fontWeight: 'medium', _hover: { textDecoration: 'underline' } })}
        >
          {p.name}
        </Link>
      ),
      sortValue: (p) => p.name,
    },
    { id: 'type', header: 'Type', cell: (p) => p.providerType.toUpperCase() },
    { id: 'description', header: 'Description', cell: (p) => p.description },
    {
      id: 'created',
      header: 'Created',
      cell: (p) => formatDateTime(p.timeCreated),
      sortValue: (p) => p.timeCreated,
    },
  ])

/** Back to the providers tab, keeping its query. */
function useBackToTab() {
  const { silo } = useRouteParams('silo')
  const go = useListGo()
  return { silo, back: () => go(paths.siloIdps({ silo })) }
}

/** `idps-new`, in the tab's outlet. */
export function IdpCreateRoute() {
  const { silo, back } = useBackToTab()
  return (
    <Suspense fallback={null}>
      <IdpCreateForm silo={silo} onDismiss={back} />
    </Suspense>
  )
}

/** `idps/saml/{provider}`, in the tab's outlet. */
export function IdpViewRoute() {
  const { silo, back } = useBackToTab()
  const { provider } = useRouteParams('provider')
  return (
    <Suspense fallback={null}>
      <IdpView key={provider} silo={silo} provider={provider} onDismiss={back} />
    </Suspense>
  )
}

export default function IdpsTab() {
  const { silo } = useRouteParams('silo')
  const go = useListGo()
  const list = useList('siloIdentityProviderList', idpListParams(silo))
  const createReason = useFleetActionReason(siloNeed('adding an identity provider'))
  const empty = emptyOf(list, 'identity providers of this silo', {
    icon: <KeyIcon />,
    title: 'No identity providers',
    body: `Silo ${silo} has no identity providers. Its users sign in through one of them.`,
  })
  return (
    <>
      <TabTable
        title="Identity providers"
        actions={
          <Button size="sm" disabledReason={createReason()} onClick={() => go(paths.siloIdpsNew({ silo }))}>
            New identity provider
          </Button>
        }
        columns={columnsFor(silo)}
        rows={list.data?.items ?? []}
        rowKey={(p) => p.id}
        loading={list.isLoading}
        empty={empty}
      />
      <Outlet />
    </>
  )
}
