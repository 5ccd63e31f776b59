// Test fixtures typed by the generated contract (src/api/types.ts), never by hand-written shapes.
import type { Disk, DiskState, Instance, InstanceState } from '../../src/api/types'

const t0 = new Date('2025-01-01T00:00:00Z')

export function makeInstance(runState: InstanceState, overrides: Partial<Instance> = {}): Instance {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'db1',
    description: 'a test instance',
    hostname: 'db1',
    projectId: '00000000-0000-4000-8000-0000000000aa',
    memory: 4 * 1024 ** 3,
    ncpus: 2,
    runState,
    autoRestartEnabled: false,
    enableJumboFrames: false,
    timeCreated: t0,
    timeModified: t0,
    timeRunStateUpdated: t0,
    ...overrides,
  }
}

export function makeDisk(state: DiskState, overrides: Partial<Disk> = {}): Disk {
  const withInstance = state === 'attached' || state === 'attaching' || state === 'detaching'
  return {
    id: '00000000-0000-4000-8000-000000000d15',
    name: 'disk1',
    description: 'a test disk',
    projectId: '00000000-0000-4000-8000-0000000000aa',
    blockSize: 512,
    size: 1024 ** 3,
    devicePath: '/mnt/disk1',
    diskType: 'distributed',
    readOnly: false,
    state: withInstance ? { state, instance: '00000000-0000-4000-8000-000000000001' } : { state },
    timeCreated: t0,
    timeModified: t0,
    ...overrides,
  } as Disk
}
