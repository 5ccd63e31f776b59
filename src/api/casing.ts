// Key and value conversion at the API boundary (spec section 7, Conventions): payload keys go out in
// snake_case, response keys are read in camelCase, and response timestamps become Dates. The type-level
// mirror of these functions is `Camel<T>` / `IsTimeKey<K>` in ./types.ts; keep the two in step.
import type { Camel } from './types'

/** `time_created` -> `timeCreated`. Same rule as the `CamelKey` type (a digit after `_` is kept as is). */
export const camelKey = (key: string): string =>
  key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/** `timeCreated` -> `time_created`; `ipv4Block` -> `ipv4_block`. Inverse of `camelKey` on the contract's keys. */
export const snakeKey = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/**
 * Spec section 7: "Timestamps become dates when the key starts with time_, ends with _time or
 * _expiration, or is timestamp". Tested on the wire (snake_case) key.
 */
export const isTimeKey = (wireKey: string): boolean =>
  wireKey.startsWith('time_') ||
  wireKey.endsWith('_time') ||
  wireKey.endsWith('_expiration') ||
  wireKey === 'timestamp'

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object') return false
  const proto = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null
}

/**
 * Only strings become Dates: some `*_time` keys of the contract are durations in seconds (BGP
 * `hold_time`, `idle_hold_time`), and `Camel<T>` also only maps string-typed time keys to Date.
 * A string that does not parse as a date is left alone rather than turned into an Invalid Date.
 */
const toDate = (value: unknown): unknown => {
  if (typeof value !== 'string') return value
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? value : d
}

const dateDeep = (value: unknown): unknown => (Array.isArray(value) ? value.map(dateDeep) : toDate(value))

/** Deep wire -> console conversion of a response body: camelCase keys, Dates on time keys. */
export function toCamel<T>(wire: T): Camel<T> {
  return camelDeep(wire) as Camel<T>
}

function camelDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelDeep)
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    out[camelKey(k)] = isTimeKey(k) ? dateDeep(v) : camelDeep(v)
  }
  return out
}

/**
 * Deep console -> wire conversion of a request body or query: snake_case keys. Values are kept
 * (a Date stays a Date: JSON.stringify writes it as an ISO string; the query encoder does the same).
 */
export function toSnake(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toSnake)
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[snakeKey(k)] = toSnake(v)
  return out
}
