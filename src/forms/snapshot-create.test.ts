// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { DISK_STATES } from '../../machines/disk.machine'
import type { Disk, DiskState } from '../api/types'
import { MAX_NAME_LENGTH } from '../util/names'
import { nameForDisk, snapshottableDisks } from './snapshot-create'

const diskIn = (state: DiskState): Disk =>
  ({
    id: `id-${state}`,
    name: `disk-${state}`.replace(/_/g, '-'),
    state: state === 'attached' ? { state, instance: 'i-1' } : { state },
  }) as Disk

describe('new snapshot form', () => {
  it('offers only the disks the disk machine lets be snapshotted (attached or detached, spec 4)', () => {
    const offered = snapshottableDisks(DISK_STATES.map(diskIn)).map((d) => d.state.state)
    expect(offered.sort()).toEqual(['attached', 'detached'])
  })

  it('suggests a generated name while the field is empty or still holds the last suggestion', () => {
    const first = nameForDisk('', '', 'db1-boot')
    expect(first).toMatch(/^db1-boot-[0-9a-f]{6}$/)
    // Another disk replaces a suggestion the user left alone...
    expect(nameForDisk(first, first, 'data-disk')).toMatch(/^data-disk-[0-9a-f]{6}$/)
    // ...but never a name the user typed.
    expect(nameForDisk('my-snapshot', first, 'data-disk')).toBe('my-snapshot')
  })

  it('keeps a suggestion for a long disk name within the name limit (spec 5)', () => {
    expect(nameForDisk('', '', `d${'x'.repeat(62)}`)).toHaveLength(MAX_NAME_LENGTH)
  })
})
