// Networking tab: the instance's network interfaces (VPC, subnet, private IP, transit IPs, primary)
// and its external IPs (ephemeral, floating and the SNAT address). VPC, subnet and pool names are read
// by id through storage, so a second visit paints them from the cache too.
// Interfaces are added, edited, made primary and deleted only on a stopped instance (spec section 4,
// "update network interface"; the API holds adding and deleting to the same rule): the machine's
// UPDATE_NIC refusal says why otherwise. External IPs attach and detach on a running or stopped
// instance; no machine event covers them, so only offline and the role disable them.
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { useList, useResource } from '../../../../storage'
import type { Instance } from '../../../api/types'
import { Badge, defineColumns, NetworkingIcon, toast } from '../../../components'
import { Absent } from '../../../components/Absent'
import { CopyableValue } from '../../../components/CopyableValue'
import { nameColumn } from '../../../components/columns'
import { confirmAction, confirmDelete, errorMessage } from '../../../components/confirm-queue'
import { Lines } from '../../../components/Lines'
import { RowMenu } from '../../../components/RowMenu'
import { useRunningActions } from '../../../hooks/live-actions'
import { type ActionReason, useKindReason } from '../../../hooks/use-action-reason'
import { performInstanceAction } from '../../../hooks/use-instance-actor'
import { useRouteParams } from '../../../route-context'
import { kinds } from '../../../ui/kinds'
import { instanceRowRefusal } from '../../../ui/row-state'
import { OpenFormButton, rowMenu } from '../../list-table'
import { externalIpKind } from './helpers'
import { InstanceListTable } from './instance-list-table'
import { NicAddresses, PoolName, SubnetName, VpcName } from './names'
import {
  deleteNic,
  detachExternalIp,
  type ExternalIp,
  ephemeralIpRefusal,
  type Nic,
  nicTransitIps,
  nicUpdateBody,
  PRIMARY_NIC_REASON,
} from './networking-actions'
import { instanceExternalIpsParams, instanceNicsParams, instanceViewParams } from './queries'
import { INSTANCE_NOT_LOADED, mono } from './shared'

// The forms load when first opened.
const nicForms = () => import('./NicForm')
const NicCreateForm = lazy(() => nicForms().then((m) => ({ default: m.NicCreateForm })))
const NicEditForm = lazy(() => nicForms().then((m) => ({ default: m.NicEditForm })))
const ipForms = () => import('./AttachIpForm')
const EphemeralIpForm = lazy(() => ipForms().then((m) => ({ default: m.EphemeralIpForm })))
const FloatingIpForm = lazy(() => ipForms().then((m) => ({ default: m.FloatingIpForm })))

const nicColumns = defineColumns<Nic>([
  nameColumn({ sortLocally: true }),
  { id: 'vpc', header: 'VPC', cell: (n) => <VpcName id={n.vpcId} /> },
  { id: 'subnet', header: 'Subnet', cell: (n) => <SubnetName id={n.subnetId} /> },
  {
    id: 'ip',
    header: 'Private IP',
    cell: (n) => <NicAddresses nic={n} />,
  },
  {
    id: 'transit',
    header: 'Transit IPs',
    cell: (n) => <Lines items={nicTransitIps(n)} empty={<Absent label="None" />} />,
  },
  { id: 'mac', header: 'MAC', cell: (n) => <span className={mono}>{n.mac}</span> },
  {
    id: 'primary',
    header: 'Primary',
    cell: (n) => (n.primary ? <Badge color="green">primary</Badge> : 'No'),
    sortValue: (n) => n.primary,
  },
])

const ipColumns = defineColumns<ExternalIp>([
  { id: 'kind', header: 'Kind', cell: (ip) => externalIpKind(ip), sortValue: (ip) => ip.kind },
  {
    id: 'ip',
    header: 'IP address',
    cell: (ip) => <CopyableValue value={ip.ip} label={`IP address ${ip.ip}`} size="sm" />,
    sortValue: (ip) => ip.ip,
  },
  { id: 'name', header: 'Name', nowrap: true, cell: (ip) => (ip.kind === 'floating' ? ip.name : '—') },
  { id: 'pool', header: 'Pool', cell: (ip) => <PoolName id={ip.ipPoolId} /> },
])

const actionBar = css({ display: 'flex', gap: '2' })

/** The row menu of a network interface: every item follows the machine's UPDATE_NIC rule. */
function nicMenuItems(instance: Instance, nic: Nic, why: string | undefined, edit: () => void) {
  return [
    { label: 'Edit', disabledReason: why, onSelect: edit },
    {
      label: 'Make primary',
      disabledReason: why ?? (nic.primary ? PRIMARY_NIC_REASON : undefined),
      onSelect: () =>
        void performInstanceAction(instance, 'UPDATE_NIC', {
          interface: nic.id,
          body: nicUpdateBody(nic, { primary: true }),
        }).then(
          () => toast.success(`${nic.name} is the primary interface`),
          (e: unknown) => toast.error(`Could not make ${nic.name} primary`, errorMessage(e)),
        ),
    },
    {
      label: 'Delete',
      danger: true,
      disabledReason: why,
      onSelect: () =>
        confirmDelete({ resourceKind: 'network interface', name: nic.name, run: () => deleteNic(nic) }),
    },
  ]
}

/** The row menu of an external IP: SNAT addresses are shared and outbound only, not the instance's. */
function ipMenu(instance: Instance, ip: ExternalIp, why: string | undefined): ReactNode {
  if (ip.kind === 'snat') return null
  const what = ip.kind === 'floating' ? `floating IP ${ip.name}` : `ephemeral IP ${ip.ip}`
  const items = () => [
    {
      label: 'Detach',
      danger: true,
      disabledReason: why,
      onSelect: () =>
        confirmAction({
          title: `Detach ${what}`,
          content:
            ip.kind === 'floating'
              ? `Detach ${ip.name} (${ip.ip}) from ${instance.name}? The floating IP stays in the project.`
              : `Detach ${ip.ip} from ${instance.name}? The address goes back to its pool.`,
          actionLabel: 'Detach',
          actionType: 'danger',
          errorTitle: `Could not detach ${what}`,
          run: () => detachExternalIp(instance, ip),
        }),
    },
  ]
  return <RowMenu of={ip.ip} items={items} />
}

type Opened =
  | { form: 'add-nic' }
  | { form: 'edit-nic'; nic: Nic }
  | { form: 'ephemeral' }
  | { form: 'floating' }

function OpenedForm({
  opened,
  instance,
  nicWhy,
  ipWhy,
  held,
  close,
}: {
  opened: Opened
  instance: Instance
  nicWhy: string | undefined
  ipWhy: string | undefined
  /** The instance's external IPs: an ephemeral attach adds the version it lacks. */
  held: readonly ExternalIp[] | undefined
  close: () => void
}) {
  const { project } = useRouteParams('project')
  const ipProps = { instance, disabledReason: ipWhy, onDismiss: close }
  return (
    <Suspense fallback={null}>
      {opened.form === 'add-nic' && (
        <NicCreateForm project={project} instance={instance.name} disabledReason={nicWhy} onDismiss={close} />
      )}
      {opened.form === 'edit-nic' && (
        <NicEditForm instance={instance} nic={opened.nic} disabledReason={nicWhy} onDismiss={close} />
      )}
      {opened.form === 'ephemeral' && <EphemeralIpForm {...ipProps} held={held} />}
      {opened.form === 'floating' && <FloatingIpForm project={project} {...ipProps} />}
    </Suspense>
  )
}

function reasonsFor(
  reason: ActionReason,
  instance: Instance | undefined,
  ips: readonly ExternalIp[] | undefined,
) {
  return {
    nic: reason(instance ? instanceRowRefusal(instance, 'UPDATE_NIC') : INSTANCE_NOT_LOADED),
    ip: reason(instance ? null : INSTANCE_NOT_LOADED),
    ephemeral: reason(instance ? ephemeralIpRefusal(ips) : INSTANCE_NOT_LOADED),
  }
}

export default function NetworkingTab() {
  const ref = useRouteParams('project', 'instance')
  // An action starting or settling on the instance changes what the machine allows.
  useRunningActions()
  // Spec section 6: a collaborator changes networking; a limited collaborator manages instances only.
  const reason = useKindReason(kinds.networkInterface, 'changing the networking of an instance')
  const instance = useResource('instanceView', instanceViewParams(ref)).data
  const nics = useList('instanceNetworkInterfaceList', instanceNicsParams(ref))
  const ips = useList('instanceExternalIpList', instanceExternalIpsParams(ref))
  const [opened, setOpened] = useState<Opened | null>(null)
  const why = reasonsFor(reason, instance, ips.data?.items)
  return (
    <>
      <InstanceListTable
        title="Network interfaces"
        actions={
          <OpenFormButton
            label="Add network interface"
            reason={why.nic}
            onOpen={() => setOpened({ form: 'add-nic' })}
          />
        }
        list={nics}
        what="network interfaces"
        columns={nicColumns}
        rowKey={(n) => n.id}
        rowActions={
          instance &&
          rowMenu((n: Nic) =>
            nicMenuItems(instance, n, why.nic, () => setOpened({ form: 'edit-nic', nic: n })),
          )
        }
        empty={{
          icon: <NetworkingIcon />,
          title: 'No network interfaces',
          body: 'This instance has no network interface, so it is not on any VPC.',
        }}
      />
      <InstanceListTable
        title="External IPs"
        actions={
          <div className={actionBar}>
            <OpenFormButton
              label="Attach ephemeral IP"
              reason={why.ephemeral}
              onOpen={() => setOpened({ form: 'ephemeral' })}
            />
            <OpenFormButton
              label="Attach floating IP"
              reason={why.ip}
              onOpen={() => setOpened({ form: 'floating' })}
            />
          </div>
        }
        list={ips}
        what="external IPs"
        columns={ipColumns}
        rowKey={(ip) => `${ip.kind}:${ip.ip}`}
        {...(instance && { rowActions: (ip: ExternalIp) => ipMenu(instance, ip, why.ip) })}
        empty={{
          icon: <NetworkingIcon />,
          title: 'No external IPs',
          body: 'This instance is not reachable from outside its VPC.',
        }}
      />
      {opened && instance && (
        <OpenedForm
          opened={opened}
          instance={instance}
          nicWhy={why.nic}
          ipWhy={opened.form === 'ephemeral' ? why.ephemeral : why.ip}
          held={ips.data?.items}
          close={() => setOpened(null)}
        />
      )}
    </>
  )
}
