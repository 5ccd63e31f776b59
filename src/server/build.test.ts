import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { firstVisitChunks } from './build'

// A module graph: the entry imports the app shell; the list screen imports the kit and a module the
// shell has already; a form is loaded on demand from the screen; another screen has its own module.
const graph: Record<string, { isEntry?: boolean; importedIds: string[] }> = {
  '/r/src/main.tsx': { isEntry: true, importedIds: ['/r/src/App.tsx'] },
  '/r/src/App.tsx': { importedIds: ['/r/storage/index.ts', '/r/node_modules/react/index.js'] },
  '/r/storage/index.ts': { importedIds: [] },
  '/r/node_modules/react/index.js': { importedIds: [] },
  '/r/src/pages/project/InstancesPage.tsx': {
    importedIds: ['/r/src/components/ResourceList.tsx', '/r/storage/index.ts'],
  },
  '/r/src/components/ResourceList.tsx': { importedIds: ['/r/src/components/Table.tsx'] },
  '/r/src/components/Table.tsx': { importedIds: [] },
  '/r/src/forms/instance-create.tsx': { importedIds: ['/r/src/components/SideModal.tsx'] },
  '/r/src/components/SideModal.tsx': { importedIds: [] },
  '/r/src/pages/system/SilosPage.tsx': { importedIds: ['/r/src/components/ResourceList.tsx'] },
}

function split(screens: string[]) {
  const { plugin, groups } = firstVisitChunks(screens)
  const context = {
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) => graph[id] ?? null,
  }
  ;(plugin.buildEnd as unknown as (this: typeof context) => void).call(context)
  const [shell, kit] = groups
  const members = (g: typeof shell) => Object.keys(graph).filter((id) => g?.test(id))
  return { shell: members(shell), kit: members(kit) }
}

describe('firstVisitChunks', () => {
  it('puts what the entry needs in the shell and what the screen adds in the kit', () => {
    const { shell, kit } = split(['src/pages/project/InstancesPage.tsx'])
    expect(shell).toEqual([
      '/r/src/main.tsx',
      '/r/src/App.tsx',
      '/r/storage/index.ts',
      '/r/node_modules/react/index.js',
    ])
    // The screen keeps its own chunk; forms and other screens keep the bundler's chunking.
    expect(kit).toEqual(['/r/src/components/ResourceList.tsx', '/r/src/components/Table.tsx'])
  })

  it('groups nothing beyond the shell when no screen is named', () => {
    expect(split([]).kit).toEqual([])
  })

  it('is safe: no module of the app awaits at top level (a page would wait for the shell forever)', () => {
    const root = new URL('../..', import.meta.url).pathname
    const awaiting = ['src', 'storage', 'machines']
      .flatMap((dir) =>
        readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`),
      )
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      // Node scripts of the build, never bundled into the app.
      .filter(
        (f) => !f.startsWith('src/server/') && !['src/api/codegen.ts', 'machines/gen-tables.ts'].includes(f),
      )
      .filter((f) => /^(export )?(const \w+ = )?await /m.test(readFileSync(join(root, f), 'utf8')))
    expect(awaiting).toEqual([])
  })
})
