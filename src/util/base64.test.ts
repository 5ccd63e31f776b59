import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bytesToBase64, padToBlock, slicedBase64 } from './base64'

const reference = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

describe('bytesToBase64', () => {
  it('encodes the empty array and short inputs with padding', () => {
    expect(bytesToBase64(new Uint8Array())).toBe('')
    expect(bytesToBase64(new Uint8Array([102]))).toBe('Zg==')
    expect(bytesToBase64(new Uint8Array([102, 111]))).toBe('Zm8=')
    expect(bytesToBase64(new Uint8Array([102, 111, 111]))).toBe('Zm9v')
  })

  it('matches a reference encoder for any bytes and any slice size', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), fc.integer({ min: 1, max: 50 }), (bytes, k) => {
        expect(bytesToBase64(bytes, k * 3)).toBe(reference(bytes))
        expect(slicedBase64(bytes, k * 3)).toBe(reference(bytes))
      }),
    )
  })

  it('encodes a 512 KiB chunk like the reference', () => {
    const bytes = Uint8Array.from({ length: 512 * 1024 }, (_, i) => (i * 31 + 7) & 0xff)
    expect(bytesToBase64(bytes)).toBe(reference(bytes))
    expect(slicedBase64(bytes)).toBe(reference(bytes))
  })

  it('refuses a slice that is not a multiple of 3', () => {
    expect(() => bytesToBase64(new Uint8Array(4), 4)).toThrow(RangeError)
  })
})

describe('padToBlock', () => {
  it('leaves whole blocks alone and zero-pads the rest', () => {
    const whole = new Uint8Array(1024)
    expect(padToBlock(whole, 512)).toBe(whole)
    const part = padToBlock(new Uint8Array([1, 2, 3]), 512)
    expect(part.length).toBe(512)
    expect([...part.subarray(0, 4)]).toEqual([1, 2, 3, 0])
  })
})
