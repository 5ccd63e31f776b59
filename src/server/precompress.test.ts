// @vitest-environment node
// Build-time compression: siblings that decompress to the original, written only for compressible
// files worth it and only when smaller; stale siblings removed; the vite plugin's precache filter.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { isRareChunk, rareChunks } from './build'
import { MIN_COMPRESS_BYTES, precompressDir, precompressFile } from './precompress'

const text = `${Array.from({ length: 300 }, (_, i) => `const v${i} = "value ${i}";`).join('\n')}\n`

function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'rack-precompress-'))
}

describe('precompressFile', () => {
  it('writes .br and .gz siblings that decompress to the original and are smaller', async () => {
    const file = join(tmp(), 'app-abc123.js')
    writeFileSync(file, text)
    const result = await precompressFile(file)
    const br = readFileSync(`${file}.br`)
    const gz = readFileSync(`${file}.gz`)
    expect(zlib.brotliDecompressSync(br).toString()).toBe(text)
    expect(zlib.gunzipSync(gz).toString()).toBe(text)
    expect(br.length).toBeLessThan(text.length)
    expect(gz.length).toBeLessThan(text.length)
    expect(result).toEqual({ file, size: text.length, br: br.length, gzip: gz.length })
  })

  it('skips a file whose compressed form would not be smaller, and removes a stale sibling', async () => {
    const file = join(tmp(), 'noise.js')
    // Random bytes do not compress: both codings come out larger than the input.
    writeFileSync(file, randomBytes(4096))
    writeFileSync(`${file}.br`, 'stale from an earlier build')
    const result = await precompressFile(file)
    expect(result.br).toBeUndefined()
    expect(result.gzip).toBeUndefined()
    expect(existsSync(`${file}.br`)).toBe(false)
    expect(existsSync(`${file}.gz`)).toBe(false)
  })

  it('skips files under the size threshold and formats that are not text', async () => {
    const dir = tmp()
    const small = join(dir, 'small.css')
    writeFileSync(small, 'a{color:red}'.repeat(Math.floor((MIN_COMPRESS_BYTES - 1) / 12)))
    const png = join(dir, 'icon.png')
    writeFileSync(png, text)
    await precompressFile(small)
    await precompressFile(png)
    for (const f of [small, png]) {
      expect(existsSync(`${f}.br`), f).toBe(false)
      expect(existsSync(`${f}.gz`), f).toBe(false)
    }
  })
})

describe('precompressDir', () => {
  it('compresses every text format of a build, in subfolders too, and never its siblings again', async () => {
    const dir = tmp()
    mkdirSync(join(dir, 'assets'))
    const names = [
      'index.html',
      'sw.js',
      'manifest.webmanifest',
      'hero.svg',
      'assets/a.js',
      'assets/a.mjs',
      'assets/a.css',
      'assets/a.json',
    ]
    for (const n of names) writeFileSync(join(dir, n), text)
    writeFileSync(join(dir, 'assets', 'a.js.map'), text)
    await precompressDir(dir)
    for (const n of names) {
      expect(existsSync(join(dir, `${n}.br`)), n).toBe(true)
      expect(existsSync(join(dir, `${n}.gz`)), n).toBe(true)
    }
    expect(existsSync(join(dir, 'assets', 'a.js.map.br'))).toBe(false)
    // A second run (a rebuild into the same folder) does not compress the siblings themselves.
    await precompressDir(dir)
    expect(existsSync(join(dir, 'assets', 'a.js.br.br'))).toBe(false)
    expect(existsSync(join(dir, 'assets', 'a.js.gz.gz'))).toBe(false)
  })
})

describe('rare-route chunks stay out of the precache', () => {
  const nm = '/work/main/node_modules'
  it('classifies a chunk by where most of its code comes from', () => {
    expect(isRareChunk({ [`${nm}/@xterm/xterm/lib/xterm.mjs`]: { renderedLength: 300_000 } })).toBe(true)
    expect(
      isRareChunk({
        [`${nm}/@visx/shape/esm/index.js`]: { renderedLength: 40_000 },
        [`${nm}/d3-scale/src/linear.js`]: { renderedLength: 30_000 },
        '/work/main/src/pages/project/MetricsPage.tsx': { renderedLength: 5_000 },
      }),
    ).toBe(true)
    // A page that merely uses a small piece of a rare package is a route chunk like any other.
    expect(
      isRareChunk({
        '/work/main/src/pages/project/InstancesPage.tsx': { renderedLength: 20_000 },
        [`${nm}/d3-format/src/index.js`]: { renderedLength: 5_000 },
      }),
    ).toBe(false)
    expect(isRareChunk({ [`${nm}/react-dom/index.js`]: { renderedLength: 100_000 } })).toBe(false)
    expect(isRareChunk({})).toBe(false)
  })

  it('drops the rare chunks the bundle holds from the precache manifest', () => {
    const rare = rareChunks()
    const hook = rare.plugin.generateBundle as (this: unknown, o: unknown, b: unknown) => void
    hook.call(
      undefined,
      {},
      {
        'assets/xterm-abc.js': {
          type: 'chunk',
          fileName: 'assets/xterm-abc.js',
          isEntry: false,
          modules: { [`${nm}/@xterm/xterm/lib/xterm.mjs`]: { renderedLength: 300_000 } },
        },
        'assets/InstancesPage-abc.js': {
          type: 'chunk',
          fileName: 'assets/InstancesPage-abc.js',
          isEntry: false,
          modules: { '/work/main/src/pages/project/InstancesPage.tsx': { renderedLength: 20_000 } },
        },
        'assets/index-abc.css': { type: 'asset', fileName: 'assets/index-abc.css' },
      },
    )
    const entries = [
      'index.html',
      'assets/xterm-abc.js',
      'assets/InstancesPage-abc.js',
      'assets/index-abc.css',
    ]
    const { manifest } = rare.filter(entries.map((url) => ({ url, revision: null })))
    expect(manifest.map((e) => e.url)).toEqual([
      'index.html',
      'assets/InstancesPage-abc.js',
      'assets/index-abc.css',
    ])
  })
})
