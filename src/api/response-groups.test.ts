// The response schemas are split into groups so that a screen loads only the schemas of the operations
// it calls: these tests watch which group modules are loaded, and what happens when one fails to load.
import { readdirSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { operations } from './__generated__/operations'
import { createApiClient } from './client'
import type { OperationName } from './types'
import { prepareValidation, ResponseShapeError, validateResponse } from './validate'

const watch = vi.hoisted(() => ({ loaded: [] as string[], failNext: new Set<string>() }))

vi.mock('./__generated__/response-schemas/index', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./__generated__/response-schemas/index')>()
  const watched = Object.entries(actual.responseSchemaGroups).map(([group, load]) => [
    group,
    () => {
      watch.loaded.push(group)
      if (watch.failNext.delete(group)) return Promise.reject(new TypeError('Failed to fetch chunk'))
      return load()
    },
  ])
  return { ...actual, responseSchemaGroups: Object.fromEntries(watched) }
})

afterEach(() => {
  watch.loaded.length = 0
  vi.restoreAllMocks()
})

const group = (name: OperationName) => {
  const op = operations[name]
  return 'schemas' in op ? op.schemas : undefined
}
const project = {
  id: '0c7a1e7e-5b1a-4c55-9f0e-2c1f3a4b5c6e',
  name: 'mock-project',
  description: '',
  time_created: '2024-01-02T03:04:05Z',
  time_modified: '2024-01-02T03:04:05Z',
}
const vpcPage = { items: [], next_page: null }

describe('response schema groups', () => {
  it('checks the app shell operations with the schemas the checker carries, loading no group', async () => {
    expect(group('projectView')).toBe('core')
    expect(await validateResponse('projectView', project)).toBeUndefined()
    expect(await validateResponse('projectView', { ...project, id: 7 })).toBeInstanceOf(ResponseShapeError)
    expect(watch.loaded).toEqual([])
  })

  it('loads only the group of the operation called, once', async () => {
    expect(await validateResponse('instanceList', { items: [], next_page: null })).toBeUndefined()
    expect(watch.loaded).toEqual(['instance-list'])
    expect(await validateResponse('instanceView', { id: 1 })).toBeInstanceOf(ResponseShapeError)
    expect(await validateResponse('instanceExternalIpList', { items: [] })).toBeUndefined()
    expect(watch.loaded).toEqual(['instance-list'])
  })

  it('starts loading the group when the request starts, beside the checker rather than after it', async () => {
    const checker = prepareValidation('snapshotList')
    // Asked for at once, while the checker's own chunk is still loading.
    expect(watch.loaded).toEqual(['snapshots'])
    await checker
    // The checker asks for the same module again; the module system loads it once.
    await vi.waitFor(() => expect(watch.loaded).toEqual(['snapshots', 'snapshots']))
  })

  it('lets an answer through unchecked when its group fails to load, and loads it again next time', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    watch.failNext.add('vpcs')
    expect(await validateResponse('vpcList', { items: 'not a list' })).toBeUndefined()
    expect(logged).toHaveBeenCalledWith(
      'API response schemas could not be loaded; responses pass unchecked',
      expect.any(TypeError),
    )
    expect(await validateResponse('vpcList', { items: 'not a list' })).toBeInstanceOf(ResponseShapeError)
    expect(await validateResponse('vpcList', vpcPage)).toBeUndefined()
    expect(watch.loaded).toEqual(['vpcs', 'vpcs'])
  })
})

describe('the client with a lazily loaded group', () => {
  const instance = {
    id: '0c7a1e7e-5b1a-4c55-9f0e-2c1f3a4b5c6d',
    name: 'db1',
    description: '',
    project_id: project.id,
    hostname: 'db1',
    memory: 4294967296,
    ncpus: 2,
    run_state: 'running',
    time_created: '2024-01-02T03:04:05Z',
    time_modified: '2024-01-02T03:04:05Z',
    time_run_state_updated: '2024-01-02T03:04:05Z',
    auto_restart_enabled: true,
    enable_jumbo_frames: false,
  }
  const answer = (body: unknown) => async () =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })

  it('checks a body against its group before camelCasing it: a bad shape is a client_error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const ok = await createApiClient({ baseUrl: 'http://api.test', fetch: answer(instance) }).call(
      'instanceStop',
      { path: { instance: 'db1' }, query: { project: 'mock-project' } },
    )
    expect(ok).toMatchObject({
      type: 'success',
      data: { runState: 'running', timeRunStateUpdated: new Date(instance.time_run_state_updated) },
    })
    const bad = await createApiClient({
      baseUrl: 'http://api.test',
      fetch: answer({ ...instance, run_state: 'melted' }),
    }).call('instanceStop', { path: { instance: 'db1' }, query: { project: 'mock-project' } })
    expect(bad).toMatchObject({ type: 'client_error', network: false })
    if (bad.type !== 'client_error') throw new Error('expected client_error')
    expect(bad.error).toBeInstanceOf(ResponseShapeError)
    expect(bad.error.message).toMatch(/^Invalid response from instanceStop: run_state: /)
  })
})

describe('generated group modules', () => {
  const dir = new URL('./__generated__/response-schemas/', import.meta.url)
  const groups = readdirSync(dir).filter((f) => !['index.ts', 'valibot.ts'].includes(f))

  it('import nothing at run time, so the bundler makes one chunk per group and no shared ones', () => {
    expect(groups.length).toBeGreaterThan(10)
    for (const file of groups) {
      const imports = readFileSync(new URL(file, dir), 'utf8').match(/^import .*$/gm) ?? []
      for (const line of imports) expect(line, file).toMatch(/^import type /)
    }
  })

  it('cover every operation that names a group, and only those', () => {
    const named = new Set(Object.values(operations).flatMap((op) => ('schemas' in op ? [op.schemas] : [])))
    expect([...named].sort()).toEqual(groups.map((f) => f.replace(/\.ts$/, '')).sort())
  })
})
