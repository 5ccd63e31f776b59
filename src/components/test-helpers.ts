// Shared set-up for component tests in jsdom (imported by *.test.tsx only).
import { setInteractionModality } from '@zag-js/focus-visible'

// ark positions popovers with floating-ui, which observes sizes; jsdom has no ResizeObserver.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

/**
 * zag opens tooltips on focus only for keyboard ("focus-visible") users. In a browser a Tab press sets
 * that modality; jsdom's synthetic events do not reach zag's global tracker, so set it directly.
 */
export function asKeyboardUser(): void {
  setInteractionModality('keyboard')
}
