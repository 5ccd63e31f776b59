// How full a pool is (issue 15): addresses used and remaining, from the pool's utilization call. The
// list's cell and the pool page read one cache entry, so either visit warms the other.
import { useResource } from '../../../../storage'
import { poolUtilizationParams, usage } from '../../../forms/ip-pool'

/** `used / remaining`, or nothing until the utilization is known. */
export function PoolUsage({ pool }: { pool: string }) {
  const u = useResource('systemIpPoolUtilizationView', poolUtilizationParams(pool)).data
  if (!u) return null
  const { used, remaining } = usage(u)
  return (
    <span title={`${used} addresses used, ${remaining} remaining`}>
      {used} / {remaining}
    </span>
  )
}
