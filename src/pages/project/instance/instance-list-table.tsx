// A table of an instance's tab over one list of the instance (its network interfaces, its external IPs,
// its anti-affinity groups): the list's items, skeleton rows while the first answer is on its way, and
// the list's error or offline notice in the table's place (shared.tsx's listStandIn). Each tab gave
// TabTable these three from the same list by hand.
import type { TabTableProps } from './shared'
import { TabTable } from './shared'

type ListRead<T> = NonNullable<TabTableProps<T>['list']>['state'] & {
  data: { items: readonly T[] } | undefined
}

export function InstanceListTable<T>({
  list,
  what,
  ...table
}: Omit<TabTableProps<T>, 'list' | 'rows' | 'loading'> & {
  list: ListRead<T>
  /** What the rows are, for the offline notice ("network interfaces"). */
  what: string
}) {
  return (
    <TabTable
      {...table}
      list={{ state: list, what }}
      rows={list.data?.items ?? []}
      loading={list.isLoading}
    />
  )
}
