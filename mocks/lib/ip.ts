// Address allocation for external IPs (ephemeral, floating) from IP pool ranges, and private IPs
// for network interfaces from a subnet's IPv4 block. IPv4 only; enough for a mock.
import type { Db } from '../db'
import { invalidRequest, isUuid, notFound } from './errors'

export function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((n, o) => n * 256 + Number(o), 0)
}

export function intToIpv4(n: number): string {
  return [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.')
}

/** Every external address in use (ephemeral/SNAT, floating, gateway addresses). */
function usedExternal(db: Db): Set<string> {
  const used = new Set<string>()
  for (const ips of db.externalIps.values()) for (const ip of ips) used.add(ip.ip)
  for (const f of db.floatingIps) used.add(f.ip)
  for (const a of db.internetGatewayIpAddresses) used.add(a.address)
  return used
}

/** The next free address of a pool's IPv4 ranges; 400 when the pool is exhausted. */
export function allocateExternalIp(db: Db, poolId: string): string {
  const used = usedExternal(db)
  for (const r of db.ipPoolRanges) {
    if (r.ip_pool_id !== poolId || r.range.first.includes(':')) continue
    for (let n = ipv4ToInt(r.range.first); n <= ipv4ToInt(r.range.last); n++) {
      const ip = intToIpv4(n)
      if (!used.has(ip)) return ip
    }
  }
  throw invalidRequest('No external IP addresses available')
}

/** A pool for the silo: the named/given one (must be linked), else the silo's default. */
export function poolForSilo(db: Db, siloId: string, pool?: string | null): string {
  const linked = db.ipPoolSiloLinks.filter((l) => l.silo_id === siloId)
  if (pool) {
    const p = db.ipPools.find((x) => (isUuid(pool) ? x.id === pool : x.name === pool))
    if (!p || !linked.some((l) => l.ip_pool_id === p.id)) throw notFound('ip-pool', pool)
    return p.id
  }
  const d = linked.find((l) => l.is_default)
  if (!d) throw invalidRequest('No default IP pool is configured for this silo')
  return d.ip_pool_id
}

/** Next free private IPv4 in a subnet (the first five addresses are reserved, as on the rack). */
export function allocatePrivateIp(db: Db, subnetId: string): string {
  const subnet = db.vpcSubnets.find((s) => s.id === subnetId)
  if (!subnet) throw notFound('vpc-subnet', subnetId)
  const [base, width] = subnet.ipv4_block.split('/')
  const size = 2 ** (32 - Number(width))
  const used = new Set<string>()
  for (const nic of db.networkInterfaces) {
    if (nic.subnet_id !== subnetId) continue
    const s = nic.ip_stack
    if (s.type === 'v4') used.add(s.value.ip)
    else if (s.type === 'dual_stack') used.add(s.value.v4.ip)
  }
  const start = ipv4ToInt(base ?? '0.0.0.0')
  for (let i = 5; i < size - 1; i++) {
    const ip = intToIpv4(start + i)
    if (!used.has(ip)) return ip
  }
  throw invalidRequest(`No available IP addresses in subnet ${subnet.name}`)
}
