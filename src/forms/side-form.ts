// How most side forms end once sent: a toast says what was done, and the form closes (its route goes
// back to the list or page under it). The hook also wires the side modal (title, subtitle, submit label,
// why it cannot be sent, dismissal), so every form gives those once and spreads what it returns.
import type { ReactNode } from 'react'
import { toast } from '../components'
import type { SideModalFormProps } from '../components/SideModalForm'
import { type Form, type FormValues, type UseFormOptions, useForm } from '../hooks/use-form'

/** A success toast: its title, or its title and description. */
export type SideFormToast = string | readonly [title: string, description: string]

export type SideFormOptions<V extends FormValues, R> = Omit<UseFormOptions<V, R>, 'onSuccess'> & {
  /** The side modal's title, subtitle and submit button (a label may follow the values). */
  title: string
  subtitle?: ReactNode
  submitLabel: string | ((values: V) => string)
  /** Why the form cannot be sent now (offline, role, the resource's state): shown on its submit. */
  disabledReason: string | undefined
  /** The success toast, from what came back and what was sent; none when it gives none. */
  done?: (saved: R | undefined, values: V) => SideFormToast | undefined
  /** Closes the form (Cancel, Close, Escape, and after a save unless `onSaved` is given). */
  onDismiss: () => void
  /** After the success toast, instead of closing (e.g. to the saved resource's page). */
  onSaved?: (saved: R | undefined, values: V) => void
}

/** The toast of a form that failed after it was closed ("New silo was not saved"). */
export const notSavedTitle = (title: string) => `${title} was not saved`

/** All SideModalForm needs but its fields. */
export type SideModalProps = Omit<SideModalFormProps, 'children'>

/**
 * useForm for a side form: once sent it says so in a toast and closes (or goes on to `onSaved`).
 * Returns the form and the side modal's props, to spread on its SideModalForm.
 */
export function useSideForm<V extends FormValues, R = unknown>({
  title,
  subtitle,
  submitLabel,
  disabledReason,
  done,
  onDismiss,
  onSaved,
  ...opts
}: SideFormOptions<V, R>): { form: Form<V>; modal: SideModalProps } {
  const form = useForm<V, R>({
    ...opts,
    onSuccess: (saved, values, { away }) => {
      const said = done?.(saved, values)
      if (typeof said === 'string') toast.success(said)
      else if (said) toast.success(...said)
      // Closed while sending: the operator has moved on, and is not taken back.
      if (away) return
      if (onSaved) onSaved(saved, values)
      else onDismiss()
    },
    onFailedAway: (message) => toast.error(notSavedTitle(title), message),
  })
  return {
    form,
    modal: {
      form,
      title,
      subtitle,
      submitLabel: typeof submitLabel === 'string' ? submitLabel : submitLabel(form.values),
      onDismiss,
      submitDisabledReason: disabledReason,
    },
  }
}

/**
 * `done` and `onSaved` for a form whose send answers with what it saved: the toast from it, then
 * `then` with it (e.g. to its page, or to close). An answer without it: no toast, and the form stays.
 */
export function whenSaved<R>(message: (saved: R) => SideFormToast, then: (saved: R) => void) {
  return {
    done: (saved: R | undefined) => (saved === undefined ? undefined : message(saved)),
    onSaved: (saved: R | undefined) => {
      if (saved !== undefined) then(saved)
    },
  }
}
