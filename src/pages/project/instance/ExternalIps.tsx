// The addresses an instance is reached at, each with a copy button: shown in the instances list and in
// the instance page's header.
import { css } from 'styled-system/css'
import { useList } from '../../../../storage'
import { Absent } from '../../../components/Absent'
import { CopyableValue } from '../../../components/CopyableValue'
import { instanceExternalIpsParams } from './queries'

/**
 * The addresses an instance is reached at: ephemeral and floating (SNAT is shared, outbound only).
 * Here, not in networking-actions.ts: the instances list's first load needs this and not that.
 */
export const reachableIps = <I extends { kind: string }>(ips: readonly I[]): I[] =>
  ips.filter((ip) => ip.kind !== 'snat')

const ipList = css({ display: 'flex', flexDir: 'column', gap: '0.5' })

/**
 * The addresses an instance is reached at: ephemeral and floating (SNAT addresses are shared, outbound
 * only). Read through storage with the instance page's key, so both share one cache entry and the
 * cell paints offline; mounted after the row painted, and only for mounted rows.
 */
export function ExternalIps({ project, instance }: { project: string; instance: string }) {
  const ips = useList('instanceExternalIpList', instanceExternalIpsParams({ project, instance }))
  if (!ips.data) return null
  const reachable = reachableIps(ips.data.items)
  if (reachable.length === 0) return <Absent label="None" />
  return (
    <span className={ipList}>
      {reachable.map((ip) => (
        <CopyableValue key={ip.ip} value={ip.ip} label={`IP address ${ip.ip}`} size="xs" />
      ))}
    </span>
  )
}
