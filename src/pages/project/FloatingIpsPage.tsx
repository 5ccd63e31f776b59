// Floating IPs of a project: name, IP (with copy), pool and attached instance (both named by id, read
// through storage so a second visit paints them from the cache), description. Row actions: edit,
// attach to a running or stopped instance, detach, delete; attach and delete need a detached floating
// IP, detach an attached one, and each says why otherwise. The create form (`floating-ips-new`) and the
// edit form (`floating-ips/{floatingIp}/edit`) are child routes over the list; attaching opens a side
// modal of the list itself, as it has no URL of its own.
import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { useResource } from '../../../storage'
import type { FloatingIp } from '../../api/types'
import { CopyButton } from '../../components'
import { Absent } from '../../components/Absent'
import { descriptionColumn, nameColumn } from '../../components/columns'
import { confirmAction } from '../../components/confirm-queue'
import { AfterPaint, ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { toast } from '../../components/toast-queue'
import {
  deleteFloatingIp,
  detachFloatingIp,
  type FloatingIpAction,
  floatingIpRefusal,
} from '../../forms/floating-ip'
import { useKindReason } from '../../hooks/use-action-reason'
import { lists } from '../../lists'
import { paths } from '../../paths'
import { useRouteParams } from '../../route-context'
import { InstanceLink } from '../../ui/by-id'
import { kinds } from '../../ui/kinds'

const mono = css({ fontFamily: 'mono', fontSize: 'xs' })

function PoolName({ id }: { id: string }) {
  const name = useResource('ipPoolView', { path: { pool: id } }).data?.name
  return name ? <span>{name}</span> : <span className={mono}>{id}</span>
}

const columnsFor = (project: string) =>
  defineColumns<FloatingIp>([
    nameColumn(),
    {
      id: 'ip',
      header: 'IP',
      cell: (f) => (
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
          <span className={mono}>{f.ip}</span>
          <CopyButton value={f.ip} label={`IP address ${f.ip}`} />
        </span>
      ),
    },
    {
      id: 'pool',
      header: 'IP pool',
      cell: (f) => <AfterPaint>{() => <PoolName id={f.ipPoolId} />}</AfterPaint>,
    },
    {
      id: 'instance',
      header: 'Instance',
      cell: (f) =>
        f.instanceId ? (
          <AfterPaint>{() => <InstanceLink id={f.instanceId as string} project={project} />}</AfterPaint>
        ) : (
          <Absent label="Not attached" />
        ),
    },
    descriptionColumn(),
  ])

// The attach form loads when it is opened, not with the list.
const AttachForm = lazy(() =>
  import('../../forms/floating-ip-attach').then((m) => ({ default: m.FloatingIpAttachForm })),
)

export default function FloatingIpsPage() {
  const { project } = useRouteParams('project')
  const reason = useKindReason(kinds.floatingIp, 'managing floating IPs')
  const why = (f: FloatingIp, action: FloatingIpAction) => reason(floatingIpRefusal(f, action))
  const [attaching, setAttaching] = useState<FloatingIp | null>(null)
  return (
    <ResourceList
      list={lists.floatingIps}
      columns={columnsFor(project)}
      reason={reason}
      create={{ to: paths.floatingIpsNew({ project }) }}
      empty={`Project ${project} has no floating IPs yet. A floating IP keeps its address while it moves between instances.`}
      edit={{ to: (f) => paths.floatingIpEdit({ project, floatingIp: f.name }), keepQuery: true }}
      actions={(f) => [
        { label: 'Attach to an instance', disabledReason: why(f, 'attach'), onSelect: () => setAttaching(f) },
        {
          label: 'Detach',
          disabledReason: why(f, 'detach'),
          onSelect: () =>
            confirmAction({
              title: `Detach ${f.name}`,
              content: `Detach ${f.name} (${f.ip}) from its instance? The floating IP stays in the project.`,
              actionLabel: 'Detach',
              actionType: 'primary',
              errorTitle: `Could not detach ${f.name}`,
              run: () => detachFloatingIp(f).then(() => toast.success(`Floating IP ${f.name} detached`)),
            }),
        },
      ]}
      remove={{ run: deleteFloatingIp, refusal: (f) => floatingIpRefusal(f, 'delete') }}
    >
      {attaching && (
        <Suspense fallback={null}>
          <AttachForm
            project={project}
            fip={attaching}
            disabledReason={why(attaching, 'attach')}
            onDismiss={() => setAttaching(null)}
          />
        </Suspense>
      )}
    </ResourceList>
  )
}
