// Scroll position restored per location (spec section 2), saved with a 125 ms throttle (section 9).
// Back/forward (popstate) restores the saved position; any other navigation starts at the top.
import { useEffect, useLayoutEffect } from 'react'
import { SCROLL_KEY } from './tab-keys'

export const SCROLL_THROTTLE_MS = 125

// The URL a back/forward went to: a location change counts as one only while the URL is still that,
// since a pop between a list and its form keeps the same scroll key and consumes nothing.
let poppedTo: string | null = null
if (typeof window !== 'undefined') {
  window.history.scrollRestoration = 'manual'
  window.addEventListener('popstate', () => {
    poppedTo = window.location.href
  })
}

function readAll(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}

function save(key: string, y: number) {
  const all = readAll()
  all[key] = y
  sessionStorage.setItem(SCROLL_KEY, JSON.stringify(all))
}

/** A trailing throttle: at most one call per `ms`, and the last call always runs. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: A | undefined
  let last = 0
  const run = () => {
    timer = undefined
    last = Date.now()
    if (pending) fn(...pending)
    pending = undefined
  }
  const throttled = (...args: A) => {
    pending = args
    if (timer) return
    const wait = Math.max(0, ms - (Date.now() - last))
    timer = setTimeout(run, wait)
  }
  throttled.flush = () => {
    if (timer) clearTimeout(timer)
    run()
  }
  return throttled
}

/**
 * `locationKey` names what is scrolled: App gives a form route its list's key, so opening or closing
 * a form over a list keeps the list where it was.
 */
export function useScrollRestoration(locationKey: string) {
  useEffect(() => {
    const onScroll = throttle(() => save(locationKey, window.scrollY), SCROLL_THROTTLE_MS)
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      onScroll.flush()
      window.removeEventListener('scroll', onScroll)
    }
  }, [locationKey])

  useLayoutEffect(() => {
    const pop = poppedTo === window.location.href
    poppedTo = null
    if (!pop) {
      window.scrollTo(0, 0)
      return
    }
    const target = readAll()[locationKey] ?? 0
    // Content painted from cache may need a few frames to reach its full height: retry up to 1 s.
    const started = performance.now()
    let frame = 0
    const attempt = () => {
      window.scrollTo(0, target)
      if (Math.abs(window.scrollY - target) > 1 && performance.now() - started < 1000) {
        frame = requestAnimationFrame(attempt)
      }
    }
    attempt()
    return () => cancelAnimationFrame(frame)
  }, [locationKey])
}
