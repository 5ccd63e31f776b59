// Spec section 9: "Link prefetch after a 100 ms hover." A control that opens a route (a sidebar link,
// a crumb, a list's New button) warms it: the route's code (for a form route, the form's own) and the
// data its screen reads. Keyboard focus warms at once; leaving before 100 ms warms nothing.
import { useEffect, useRef } from 'react'
import { warmRoute } from '../routes'

export const PREFETCH_HOVER_MS = 100

/** Handlers to spread on the control that opens `href` (none while it cannot be used). */
export function usePrefetch(href: string | undefined) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // A pending hover goes with the target it was for: a new one, or none (the button became disabled),
  // cancels it, as unmounting does.
  useEffect(() => {
    if (href === undefined) clearTimeout(timer.current)
    return () => clearTimeout(timer.current)
  }, [href])
  if (href === undefined) return {}
  return {
    onMouseEnter: () => {
      clearTimeout(timer.current)
      timer.current = setTimeout(() => warmRoute(href), PREFETCH_HOVER_MS)
    },
    onMouseLeave: () => clearTimeout(timer.current),
    onFocus: () => warmRoute(href),
  }
}
