// Base64 of file bytes for bulk-write bodies (disk upload). The native Uint8Array.prototype.toBase64
// is used where it exists; elsewhere the bytes are encoded in slices whose length is a multiple of 3,
// so each slice's base64 has no padding and the pieces concatenate into the base64 of the whole, and
// no binary string ever holds more than one slice (no giant intermediate strings).

/** Bytes per slice: a multiple of 3 (48 KiB). */
export const BASE64_SLICE = 3 * 16 * 1024

type WithToBase64 = Uint8Array & { toBase64?: () => string }

export function bytesToBase64(bytes: Uint8Array, slice: number = BASE64_SLICE): string {
  checkSlice(slice)
  const native = (bytes as WithToBase64).toBase64
  if (typeof native === 'function') return native.call(bytes)
  return slicedBase64(bytes, slice)
}

function checkSlice(slice: number) {
  if (slice <= 0 || slice % 3 !== 0)
    throw new RangeError(`slice must be a positive multiple of 3, got ${slice}`)
}

/** The portable path (exported so tests check it even where toBase64 exists). */
export function slicedBase64(bytes: Uint8Array, slice: number = BASE64_SLICE): string {
  checkSlice(slice)
  const parts: string[] = []
  for (let start = 0; start < bytes.length; start += slice) {
    const piece = bytes.subarray(start, Math.min(bytes.length, start + slice))
    let bin = ''
    // String.fromCharCode over 8 KiB at a time keeps argument lists small.
    for (let i = 0; i < piece.length; i += 8192) {
      bin += String.fromCharCode(...piece.subarray(i, Math.min(piece.length, i + 8192)))
    }
    parts.push(btoa(bin))
  }
  return parts.join('')
}

/** Pads `bytes` with zeros up to a multiple of `blockSize` (the last chunk of a file). */
export function padToBlock(bytes: Uint8Array, blockSize: number): Uint8Array {
  const rem = bytes.length % blockSize
  if (rem === 0) return bytes
  const out = new Uint8Array(bytes.length + blockSize - rem)
  out.set(bytes)
  return out
}
