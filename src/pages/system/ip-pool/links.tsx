// The one shape of a tab of pool<->silo links (issue 15), seen from either side: a pool's linked silos
// and a silo's IP pools. A table with a default badge, "Link …" opening the shared link form, and per
// row Make default, Clear default and Unlink, each confirmed (the API's refusal, such as addresses in
// use, is shown). Write controls take their reason from useKindReason: offline, then the fleet role,
// then why the row refuses (it is the default already, or it is not the default).
import { lazy, Suspense, useState } from 'react'
import { Badge, Button, type Column, NetworkingIcon } from '../../../components'
import { confirmAction } from '../../../components/confirm-queue'
import { RowMenu } from '../../../components/RowMenu'
import { type LinkEnds, type LinkFrom, setDefault, unlinkPool } from '../../../forms/ip-pool'
import { useKindReason } from '../../../hooks/use-action-reason'
import { kinds } from '../../../ui/kinds'
import { TabTable } from '../../project/instance/shared'
import { emptyOf } from '../../project/vpc/routing'

/** A link as a row shows it: both ends (by name or id, for the API), their names, and the flag. */
export type LinkRow = { ends: LinkEnds; poolName: string; siloName: string; isDefault: boolean }

export const defaultColumn = <T,>(isDefault: (row: T) => boolean): Column<T> => ({
  id: 'default',
  header: 'Default',
  cell: (row) => (isDefault(row) ? <Badge color="blue">default</Badge> : null),
})

export const ALREADY_DEFAULT = 'Already the default pool of this silo'
const NOT_DEFAULT = 'Not the default pool of this silo'

function linkItems(link: LinkRow, why: (refusal?: string | null) => string | undefined) {
  const { poolName, siloName, ends } = link
  return [
    {
      label: 'Make default',
      disabledReason: why(link.isDefault ? ALREADY_DEFAULT : null),
      onSelect: () =>
        confirmAction({
          title: 'Make default',
          content: `Make ${poolName} the default IP pool of silo ${siloName}? The silo's current default of the same IP version and type stays linked, no longer the default.`,
          actionLabel: 'Make default',
          actionType: 'primary',
          errorTitle: `Could not make ${poolName} the default of ${siloName}`,
          run: () => setDefault(ends, true, `${poolName} is now the default IP pool of ${siloName}`),
        }),
    },
    {
      label: 'Clear default',
      disabledReason: why(link.isDefault ? null : NOT_DEFAULT),
      onSelect: () =>
        confirmAction({
          title: 'Clear default',
          content: `Stop ${poolName} being the default IP pool of silo ${siloName}? The pool stays linked. Until another pool is made default, instances and floating IPs in the silo get an address only from a pool they name.`,
          actionLabel: 'Clear default',
          actionType: 'primary',
          errorTitle: `Could not clear the default of ${siloName}`,
          run: () => setDefault(ends, false, `${poolName} is no longer the default IP pool of ${siloName}`),
        }),
    },
    {
      label: 'Unlink',
      danger: true,
      disabledReason: why(),
      onSelect: () =>
        confirmAction({
          title: 'Unlink',
          content: `Unlink IP pool ${poolName} from silo ${siloName}? The silo's projects can no longer take addresses from it.`,
          actionLabel: 'Unlink',
          actionType: 'danger',
          errorTitle: `Could not unlink ${poolName} from ${siloName}`,
          run: () => unlinkPool(ends, `${poolName} unlinked from ${siloName}`),
        }),
    },
  ]
}

type ListState<T> = Parameters<typeof emptyOf>[0] & { data: { items: readonly T[] } | undefined }

/**
 * What a tab says from each side: its heading, what its rows are (for the notices), what "Link …"
 * picks, the empty state's body, and which end names a row's menu (the other side's).
 */
function sideOf(from: LinkFrom) {
  if ('pool' in from)
    return {
      title: 'Linked silos',
      what: 'silos linked to this pool',
      picks: 'silo',
      emptyBody: `No silo takes addresses from ${from.pool} yet.`,
      rowName: (l: LinkRow) => l.siloName,
    }
  return {
    title: 'IP pools',
    what: 'IP pools of this silo',
    picks: 'IP pool',
    emptyBody: `Silo ${from.silo} has no IP pools: its instances get no external addresses until one is linked.`,
    rowName: (l: LinkRow) => l.poolName,
  }
}

// The form loads when it is first opened.
const IpPoolLinkForm = lazy(() =>
  import('../../../forms/ip-pool-link').then((m) => ({ default: m.IpPoolLinkForm })),
)

export function LinksTab<T>({
  from,
  list,
  columns,
  link,
}: {
  from: LinkFrom
  /** The links as the tab reads them: a page of its list endpoint. */
  list: ListState<T>
  columns: Column<T>[]
  link: (row: T) => LinkRow
}) {
  const reason = useKindReason(kinds.ipPool, 'changing the links of IP pools and silos')
  const [linking, setLinking] = useState(false)
  const { title, what, picks, emptyBody, rowName } = sideOf(from)
  const empty = emptyOf(list, what, {
    icon: <NetworkingIcon />,
    title: `No linked ${picks}s`,
    body: emptyBody,
  })
  return (
    <>
      <TabTable
        title={title}
        actions={
          <Button size="sm" disabledReason={reason()} onClick={() => setLinking(true)}>
            Link {picks}
          </Button>
        }
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(row) => {
          const { ends } = link(row)
          return `${ends.pool}/${ends.silo}`
        }}
        rowActions={(row) => {
          const l = link(row)
          return <RowMenu of={rowName(l)} items={() => linkItems(l, reason)} />
        }}
        loading={list.isLoading}
        skeletonRows={2}
        empty={empty}
      />
      {linking && (
        <Suspense fallback={null}>
          <IpPoolLinkForm from={from} onDismiss={() => setLinking(false)} />
        </Suspense>
      )}
    </>
  )
}
