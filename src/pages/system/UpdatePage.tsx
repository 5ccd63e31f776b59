// The system software's update (REFERENCE-INVENTORY "System update"; spec section 1 counts updates
// among the system resources): the target release the rack moves towards and when it was set, how many
// components run which release, whether automatic update is suspended or needs Oxide support, and the
// releases uploaded to the rack, newest first. A fleet admin makes a release the target from its row;
// the target itself and older releases are refused with the reason (the API refuses a downgrade).
import { useMemo } from 'react'
import { css } from 'styled-system/css'
import { invalidate, mutate, useList, useResource } from '../../../storage'
import { unwrap } from '../../api/errors'
import { Badge } from '../../components/Badge'
import { CacheStatus } from '../../components/CacheStatus'
import { CopyButton } from '../../components/CopyButton'
import { confirmAction } from '../../components/confirm-queue'
import { Detail, Details } from '../../components/Details'
import { PageHeader } from '../../components/PageHeader'
import { RowMenu } from '../../components/RowMenu'
import { defineColumns } from '../../components/Table'
import { toast } from '../../components/toast-queue'
import { useKindReason } from '../../hooks/use-action-reason'
import { tables } from '../../lists'
import { kinds } from '../../ui/kinds'
import { ResourceFallback } from '../../ui/ResourceFallback'
import { formatDateTime } from '../../util/date'
import { ListTable } from '../list-table'
import {
  componentCounts,
  progressText,
  type Release,
  SET_TARGET,
  targetRefusal,
  type UpdateStatus,
} from './update'

const note = css({ bg: 'notice.bg', color: 'notice.fg', p: '3', borderRadius: 'md', fontSize: 'sm', mb: '4' })
const countList = css({ display: 'grid', gap: '1', fontSize: 'sm' })

/** PUTs the target release and reads the status again, also after a refusal: the target may have
 * moved meanwhile (from another session), and the refusal speaks of the new one. */
async function setTarget(version: string): Promise<void> {
  const status = [{ endpoint: 'systemUpdateStatus' as const }]
  const result = await mutate(
    'targetReleaseUpdate',
    { body: { systemVersion: version } },
    { invalidates: status },
  )
  // A refusal, not a request that got no answer (nothing new to read then).
  if (result.type !== 'success' && !(result.type === 'client_error' && result.network))
    void invalidate(status)
  unwrap(result)
  toast.success(`Target release set to ${version}`)
}

export function StatusDetails({ status }: { status: UpdateStatus }) {
  const target = status.targetRelease?.version ?? null
  const counts = componentCounts(status.componentsByReleaseVersion, target)
  return (
    <>
      {status.contactSupport && (
        <p role="note" className={note}>
          The system has found a condition that needs Oxide support. Contact support before you update, or
          once the update has finished.
        </p>
      )}
      {status.suspended && (
        <p role="note" className={note}>
          Automatic update is suspended after a manual change to the system software. To resume it, upload the
          release that was applied by hand and make it the target release.
        </p>
      )}
      <Details>
        <Detail label="Target release">
          {status.targetRelease ? (
            <>
              <span className={css({ fontFamily: 'mono' })}>{status.targetRelease.version}</span>
              <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>
                Set {formatDateTime(status.targetRelease.timeRequested)}
              </span>
            </>
          ) : (
            'None set: the system does not manage its software versions'
          )}
        </Detail>
        <Detail label="Automatic update">
          {status.suspended ? <Badge color="notice">Suspended</Badge> : <Badge color="green">Active</Badge>}
        </Detail>
        <Detail label="Last planned step">{formatDateTime(status.timeLastStepPlanned)}</Detail>
        <Detail label="Components by release">
          <span className={css({ display: 'block', fontSize: 'sm', mb: '1' })}>
            {progressText(counts, target)}
          </span>
          <ul className={countList}>
            {counts.map((c) => (
              <li key={c.version}>
                <span className={c.label === c.version ? css({ fontFamily: 'mono' }) : undefined}>
                  {c.label}
                </span>
                : {c.count} {c.isTarget && <Badge color="blue">Target</Badge>}
              </li>
            ))}
          </ul>
        </Detail>
      </Details>
    </>
  )
}

const versionCell = css({ display: 'inline-flex', gap: '2', alignItems: 'center' })
const hashCell = css({ display: 'inline-flex', gap: '1', alignItems: 'center' })
const mono = css({ fontFamily: 'mono' })
const hashText = css({ fontFamily: 'mono', fontSize: 'xs' })

/** The releases' columns; `target` marks the target's row. Built once per target, not per render. */
const columnsFor = (target: string | null | undefined) =>
  defineColumns<Release>([
    {
      id: 'version',
      header: 'Version',
      cell: (r) => (
        <span className={versionCell}>
          <span className={mono}>{r.systemVersion}</span>
          {r.systemVersion === target && <Badge color="blue">Target</Badge>}
        </span>
      ),
    },
    { id: 'file', header: 'File name', cell: (r) => r.fileName },
    {
      id: 'hash',
      header: 'Hash',
      // The start of the hash tells releases apart; the button copies all 64 digits.
      cell: (r) => (
        <span className={hashCell}>
          <span className={hashText} title={r.hash}>
            {r.hash.slice(0, 12)}…
          </span>
          <CopyButton value={r.hash} label={`hash of ${r.systemVersion}`} />
        </span>
      ),
    },
    { id: 'uploaded', header: 'Uploaded', cell: (r) => formatDateTime(r.timeCreated) },
  ])

export default function UpdatePage() {
  const status = useResource('systemUpdateStatus', {})
  // The table reads the same key; the header's refresh reads both again.
  const releases = useList(tables.releases.endpoint, tables.releases.params({}))
  const reason = useKindReason(kinds.release, 'changing the target release')
  // Undefined while the status is not known: no release can be judged against the target yet.
  const target = status.data ? (status.data.targetRelease?.version ?? null) : undefined
  const columns = useMemo(() => columnsFor(target), [target])
  const setTargetItem = (r: Release) => ({
    label: SET_TARGET,
    disabledReason: reason(targetRefusal(r.systemVersion, target)),
    onSelect: () =>
      confirmAction({
        title: 'Set target release',
        content: `Make ${r.systemVersion} the target release? The system starts updating its software to it, and cannot go back to an older release afterwards.`,
        actionLabel: 'Set as target',
        actionType: 'primary',
        errorTitle: 'Could not set the target release',
        run: () => setTarget(r.systemVersion),
      }),
  })
  return (
    <>
      <PageHeader
        title="System update"
        icon={kinds.release.icon}
        actions={
          <CacheStatus
            {...status}
            onRefresh={() => void Promise.all([status.refresh(), releases.refresh()])}
          />
        }
      />
      {status.data ? (
        <StatusDetails status={status.data} />
      ) : (
        <ResourceFallback
          view={status}
          offlineBody="The system's update status is not cached on this device."
        />
      )}
      <ListTable
        list={tables.releases}
        columns={columns}
        rowKey={(r) => r.systemVersion}
        rowActions={(r) => <RowMenu of={r.systemVersion} items={() => [setTargetItem(r)]} />}
        owner="system"
        empty="No release has been uploaded to the rack yet. Upload a release's TUF repository with the Oxide CLI."
      />
    </>
  )
}
