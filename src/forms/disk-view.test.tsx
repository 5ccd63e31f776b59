// @vitest-environment jsdom
import '../components/test-helpers'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { diskOrigin } from '../ui/disk-source'
import { DiskView } from './disk-view'

const GiB = 1024 ** 3
const DISK_ID = 'd0000000-0000-4000-8000-000000000001'
const IMAGE_ID = 'i0000000-0000-4000-8000-000000000002'
const INSTANCE_ID = 'a0000000-0000-4000-8000-000000000003'

// What storage holds, by endpoint; an endpoint left out is unreadable (the user may not see it).
const world = vi.hoisted(() => ({ data: {} as Record<string, unknown> }))
vi.mock('../../storage', () => ({
  useResource: (endpoint: string) => ({
    data: world.data[endpoint],
    error: undefined,
    isOffline: false,
    refresh: async () => 'fresh',
  }),
  useResourcePoll: () => false,
  useList: () => ({ data: undefined }),
}))

const disk = {
  id: DISK_ID,
  name: 'db1-boot',
  description: '',
  projectId: 'p',
  size: 20 * GiB,
  blockSize: 4096,
  devicePath: '/mnt/db1-boot',
  diskType: 'distributed',
  readOnly: false,
  imageId: IMAGE_ID,
  snapshotId: null,
  state: { state: 'attached', instance: INSTANCE_ID },
  timeCreated: new Date('2024-01-01T00:00:00Z'),
  timeModified: new Date('2024-01-01T00:00:00Z'),
}

afterEach(() => {
  cleanup()
  world.data = {}
})

const detail = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' })
  return term.nextElementSibling as HTMLElement
}

describe('disk view', () => {
  it('tells what a disk was copied from', () => {
    expect(diskOrigin({ imageId: 'i', snapshotId: null })).toEqual({ kind: 'image', id: 'i' })
    expect(diskOrigin({ imageId: null, snapshotId: 's' })).toEqual({ kind: 'snapshot', id: 's' })
    expect(diskOrigin({ imageId: null, snapshotId: null })).toBeNull()
  })

  it('shows size, block size, origin and instance by name, device path and ID with copy', () => {
    world.data = {
      diskView: disk,
      imageView: { id: IMAGE_ID, name: 'ubuntu-24-04', projectId: null },
      instanceView: { id: INSTANCE_ID, name: 'db1' },
    }
    render(<DiskView project="p" disk="db1-boot" onDismiss={() => {}} />)
    expect(detail('Size').textContent).toBe('20 GiB')
    expect(detail('Block size').textContent).toBe('4096 bytes')
    expect(detail('Type').textContent).toBe('Distributed')
    expect(detail('State').textContent).toBe('attached')
    expect(within(detail('Source')).getByRole('link', { name: 'ubuntu-24-04' }).getAttribute('href')).toBe(
      '/images/ubuntu-24-04/edit',
    )
    expect(detail('Source').textContent).toBe('Image ubuntu-24-04')
    expect(within(detail('Instance')).getByRole('link', { name: 'db1' }).getAttribute('href')).toBe(
      '/projects/p/instances/db1',
    )
    expect(detail('Device path').textContent).toBe('/mnt/db1-boot')
    expect(detail('ID').textContent).toContain(DISK_ID)
    expect(within(detail('ID')).getByRole('button', { name: 'Copy disk ID' })).toBeTruthy()
  })

  it('shows ids where the names cannot be read, still linking the instance by id', () => {
    world.data = { diskView: { ...disk, imageId: null, snapshotId: 's0000000-0000-4000-8000-000000000004' } }
    render(<DiskView project="p" disk="db1-boot" onDismiss={() => {}} />)
    expect(detail('Source').textContent).toBe('Snapshot s0000000-0000-4000-8000-000000000004')
    expect(within(detail('Instance')).getByRole('link', { name: INSTANCE_ID }).getAttribute('href')).toBe(
      `/lookup/instances/${INSTANCE_ID}`,
    )
  })

  it('says a disk made from nothing is blank or uploaded', () => {
    world.data = { diskView: { ...disk, imageId: null, state: { state: 'detached' } } }
    render(<DiskView project="p" disk="db1-boot" onDismiss={() => {}} />)
    expect(detail('Source').textContent).toBe('Blank or uploaded')
    expect(detail('Instance').textContent).toBe('None')
  })
})
