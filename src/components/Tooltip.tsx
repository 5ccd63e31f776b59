// A small tooltip of our own rather than ark's (issue 11): every Button carries one for its disabled
// reason, so it is in the first load of every screen, and ark's tooltip brought its state machine
// runtime, the positioning library and the portal with it (about 22 KB compressed) for a box placed
// beside its trigger. What it does: opens on hover after 250 ms (spec 9) and at once on keyboard
// focus; closes on leave, blur, Escape, a press on the trigger and scroll; sits above the trigger
// (or the side asked for), flipped to the other side when there is no room, kept inside the window.
import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { createPortal } from 'react-dom'
import { css } from 'styled-system/css'

// Spec 9: tooltip open delay 250 ms.
export const TOOLTIP_OPEN_DELAY_MS = 250
const CLOSE_DELAY_MS = 100
const GAP_PX = 6
const MARGIN_PX = 4

export const tooltipContentClass = css({
  bg: 'fg.default',
  color: 'bg.canvas',
  fontSize: 'xs',
  lineHeight: 'snug',
  px: '2',
  py: '1.5',
  borderRadius: 'md',
  maxW: '18rem',
  boxShadow: 'md',
  zIndex: 'tooltip',
  position: 'fixed',
  pointerEvents: 'none',
})

type Placement = 'top' | 'bottom' | 'left' | 'right'

export interface TooltipProps {
  content: ReactNode
  /** A single element that accepts ref and DOM props: it becomes the trigger. */
  children: ReactElement
  openDelay?: number
  placement?: Placement
  /** Controlled open state (for triggers that do not take focus themselves, e.g. menu items). */
  open?: boolean
  disabled?: boolean
}

type Box = { top: number; left: number; width: number; height: number }
const OPPOSITE: Record<Placement, Placement> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' }

/** Where the tooltip goes: the asked side if it fits in the window, else the opposite one; clamped. */
export function placeTooltip(
  trigger: Box,
  tip: { width: number; height: number },
  view: { width: number; height: number },
  placement: Placement,
): { top: number; left: number } {
  const at = (side: Placement) => {
    if (side === 'top' || side === 'bottom') {
      const top = side === 'top' ? trigger.top - tip.height - GAP_PX : trigger.top + trigger.height + GAP_PX
      return { top, left: trigger.left + (trigger.width - tip.width) / 2 }
    }
    const left = side === 'left' ? trigger.left - tip.width - GAP_PX : trigger.left + trigger.width + GAP_PX
    return { top: trigger.top + (trigger.height - tip.height) / 2, left }
  }
  const fits = (p: { top: number; left: number }) =>
    p.top >= MARGIN_PX &&
    p.left >= MARGIN_PX &&
    p.top + tip.height <= view.height - MARGIN_PX &&
    p.left + tip.width <= view.width - MARGIN_PX
  const first = at(placement)
  const chosen = fits(first) ? first : fits(at(OPPOSITE[placement])) ? at(OPPOSITE[placement]) : first
  const clamp = (v: number, size: number, room: number) =>
    Math.max(MARGIN_PX, Math.min(v, room - size - MARGIN_PX))
  return {
    top: clamp(chosen.top, tip.height, view.height),
    left: clamp(chosen.left, tip.width, view.width),
  }
}

type TriggerProps = {
  ref?: Ref<HTMLElement>
  'aria-describedby'?: string
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void
  onPointerMove?: (e: PointerEvent<HTMLElement>) => void
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void
  onFocus?: (e: FocusEvent<HTMLElement>) => void
  onBlur?: (e: FocusEvent<HTMLElement>) => void
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void
}

// How the user last interacted: focus opens the tooltip only for keyboard users (a click focuses the
// button too, and the pointer has its own delay). One pair of capture listeners for the whole page.
let keyboardModality = false
let tracking = false
function trackModality() {
  if (tracking || typeof document === 'undefined') return
  tracking = true
  document.addEventListener('keydown', () => (keyboardModality = true), true)
  document.addEventListener('pointerdown', () => (keyboardModality = false), true)
}
/** For component tests: jsdom's synthetic focus has no key press before it. */
export function setKeyboardModality(keyboard: boolean) {
  trackModality()
  keyboardModality = keyboard
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value)
  else if (ref) (ref as { current: T | null }).current = value
}

export function Tooltip({
  content,
  children,
  openDelay = TOOLTIP_OPEN_DELAY_MS,
  placement = 'top',
  open: controlled,
  disabled = false,
}: TooltipProps) {
  const id = useId()
  const trigger = useRef<HTMLElement | null>(null)
  const tip = useRef<HTMLDivElement | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const [shown, setShown] = useState(false)
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null)
  const open = !disabled && (controlled ?? shown)
  useEffect(trackModality, [])

  // One pending change at a time: the opening delay, or the short close delay after a leave.
  const pending = useRef<boolean | null>(null)
  const change = useCallback((next: boolean, ms: number) => {
    clearTimeout(timer.current)
    pending.current = ms > 0 ? next : null
    if (ms === 0) setShown(next)
    else
      timer.current = setTimeout(() => {
        pending.current = null
        setShown(next)
      }, ms)
  }, [])
  const now = useCallback((next: boolean) => change(next, 0), [change])
  useEffect(() => () => clearTimeout(timer.current), [])

  // Placed once it has a size, before the browser paints it.
  useLayoutEffect(() => {
    if (!open) {
      setPos(null)
      return
    }
    const t = trigger.current?.getBoundingClientRect()
    const c = tip.current?.getBoundingClientRect()
    if (!t || !c) return
    setPos(placeTooltip(t, c, { width: window.innerWidth, height: window.innerHeight }, placement))
  }, [open, placement])

  // While open: Escape and any scroll close it (a fixed box would drift from its trigger).
  useEffect(() => {
    if (!open || controlled !== undefined) return
    const onKey = (e: globalThis.KeyboardEvent) => e.key === 'Escape' && now(false)
    const onScroll = () => now(false)
    document.addEventListener('keydown', onKey)
    window.addEventListener('scroll', onScroll, true)
    return () => {
      document.removeEventListener('keydown', onKey)
      window.removeEventListener('scroll', onScroll, true)
    }
  }, [open, controlled, now])

  const own = children.props as TriggerProps
  const hover = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType === 'touch') return
    // Back over the trigger before the close delay ran out: stay open.
    if (shown && pending.current === false) now(true)
    else if (!shown && pending.current !== true) change(true, openDelay)
  }
  const triggerProps: TriggerProps = {
    ref: (node: HTMLElement | null) => {
      trigger.current = node
      assignRef(own.ref, node)
    },
    'aria-describedby': own['aria-describedby'] ?? (open ? id : undefined),
    onPointerEnter: (e) => {
      own.onPointerEnter?.(e)
      hover(e)
    },
    onPointerMove: (e) => {
      own.onPointerMove?.(e)
      hover(e)
    },
    onPointerLeave: (e) => {
      own.onPointerLeave?.(e)
      if (shown) change(false, CLOSE_DELAY_MS)
      else now(false)
    },
    onPointerDown: (e) => {
      own.onPointerDown?.(e)
      now(false)
    },
    onFocus: (e) => {
      own.onFocus?.(e)
      // Keyboard focus opens at once; focus that follows a click does not.
      if (keyboardModality) now(true)
    },
    onBlur: (e) => {
      own.onBlur?.(e)
      now(false)
    },
    onKeyDown: (e) => {
      own.onKeyDown?.(e)
      if (e.key === 'Escape' && shown) now(false)
    },
  }

  return (
    <>
      {cloneElement(children as ReactElement<TriggerProps>, triggerProps)}
      {open &&
        createPortal(
          <div
            ref={tip}
            id={id}
            role="tooltip"
            className={tooltipContentClass}
            style={pos ? { top: pos.top, left: pos.left } : { top: 0, left: 0, visibility: 'hidden' }}
          >
            {content}
          </div>,
          document.body,
        )}
    </>
  )
}
