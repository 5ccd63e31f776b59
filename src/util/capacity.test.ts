// The capacity estimate against figures computed by hand (spec section 9).
import { describe, expect, it } from 'vitest'
import { type CapacitySled, capacityDerivation, capacityEstimate } from './capacity'

const GiB = 1024 ** 3
const TiB = 1024 * GiB
const RAM = 1_086_162_862_080 // 1011.5679931640625 GiB, the demo rack's usable RAM per sled

const sled = (over: Partial<CapacitySled> = {}): CapacitySled => ({
  policy: { kind: 'in_service', provisionPolicy: 'provisionable' },
  usableHardwareThreads: 128,
  usablePhysicalRam: RAM,
  ...over,
})

// The demo rack: 15 in-service sleds (one of them non-provisionable) and one expunged.
const rack = [
  ...Array.from({ length: 14 }, () => sled()),
  sled({ policy: { kind: 'in_service', provisionPolicy: 'non_provisionable' } }),
  sled({ policy: { kind: 'expunged' } }),
]

describe('capacityEstimate', () => {
  it('counts in-service sleds only and applies 70 percent to CPU, memory and storage', () => {
    const e = capacityEstimate(rack)
    expect(e.sleds).toBe(15)
    expect(e.excluded).toBe(1)
    // 15 × 128 = 1920 threads; 1920 × 0.7 = 1344 (a float 0.7 would floor to 1343).
    expect(e.threads).toBe(1920)
    expect(e.cpus).toBe(1344)
    // 15 × 1,086,162,862,080 = 16,292,442,931,200 B; × 0.7 = 11,404,710,051,840 B (about 10.37 TiB).
    expect(e.ram).toBe(16_292_442_931_200)
    expect(e.memory).toBe(11_404_710_051_840)
    // 15 × 32 TiB = 527,765,581,332,480 B; × 0.909 × 0.7 = 335,817,239,401,857.024 B (305.424 TiB).
    expect(e.storage).toBe(335_817_239_401_857)
    expect(e.storage / TiB).toBeCloseTo(305.424, 6)
  })

  it('is zero for a fleet without sleds', () => {
    expect(capacityEstimate([])).toEqual({
      sleds: 0,
      excluded: 0,
      threads: 0,
      ram: 0,
      cpus: 0,
      memory: 0,
      storage: 0,
    })
  })

  it('adds up sleds of different sizes', () => {
    // 64 + 128 = 192 threads × 0.7 = 134.4 -> 134 vCPUs; 512 + 1024 GiB = 1536 GiB × 0.7 = 1075.2 GiB;
    // 2 × 32 TiB × 0.909 × 0.7 = 40.7232 TiB.
    const e = capacityEstimate([
      sled({ usableHardwareThreads: 64, usablePhysicalRam: 512 * GiB }),
      sled({ usableHardwareThreads: 128, usablePhysicalRam: 1024 * GiB }),
    ])
    expect(e.cpus).toBe(134)
    expect(e.memory).toBe(Math.floor(1075.2 * GiB))
    expect(e.storage).toBe(Math.floor(40.7232 * TiB))
  })
})

describe('capacityDerivation', () => {
  it('names the sleds, the per-sled figures and the factors', () => {
    expect(capacityDerivation(capacityEstimate(rack))).toEqual([
      'Estimated from 15 in-service sleds (1 expunged sled not counted).',
      'CPU: 15 sleds × 128 hardware threads × 70% = 1,344 vCPUs',
      'Memory: 15 sleds × 1,011.57 GiB usable RAM × 70% = 10.37 TiB',
      'Storage: 15 sleds × 32 TiB × 0.909 × 70% = 305.42 TiB',
      '70% is the utilisation factor: headroom for the control plane, placement and sled failures.',
    ])
  })

  it('gives totals when sleds differ', () => {
    const lines = capacityDerivation(
      capacityEstimate([sled({ usableHardwareThreads: 64 }), sled({ usableHardwareThreads: 127 })]),
    )
    expect(lines[0]).toBe('Estimated from 2 in-service sleds.')
    expect(lines[1]).toBe('CPU: 191 hardware threads over 2 sleds × 70% = 133 vCPUs')
  })
})
