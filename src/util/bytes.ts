// Byte and number formatting (spec section 9): byte units are powers of 1024, with IEC (KiB, MiB, ...)
// or JEDEC (KB, MB, ...) labels; 2 decimals by default; numbers over a million are shown compact.

export const KiB = 1024
export const MiB = KiB * 1024
export const GiB = MiB * 1024
export const TiB = GiB * 1024

/** The smallest whole number of GiB that holds `bytes` (a disk for a snapshot, an image or a file), at least 1. */
export function gibToHold(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / GiB))
}

const IEC = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'] as const
const JEDEC = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const

export type ByteLabels = 'iec' | 'jedec'

export type FormattedBytes = { value: number; unit: string; text: string }

/** Splits a byte count into a value and unit, the largest power of 1024 with a value >= 1. */
export function splitBytes(bytes: number, opts: { labels?: ByteLabels; decimals?: number } = {}) {
  const labels = opts.labels === 'jedec' ? JEDEC : IEC
  const decimals = opts.decimals ?? 2
  if (!Number.isFinite(bytes)) throw new RangeError(`not a byte count: ${bytes}`)
  const sign = bytes < 0 ? -1 : 1
  let abs = Math.abs(bytes)
  let power = 0
  while (abs >= 1024 && power < labels.length - 1) {
    abs /= 1024
    power++
  }
  const factor = 10 ** decimals
  let value = Math.round(abs * factor) / factor
  // Rounding can carry into the next unit (1023.999 KiB -> 1024 KiB): promote it.
  if (value >= 1024 && power < labels.length - 1) {
    value = Math.round((value / 1024) * factor) / factor
    power++
  }
  const unit = labels[power] as string
  return { value: sign * value, unit } satisfies Omit<FormattedBytes, 'text'>
}

/** `formatBytes(1536) === '1.5 KiB'`; trailing zeros are dropped. */
export function formatBytes(bytes: number, opts: { labels?: ByteLabels; decimals?: number } = {}): string {
  const { value, unit } = splitBytes(bytes, opts)
  return `${value.toLocaleString('en-US', { maximumFractionDigits: opts.decimals ?? 2 })} ${unit}`
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/** Plain grouping up to a million, compact (1.2M) above it. */
export function formatNumber(n: number): string {
  return Math.abs(n) > 1_000_000 ? compact.format(n) : plain.format(n)
}

/** A disk (or anything sized) as a picker offers it: its name and size, "data (10 GiB)". */
export const nameWithSize = (x: { name: string; size: number }) => `${x.name} (${formatBytes(x.size)})`
