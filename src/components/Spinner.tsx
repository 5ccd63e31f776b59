import { useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'

// Spec 9: a spinner, once shown, stays on screen at least 500 ms so fast work does not flicker.
export const MIN_SPINNER_MS = 500

/**
 * Holds `active` true for at least `minMs` after it turns on. It turns on at once; when it turns
 * off early, the returned value stays true until the minimum has passed since it turned on.
 */
export function useMinDuration(active: boolean, minMs: number = MIN_SPINNER_MS): boolean {
  const [shown, setShown] = useState(active)
  const shownAt = useRef<number | null>(active ? Date.now() : null)

  useEffect(() => {
    if (active) {
      if (shownAt.current === null) shownAt.current = Date.now()
      setShown(true)
      return
    }
    if (shownAt.current === null) {
      setShown(false)
      return
    }
    const remaining = minMs - (Date.now() - shownAt.current)
    if (remaining <= 0) {
      shownAt.current = null
      setShown(false)
      return
    }
    const timer = setTimeout(() => {
      shownAt.current = null
      setShown(false)
    }, remaining)
    return () => clearTimeout(timer)
  }, [active, minMs])

  return active || shown
}

export interface SpinnerProps {
  /** Accessible label; ignored when decorative. */
  label?: string
  /** Inside a control that already says it is busy (aria-busy, a badge's text): hide from AT. */
  decorative?: boolean
  size?: number
  className?: string
}

const spinnerClass = css({ display: 'inline-flex', flexShrink: 0, color: 'currentColor' })
const svgClass = css({ animation: 'spin', '@media (prefers-reduced-motion: reduce)': { animation: 'none' } })

export function Spinner({ label = 'Loading', decorative = false, size = 14, className }: SpinnerProps) {
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'status', 'aria-label': label }
  return (
    <span className={cx(spinnerClass, className)} {...a11y}>
      <svg className={svgClass} width={size} height={size} viewBox="0 0 16 16" fill="none" aria-hidden="true">
        <circle cx="8" cy="8" r="6" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2" />
        <path d="M14 8a6 6 0 0 0-6-6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </span>
  )
}
