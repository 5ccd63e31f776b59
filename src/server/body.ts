// Request bodies with a size cap, checked before anything reads them (the declared Content-Length)
// and again while they stream (chunked bodies declare nothing), so an oversized body is refused
// without ever being held in memory.
import type { IncomingMessage } from 'node:http'
import { Transform, type TransformCallback } from 'node:stream'

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/** Whether the request declares a body over `limit` bytes (Node has already rejected malformed lengths). */
export function declaresTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = req.headers['content-length']
  if (declared === undefined) return false
  const n = Number(declared)
  return !Number.isSafeInteger(n) || n > limit
}

/** The whole body, or a BodyTooLargeError as soon as more than `limit` bytes have arrived. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        // Stop collecting at once; the 413 answer closes the connection, which ends the upload.
        req.off('data', onData)
        chunks.length = 0
        reject(new BodyTooLargeError(limit))
        return
      }
      chunks.push(chunk)
    }
    req.on('data', onData)
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

/** A pass-through that fails with BodyTooLargeError once more than `limit` bytes have gone through. */
export function bodyLimiter(limit: number): Transform {
  let size = 0
  return new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      size += chunk.length
      if (size > limit) done(new BodyTooLargeError(limit))
      else done(null, chunk)
    },
  })
}
