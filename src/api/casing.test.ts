import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { camelKey, isTimeKey, snakeKey, toCamel, toSnake } from './casing'

// Keys shaped like the contract's: lowercase words, digits allowed after the first letter, joined by `_`.
const snakeWord = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/)
const snakeKeyArb = fc.array(snakeWord, { minLength: 1, maxLength: 4 }).map((ws) => ws.join('_'))
// Keys that are not time keys, so values survive unchanged.
const plainSnakeKey = snakeKeyArb.filter((k) => !isTimeKey(k))

const scalar = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null))
const wireValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(plainSnakeKey, tie('value'), { maxKeys: 4 }),
})).value

describe('key conversion', () => {
  it('converts the spec examples', () => {
    expect(camelKey('time_created')).toBe('timeCreated')
    expect(camelKey('auto_restart_cooldown_expiration')).toBe('autoRestartCooldownExpiration')
    expect(camelKey('ipv4_block')).toBe('ipv4Block')
    expect(snakeKey('userCode')).toBe('user_code')
    expect(snakeKey('clientId')).toBe('client_id')
    expect(snakeKey('ipv4Block')).toBe('ipv4_block')
  })

  it('snake -> camel -> snake is the identity on contract-shaped keys', () => {
    fc.assert(fc.property(snakeKeyArb, (k) => snakeKey(camelKey(k)) === k))
  })

  it('deep: toSnake(toCamel(x)) is x for bodies without time keys (arrays included)', () => {
    fc.assert(
      fc.property(wireValue, (x) => {
        expect(toSnake(toCamel(x))).toEqual(x)
      }),
    )
  })

  it('deep: every key of toCamel output has no underscore and toSnake output has no capital', () => {
    const keysOf = (v: unknown, acc: string[] = []): string[] => {
      if (Array.isArray(v)) for (const i of v) keysOf(i, acc)
      else if (v && typeof v === 'object') for (const [k, i] of Object.entries(v)) keysOf(i, acc.concat(k))
      return acc
    }
    fc.assert(
      fc.property(wireValue, (x) => {
        const camel = toCamel(x)
        for (const k of keysOf(camel)) expect(k).not.toMatch(/_[a-z0-9]/)
        for (const k of keysOf(toSnake(camel))) expect(k).not.toMatch(/[A-Z]/)
      }),
    )
  })
})

describe('time keys (spec 7)', () => {
  it('recognises time_*, *_time, *_expiration and timestamp on the wire key', () => {
    for (const k of [
      'time_created',
      'time_modified',
      'start_time',
      'auto_restart_cooldown_expiration',
      'timestamp',
    ])
      expect(isTimeKey(k)).toBe(true)
    for (const k of ['timestamps', 'name', 'time', 'timed_out', 'expiration_date', 'runtime', 'timeCreated'])
      expect(isTimeKey(k)).toBe(false)
  })

  it('turns time values into Dates, deep and inside arrays, leaving other strings alone', () => {
    const out = toCamel({
      time_created: '2024-01-02T03:04:05.123456Z',
      name: '2024-01-02T03:04:05Z',
      items: [{ auto_restart_cooldown_expiration: '2024-05-06T00:00:00Z', run_state: 'failed' }],
      points: { timestamps: ['2024-01-01T00:00:00Z'], timestamp: ['2024-01-01T00:00:00Z'] },
    })
    expect(out.timeCreated).toBeInstanceOf(Date)
    expect(out.timeCreated.toISOString()).toBe('2024-01-02T03:04:05.123Z')
    expect(out.name).toBe('2024-01-02T03:04:05Z')
    expect(out.items[0]?.autoRestartCooldownExpiration).toEqual(new Date('2024-05-06T00:00:00Z'))
    expect(out.items[0]?.runState).toBe('failed')
    // `timestamps` is not a time key; an array under `timestamp` is converted element-wise.
    expect(out.points.timestamps[0]).toBe('2024-01-01T00:00:00Z')
    expect(out.points.timestamp[0]).toEqual(new Date('2024-01-01T00:00:00Z'))
  })

  it('keeps null and numeric durations (BGP hold_time) and unparseable strings as they are', () => {
    const out = toCamel({ time_expires: null, hold_time: 90, idle_hold_time: 0, time_started: 'soon' })
    expect(out).toEqual({ timeExpires: null, holdTime: 90, idleHoldTime: 0, timeStarted: 'soon' })
  })

  it('round-trips any ISO timestamp through a time key', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }), (d) => {
        const out = toCamel({ time_modified: d.toISOString() })
        expect(out.timeModified).toEqual(d)
      }),
    )
  })

  it('does not mutate its input', () => {
    const input = { time_created: '2024-01-01T00:00:00Z', nested: { some_key: [1] } }
    const copy = structuredClone(input)
    toCamel(input)
    toSnake(toCamel(input))
    expect(input).toEqual(copy)
  })
})
