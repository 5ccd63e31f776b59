// Build-time compression of the static files the server sends. Compressing once at build time lets
// brotli run at its slowest, smallest setting (quality 11), which would cost far too much per request;
// the server then only picks the sibling the client accepts (encoding.ts).
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text formats worth compressing; images here (png, webp, woff2) are compressed formats already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|webmanifest)$/i

/** Below this, a compressed answer saves less than the header and decoding overhead it adds. */
export const MIN_COMPRESS_BYTES = 1024

export type Sibling = { encoding: 'br' | 'gzip'; ext: '.br' | '.gz' }
export const SIBLINGS: readonly Sibling[] = [
  { encoding: 'br', ext: '.br' },
  { encoding: 'gzip', ext: '.gz' },
]

export async function compress(data: Buffer, encoding: Sibling['encoding']): Promise<Buffer> {
  if (encoding === 'br')
    return brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    })
  return gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION })
}

export type PrecompressResult = { file: string; size: number; br?: number; gzip?: number }

/**
 * Writes `file.br` and `file.gz` next to `file` when it is compressible, at least MIN_COMPRESS_BYTES,
 * and the compressed bytes are smaller than the original. A sibling that would not be smaller is
 * removed if an earlier build left one, so the server can never send a stale variant.
 */
export async function precompressFile(file: string): Promise<PrecompressResult> {
  const data = readFileSync(file)
  const result: PrecompressResult = { file, size: data.length }
  if (!COMPRESSIBLE.test(file)) return result
  await Promise.all(
    SIBLINGS.map(async ({ encoding, ext }) => {
      const out = data.length >= MIN_COMPRESS_BYTES ? await compress(data, encoding) : undefined
      if (out && out.length < data.length) {
        writeFileSync(file + ext, out)
        result[encoding] = out.length
      } else {
        rmSync(file + ext, { force: true })
      }
    }),
  )
  return result
}

function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) out.push(...filesUnder(path))
    else out.push(path)
  }
  return out
}

/** Precompresses every compressible file under `dir` (siblings already there are not inputs). */
export async function precompressDir(dir: string): Promise<PrecompressResult[]> {
  const files = filesUnder(dir).filter((f) => COMPRESSIBLE.test(f))
  return Promise.all(files.map(precompressFile))
}
