// An IP pool's ranges (issue 15): first, last, created; Remove from the row menu, confirmed (the API
// refuses while addresses of the range are in use, and the dialog says so). `ranges-add` opens the
// range form over the tab, in its outlet.
import { lazy, Suspense } from 'react'
import { useList, useResource } from '../../../../storage'
import { Button, defineColumns, NetworkingIcon } from '../../../components'
import { confirmAction } from '../../../components/confirm-queue'
import { RowMenu } from '../../../components/RowMenu'
import {
  type IpPoolRange,
  ipPoolNeed,
  poolRangesParams,
  poolViewParams,
  rangeText,
  removeRange,
} from '../../../forms/ip-pool'
import { useFleetActionReason } from '../../../hooks/use-action-reason'
import { useListGo } from '../../../hooks/use-list-go'
import { paths } from '../../../paths'
import { Outlet, useRouteParams } from '../../../route-context'
import { formatDateTime } from '../../../util/date'
import { mono, TabTable } from '../../project/instance/shared'
import { emptyOf } from '../../project/vpc/routing'

const IpRangeForm = lazy(() =>
  import('../../../forms/ip-range-form').then((m) => ({ default: m.IpRangeForm })),
)

const columns = defineColumns<IpPoolRange>([
  { id: 'first', header: 'First', cell: (r) => <span className={mono}>{r.range.first}</span> },
  { id: 'last', header: 'Last', cell: (r) => <span className={mono}>{r.range.last}</span> },
  { id: 'created', header: 'Created', cell: (r) => formatDateTime(r.timeCreated) },
])

/** `ranges-add`: the form needs the pool's version, which the page has read already. */
export function RangeAddRoute() {
  const { pool } = useRouteParams('pool')
  const go = useListGo()
  const data = useResource('systemIpPoolView', poolViewParams(pool)).data
  if (!data) return null
  return (
    <Suspense fallback={null}>
      <IpRangeForm key={pool} pool={data} onDismiss={() => go(paths.ipPoolRanges({ pool }))} />
    </Suspense>
  )
}

export default function RangesTab() {
  const { pool } = useRouteParams('pool')
  const go = useListGo()
  const ranges = useList('systemIpPoolRangeList', poolRangesParams(pool))
  const reason = useFleetActionReason(ipPoolNeed('changing the ranges of an IP pool'))
  const empty = emptyOf(ranges, 'ranges of this pool', {
    icon: <NetworkingIcon />,
    title: 'No ranges',
    body: `IP pool ${pool} has no addresses yet: add a range of them.`,
  })
  return (
    <>
      <TabTable
        title="Ranges"
        actions={
          <Button size="sm" disabledReason={reason()} onClick={() => go(paths.ipPoolRangesAdd({ pool }))}>
            Add range
          </Button>
        }
        columns={columns}
        rows={ranges.data?.items ?? []}
        rowKey={(r) => r.id}
        rowActions={(r) => (
          <RowMenu
            label={`Actions for ${rangeText(r.range)}`}
            items={() => [
              {
                label: 'Remove',
                danger: true,
                disabledReason: reason(),
                onSelect: () =>
                  confirmAction({
                    title: 'Remove range',
                    content: `Remove ${rangeText(r.range)} from IP pool ${pool}? Its addresses can no longer be allocated.`,
                    actionLabel: 'Remove',
                    actionType: 'danger',
                    errorTitle: `Could not remove ${rangeText(r.range)}`,
                    run: () => removeRange(pool, r),
                  }),
              },
            ]}
          />
        )}
        loading={ranges.isLoading}
        skeletonRows={2}
        empty={empty}
      />
      <Outlet />
    </>
  )
}
