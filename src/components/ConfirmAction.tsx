import { useState, useSyncExternalStore } from 'react'
import { css } from 'styled-system/css'
import { useWriteGuard } from '../hooks/use-write-guard'
import {
  type ConfirmActionOptions,
  closeConfirmAction,
  currentConfirm,
  errorMessage,
  subscribeConfirm,
} from './confirm-queue'
import { Modal } from './Modal'
import { MIN_SPINNER_MS } from './Spinner'
import { toast } from './toast-queue'

// One global confirm dialog (ARCHITECTURE: instead of a dialog per page). Spec 4: it runs the action
// and shows a loading state; on failure it shows an error toast with the action's message; then it
// closes. The state and the calls that open it live in confirm-queue.ts; this module (ark's dialog)
// loads when the first confirmation is asked for.

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Mount once at the app root. */
export function ConfirmActionHost() {
  const current = useSyncExternalStore(subscribeConfirm, currentConfirm, () => null)
  // Keyed by the request so a new confirmation starts from a fresh (not busy) state.
  return current ? <ConfirmDialog key={current.key} options={current.options} /> : null
}

function ConfirmDialog({ options }: { options: ConfirmActionOptions }) {
  const [busy, setBusy] = useState(false)
  // Every confirmation sends a write: the link dropping while it is open disables the action with the
  // reason (a write already sent keeps its spinner until it settles).
  const guard = useWriteGuard()
  const offline = busy ? undefined : guard

  const onAction = async () => {
    if (busy || offline) return
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
      actionDisabledReason={offline}
      onAction={onAction}
      dismissable={!busy}
    >
      <div className={css({ color: 'fg.muted' })}>{options.content}</div>
    </Modal>
  )
}
