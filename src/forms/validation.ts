// Field rules of every form (issue 10): the verdict always comes from the valibot schema generated
// from nexus.json (or a pipe built on one), so the console accepts exactly what the API accepts; the
// `explain` half only words the refusal, with the spec's own messages where section 5 fixes them.
import * as v from 'valibot'
import { vByteCount, vIpNet, vIpv4Range, vL4PortRange, vName, vNameOrId } from '../api/__generated__/schemas'
import { S } from '../strings'
import { GiB } from '../util/bytes'
import { MAX_NAME_LENGTH } from '../util/names'

type Issue = v.BaseIssue<unknown>

/** One field's rule: the schema decides whether a value is valid, `explain` says why it is not. */
export interface FieldRule<T = string> {
  schema: v.GenericSchema<T, unknown>
  explain: (value: T, issue: Issue) => string
}

/** The message for `value`, or undefined when the rule's schema accepts it. */
export function check<T>(rule: FieldRule<T>, value: T): string | undefined {
  let result: v.SafeParseResult<v.GenericSchema<T, unknown>>
  try {
    result = v.safeParse(rule.schema, value)
  } catch {
    // Generated uint64 transforms call BigInt(), which throws on a fraction: that is a refusal too.
    return rule.explain(value, { kind: 'schema', type: 'bigint', input: value } as Issue)
  }
  return result.success ? undefined : rule.explain(value, result.issues[0])
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/

/**
 * Why the contract's `Name` refuses `value` (nexus.json: starts with a lowercase letter, then ASCII
 * letters of either case, digits and '-', does not end with '-', is not a UUID, at most 63).
 */
export function explainName(value: string, label = 'Name'): string {
  if (value === '') return `${label} is required`
  if (value.length > MAX_NAME_LENGTH) return `${label} must be at most ${MAX_NAME_LENGTH} characters`
  if (UUID.test(value)) return `${label} must not be a UUID`
  if (!/^[a-z]/.test(value)) return `${label} must start with a lowercase letter`
  if (!/^[a-zA-Z0-9-]*$/.test(value)) return `${label} may contain only letters, digits and hyphens`
  if (value.endsWith('-')) return `${label} must not end with a hyphen`
  return `${label} is not a valid name`
}

/**
 * A resource name: the contract's `Name` is the one rule (issue 10), so the console accepts exactly
 * the names the API accepts (uppercase after the first letter included).
 */
export const nameRule = (label = 'Name'): FieldRule => ({
  schema: vName,
  explain: (value) => explainName(value, label),
})
export const NAME = nameRule()

/** A reference to a resource by name or id (the contract's `NameOrId`). */
export const NAME_OR_ID: FieldRule = {
  schema: vNameOrId,
  explain: (value) => (value === '' ? 'Name or ID is required' : explainName(value, 'Name')),
}

/**
 * What valibot's ip() lets through but no address is (the API's parser refuses both): a zone id
 * (`fe80::1%eth0`), and an embedded IPv4 octet with a leading zero (`::ffff:01.2.3.4`, octal to some
 * readers, decimal to others).
 */
function notAnAddress(s: string): boolean {
  if (s.includes('%')) return true
  const tail = s.slice(s.lastIndexOf(':') + 1)
  return tail.includes('.') && tail.split('.').some((octet) => /^0\d/.test(octet))
}

/** Spec 5: an IPv4 or IPv6 address, else "Not a valid IP address". Built on the contract's `ip` field. */
export const IP: FieldRule = {
  schema: v.pipe(
    vIpv4Range.entries.first,
    v.check((s) => !notAnAddress(s)),
  ),
  explain: () => S.invalidIp,
}

/** A required address (a range's ends): blank says which field is missing; anything else is IP's. */
export const requiredIp = (label: string): FieldRule => ({
  // Spaces around an address are not part of it: the value sent is trimmed too.
  schema: v.pipe(v.string(), v.trim(), IP.schema),
  explain: (value, issue) => (value.trim() === '' ? `${label} is required` : IP.explain(value, issue)),
})

/** Spec 5: an IP network `address/width` with the section's messages (the contract's `IpNet`). */
export const IP_NET: FieldRule = {
  // The contract's IpNet patterns are looser than its parser about the address (zone ids, embedded
  // octets with leading zeros): the address must also be an IP.
  schema: v.pipe(
    vIpNet,
    v.check((s) => v.is(IP.schema, s.slice(0, s.indexOf('/')))),
  ),
  explain: (value) => {
    const slash = value.indexOf('/')
    if (slash < 0) return S.networkNeedsWidth
    const address = value.slice(0, slash)
    const width = value.slice(slash + 1)
    if (!/^\d+$/.test(width)) return S.widthInteger
    if (!v.is(IP.schema, address)) return S.invalidIp
    const v6 = address.includes(':')
    if (!v6 && Number(width) > 32) return S.maxWidthV4
    if (v6 && Number(width) > 128) return S.maxWidthV6
    // The contract's patterns are stricter than the spec's wording (no leading zeros, no zone ids).
    return S.invalidIp
  },
}

export const MAX_PORT = 65535

/**
 * `22` or `8000-8080` (spec 5: trimmed, end not below start), as the contract's `L4PortRange`. Five
 * digits reach 99999, but a port is 16 bits: the API refuses anything above 65535.
 */
export function parsePortRange(value: string): { start: number; end: number } | undefined {
  const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(value.trim())
  if (!m) return undefined
  const start = Number(m[1])
  const end = m[2] === undefined ? start : Number(m[2])
  return end >= start && end <= MAX_PORT ? { start, end } : undefined
}

export const PORT_RANGE: FieldRule = {
  schema: v.pipe(
    v.string(),
    v.trim(),
    vL4PortRange,
    v.check((s) => parsePortRange(s) !== undefined, 'out of range'),
  ),
  explain: (value, issue) => {
    if (issue.message !== 'out of range') return 'Must be a port or a range of ports, like 22 or 8000-8080'
    return value
      .trim()
      .split('-')
      .some((port) => Number(port) > MAX_PORT)
      ? `Ports go from 0 to ${MAX_PORT}`
      : 'The end of a port range must not be below its start'
  },
}

/**
 * A size typed in whole GiB from 1 to `max` (a disk's MAX_DISK_GIB, an instance's memory), whose byte
 * count must still be a contract `ByteCount`.
 */
export function gibRule(max: number, label = 'Size'): FieldRule {
  return {
    schema: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(max),
      v.transform((n): number | string | bigint => n * GiB),
      vByteCount,
    ),
    explain: (value, issue) => {
      const text = value.trim()
      if (text === '') return `${label} is required`
      // A negative whole number is whole: what is wrong with it is that it is below 1.
      if (issue.type === 'min_value' || /^-\d+$/.test(text)) return `${label} must be at least 1 GiB`
      if (issue.type === 'max_value') return `${label} must be at most ${max} GiB`
      return `${label} must be a whole number of GiB`
    },
  }
}

/** Any non-blank text (the contract takes any string; an empty one is a mistake of ours to catch). */
export function required(label: string): FieldRule {
  return {
    schema: v.pipe(v.string(), v.trim(), v.nonEmpty()),
    explain: () => `${label} is required`,
  }
}

/** A picker that must have a choice: `message` is what the user reads when it has none. */
export function chosen(message: string): FieldRule {
  return { schema: v.pipe(v.string(), v.nonEmpty()), explain: () => message }
}

/** An address the IP rule accepts, as its version and its value (IPv6 as the 128-bit number). */
export type ParsedIp = { version: 4 | 6; value: bigint }

const v4Value = (s: string): bigint =>
  s.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(Number(octet)), 0n)

/** `value` as a number for ordering, or undefined when the IP rule refuses it. */
export function parseIp(value: string): ParsedIp | undefined {
  if (check(IP, value) !== undefined) return undefined
  if (!value.includes(':')) return { version: 4, value: v4Value(value) }
  // An embedded IPv4 tail (`::ffff:192.0.2.1`) is the last two groups.
  let text = value
  const tail = value.slice(value.lastIndexOf(':') + 1)
  if (tail.includes('.')) {
    const n = v4Value(tail)
    text = `${value.slice(0, value.length - tail.length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`
  }
  const groups = (s: string) => (s === '' ? [] : s.split(':'))
  const gap = text.indexOf('::')
  const all =
    gap < 0
      ? groups(text)
      : (() => {
          const head = groups(text.slice(0, gap))
          const rest = groups(text.slice(gap + 2))
          return [...head, ...Array<string>(8 - head.length - rest.length).fill('0'), ...rest]
        })()
  return { version: 6, value: all.reduce((acc, g) => (acc << 16n) | BigInt(Number.parseInt(g, 16)), 0n) }
}

export const RANGE_MIXED_VERSIONS = 'First and last must be addresses of the same IP version'
export const RANGE_DESCENDING = 'The last address must not be below the first'

/**
 * An address range's own rule (the contract's Ipv4Range and Ipv6Range: one version, non-decreasing),
 * said about the last address. Only once both ends pass the IP rule: until then each field says why.
 */
export function ipRangeError(first: string, last: string): string | undefined {
  const a = parseIp(first)
  const b = parseIp(last)
  if (!a || !b) return undefined
  if (a.version !== b.version) return RANGE_MIXED_VERSIONS
  return b.value < a.value ? RANGE_DESCENDING : undefined
}
