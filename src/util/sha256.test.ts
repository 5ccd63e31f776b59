import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HashAborted, sha256Hex, sha256OfBlob } from './sha256'

const nodeSha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

function bytesOf(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size)
  let x = seed >>> 0 || 1
  for (let i = 0; i < size; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    out[i] = x & 0xff
  }
  return out
}

describe('sha256OfBlob', () => {
  const SLICE = 64 * 1024
  it.each([0, 1, 63, 64, 65, SLICE - 1, SLICE, SLICE + 1, 3 * SLICE + 12_345])(
    'equals node:crypto for %i bytes read in 64 KiB slices',
    async (size) => {
      const bytes = bytesOf(size, size + 7)
      expect(await sha256OfBlob(new Blob([bytes]), { sliceSize: SLICE })).toBe(nodeSha256(bytes))
    },
  )

  it('equals node:crypto with the default 4 MiB slices on a file that is not a multiple of them', async () => {
    const bytes = bytesOf(9 * 1024 * 1024 + 3, 99)
    expect(await sha256OfBlob(new Blob([bytes]))).toBe(nodeSha256(bytes))
  })

  it('tells two files apart that differ only after the first 512 KiB', async () => {
    const a = bytesOf(2 * 1024 * 1024, 5)
    const b = a.slice()
    b[b.length - 1] = (b[b.length - 1]! + 1) & 0xff
    expect(await sha256OfBlob(new Blob([a]))).not.toBe(await sha256OfBlob(new Blob([b])))
  })

  it('reports progress after every slice, ending at the size', async () => {
    const bytes = bytesOf(10_000, 3)
    const seen: [number, number][] = []
    await sha256OfBlob(new Blob([bytes]), { sliceSize: 4096, onProgress: (d, t) => seen.push([d, t]) })
    expect(seen).toEqual([
      [4096, 10_000],
      [8192, 10_000],
      [10_000, 10_000],
    ])
  })

  it('stops when aborted', async () => {
    const signal = { aborted: false }
    const hashing = sha256OfBlob(new Blob([bytesOf(10_000, 1)]), {
      sliceSize: 1000,
      signal,
      onProgress: () => {
        signal.aborted = true
      },
    })
    await expect(hashing).rejects.toBeInstanceOf(HashAborted)
  })

  it('is the hash of the concatenation for any bytes and any slice size (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 0, maxLength: 5000 }).map((b) => new Uint8Array(b)),
        fc.integer({ min: 1, max: 6000 }),
        async (bytes, sliceSize) => {
          expect(await sha256OfBlob(new Blob([bytes]), { sliceSize })).toBe(nodeSha256(bytes))
        },
      ),
      { numRuns: 200 },
    )
  })

  it('sha256Hex of parts equals the hash of the whole', () => {
    const bytes = bytesOf(1000, 11)
    expect(sha256Hex([bytes.subarray(0, 10), bytes.subarray(10, 999), bytes.subarray(999)])).toBe(
      nodeSha256(bytes),
    )
  })
})
