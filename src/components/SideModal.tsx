import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { S } from '../strings'
import { Button } from './Button'
import { AlertIcon } from './icons'
import { DialogFrame } from './Modal'

// Right-hand sheet for create/edit forms. Forms are routes, so it is controlled by `open` and
// `onDismiss` (the route navigates back to the list). Spec 9: side modal width 32rem.

const positioner = css({
  position: 'fixed',
  inset: '0',
  display: 'flex',
  justifyContent: 'flex-end',
  zIndex: 'modal',
})

const content = css({
  w: 'sideModal',
  maxW: '100vw',
  h: '100dvh',
  bg: 'bg.raised',
  color: 'fg.default',
  borderLeftWidth: '1px',
  borderColor: 'border.default',
  boxShadow: 'xl',
  display: 'flex',
  flexDir: 'column',
  outline: 'none',
})

const summary = css({
  display: 'flex',
  gap: '2',
  p: '3',
  mb: '4',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'danger.solid',
  color: 'danger.fg',
  fontSize: 'sm',
  '& ul': { listStyle: 'disc', pl: '5', mt: '1' },
})

export interface FormErrorSummaryProps {
  errors: readonly string[]
}

/** Spec 5 wording: heading "Error"/"Errors", then "{n} issues:" and the list. */
export function FormErrorSummary({ errors }: FormErrorSummaryProps) {
  if (errors.length === 0) return null
  const n = errors.length
  return (
    <div className={summary} role="alert">
      <AlertIcon />
      <div>
        <h2 className={css({ fontWeight: 'semibold' })}>{S.formErrorHeading(n)}</h2>
        <p>{S.formErrorCount(n)}</p>
        <ul>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      </div>
    </div>
  )
}

export interface SideModalProps {
  open: boolean
  onDismiss: () => void
  title: string
  /** Optional line under the title (e.g. the resource being edited). */
  subtitle?: ReactNode
  children?: ReactNode
  /** Error summary shown above the body content. */
  errors?: readonly string[]
  submitLabel?: string
  /** Id of a <form> in the body: the submit button submits it. */
  formId?: string
  /** Otherwise, called when the submit button is clicked. */
  onSubmit?: () => void
  submitting?: boolean
  submitDisabledReason?: string
  cancelLabel?: string
  /** Replace the whole footer. */
  footer?: ReactNode
}

export function SideModal({
  errors = [],
  submitLabel,
  formId,
  onSubmit,
  submitting = false,
  submitDisabledReason,
  children,
  ...frame
}: SideModalProps) {
  const hasSubmit = submitLabel !== undefined && (formId !== undefined || onSubmit !== undefined)
  return (
    <DialogFrame
      {...frame}
      // A form opens ready to type in its first field; a view (no field) on its first control.
      focusFirstField
      dismissable={!submitting}
      positioner={positioner}
      content={content}
      primary={
        hasSubmit && (
          <Button
            variant="primary"
            type={formId ? 'submit' : 'button'}
            form={formId}
            onClick={formId ? undefined : onSubmit}
            loading={submitting}
            {...(submitDisabledReason ? { disabledReason: submitDisabledReason } : {})}
          >
            {submitLabel}
          </Button>
        )
      }
    >
      <FormErrorSummary errors={errors} />
      {children}
    </DialogFrame>
  )
}
