import { readFileSync } from 'node:fs'
import type { GenericSchema } from 'valibot'
import { describe, expect, it } from 'vitest'
import { operations } from './__generated__/operations'
import * as reference from './__generated__/schemas'
import { snakeKey } from './casing'
import { responseSchemaOf } from './response-check'
import type { OperationName } from './types'
import { ResponseShapeError, validateResponse } from './validate'

type Op = { operationId?: string; responses?: Record<string, { content?: Record<string, unknown> }> }
const spec = JSON.parse(readFileSync(new URL('../../../shared/api/nexus.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Op>>
}
const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
const names = Object.keys(operations) as OperationName[]

/** Every operation's schema, from the group modules (each group loaded once, as the app does). */
async function allSchemas() {
  const table = new Map<OperationName, GenericSchema>()
  for (const name of names) {
    const schema = await responseSchemaOf(name)
    if (schema) table.set(name, schema)
  }
  return table
}

/** A schema's structure (kinds, keys, options, pipes, messages), without its functions. */
const shape = (schema: unknown) =>
  JSON.stringify(schema, (_, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value instanceof RegExp ? String(value) : value,
  )

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
  it('has a schema for every operation whose contract declares a 2xx JSON body, and only those', async () => {
    const expected: string[] = []
    for (const item of Object.values(spec.paths))
      for (const op of Object.values(item)) {
        if (!op.operationId) continue
        const json = Object.entries(op.responses ?? {}).some(
          ([code, r]) => code.startsWith('2') && r.content && 'application/json' in r.content,
        )
        if (json) expected.push(camel(op.operationId))
      }
    const table = await allSchemas()
    const withBody = [...table.keys()].filter((n) => expected.includes(n))
    expect(withBody.sort()).toEqual(expected.sort())
    // The rest of the table are 204s (schema: void).
    for (const [name, schema] of table) if (!expected.includes(name)) expect(schema.type, name).toBe('void')
  })

  it('gives each operation, in its group, the schema the valibot plugin generated for it', async () => {
    const plugin = reference as unknown as Record<string, GenericSchema>
    const table = await allSchemas()
    expect(table.size).toBeGreaterThan(250)
    for (const [name, schema] of table) {
      const id = snakeKey(name)
      const own = plugin[`v${id.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())}Response`]
      expect(shape(schema), name).toBe(shape(own))
    }
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
    expect(await responseSchemaOf(untyped)).toBeUndefined()
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
    const schema = (await responseSchemaOf('timeseriesQuery')) as GenericSchema
    expect(checkResponse(schema, table({ type: 'double', values: [653476606.61, 1.5] }))).toBeUndefined()
    expect(checkResponse(schema, table({ type: 'integer', values: [12, '34'] }))).toBeUndefined()
  })

  it('a fraction where an int64 is due is a bad shape, reported rather than thrown', async () => {
    const { checkResponse } = await import('./response-check')
    const schema = (await responseSchemaOf('timeseriesQuery')) as GenericSchema
    expect(checkResponse(schema, table({ type: 'integer', values: [1.5] }))).toBeDefined()
  })
})
