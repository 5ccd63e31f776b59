// Shared set-up for component tests in jsdom (imported by *.test.tsx only).
import { setKeyboardModality } from './Tooltip'

// ark positions popovers with floating-ui, which observes sizes; jsdom has no ResizeObserver.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

// zag's focus trap escapes ids with CSS.escape, which jsdom lacks.
if (typeof globalThis.CSS === 'undefined' || !globalThis.CSS.escape)
  Object.assign(globalThis, {
    CSS: { ...globalThis.CSS, escape: (s: string) => s.replace(/[^\w-]/g, '\\$&') },
  })

/**
 * Tooltips open on focus only for keyboard users. In a browser a key press sets that modality;
 * jsdom's synthetic focus has none before it, so set it directly.
 */
export function asKeyboardUser(): void {
  setKeyboardModality(true)
}
