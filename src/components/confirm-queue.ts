// The global confirm dialog's state and the calls that open it (ARCHITECTURE: one dialog instead of
// one per page). Kept apart from the dialog itself (ConfirmAction.tsx, ark's dialog and focus trap) so
// that a screen's first load carries only this: the dialog's code loads when it is first asked for.
import { createElement, lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react'
import { S } from '../strings'

export interface ConfirmActionOptions {
  title: string
  content: ReactNode
  actionLabel: string
  actionType: 'danger' | 'primary'
  /** Title of the error toast when `run` fails. */
  errorTitle: string
  run: () => Promise<unknown>
}

export type ConfirmState = { options: ConfirmActionOptions; key: number } | null

let state: ConfirmState = null
let counter = 0
const listeners = new Set<() => void>()
const emit = () => {
  for (const l of [...listeners]) l()
}

export function subscribeConfirm(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function currentConfirm(): ConfirmState {
  return state
}

/** Opens the global confirm dialog (replacing any open one). */
export function confirmAction(options: ConfirmActionOptions): void {
  counter += 1
  state = { options, key: counter }
  emit()
}

export function closeConfirmAction(): void {
  state = null
  emit()
}

export interface ConfirmDeleteOptions {
  /** e.g. "instance", "disk". */
  resourceKind: string
  name: string
  run: () => Promise<unknown>
}

export function confirmDelete({ resourceKind, name, run }: ConfirmDeleteOptions): void {
  confirmAction({
    title: `Delete ${resourceKind}`,
    content: createElement(
      'p',
      null,
      'Are you sure you want to delete ',
      createElement('strong', null, name),
      '?',
    ),
    actionLabel: 'Delete',
    actionType: 'danger',
    errorTitle: `Could not delete ${resourceKind}`,
    run,
  })
}

/** The message of a thrown value: `.message` of error-like objects, else a generic text. */
export function errorMessage(err: unknown): string {
  if (typeof err === 'string' && err) return err
  if (err && typeof err === 'object' && 'message' in err && typeof err.message === 'string' && err.message) {
    return err.message
  }
  return S.unknownServerError
}

const RealHost = lazy(() => import('./ConfirmAction').then((m) => ({ default: m.ConfirmActionHost })))

let asked = false

/**
 * Mount once at the app root: loads the dialog's code when the first confirmation is asked for, and
 * keeps it mounted from then on (the dialog renders nothing while closed).
 */
export function ConfirmHost() {
  const current = useSyncExternalStore(subscribeConfirm, currentConfirm, () => null)
  if (current) asked = true
  return asked ? createElement(Suspense, { fallback: null }, createElement(RealHost)) : null
}
