// The API contract (../shared/api/nexus.json) as the mock uses it at runtime: success status codes,
// sort modes of list operations, and JSON-schema validators for request bodies (and, in tests, for
// response bodies). OpenAPI 3.0 `nullable` is not JSON Schema, so the schemas are rewritten once
// (`nullable: true` -> `anyOf [schema, null]`) before ajv sees them.
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import nexusJson from '../../../shared/api/nexus.json' with { type: 'json' }
import { type OperationName, operations } from '../../src/api/__generated__/operations'
import { snakeKey } from '../../src/api/casing'

type JsonSchema = Record<string, unknown>
type SpecOperation = {
  operationId: string
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>
}
type Spec = {
  paths: Record<string, Record<string, SpecOperation>>
  components: { schemas: Record<string, JsonSchema> }
}

const spec = nexusJson as unknown as Spec

/** `nullable: true` (OpenAPI 3.0) -> `anyOf: [rest, { type: 'null' }]`, recursively. */
export function convertNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convertNullable)
  if (!node || typeof node !== 'object') return node
  const out: JsonSchema = {}
  for (const [k, v] of Object.entries(node)) {
    if (k === 'nullable' || k === 'example') continue
    out[k] = convertNullable(v)
  }
  if ((node as JsonSchema).nullable === true) {
    const { description, default: dflt, title, ...rest } = out
    const wrapped: JsonSchema = { anyOf: [rest, { type: 'null' }] }
    if (description !== undefined) wrapped.description = description
    if (dflt !== undefined) wrapped.default = dflt
    if (title !== undefined) wrapped.title = title
    return wrapped
  }
  return out
}

const isIp = (s: string) => ipv4.test(s) || isIpv6(s)
const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/
function isIpv6(s: string): boolean {
  try {
    return new URL(`http://[${s}]/`).hostname.length > 2 && s.includes(':')
  } catch {
    return false
  }
}
const intFormat = (min: number, max: number) => ({
  type: 'number' as const,
  validate: (n: number) => Number.isInteger(n) && n >= min && n <= max,
})

type AjvKind = 'request-json' | 'request-form' | 'response'

function makeAjv(kind: AjvKind): Ajv {
  // strict: false because the contract carries extension keywords (x-rust-type) ajv does not know.
  // Request validators fill in the contract's defaults (as the server's deserializer does), so a
  // handler sees e.g. `disks: []` when the client left it out; form bodies arrive as strings.
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    coerceTypes: kind === 'request-form',
    useDefaults: kind !== 'response',
  })
  addFormats(ajv)
  ajv.addFormat('ip', { type: 'string', validate: isIp })
  ajv.addFormat('uint8', intFormat(0, 255))
  ajv.addFormat('uint16', intFormat(0, 65535))
  ajv.addFormat('uint32', intFormat(0, 4294967295))
  ajv.addFormat('uint64', intFormat(0, Number.MAX_SAFE_INTEGER))
  ajv.addFormat('uint', intFormat(0, Number.MAX_SAFE_INTEGER))
  ajv.addFormat('int8', intFormat(-128, 127))
  ajv.addFormat('int16', intFormat(-32768, 32767))
  ajv.addFormat('int32', intFormat(-2147483648, 2147483647))
  ajv.addFormat('int64', intFormat(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER))
  ajv.addFormat('float', { type: 'number', validate: () => true })
  ajv.addFormat('double', { type: 'number', validate: () => true })
  ajv.addFormat('binary', () => true)
  ajv.addFormat('hex string (32 bytes)', /^[0-9a-fA-F]{64}$/)
  ajv.addSchema({ $id: 'nexus', components: convertNullable(spec.components) as JsonSchema })
  return ajv
}

const ajvs = new Map<AjvKind, Ajv>()
const cache = new Map<string, ValidateFunction>()

/** A validator for a schema of the contract (refs resolve against its components), compiled lazily. */
export function validatorFor(schema: JsonSchema, kind: AjvKind = 'response'): ValidateFunction {
  const key = `${kind}:${JSON.stringify(schema)}`
  let v = cache.get(key)
  if (!v) {
    let ajv = ajvs.get(kind)
    if (!ajv) {
      ajv = makeAjv(kind)
      ajvs.set(kind, ajv)
    }
    const rewritten = JSON.parse(
      JSON.stringify(convertNullable(schema)).replaceAll('"#/components/', '"nexus#/components/'),
    )
    v = ajv.compile(rewritten)
    cache.set(key, v)
  }
  return v
}

const byId = new Map<string, SpecOperation>()
for (const item of Object.values(spec.paths)) {
  for (const op of Object.values(item))
    if (op && typeof op === 'object' && op.operationId) byId.set(op.operationId, op)
}

/** The contract's description of an operation. */
export function specOperation(name: OperationName): SpecOperation {
  const op = byId.get(snakeKey(name))
  if (!op) throw new Error(`operation ${name} is not in the contract`)
  return op
}

/** The success status (2xx or 3xx) the contract declares for an operation. */
export function successStatus(name: OperationName): number {
  const codes = Object.keys(specOperation(name).responses)
    .filter((c) => /^[23]\d\d$/.test(c))
    .map(Number)
  return codes[0] ?? 200
}

/** The JSON schema of an operation's success body, if it has one. */
export function responseSchema(name: OperationName): JsonSchema | undefined {
  const r = specOperation(name).responses[String(successStatus(name))]
  return r?.content?.['application/json']?.schema
}

/** The request body schema for the operation's (first) content type. */
export function requestSchema(name: OperationName): JsonSchema | undefined {
  const content = specOperation(name).requestBody?.content
  if (!content) return undefined
  return Object.values(content)[0]?.schema
}

export type SortMode =
  | 'name_ascending'
  | 'name_descending'
  | 'id_ascending'
  | 'time_and_id_ascending'
  | 'time_and_id_descending'
  | 'version_ascending'
  | 'version_descending'

/** The sort modes a list operation accepts, first one is the default (dropshot's order). */
export function sortModes(name: OperationName): SortMode[] {
  const p = specOperation(name).parameters?.find((x) => x.name === 'sort_by')
  const ref = typeof p?.schema?.$ref === 'string' ? p.schema.$ref.split('/').pop() : undefined
  const s = ref ? spec.components.schemas[ref] : undefined
  const modes = ((s?.oneOf as { enum: string[] }[] | undefined) ?? []).flatMap((o) => o.enum)
  return modes as SortMode[]
}

export function isPaginated(name: OperationName): boolean {
  return specOperation(name).parameters?.some((x) => x.name === 'page_token') ?? false
}

export const allOperationNames = Object.keys(operations) as OperationName[]
