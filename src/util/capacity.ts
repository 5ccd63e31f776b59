// The fleet's capacity estimate (spec section 9): what the sleds can hold once provisioned, from the
// sled list alone. Usable storage is 32 TiB per sled times 0.909 (drives are sold in TB, so 32 TB of
// raw disk is about 0.909 of 32 TiB); CPU comes from each sled's usable hardware threads and memory
// from its usable physical RAM.
//
// How the 70 percent applies: the spec gives one "utilisation factor" for the capacity estimate as a
// whole, not for storage alone, so it scales all three figures. A fleet cannot be filled to its last
// thread or byte (the control plane, placement fragmentation and room to evacuate a failing sled all
// need headroom), and applying the factor to only one resource would make CPU and memory look
// fuller than storage at the same real load.
import type { Sled } from '../api/types'
import { formatBytes, formatNumber, TiB } from './bytes'

/** The utilisation factor as a whole percentage, so the arithmetic below stays in integers. */
export const UTILIZATION_PERCENT = 70
export const DISK_PER_SLED_BYTES = 32 * TiB
/** Raw disk per sled is 32 TB; 0.909 turns its nominal TiB into what the drives really hold. */
export const DISK_FACTOR = 0.909
const DISK_PER_MILLE = 909n

export type CapacitySled = Pick<Sled, 'policy' | 'usableHardwareThreads' | 'usablePhysicalRam'>

export type CapacityEstimate = {
  /** Sleds counted: every in-service sled (provisionable or not: both hold what runs on them). */
  sleds: number
  /** Expunged sleds, listed by the API but gone for good, so not counted. */
  excluded: number
  threads: number
  ram: number
  cpus: number
  memory: number
  storage: number
}

/**
 * floor(total × factor × 70 %), in exact integers: byte totals times the factors overflow a double's
 * integer range, and a float 0.7 would make 1920 threads 1343 vCPUs instead of 1344.
 */
function share(total: number, num: bigint, den = 1n): number {
  return Number((BigInt(total) * num * BigInt(UTILIZATION_PERCENT)) / (den * 100n))
}

const counted = (s: CapacitySled) => s.policy.kind === 'in_service'

export function capacityEstimate(all: readonly CapacitySled[]): CapacityEstimate {
  const sleds = all.filter(counted)
  const threads = sleds.reduce((n, s) => n + s.usableHardwareThreads, 0)
  const ram = sleds.reduce((n, s) => n + s.usablePhysicalRam, 0)
  return {
    sleds: sleds.length,
    excluded: all.length - sleds.length,
    threads,
    ram,
    // A fraction of a vCPU or of a byte cannot be provisioned: round down.
    cpus: share(threads, 1n),
    memory: share(ram, 1n),
    storage: share(sleds.length * DISK_PER_SLED_BYTES, DISK_PER_MILLE, 1000n),
  }
}

const pct = `${UTILIZATION_PERCENT}%`
const plural = (n: number, one: string) => `${formatNumber(n)} ${one}${n === 1 ? '' : 's'}`

/** "15 sleds × 128 hardware threads" when every sled has the same figure, else the total. */
function perSled(e: CapacityEstimate, total: number, each: (v: number) => string, what: string): string {
  if (e.sleds > 0 && total % e.sleds === 0)
    return `${plural(e.sleds, 'sled')} × ${each(total / e.sleds)} ${what}`
  return `${each(total)} ${what} over ${plural(e.sleds, 'sled')}`
}

/** How the estimate was derived, one line per step, for the tooltip next to the figures. */
export function capacityDerivation(e: CapacityEstimate): string[] {
  return [
    `Estimated from ${plural(e.sleds, 'in-service sled')}` +
      (e.excluded > 0 ? ` (${plural(e.excluded, 'expunged sled')} not counted).` : '.'),
    `CPU: ${perSled(e, e.threads, formatNumber, 'hardware threads')} × ${pct} = ${plural(e.cpus, 'vCPU')}`,
    `Memory: ${perSled(e, e.ram, (v) => formatBytes(v), 'usable RAM')} × ${pct} = ${formatBytes(e.memory)}`,
    `Storage: ${plural(e.sleds, 'sled')} × 32 TiB × ${DISK_FACTOR} × ${pct} = ${formatBytes(e.storage)}`,
    `${pct} is the utilisation factor: headroom for the control plane, placement and sled failures.`,
  ]
}
