// SHA-256 of a whole Blob or File, read slice by slice so a multi-GiB disk image never sits in memory
// at once. WebCrypto's digest takes the whole input in one buffer, so the incremental hash comes from
// @noble/hashes. Pure (no DOM): runs in the file-hash worker, on the main thread as a fallback, and in
// node for tests.
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'

/** Bytes read per step: large enough to keep per-slice overhead small, small enough for memory. */
export const HASH_SLICE_SIZE = 4 * 1024 * 1024

export class HashAborted extends Error {
  constructor() {
    super('Hashing was cancelled')
    this.name = 'HashAborted'
  }
}

export type HashOptions = {
  sliceSize?: number
  /** Called after each slice with the bytes hashed so far and the total. */
  onProgress?: (bytesDone: number, bytesTotal: number) => void
  signal?: { readonly aborted: boolean }
}

/** Lowercase hex SHA-256 of a sequence of byte arrays, hashed in order (the slices of one input). */
export function sha256Hex(parts: Iterable<Uint8Array>): string {
  const h = sha256.create()
  for (const part of parts) h.update(part)
  return bytesToHex(h.digest())
}

/** Lowercase hex SHA-256 of the blob's bytes, read `sliceSize` bytes at a time. */
export async function sha256OfBlob(blob: Blob, options: HashOptions = {}): Promise<string> {
  const sliceSize = options.sliceSize ?? HASH_SLICE_SIZE
  if (!Number.isInteger(sliceSize) || sliceSize <= 0)
    throw new RangeError('sliceSize must be a positive integer')
  const h = sha256.create()
  for (let offset = 0; offset < blob.size; offset += sliceSize) {
    if (options.signal?.aborted) throw new HashAborted()
    const end = Math.min(blob.size, offset + sliceSize)
    h.update(new Uint8Array(await blob.slice(offset, end).arrayBuffer()))
    options.onProgress?.(end, blob.size)
  }
  if (options.signal?.aborted) throw new HashAborted()
  if (blob.size === 0) options.onProgress?.(0, 0)
  return bytesToHex(h.digest())
}
