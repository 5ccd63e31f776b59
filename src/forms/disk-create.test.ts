// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { diskSizeFor } from '../hooks/use-bulk-upload'
import { diskNameProblem, diskSizeProblem, formatEta } from './disk-create'

const GiB = 1024 ** 3

describe('disk form rules', () => {
  it('accepts API names and explains the rest', () => {
    expect(diskNameProblem('data-1')).toBeUndefined()
    expect(diskNameProblem('a'.repeat(63))).toBeUndefined()
    expect(diskNameProblem('')).toBe('Name is required')
    expect(diskNameProblem('a'.repeat(64))).toMatch(/at most 63/)
    expect(diskNameProblem('1disk')).toMatch(/start with a lowercase letter/)
    expect(diskNameProblem('Disk')).toMatch(/start with a lowercase letter/)
    expect(diskNameProblem('disK')).toMatch(/only lowercase letters/)
    expect(diskNameProblem('disk_1')).toMatch(/only lowercase letters/)
    expect(diskNameProblem('disk-')).toMatch(/end with a hyphen/)
  })

  it('takes whole GiB from 1 to 1023', () => {
    expect(diskSizeProblem('1')).toBeUndefined()
    expect(diskSizeProblem('1023')).toBeUndefined()
    expect(diskSizeProblem('0')).toMatch(/at least 1/)
    expect(diskSizeProblem('1024')).toMatch(/at most 1023/)
    expect(diskSizeProblem('1.5')).toMatch(/whole number/)
    expect(diskSizeProblem('')).toMatch(/whole number/)
  })

  it('sizes an uploaded disk to the file in whole GiB, at least 1', () => {
    expect(diskSizeFor(1)).toBe(GiB)
    expect(diskSizeFor(8 * 1024 * 1024)).toBe(GiB)
    expect(diskSizeFor(GiB)).toBe(GiB)
    expect(diskSizeFor(GiB + 1)).toBe(2 * GiB)
  })

  it('formats time left', () => {
    expect(formatEta(0)).toBe('0 s')
    expect(formatEta(59.4)).toBe('59 s')
    expect(formatEta(185)).toBe('3 min 5 s')
    expect(formatEta(3720)).toBe('1 h 2 min')
  })
})
