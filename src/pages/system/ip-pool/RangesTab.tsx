// An IP pool's ranges (issue 15): first, last, created; Remove from the row menu, confirmed (the API
// refuses while addresses of the range are in use, and the dialog says so). `ranges-add` opens the
// range form over the tab, in its outlet.
import { defineColumns } from '../../../components'
import { createdColumn } from '../../../components/columns'
import { confirmAction } from '../../../components/confirm-queue'
import { RowMenu } from '../../../components/RowMenu'
import { type IpPoolRange, rangeText, removeRange } from '../../../forms/ip-pool'
import { useKindReason } from '../../../hooks/use-action-reason'
import { tables } from '../../../lists'
import { paths } from '../../../paths'
import { Outlet, useRouteParams } from '../../../route-context'
import { kinds } from '../../../ui/kinds'
import { ListTable } from '../../list-table'
import { mono } from '../../project/instance/shared'

const columns = defineColumns<IpPoolRange>([
  { id: 'first', header: 'First', cell: (r) => <span className={mono}>{r.range.first}</span> },
  { id: 'last', header: 'Last', cell: (r) => <span className={mono}>{r.range.last}</span> },
  createdColumn(),
])

export default function RangesTab() {
  const { pool } = useRouteParams('pool')
  const reason = useKindReason(kinds.ipPoolRange, 'changing the ranges of an IP pool')
  return (
    <>
      <ListTable
        list={tables.ipPoolRanges}
        owner="pool"
        reason={reason}
        create={{ label: 'Add range', to: paths.ipPoolRangesAdd({ pool }) }}
        columns={columns}
        rowActions={(r) => (
          <RowMenu
            of={rangeText(r.range)}
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
        skeletonRows={2}
        empty={`IP pool ${pool} has no addresses yet: add a range of them.`}
      />
      <Outlet />
    </>
  )
}
