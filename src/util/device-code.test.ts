import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyBackspace,
  applyInput,
  applyPaste,
  CODE_LENGTH,
  emptyBoxes,
  formatCode,
  isComplete,
  sanitize,
} from './device-code'

const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''))
const box = fc.oneof(fc.constant(''), letter)
const boxes = fc.array(box, { minLength: CODE_LENGTH, maxLength: CODE_LENGTH })
const index = fc.integer({ min: 0, max: CODE_LENGTH - 1 })
const anyText = fc.string({ unit: 'grapheme', maxLength: 30 })
const wellFormed = (bs: readonly string[]) =>
  bs.length === CODE_LENGTH && bs.every((b) => b === '' || /^[A-Z]$/.test(b))

describe('device code examples (spec section 5)', () => {
  it('upper-cases letters and clears non-letters', () => {
    expect(sanitize('aB3-c d!')).toBe('ABCD')
    expect(applyInput(emptyBoxes(), 0, 'x')).toEqual({ boxes: ['X', '', '', '', '', '', '', ''], focus: 1 })
    expect(applyInput(['A', '', '', '', '', '', '', ''], 0, '7')).toEqual({ boxes: emptyBoxes(), focus: 0 })
    expect(sanitize('é')).toBe('')
  })
  it('paste fills from the focused box with the letters only', () => {
    expect(applyPaste(emptyBoxes(), 0, 'abcd-efgh').boxes.join('')).toBe('ABCDEFGH')
    expect(applyPaste(emptyBoxes(), 2, ' wx-yz ')).toEqual({
      boxes: ['', '', 'W', 'X', 'Y', 'Z', '', ''],
      focus: 6,
    })
    expect(applyPaste(emptyBoxes(), 6, 'ABCDEF')).toEqual({
      boxes: ['', '', '', '', '', '', 'A', 'B'],
      focus: 7,
    })
  })
  it('backspace on an empty box moves back; on a filled one clears it', () => {
    const b = ['A', 'B', '', '', '', '', '', '']
    expect(applyBackspace(b, 2)).toEqual({ boxes: b, focus: 1 })
    expect(applyBackspace(b, 1)).toEqual({ boxes: ['A', '', '', '', '', '', '', ''], focus: 1 })
    expect(applyBackspace(emptyBoxes(), 0).focus).toBe(0)
  })
  it('formats with a dash after position 3', () => {
    expect(formatCode('ABCDEFGH'.split(''))).toBe('ABCD-EFGH')
    expect(isComplete('ABCDEFGH'.split(''))).toBe(true)
    expect(isComplete('ABCDEFG'.split('').concat(''))).toBe(false)
  })
  it('typing over a filled box keeps the new letter', () => {
    expect(applyInput(['A', '', '', '', '', '', '', ''], 0, 'Ab').boxes[0]).toBe('B')
  })
})

describe('device code properties', () => {
  it('sanitize keeps exactly the ASCII letters, upper-cased, and is idempotent', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const out = sanitize(s)
        expect(out).toMatch(/^[A-Z]*$/)
        expect(out.length).toBe((s.match(/[A-Za-z]/g) ?? []).length)
        expect(sanitize(out)).toBe(out)
      }),
    )
  })
  it('every edit keeps eight well-formed boxes and focus inside them', () => {
    fc.assert(
      fc.property(boxes, index, anyText, (bs, i, text) => {
        for (const r of [applyInput(bs, i, text), applyPaste(bs, i, text), applyBackspace(bs, i)]) {
          expect(wellFormed(r.boxes)).toBe(true)
          expect(r.focus).toBeGreaterThanOrEqual(0)
          expect(r.focus).toBeLessThan(CODE_LENGTH)
        }
      }),
    )
  })
  it('paste leaves boxes before the focus untouched and writes the letters in order after it', () => {
    fc.assert(
      fc.property(boxes, index, anyText, (bs, i, text) => {
        const { boxes: out } = applyPaste(bs, i, text)
        const letters = sanitize(text).slice(0, CODE_LENGTH - i)
        expect(out.slice(0, i)).toEqual(bs.slice(0, i))
        expect(out.slice(i, i + letters.length).join('')).toBe(letters)
        expect(out.slice(i + letters.length)).toEqual(bs.slice(i + letters.length))
      }),
    )
  })
  it('a single non-letter clears the box; a single letter fills it upper-cased', () => {
    fc.assert(
      fc.property(boxes, index, fc.string({ minLength: 1, maxLength: 1 }), (bs, i, ch) => {
        const r = applyInput(bs, i, ch)
        expect(r.boxes[i]).toBe(/[A-Za-z]/.test(ch) ? ch.toUpperCase() : '')
      }),
    )
  })
  it('backspace never adds a letter and only changes the box it is on', () => {
    fc.assert(
      fc.property(boxes, index, (bs, i) => {
        const r = applyBackspace(bs, i)
        expect(r.boxes.filter((b, j) => b !== bs[j])).toEqual(bs[i] ? [''] : [])
        expect(r.focus).toBe(bs[i] ? i : Math.max(0, i - 1))
      }),
    )
  })
  it('a full code pasted into the first box formats as XXXX-XXXX and round-trips', () => {
    fc.assert(
      fc.property(fc.array(letter, { minLength: 8, maxLength: 8 }), (ls) => {
        const { boxes: out } = applyPaste(emptyBoxes(), 0, ls.join('').toLowerCase())
        expect(isComplete(out)).toBe(true)
        const code = formatCode(out)
        expect(code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/)
        expect(code.replace('-', '')).toBe(ls.join(''))
      }),
    )
  })
})
