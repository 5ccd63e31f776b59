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

/**
 * Tooltips open on focus only for keyboard users. In a browser a key press sets that modality;
 * jsdom's synthetic focus has none before it, so set it directly.
 */
export function asKeyboardUser(): void {
  setKeyboardModality(true)
}
