import { describe, expect, it, vi } from 'vitest'
import { diskActionRefusal } from '../../../../machines/disk.machine'
import { instanceActionRefusal } from '../../../../machines/instance.machine'
import { makeDisk, makeInstance } from '../../../../machines/testing/fixtures'
import { MAX_NAME_LENGTH } from '../../../util/names'
import {
  attachableDisks,
  attachRefusal,
  BOOT_DISK_DETACH_REFUSAL,
  diskRowRefusals,
  firstRefusal,
  snapshotNameFor,
} from './storage-actions'

// row-state reaches storage only through the live actions registry; nothing here runs an action.
vi.mock('../../../../storage', () => ({}))

const BOOT_ID = '00000000-0000-4000-8000-0000000000b0'

describe('firstRefusal', () => {
  it('is the first refusal given, skipping null, undefined and empty', () => {
    expect(firstRefusal(null, undefined, '', 'instance says no', 'disk says no')).toBe('instance says no')
    expect(firstRefusal(null, 'disk says no')).toBe('disk says no')
  })

  it('is null when nothing refuses', () => {
    expect(firstRefusal()).toBeNull()
    expect(firstRefusal(null, undefined)).toBeNull()
  })
})

describe('attachableDisks', () => {
  it('keeps only the detached disks of the project', () => {
    const disks = [
      makeDisk('detached', { id: 'a', name: 'free' }),
      makeDisk('attached', { id: 'b', name: 'used' }),
      makeDisk('attaching', { id: 'c', name: 'moving' }),
      makeDisk('creating', { id: 'd', name: 'new' }),
      makeDisk('faulted', { id: 'e', name: 'broken' }),
      makeDisk('detached', { id: 'f', name: 'also-free' }),
    ]
    expect(attachableDisks(disks).map((d) => d.name)).toEqual(['free', 'also-free'])
  })
})

describe('attachRefusal', () => {
  it('allows a stopped or creating instance, refuses a running one with the machine reason', () => {
    expect(attachRefusal(makeInstance('stopped'))).toBeNull()
    expect(attachRefusal(makeInstance('creating'))).toBeNull()
    expect(attachRefusal(makeInstance('running'))).toBe(instanceActionRefusal.ATTACH_DISK)
  })
})

describe('diskRowRefusals: both machines, the instance first', () => {
  const other = makeDisk('attached', { id: 'other', name: 'data' })

  it('allows everything on a stopped instance with an attached, non-boot disk', () => {
    const instance = makeInstance('stopped', { bootDiskId: BOOT_ID })
    expect(diskRowRefusals(instance, other)).toEqual({
      detach: null,
      setBoot: null,
      unsetBoot: null,
      snapshot: null,
    })
  })

  it('the instance machine refuses first when both refuse', () => {
    const running = makeInstance('running', { bootDiskId: BOOT_ID })
    const detaching = makeDisk('detaching', { id: 'x' })
    const r = diskRowRefusals(running, detaching)
    expect(r.detach).toBe(instanceActionRefusal.DETACH_DISK)
    expect(r.setBoot).toBe(instanceActionRefusal.UPDATE_BOOT_DISK)
    expect(r.unsetBoot).toBe(instanceActionRefusal.UPDATE_BOOT_DISK)
    expect(r.snapshot).toBe(diskActionRefusal.SNAPSHOT)
  })

  it('the disk machine refuses when the instance allows', () => {
    const stopped = makeInstance('stopped')
    const attaching = makeDisk('attaching', { id: 'x' })
    const r = diskRowRefusals(stopped, attaching)
    expect(r.detach).toBe(diskActionRefusal.DETACH)
    expect(r.setBoot).toBe(diskActionRefusal.SET_BOOT_DISK)
    expect(r.snapshot).toBe(diskActionRefusal.SNAPSHOT)
  })

  it('the boot disk cannot be detached, only unset', () => {
    const instance = makeInstance('stopped', { bootDiskId: BOOT_ID })
    const boot = makeDisk('attached', { id: BOOT_ID, name: 'boot' })
    const r = diskRowRefusals(instance, boot)
    expect(r.detach).toBe(BOOT_DISK_DETACH_REFUSAL)
    expect(r.unsetBoot).toBeNull()
    // A running instance's refusal still comes first: it is the one to act on.
    expect(diskRowRefusals({ ...instance, runState: 'running' }, boot).detach).toBe(
      instanceActionRefusal.DETACH_DISK,
    )
  })
})

describe('snapshotNameFor', () => {
  it('names the disk, then a 6-hex suffix, within the name limit', () => {
    expect(snapshotNameFor(makeDisk('attached', { name: 'db1-boot' }), 'abc123')).toBe(
      'db1-boot-snapshot-abc123',
    )
    const long = snapshotNameFor(makeDisk('attached', { name: `d${'x'.repeat(62)}` }))
    expect(long.length).toBeLessThanOrEqual(MAX_NAME_LENGTH)
    expect(long).toMatch(/^dx+-snapshot-[0-9a-f]{6}$/)
  })
})
