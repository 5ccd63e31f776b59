// The toast API the whole app calls. It is tiny on purpose: ark's toast machine and its styles (Toast.tsx)
// stay out of a screen's first load and are fetched only when the first toast is asked for. Toasts
// raised before that wait here and are handed over, in order, once the real toaster is connected.
import { createElement, lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react'

export interface ToastAction {
  label: string
  onClick: () => void
}

export interface ToastOptions {
  action?: ToastAction
  duration?: number
}

export type ToastType = 'success' | 'error' | 'info'

export type ToastRequest =
  | {
      op: 'create'
      id: string
      type: ToastType
      title: ReactNode
      description: ReactNode | undefined
      options: ToastOptions
    }
  | { op: 'dismiss'; id: string | undefined }

type Sink = (request: ToastRequest) => void

let sink: Sink | undefined
let pending: ToastRequest[] = []
let wanted = false
let counter = 0
const listeners = new Set<() => void>()

function send(request: ToastRequest) {
  if (sink) {
    sink(request)
    return
  }
  if (request.op === 'dismiss') {
    // Nothing is on screen yet: dismissing only drops what waits (and never loads the toaster).
    const { id } = request
    pending = id === undefined ? [] : pending.filter((r) => r.op !== 'create' || r.id !== id)
    return
  }
  pending.push(request)
  if (!wanted) {
    wanted = true
    for (const l of [...listeners]) l()
  }
}

/** The real toaster (Toast.tsx) takes over: everything asked so far goes to it, in order. */
export function connectToaster(next: Sink): void {
  sink = next
  const queued = pending
  pending = []
  for (const r of queued) next(r)
  // Toast.tsx may load before any toast is asked for (another module imports it): the host must
  // mount the toaster then too, or toasts sent straight to the store are never drawn.
  if (!wanted) {
    wanted = true
    for (const l of [...listeners]) l()
  }
}

function make(type: ToastType) {
  return (title: ReactNode, description?: ReactNode, options: ToastOptions = {}): string => {
    // The id is known at once, so a caller can dismiss a toast that is still waiting for the toaster.
    counter += 1
    const id = `toast:q${counter}`
    send({ op: 'create', id, type, title, description, options })
    return id
  }
}

export const toast = {
  success: make('success'),
  error: make('error'),
  info: make('info'),
  dismiss: (id?: string): void => send({ op: 'dismiss', id }),
}

/** True once a toast was asked for before the toaster was loaded. */
export function toastWanted(): boolean {
  return wanted
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const RealToaster = lazy(() => import('./Toast').then((m) => ({ default: m.Toaster })))

/** Mount once at the app root: renders nothing (and loads nothing) until the first toast. */
export function ToastHost() {
  const show = useSyncExternalStore(subscribe, toastWanted, () => false)
  return show ? createElement(Suspense, { fallback: null }, createElement(RealToaster)) : null
}
