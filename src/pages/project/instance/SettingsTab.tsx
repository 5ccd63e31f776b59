// Settings tab: the auto-restart policy and where its cooldown stands (spec section 4: a failed
// instance is due for automatic restart when auto-restart is enabled and no cooldown runs), and the
// anti-affinity groups the instance belongs to. Read-only for now.
import { useId } from 'react'
import { css } from 'styled-system/css'
import { isDueForAutoRestart } from '../../../../machines/instance.machine'
import { useList, useResource } from '../../../../storage'
import type { ApiResponse } from '../../../api/types'
import { defineColumns, ServerIcon, Skeleton } from '../../../components'
import { useRouteParams } from '../../../route-context'
import { formatDateTime } from '../../../util/date'
import { autoRestartPolicyLabel, cooldownLabel } from './helpers'
import { instanceAntiAffinityParams, instanceViewParams } from './queries'
import { section, sectionHeading, TabTable } from './shared'

type Group = ApiResponse<'instanceAntiAffinityGroupList'>['items'][number]

const row = css({
  display: 'grid',
  gridTemplateColumns: '14rem 1fr',
  gap: '4',
  py: '2.5',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
})
const label = css({ color: 'fg.muted', fontSize: 'sm' })

const groupColumns = defineColumns<Group>([
  {
    id: 'name',
    header: 'Name',
    cell: (g) => <span className={css({ fontWeight: 'medium' })}>{g.name}</span>,
    sortValue: (g) => g.name,
  },
  { id: 'policy', header: 'Policy', cell: (g) => g.policy, sortValue: (g) => g.policy },
  { id: 'domain', header: 'Failure domain', cell: (g) => g.failureDomain },
  { id: 'description', header: 'Description', cell: (g) => g.description },
])

export default function SettingsTab() {
  const ref = useRouteParams('project', 'instance')
  const restartHeading = useId()
  const view = useResource('instanceView', instanceViewParams(ref))
  const groups = useList('instanceAntiAffinityGroupList', instanceAntiAffinityParams(ref))
  const i = view.data
  return (
    <>
      <section className={section} aria-labelledby={restartHeading}>
        <h2 id={restartHeading} className={sectionHeading}>
          Auto-restart
        </h2>
        <dl className={css({ maxW: '48rem' })}>
          <div className={row}>
            <dt className={label}>Policy</dt>
            <dd>{i ? autoRestartPolicyLabel(i) : <Skeleton />}</dd>
          </div>
          <div className={row}>
            <dt className={label}>Cooldown</dt>
            <dd>{i ? cooldownLabel(i, formatDateTime) : <Skeleton />}</dd>
          </div>
          <div className={row}>
            <dt className={label}>Last automatic restart</dt>
            <dd>
              {i ? i.timeLastAutoRestarted ? formatDateTime(i.timeLastAutoRestarted) : 'Never' : <Skeleton />}
            </dd>
          </div>
          {i && isDueForAutoRestart(i) && (
            <div className={row}>
              <dt className={label}>Status</dt>
              <dd>Due for automatic restart</dd>
            </div>
          )}
        </dl>
      </section>
      <TabTable
        title="Anti-affinity groups"
        list={{ state: groups, what: 'anti-affinity groups' }}
        columns={groupColumns}
        rows={groups.data?.items ?? []}
        rowKey={(g) => g.id}
        loading={groups.isLoading}
        empty={{
          icon: <ServerIcon />,
          title: 'No anti-affinity groups',
          body: 'This instance may be placed on the same sled as any other instance.',
        }}
      />
    </>
  )
}
