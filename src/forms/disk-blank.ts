// The create call of a disk that is not uploaded: blank, or copied from a snapshot or an image. One
// place builds the body, so the disk form and the instance's "Create disk" (create and attach) send
// the same shape, and the disk list is refreshed through storage for both.
import { mutate } from '../../storage'
import type { ApiParams, Schemas } from '../api/types'
import { GiB, gibToHold } from '../util/bytes'
import { gibRule } from './validation'

type DiskCreateBody = ApiParams<'diskCreate'>['body']

/** nexus.json's BlockSize: the block sizes a blank or uploaded disk (and so an image) may have. */
export const BLOCK_SIZES = [512, 2048, 4096] as const satisfies readonly Schemas['BlockSize'][]
export type BlockSize = (typeof BLOCK_SIZES)[number]
export const DEFAULT_BLOCK_SIZE: BlockSize = 4096

/** Where the disk's blocks come from (nexus.json DiskSource, without the upload's importing_blocks). */
export type DiskOrigin =
  | { type: 'blank'; blockSize?: BlockSize }
  | { type: 'snapshot'; snapshotId: string; readOnly?: boolean }
  | { type: 'image'; imageId: string; readOnly?: boolean }

export type BlankDiskValues = { name: string; description: string; sizeGib: string; blockSize?: BlockSize }

/** Spec 9 caps disk sizes at 1023 GiB. */
export const MAX_DISK_GIB = 1023

/** Whole GiB from 1 to 1023 (spec 9), whose byte count is a contract ByteCount. */
export const DISK_SIZE = gibRule(MAX_DISK_GIB)

/** The size field once a snapshot or image is chosen: grown to hold it, never shrunk. */
export function sizeToHold(sizeGib: string, bytes: number): string {
  const min = gibToHold(bytes)
  const n = Number(sizeGib.trim())
  return sizeGib.trim() !== '' && Number.isInteger(n) && n >= min ? sizeGib : String(min)
}

/**
 * The request body: a size in whole GiB becomes bytes; only a blank disk takes a block size (a copy
 * has its source's), and only a copy may be read-only.
 */
export function diskCreateBody(
  { name, description, sizeGib }: Omit<BlankDiskValues, 'blockSize'>,
  origin: DiskOrigin,
): DiskCreateBody {
  const diskSource =
    origin.type === 'blank'
      ? ({ type: 'blank', blockSize: origin.blockSize ?? DEFAULT_BLOCK_SIZE } as const)
      : origin.type === 'snapshot'
        ? ({ type: 'snapshot', snapshotId: origin.snapshotId, readOnly: origin.readOnly ?? false } as const)
        : ({ type: 'image', imageId: origin.imageId, readOnly: origin.readOnly ?? false } as const)
  return {
    name,
    description,
    size: Number(sizeGib) * GiB,
    diskBackend: { type: 'distributed', diskSource },
  }
}

export function createDisk(project: string, values: Omit<BlankDiskValues, 'blockSize'>, origin: DiskOrigin) {
  return mutate(
    'diskCreate',
    { query: { project }, body: diskCreateBody(values, origin) },
    { invalidates: [{ endpoint: 'diskList' }] },
  )
}

export function createBlankDisk(project: string, { blockSize, ...values }: BlankDiskValues) {
  return createDisk(project, values, { type: 'blank', ...(blockSize ? { blockSize } : {}) })
}
