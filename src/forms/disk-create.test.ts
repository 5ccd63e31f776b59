// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { diskSizeFor } from '../hooks/use-bulk-upload'
import { DISK_SIZE, diskFileProblem, formatEta } from './disk-create'
import { check, NAME } from './validation'

const GiB = 1024 ** 3

describe('disk form rules', () => {
  // The form's name rule is the contract's Name: uppercase letters after the first are allowed (the
  // old hand-written rule refused 'disK'), a UUID is not.
  it('accepts API names and explains the rest', () => {
    expect(check(NAME, 'data-1')).toBeUndefined()
    expect(check(NAME, 'a'.repeat(63))).toBeUndefined()
    expect(check(NAME, 'disK')).toBeUndefined()
    expect(check(NAME, '')).toBe('Name is required')
    expect(check(NAME, 'a'.repeat(64))).toMatch(/at most 63/)
    expect(check(NAME, '1disk')).toMatch(/start with a lowercase letter/)
    expect(check(NAME, 'Disk')).toMatch(/start with a lowercase letter/)
    expect(check(NAME, 'disk_1')).toMatch(/only letters, digits and hyphens/)
    expect(check(NAME, 'disk-')).toMatch(/end with a hyphen/)
    expect(check(NAME, 'deadbeef-0000-4000-8000-000000000000')).toMatch(/not be a UUID/)
  })

  it('takes whole GiB from 1 to 1023', () => {
    expect(check(DISK_SIZE, '1')).toBeUndefined()
    expect(check(DISK_SIZE, '1023')).toBeUndefined()
    expect(check(DISK_SIZE, '0')).toMatch(/at least 1/)
    expect(check(DISK_SIZE, '1024')).toMatch(/at most 1023/)
    expect(check(DISK_SIZE, '1.5')).toMatch(/whole number/)
    expect(check(DISK_SIZE, '')).toMatch(/whole number/)
  })

  it('takes a non-empty image file that fits in 1023 GiB', () => {
    expect(diskFileProblem(null)).toBe('Choose an image file')
    expect(diskFileProblem(new File([], 'empty.img'))).toBe('The file is empty')
    expect(diskFileProblem(new File([new Uint8Array(512)], 'disk.img'))).toBeUndefined()
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
