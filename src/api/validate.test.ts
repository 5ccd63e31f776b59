import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { operations } from './__generated__/operations'
import { responseSchemas } from './__generated__/response-schemas'
import type { OperationName } from './types'
import { ResponseShapeError, validateResponse } from './validate'

type Op = { operationId?: string; responses?: Record<string, { content?: Record<string, unknown> }> }
const spec = JSON.parse(readFileSync(new URL('../../../shared/api/nexus.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Op>>
}
const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

const disk = (extra: Record<string, unknown> = {}) => ({
  block_size: 4096,
  description: '',
  device_path: '/mnt/boot',
  disk_type: 'distributed',
  id: '0c7a1e7e-5b1a-4c55-9f0e-2c1f3a4b5c6d',
  name: 'boot',
  project_id: '0c7a1e7e-5b1a-4c55-9f0e-2c1f3a4b5c6e',
  read_only: false,
  size: 10737418240,
  state: { state: 'detached' },
  time_created: '2024-01-02T03:04:05.123456Z',
  time_modified: '2024-01-02T03:04:05Z',
  ...extra,
})

describe('generated response schema table', () => {
  it('has a schema for every operation whose contract declares a 2xx JSON body, and only those', () => {
    const expected: string[] = []
    for (const item of Object.values(spec.paths))
      for (const op of Object.values(item)) {
        if (!op.operationId) continue
        const json = Object.entries(op.responses ?? {}).some(
          ([code, r]) => code.startsWith('2') && r.content && 'application/json' in r.content,
        )
        if (json) expected.push(camel(op.operationId))
      }
    const withBody = Object.keys(responseSchemas).filter((n) => expected.includes(n))
    expect(withBody.sort()).toEqual(expected.sort())
    // Every table key is a real operation; the rest of the table are 204s (schema: void).
    for (const name of Object.keys(responseSchemas)) expect(name in operations).toBe(true)
  })

  it('maps each operation to its own response (a list to a page, a view to the item)', async () => {
    const page = { items: [disk()], next_page: null }
    expect(await validateResponse('diskList', page)).toBeUndefined()
    expect(await validateResponse('diskView', disk())).toBeUndefined()
    expect(await validateResponse('diskList', disk())).toBeInstanceOf(ResponseShapeError)
    expect(await validateResponse('diskView', page)).toBeInstanceOf(ResponseShapeError)
  })
})

describe('validateResponse', () => {
  it('names the operation and the first bad path', async () => {
    const err = await validateResponse('diskView', disk({ state: { state: 'melted' } }))
    expect(err).toBeInstanceOf(ResponseShapeError)
    expect(err?.operation).toBe('diskView')
    expect(err?.path).toBe('state.state')
    expect(err?.message).toMatch(/^Invalid response from diskView: state\.state: /)
  })

  it('accepts what the contract allows: nullish optionals, microsecond timestamps, extra keys', async () => {
    expect(
      await validateResponse('diskView', disk({ image_id: null, snapshot_id: undefined, extra: 1 })),
    ).toBeUndefined()
  })

  it('turns a generated transform that throws (BigInt of a fraction) into a shape error, not a crash', async () => {
    const err = await validateResponse('diskView', disk({ size: 1.5 }))
    expect(err).toBeInstanceOf(ResponseShapeError)
    expect(err?.message).toContain('diskView')
  })

  it('lets through operations without a JSON schema', async () => {
    const untyped: OperationName = 'supportBundleDownload'
    expect(responseSchemas[untyped]).toBeUndefined()
    expect(await validateResponse(untyped, { anything: true })).toBeUndefined()
  })
})

describe('int64 inside a union (timeseries values)', () => {
  const table = (values: unknown) => ({
    tables: [
      {
        name: 'virtual_machine:vcpu_usage',
        timeseries: [
          {
            fields: {},
            points: {
              timestamps: ['2026-11-26T12:00:00Z', '2026-11-26T12:01:00Z'],
              start_times: null,
              values: [{ metric_type: 'gauge', values }],
            },
          },
        ],
      },
    ],
  })

  it('a double array is read as doubles, not refused by the integer branch', async () => {
    const { checkResponse } = await import('./response-check')
    expect(
      checkResponse('timeseriesQuery', table({ type: 'double', values: [653476606.61, 1.5] })),
    ).toBeUndefined()
    expect(checkResponse('timeseriesQuery', table({ type: 'integer', values: [12, '34'] }))).toBeUndefined()
  })

  it('a fraction where an int64 is due is a bad shape, reported rather than thrown', async () => {
    const { checkResponse } = await import('./response-check')
    expect(checkResponse('timeseriesQuery', table({ type: 'integer', values: [1.5] }))).toBeDefined()
  })
})
