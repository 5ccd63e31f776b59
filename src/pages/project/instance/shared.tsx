// The one shape of a tab's table (storage, networking, settings): a titled section with its actions,
// then the list's error or offline notice when it has nothing to show yet (nothing cached for it on
// this device), else the table with its empty state; skeleton rows stand in while the first answer is
// on its way.
import { type ReactNode, useId } from 'react'
import { css } from 'styled-system/css'
import { type Column, EmptyState, Table } from '../../../components'
import { errorOrOffline, type ReadState } from '../../../ui/stand-in'

type ListState = ReadState & { data: unknown }

/** The error or offline notice that stands in for a list without data, or null when the list shows. */
export function listStandIn(list: ListState, what: string): ReactNode {
  if (list.data !== undefined) return null
  return errorOrOffline(list, `The ${what} of this instance are not cached on this device yet.`)
}

/** Why a tab's writes wait: the machine cannot answer without the instance, not read yet. */
export const INSTANCE_NOT_LOADED = 'The instance is still loading'

export const sectionHeading = css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' })
export const section = css({ mb: '8' })
export const mono = css({ fontFamily: 'mono', fontSize: 'sm' })

export const sectionHeader = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  mb: '3',
  '& h2': { mb: '0' },
})

export type TabTableProps<T> = {
  /** The section's heading and the table's accessible name. */
  title: string
  /** Buttons next to the heading (e.g. "Attach disk"). */
  actions?: ReactNode
  /** The list the rows come from, for its error and offline notice; `what` names it in the notice. */
  list?: { state: ListState; what: string }
  columns: Column<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string
  rowActions?: (row: T) => ReactNode
  loading: boolean
  skeletonRows?: number
  empty: { icon: ReactNode; title: string; body: string }
}

export function TabTable<T>(props: TabTableProps<T>) {
  const heading = useId()
  const { title, list, empty } = props
  return (
    <section className={section} aria-labelledby={heading}>
      <div className={sectionHeader}>
        <h2 id={heading} className={sectionHeading}>
          {title}
        </h2>
        {props.actions}
      </div>
      {(list && listStandIn(list.state, list.what)) ?? (
        <Table
          label={title}
          columns={props.columns}
          rows={props.rows}
          rowKey={props.rowKey}
          rowActions={props.rowActions}
          loading={props.loading}
          skeletonRows={props.skeletonRows ?? 1}
          emptyState={<EmptyState icon={empty.icon} title={empty.title} body={empty.body} />}
        />
      )}
    </section>
  )
}
