// The instance page (issue 12): a header with what the instance is (state, size, names, ID, age) and
// its tabs, each a child route shown through the outlet, and the instance machine's actions
// (InstanceActions.tsx). While the state is on its way somewhere (starting, stopping...) the page polls
// the instance through storage, so the badge moves on, and the actions follow it, without a reload;
// every other view of the instance (the list row) agrees.
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { isTransitional } from '../../../../machines/instance.states'
import type { Instance } from '../../../api/types'
import { Badge } from '../../../components'
import { Detail, Details, monoValue } from '../../../components/Details'
import { IdentityDetails, ResourcePage } from '../../../components/ResourcePage'
import { InstanceGuard } from '../../../layouts/InstanceGuard'
import { views } from '../../../lists'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'
import { instanceBadgeColor } from '../../../ui/badges'
import { instanceIsMoving } from '../../../ui/row-state'
import { formatBytes } from '../../../util/bytes'
import { formatDateTime, formatDuration } from '../../../util/date'
import { ExternalIps } from './ExternalIps'
import { InstanceActions } from './InstanceActions'
import { PrimaryVpc } from './names'

/** Re-renders every `ms`, so a "time in state" keeps counting between polls. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(t)
  }, [ms])
  return now
}

export function InstanceStateBadge({ instance }: { instance: Instance }) {
  const now = useNow(15_000)
  const state = instance.runState
  return (
    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
      <Badge color={instanceBadgeColor[state]} spinner={isTransitional(state)}>
        {state}
      </Badge>
      <span
        className={css({ color: 'fg.muted', fontSize: 'xs' })}
        title={formatDateTime(instance.timeRunStateUpdated)}
      >
        for {formatDuration(now - instance.timeRunStateUpdated.getTime())}
      </span>
    </span>
  )
}

function InstanceProps({ project, instance }: { project: string; instance: Instance }) {
  return (
    <Details>
      <Detail label="State">
        <InstanceStateBadge instance={instance} />
      </Detail>
      <Detail label="vCPUs">{instance.ncpus}</Detail>
      <Detail label="Memory">{formatBytes(instance.memory)}</Detail>
      <Detail label="Hostname">
        <span className={monoValue}>{instance.hostname}</span>
      </Detail>
      <Detail label="VPC">
        <PrimaryVpc project={project} instance={instance.name} />
      </Detail>
      <Detail label="External IPs">
        <ExternalIps project={project} instance={instance.name} />
      </Detail>
      <IdentityDetails of={instance} idLabel="instance ID" />
    </Details>
  )
}

function InstanceView({ project, instance }: { project: string; instance: string }) {
  const ref = { project, instance }
  return (
    <ResourcePage
      resource={views.instance}
      isMoving={instanceIsMoving}
      // Changes made elsewhere (the CLI, another tab) show within a minute.
      idlePoll
      actions={(data) => <InstanceActions project={project} instance={data} />}
      tabs={() => [
        { label: 'Storage', href: paths.instanceStorage(ref) },
        { label: 'Networking', href: paths.instanceNetworking(ref) },
        { label: 'Metrics', href: paths.instanceMetrics(ref) },
        { label: 'Connect', href: paths.instanceConnect(ref) },
        { label: 'Settings', href: paths.instanceSettings(ref) },
      ]}
    >
      {(data) => <InstanceProps project={project} instance={data} />}
    </ResourcePage>
  )
}

export default function InstancePage() {
  const { project, instance } = useRouteParams('project', 'instance')
  return (
    <InstanceGuard project={project} instance={instance}>
      {/* Keyed: another instance is another page (its own poll, its own tab list ids). */}
      <InstanceView key={`${project}/${instance}`} project={project} instance={instance} />
    </InstanceGuard>
  )
}
