// Build-time rules for what the production bundle may contain.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

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
