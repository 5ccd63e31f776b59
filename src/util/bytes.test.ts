import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatBytes, formatNumber, GiB, KiB, MiB, nameWithSize, splitBytes, TiB } from './bytes'

describe('formatBytes', () => {
  it('uses powers of 1024 with IEC labels by default', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(1023)).toBe('1,023 B')
    expect(formatBytes(1024)).toBe('1 KiB')
    expect(formatBytes(1536)).toBe('1.5 KiB')
    expect(formatBytes(10 * GiB)).toBe('10 GiB')
    expect(formatBytes(2 * TiB)).toBe('2 TiB')
  })
  it('supports JEDEC labels (still powers of 1024)', () => {
    expect(formatBytes(MiB, { labels: 'jedec' })).toBe('1 MB')
    expect(formatBytes(1.5 * GiB, { labels: 'jedec' })).toBe('1.5 GB')
  })
  it('rounds to 2 decimals by default, configurable', () => {
    expect(formatBytes(KiB + 1)).toBe('1 KiB')
    expect(formatBytes(1.23456 * MiB)).toBe('1.23 MiB')
    expect(formatBytes(1.23456 * MiB, { decimals: 3 })).toBe('1.235 MiB')
    expect(formatBytes(1.23456 * MiB, { decimals: 0 })).toBe('1 MiB')
  })
  it('carries a rounded 1024 into the next unit', () => {
    expect(formatBytes(MiB - 1)).toBe('1 MiB')
  })
  it('property: value is in [1, 1024) for any count >= 1 KiB, and scales back to the input within rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1024, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const { value, unit } = splitBytes(n)
        expect(value).toBeGreaterThanOrEqual(1)
        expect(value).toBeLessThanOrEqual(1024)
        const power = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'].indexOf(unit)
        expect(Math.abs(value * 1024 ** power - n) / n).toBeLessThan(0.01)
      }),
    )
  })
  it('property: both label sets pick the same power', () => {
    fc.assert(
      fc.property(fc.nat(), (n) => {
        const iec = splitBytes(n)
        const jedec = splitBytes(n, { labels: 'jedec' })
        expect(jedec.value).toBe(iec.value)
        expect(jedec.unit.replace('B', '')).toBe(iec.unit.replace('iB', '').replace('B', ''))
      }),
    )
  })
})

describe('formatNumber', () => {
  it('groups numbers up to a million and compacts above', () => {
    expect(formatNumber(999)).toBe('999')
    expect(formatNumber(1_000_000)).toBe('1,000,000')
    expect(formatNumber(1_200_000)).toBe('1.2M')
    expect(formatNumber(3_400_000_000)).toBe('3.4B')
  })
})

describe('nameWithSize', () => {
  it('names a disk with its size as the pickers offer it', () => {
    expect(nameWithSize({ name: 'data', size: 10 * GiB })).toBe('data (10 GiB)')
  })
})
