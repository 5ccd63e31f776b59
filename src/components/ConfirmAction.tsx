import { type ReactNode, useState, useSyncExternalStore } from 'react'
import { css } from 'styled-system/css'
import { S } from '../strings'
import { Modal } from './Modal'
import { MIN_SPINNER_MS } from './Spinner'
import { toast } from './Toast'

// One global confirm dialog (ARCHITECTURE: instead of a dialog per page). Spec 4: it runs the action
// and shows a loading state; on failure it shows an error toast with the action's message; then it
// closes.

export interface ConfirmActionOptions {
  title: string
  content: ReactNode
  actionLabel: string
  actionType: 'danger' | 'primary'
  /** Title of the error toast when `run` fails. */
  errorTitle: string
  run: () => Promise<unknown>
}

type State = { options: ConfirmActionOptions; key: number } | null

let state: State = null
let counter = 0
const listeners = new Set<() => void>()
const emit = () => {
  for (const l of listeners) l()
}
const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
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
    content: (
      <p>
        Are you sure you want to delete <strong>{name}</strong>?
      </p>
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Mount once at the app root. */
export function ConfirmActionHost() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => null,
  )
  // Keyed by the request so a new confirmation starts from a fresh (not busy) state.
  return current ? <ConfirmDialog key={current.key} options={current.options} /> : null
}

function ConfirmDialog({ options }: { options: ConfirmActionOptions }) {
  const [busy, setBusy] = useState(false)

  const onAction = async () => {
    if (busy) return
    setBusy(true)
    // The loading state lasts at least the minimum spinner time (spec 9) even if `run` is instant.
    const [result] = await Promise.allSettled([options.run(), sleep(MIN_SPINNER_MS)])
    if (result.status === 'rejected') toast.error(options.errorTitle, errorMessage(result.reason))
    closeConfirmAction()
  }

  return (
    <Modal
      open
      onDismiss={() => {
        if (!busy) closeConfirmAction()
      }}
      title={options.title}
      width="narrow"
      role="alertdialog"
      actionLabel={options.actionLabel}
      actionType={options.actionType}
      actionLoading={busy}
      onAction={onAction}
      dismissable={!busy}
    >
      <div className={css({ color: 'fg.muted' })}>{options.content}</div>
    </Modal>
  )
}
