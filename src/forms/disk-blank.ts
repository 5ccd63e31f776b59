// A blank disk of a size in GiB: the one create call of the disk form and of the instance's
// "Create disk" (create and attach), with the disk list refreshed through storage.
import { mutate } from '../../storage'
import { GiB } from '../util/bytes'

export type BlankDiskValues = { name: string; description: string; sizeGib: string }

export function createBlankDisk(project: string, { name, description, sizeGib }: BlankDiskValues) {
  return mutate(
    'diskCreate',
    {
      query: { project },
      body: {
        name,
        description,
        size: Number(sizeGib) * GiB,
        diskBackend: { type: 'distributed', diskSource: { type: 'blank', blockSize: 4096 } },
      },
    },
    { invalidates: [{ endpoint: 'diskList' }] },
  )
}
