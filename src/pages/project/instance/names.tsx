// Names of things an instance refers to by id (VPC, subnet, IP pool), read through storage so a second
// visit paints them from the cache; the id stands in until (or unless) the name is known.
import { css } from 'styled-system/css'
import { useList, useResource } from '../../../../storage'
import { nicAddresses } from './helpers'
import { type InstanceRef, instanceNicsParams } from './queries'
import { mono } from './shared'

/** A name read by id, with the id itself standing in until (or unless) it is known. */
function NameById({ name, id }: { name: string | undefined; id: string }) {
  return name ? <span>{name}</span> : <span className={mono}>{id}</span>
}

export function VpcName({ id }: { id: string }) {
  const vpc = useResource('vpcView', { path: { vpc: id } })
  return <NameById name={vpc.data?.name} id={id} />
}

export function SubnetName({ id }: { id: string }) {
  const subnet = useResource('vpcSubnetView', { path: { subnet: id } })
  return <NameById name={subnet.data?.name} id={id} />
}

export function PoolName({ id }: { id: string }) {
  const pool = useResource('ipPoolView', { path: { pool: id } })
  return <NameById name={pool.data?.name} id={id} />
}

/** The VPC of the instance's primary network interface, or "—" when it has none. */
export function PrimaryVpc(ref: InstanceRef) {
  const nics = useList('instanceNetworkInterfaceList', instanceNicsParams(ref))
  if (!nics.data) return null
  const primary = nics.data.items.find((n) => n.primary)
  return primary ? <VpcName id={primary.vpcId} /> : <span>—</span>
}

/** A NIC's private addresses (IPv4 and IPv6), one per line. */
export function NicAddresses({ nic }: { nic: Parameters<typeof nicAddresses>[0] }) {
  return (
    <span className={css({ display: 'grid' })}>
      {nicAddresses(nic).map((a) => (
        <span key={a} className={mono}>
          {a}
        </span>
      ))}
    </span>
  )
}
