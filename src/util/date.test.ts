import { describe, expect, it } from 'vitest'
import { formatDateTime, formatDuration } from './date'

const S = 1000
const MIN = 60 * S
const H = 60 * MIN

describe('formatDuration', () => {
  it.each([
    [-5 * S, '0 s'],
    [0, '0 s'],
    [59.9 * S, '59 s'],
    [60 * S, '1 min'],
    [119 * S, '1 min'],
    [59 * MIN + 59 * S, '59 min'],
    [H, '1 h'],
    [47 * H + 59 * MIN, '47 h'],
    [48 * H, '2 days'],
    [10 * 24 * H + 5 * H, '10 days'],
  ])('%d ms -> %s (whole units, counted down)', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})

describe('formatDateTime', () => {
  it('shows a dash for no date', () => {
    expect(formatDateTime(undefined)).toBe('—')
    expect(formatDateTime(null)).toBe('—')
  })
})
