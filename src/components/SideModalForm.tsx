import type { FormEvent, ReactNode } from 'react'
import { SideModal } from './SideModal'

// A create/edit form in the right-hand sheet, driven by the form hook (src/hooks/use-form.ts): the
// hook's summary fills the error area (spec 5 wording), its submitting state drives the button, and
// Cancel, Close, Escape and a click outside all go to onDismiss (the route goes back to its list).

/** What the shell needs of a form: structurally the hook's result, so components stay API-free. */
export interface SideModalFormState {
  formProps: { id: string; noValidate: true; onSubmit: (e?: FormEvent) => void }
  summary: readonly string[]
  submitting: boolean
}

export interface SideModalFormProps {
  form: SideModalFormState
  title: string
  subtitle?: ReactNode
  submitLabel: string
  onDismiss: () => void
  /** Why the form cannot be sent now (offline, role): shown on the disabled submit button. */
  submitDisabledReason?: string | undefined
  children: ReactNode
}

export function SideModalForm({
  form,
  title,
  subtitle,
  submitLabel,
  onDismiss,
  submitDisabledReason,
  children,
}: SideModalFormProps) {
  return (
    <SideModal
      open
      onDismiss={onDismiss}
      title={title}
      subtitle={subtitle}
      formId={form.formProps.id}
      submitLabel={submitLabel}
      submitting={form.submitting}
      errors={form.summary}
      {...(submitDisabledReason ? { submitDisabledReason } : {})}
    >
      <form {...form.formProps}>{children}</form>
    </SideModal>
  )
}
