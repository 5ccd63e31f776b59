// Attach an external IP to an instance: an ephemeral one from a pool of the silo (blank: the silo's
// default pool, as in the instance create form; an instance holding one version takes the other), or
// one of the project's unattached floating IPs.
import { useList } from '../../../../storage'
import { VERSION_LABELS } from '../../../forms/ip-pool'
import { PICK } from '../../../lists'
import { InstanceChoice, type InstanceChoiceCommon } from './choose'
import {
  attachEphemeralIp,
  attachFloatingIp,
  type ExternalIp,
  ephemeralPoolSelector,
  ephemeralVersionLeft,
  NO_FREE_FLOATING_IPS,
  poolOption,
  unattachedFloatingIps,
  unicastPools,
} from './networking-actions'

export function EphemeralIpForm({
  held,
  ...common
}: InstanceChoiceCommon & { held: readonly ExternalIp[] | undefined }) {
  const { instance } = common
  const pools = useList('ipPoolList', { query: PICK }).data?.items
  // Holding one version already, only pools of the other can add one.
  const left = ephemeralVersionLeft(held)
  const offered = pools && unicastPools(pools).filter((p) => !left || p.ipVersion === left)
  return (
    <InstanceChoice
      {...common}
      id="ephemeral-ip-attach"
      title="Attach ephemeral IP"
      submitLabel="Attach"
      label="IP pool"
      placeholder={left ? `Silo default ${VERSION_LABELS[left]} pool` : 'Silo default pool'}
      options={offered?.map(poolOption)}
      submit={(pool) => attachEphemeralIp(instance, ephemeralPoolSelector(pool, offered ?? [], left))}
      done={() => `Ephemeral IP attached to ${instance.name}`}
    />
  )
}

export function FloatingIpForm({ project, ...common }: InstanceChoiceCommon & { project: string }) {
  const { instance } = common
  const floating = useList('floatingIpList', { query: { project, ...PICK } }).data?.items
  return (
    <InstanceChoice
      {...common}
      id="floating-ip-attach"
      title="Attach floating IP"
      submitLabel="Attach"
      label="Floating IP"
      placeholder="Choose a floating IP"
      requiredMessage="Choose a floating IP"
      noneText={NO_FREE_FLOATING_IPS}
      // By id: a floating IP's id needs no project to resolve it.
      options={
        floating &&
        unattachedFloatingIps(floating).map((f) => ({ value: f.id, label: `${f.name} (${f.ip})` }))
      }
      submit={(id) => attachFloatingIp(instance, id)}
      done={(id) =>
        `Floating IP ${floating?.find((f) => f.id === id)?.name ?? id} attached to ${instance.name}`
      }
    />
  )
}
