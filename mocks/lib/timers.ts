// State-transition timers (spec section 7: the mock moves transitional states on by itself). They
// honour the time scale, and a db reset cancels them so a stale timer never touches fresh seed data.
import { mockConfig } from './config'

const pending = new Set<ReturnType<typeof setTimeout>>()

/** Run `fn` after `ms` (scaled by `mockConfig.timeScale`). */
export function after(ms: number, fn: () => void): void {
  const t = setTimeout(
    () => {
      pending.delete(t)
      fn()
    },
    Math.max(0, Math.round(ms * mockConfig.timeScale)),
  )
  // Never keep a Node process alive just for a pending state transition.
  if (typeof t === 'object' && t && 'unref' in t) t.unref()
  pending.add(t)
}

export function clearTimers(): void {
  for (const t of pending) clearTimeout(t)
  pending.clear()
}

/** Wait in a request (the mock's network delay); unaffected by the time scale. */
export function sleep(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((r) => setTimeout(r, ms))
}
