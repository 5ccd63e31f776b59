// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { ListItem } from '../api/types'
import { diskSizeFor } from '../hooks/use-bulk-upload'
import { gibToHold } from '../util/bytes'
import { DISK_SIZE, diskCreateBody, sizeToHold } from './disk-blank'
import {
  type DiskCreateValues,
  diskCreateProblems,
  diskFileProblem,
  formatEta,
  imageOptions,
  originOf,
  snapshotOptions,
} from './disk-create'
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
    expect(check(DISK_SIZE, '')).toBe('Size is required')
  })

  it('takes a non-empty image file that fits in 1023 GiB', () => {
    expect(diskFileProblem(null)).toBe('Choose an image file')
    expect(diskFileProblem(new File([], 'empty.img'))).toBe('The file is empty')
    expect(diskFileProblem(new File([new Uint8Array(512)], 'disk.img'))).toBeUndefined()
  })

  it('with a block size, takes only a whole number of blocks; without one, pads the last block', () => {
    const file = new File([new Uint8Array(4096 + 512)], 'disk.img')
    expect(diskFileProblem(file)).toBeUndefined()
    expect(diskFileProblem(file, 512)).toBeUndefined()
    expect(diskFileProblem(file, 4096)).toBe(
      "The file's size (4608 bytes) is not a multiple of the block size (4096 bytes)",
    )
    expect(diskFileProblem(new File([new Uint8Array(8192)], 'disk.img'), 4096)).toBeUndefined()
    expect(diskFileProblem(null, 4096)).toBe('Choose an image file')
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

const values = (over: Partial<DiskCreateValues>): DiskCreateValues => ({
  name: 'copy',
  description: '',
  source: 'blank',
  blockSize: '4096',
  snapshot: '',
  image: '',
  readOnly: false,
  sizeGib: '10',
  file: null,
  ...over,
})

describe('disk sources', () => {
  it('sends a blank disk with its block size and a copy with its source (nexus.json DiskSource)', () => {
    const named = { name: 'd', description: 'x', sizeGib: '3' }
    expect(diskCreateBody(named, { type: 'blank' })).toEqual({
      name: 'd',
      description: 'x',
      size: 3 * GiB,
      diskBackend: { type: 'distributed', diskSource: { type: 'blank', blockSize: 4096 } },
    })
    expect(diskCreateBody(named, originOf(values({ blockSize: '512' }))).diskBackend).toEqual({
      type: 'distributed',
      diskSource: { type: 'blank', blockSize: 512 },
    })
    expect(
      diskCreateBody(named, originOf(values({ source: 'snapshot', snapshot: 'snap-id' }))).diskBackend,
    ).toEqual({
      type: 'distributed',
      diskSource: { type: 'snapshot', snapshotId: 'snap-id', readOnly: false },
    })
    expect(
      diskCreateBody(named, originOf(values({ source: 'image', image: 'img-id', readOnly: true })))
        .diskBackend,
    ).toEqual({ type: 'distributed', diskSource: { type: 'image', imageId: 'img-id', readOnly: true } })
  })

  it('asks for the snapshot or image and a size that holds it', () => {
    expect(diskCreateProblems(values({ source: 'snapshot' }))).toEqual({ snapshot: 'Choose a snapshot' })
    expect(diskCreateProblems(values({ source: 'image' }))).toEqual({ image: 'Choose an image' })
    expect(diskCreateProblems(values({ source: 'image', image: 'i', sizeGib: '2' }), 2 * GiB)).toEqual({})
    expect(diskCreateProblems(values({ source: 'image', image: 'i', sizeGib: '2' }), 2 * GiB + 1)).toEqual({
      sizeGib: 'Size must be at least 3 GiB to hold the image',
    })
    expect(
      diskCreateProblems(values({ source: 'snapshot', snapshot: 's', sizeGib: '20' }), 100 * GiB),
    ).toEqual({ sizeGib: 'Size must be at least 100 GiB to hold the snapshot' })
    // A blank disk has no source to hold; its size keeps the 1..1023 GiB rule.
    expect(diskCreateProblems(values({ sizeGib: '1' }), 100 * GiB)).toEqual({})
    expect(diskCreateProblems(values({ sizeGib: '0' })).sizeGib).toMatch(/at least 1/)
    expect(diskCreateProblems(values({ source: 'upload' }))).toEqual({ file: 'Choose an image file' })
  })

  it('grows the size to hold a chosen source and never shrinks it', () => {
    expect(gibToHold(0)).toBe(1)
    expect(gibToHold(2 * GiB)).toBe(2)
    expect(gibToHold(2 * GiB + 1)).toBe(3)
    expect(sizeToHold('10', 20 * GiB)).toBe('20')
    expect(sizeToHold('50', 20 * GiB)).toBe('50')
    expect(sizeToHold('', 2 * GiB)).toBe('2')
    expect(sizeToHold('1.5', 2 * GiB)).toBe('2')
    expect(sizeToHold('10', 20 * GiB + 512)).toBe('21')
    expect(sizeToHold('2', 2 * GiB)).toBe('2')
  })

  it("offers only ready snapshots, and says which images are the project's and which the silo's", () => {
    const snap = (name: string, state: string) =>
      ({ id: name, name, size: 10 * GiB, state }) as unknown as ListItem<'snapshotList'>
    expect(snapshotOptions([snap('s1', 'ready'), snap('s2', 'creating')])).toEqual([
      { value: 's1', label: 's1 (10 GiB)', disabled: false },
      { value: 's2', label: 's2 (10 GiB, creating)', disabled: true },
    ])
    const image = (name: string, projectId: string | null) =>
      ({ id: name, name, projectId, os: 'ubuntu', version: '24.04', size: 2 * GiB }) as ListItem<'imageList'>
    expect(imageOptions([image('p1', 'proj')], [image('s1', null)]).map((o) => o.label)).toEqual([
      'p1 (project image, ubuntu 24.04, 2 GiB)',
      's1 (silo image, ubuntu 24.04, 2 GiB)',
    ])
  })
})
