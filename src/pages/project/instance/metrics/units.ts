// Units of the metrics charts: rates per second, bytes in powers of 1024 (spec section 9).
import { formatBytes, formatNumber } from '../../../../util/bytes'

export const bytesPerSecond = (v: number): string => `${formatBytes(v)}/s`
export const perSecond = (v: number): string => `${formatNumber(v)}/s`
export const percent = (v: number): string => `${formatNumber(Math.round(v * 10) / 10)}%`

/** vCPU time per second of wall time, from nanoseconds per second. */
export function cpuTime(nsPerSecond: number): string {
  const ms = nsPerSecond / 1e6
  return ms >= 1000
    ? `${formatNumber(Math.round(ms / 10) / 100)} s/s`
    : `${formatNumber(Math.round(ms))} ms/s`
}

/** The share of the instance's vCPU time, in percent, from nanoseconds per second. */
export const cpuShare = (ncpus: number) => (nsPerSecond: number) =>
  (nsPerSecond / (1e9 * Math.max(1, ncpus))) * 100
