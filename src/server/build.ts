// Build-time rules for what the production bundle may contain, how it is compressed, and what the
// service worker precaches.
import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { precompressDir } from './precompress.ts'

/** The msw worker in public/: the in-browser mock's, never production's. */
export const MOCK_WORKER_FILE = 'mockServiceWorker.js'

/**
 * Removes the msw worker from every build but the mock one. Vite copies public/ whole into the output
 * before rendering, and public/ is also what `npm run dev` (mock mode) serves the worker from; so it
 * stays there and is deleted from the written production bundle instead: a script that can answer
 * API calls with mock data has no place on a production origin.
 */
export function dropMockWorker(mode: string): Plugin {
  return {
    name: 'drop-mock-worker',
    apply: 'build',
    writeBundle(options) {
      if (mode === 'mock' || !options.dir) return
      rmSync(join(options.dir, MOCK_WORKER_FILE), { force: true })
    },
  }
}

/**
 * Writes `.br` and `.gz` siblings of the production build's text files (precompress.ts), which the
 * server behind `npm start` sends by Accept-Encoding. Runs last (`closeBundle`, order post): the
 * service worker and the web manifest are written by vite-plugin-pwa's own closeBundle, and they are
 * compressed too. The mock build is served by `vite preview`, which never sends siblings: skipped.
 */
export function precompressBuild(mode: string): Plugin {
  let outDir = ''
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (mode === 'mock' || !outDir) return
        await precompressDir(outDir)
      },
    },
  }
}

/**
 * Packages that only rare routes use: the serial console's terminal and the metrics charts (and the
 * d3 modules the charts are built on). A chunk mostly made of them is not precached (rareChunks).
 */
export const RARE_ROUTE_PACKAGES: readonly RegExp[] = [
  /[\\/]node_modules[\\/]@xterm[\\/]/,
  /[\\/]node_modules[\\/]@visx[\\/]/,
  /[\\/]node_modules[\\/]d3-[^\\/]+[\\/]/,
]

/** A chunk more than half of whose rendered code comes from RARE_ROUTE_PACKAGES. */
export function isRareChunk(modules: Record<string, { renderedLength: number }>): boolean {
  let rare = 0
  let total = 0
  for (const [id, m] of Object.entries(modules)) {
    total += m.renderedLength
    if (RARE_ROUTE_PACKAGES.some((p) => p.test(id))) rare += m.renderedLength
  }
  return total > 0 && rare * 2 > total
}

/**
 * Finds the rare-route chunks of a build, so the service worker's precache can leave them out: on a
 * slow link every precached byte competes with what the user opens next, and these are large and
 * seldom needed. The worker caches them at run time on first use instead (sw/sw.ts), so a route
 * visited once still opens offline. `files` is filled by generateBundle, before vite-plugin-pwa
 * builds the precache manifest in closeBundle; `filter` is its manifestTransform.
 */
export function rareChunks(): {
  plugin: Plugin
  files: Set<string>
  filter: <E extends { url: string }>(entries: E[]) => { manifest: E[]; warnings: string[] }
} {
  const files = new Set<string>()
  return {
    files,
    plugin: {
      name: 'rare-chunks',
      apply: 'build',
      generateBundle(_options, bundle) {
        for (const out of Object.values(bundle))
          if (out.type === 'chunk' && !out.isEntry && isRareChunk(out.modules)) files.add(out.fileName)
      },
    },
    filter: (entries) => ({
      manifest: entries.filter((e) => !files.has(e.url.replace(/^\//, ''))),
      warnings: [],
    }),
  }
}

/**
 * The first visit's chunks (issue 11). Left to itself the bundler gives every module shared by a
 * different set of routes a chunk of its own: the first visit of a list fetched 62 script files, and
 * at ~0.35 KB of response headers each (and a round trip per wave on a slow link) the count cost more
 * than many of the files. Two groups instead: everything the entry needs at start (the shell), and
 * everything a list screen's page statically imports beyond it (the kit: table, list, row menu,
 * badges...). A later route needing a kit module loads the kit once; the modules of other routes keep
 * the bundler's own chunking. `screens` are module paths (relative to the root) whose static imports
 * make up the kit; the sets are computed from the module graph when the build ends.
 */
export function firstVisitChunks(screens: readonly string[]) {
  const shell = new Set<string>()
  const kit = new Set<string>()
  const closure = (
    from: readonly string[],
    info: (id: string) => { importedIds: readonly string[] } | null,
    into: Set<string>,
    skip?: Set<string>,
  ) => {
    const todo = [...from]
    while (todo.length > 0) {
      const id = todo.pop() as string
      if (into.has(id) || skip?.has(id)) continue
      into.add(id)
      for (const next of info(id)?.importedIds ?? []) todo.push(next)
    }
  }
  const plugin: Plugin = {
    name: 'first-visit-chunks',
    apply: 'build',
    buildEnd() {
      shell.clear()
      kit.clear()
      const ids = [...this.getModuleIds()]
      const info = (id: string) => this.getModuleInfo(id)
      // The entry's static imports, and the bundler's runtime helpers, which every chunk needs. No
      // module here may await at top level (build.test.ts checks): a page's chunk imports the shell and
      // would wait for that await while main.tsx waits for the page, a deadlock only a timeout breaks.
      closure(
        ids.filter((id) => info(id)?.isEntry || id.includes('rolldown/runtime')),
        info,
        shell,
      )
      const roots = ids.filter((id) => screens.some((s) => id.endsWith(s)))
      closure(roots, info, kit, shell)
      // The screens themselves keep chunks of their own: the kit is what they share with others.
      for (const root of roots) kit.delete(root)
    },
  }
  return {
    plugin,
    groups: [
      { name: 'shell', test: (id: string) => shell.has(id), priority: 2 },
      { name: 'kit', test: (id: string) => kit.has(id), priority: 1 },
    ],
  }
}
