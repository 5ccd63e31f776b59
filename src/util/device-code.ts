// Device code boxes (spec sections 2, 4, 5 and 9): eight boxes, one letter A-Z each, upper-cased;
// non-letters are cleared; a paste fills the boxes with its letters from the focused box on;
// Backspace on an empty box moves back; the code is sent with a dash after position 3 (ABCD-EFGH).
// Pure functions: the device-login machine and the page both use them.

export const CODE_LENGTH = 8
/** The dash goes after this 0-based index when sending (and is shown there between the boxes). */
export const DASH_AFTER_INDEX = 3

export type Boxes = readonly string[]
export type BoxEdit = { boxes: string[]; focus: number }

export function emptyBoxes(): string[] {
  return Array.from({ length: CODE_LENGTH }, () => '')
}

const clampFocus = (i: number) => Math.max(0, Math.min(CODE_LENGTH - 1, i))

/** Letters A-Z only, upper-cased (anything else is dropped, including accented letters). */
export function sanitize(value: string): string {
  return value.replace(/[^A-Za-z]/g, '').toUpperCase()
}

/**
 * A box's input event with the box's new value. An empty or letterless value clears the box and keeps
 * focus; one letter fills it and moves on; typing over a filled box keeps the new letter; more letters
 * (autofill) are treated as a paste from this box.
 */
export function applyInput(boxes: Boxes, index: number, value: string): BoxEdit {
  const letters = sanitize(value)
  const next = [...boxes]
  if (letters.length === 0) {
    next[index] = ''
    return { boxes: next, focus: clampFocus(index) }
  }
  if (letters.length === 2 && letters[0] === boxes[index]) {
    next[index] = letters[1]!
    return { boxes: next, focus: clampFocus(index + 1) }
  }
  if (letters.length > 1) return applyPaste(boxes, index, letters)
  next[index] = letters
  return { boxes: next, focus: clampFocus(index + 1) }
}

/** A paste into the focused box: its letters fill the boxes from there on; extra letters are dropped. */
export function applyPaste(boxes: Boxes, index: number, text: string): BoxEdit {
  const letters = sanitize(text).slice(0, CODE_LENGTH - index)
  const next = [...boxes]
  for (let i = 0; i < letters.length; i++) next[index + i] = letters[i]!
  return { boxes: next, focus: clampFocus(index + letters.length) }
}

/** Backspace: clears a filled box; on an empty box moves focus back one box (spec section 5). */
export function applyBackspace(boxes: Boxes, index: number): BoxEdit {
  const next = [...boxes]
  if (next[index]) {
    next[index] = ''
    return { boxes: next, focus: index }
  }
  return { boxes: next, focus: clampFocus(index - 1) }
}

export function isComplete(boxes: Boxes): boolean {
  return boxes.length === CODE_LENGTH && boxes.every((b) => /^[A-Z]$/.test(b))
}

/** The user code as sent: ABCD-EFGH. */
export function formatCode(boxes: Boxes): string {
  const code = boxes.join('')
  return `${code.slice(0, DASH_AFTER_INDEX + 1)}-${code.slice(DASH_AFTER_INDEX + 1)}`
}
