import { Portal } from '@ark-ui/react/portal'
import { Toaster as ArkToaster, createToaster, Toast } from '@ark-ui/react/toast'
import { css } from 'styled-system/css'
import { Button } from './Button'
import { AlertIcon, CloseIcon, SuccessIcon } from './icons'
import { connectToaster } from './toast-queue'

// One module-level toaster: anything (pages, ConfirmAction, offline notices) raises a toast through
// toast-queue.ts, which loads this module on the first toast; <Toaster/> renders them at the app root.
// ark's toast group is a polite live region and each toast has role=status, so screen readers
// announce them.

export const toaster = createToaster({
  placement: 'bottom-end',
  overlap: false,
  gap: 12,
  duration: 5000,
  max: 5,
})

export { type ToastAction, type ToastOptions, toast } from './toast-queue'

// Toasts asked for before this module loaded wait in the store until <Toaster/> mounts, which shows
// every visible toast of the store.
connectToaster((r) => {
  if (r.op === 'dismiss') {
    toaster.dismiss(r.id)
    return
  }
  const { id, type, title, description, options } = r
  toaster.create({
    id,
    type,
    title,
    description,
    closable: true,
    // Errors stay a little longer: they usually need reading.
    duration: options.duration ?? (type === 'error' ? 8000 : 5000),
    ...(options.action ? { action: options.action } : {}),
  })
})

const root = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  w: '22rem',
  maxW: 'calc(100vw - 2rem)',
  p: '3',
  bg: 'bg.raised',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  boxShadow: 'lg',
  fontSize: 'sm',
  zIndex: 'toast',
  // ark positions toasts through these CSS variables.
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale)',
  opacity: 'var(--opacity)',
  height: 'var(--height)',
  transition: 'translate 250ms, scale 250ms, opacity 250ms, height 250ms',
  '&[data-type=error]': { borderColor: 'danger.solid' },
})
const iconBox = css({
  mt: '0.5',
  '[data-type=success] &': { color: 'accent.fg' },
  '[data-type=error] &': { color: 'danger.fg' },
  '[data-type=info] &': { color: 'fg.muted' },
})

export function Toaster() {
  return (
    <Portal>
      <ArkToaster toaster={toaster} label="Notifications">
        {(t) => (
          <Toast.Root className={root}>
            <span className={iconBox}>{t.type === 'success' ? <SuccessIcon /> : <AlertIcon />}</span>
            <div className={css({ flex: '1', minW: '0' })}>
              <Toast.Title className={css({ fontWeight: 'semibold' })}>{t.title}</Toast.Title>
              {t.description && (
                <Toast.Description
                  className={css({ color: 'fg.muted', mt: '0.5', overflowWrap: 'anywhere' })}
                >
                  {t.description}
                </Toast.Description>
              )}
              {t.action && (
                <Toast.ActionTrigger asChild>
                  <Button size="sm" variant="secondary" className={css({ mt: '2' })}>
                    {t.action.label}
                  </Button>
                </Toast.ActionTrigger>
              )}
            </div>
            <Toast.CloseTrigger asChild>
              <Button size="icon" variant="ghost" aria-label="Dismiss notification">
                <CloseIcon />
              </Button>
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </ArkToaster>
    </Portal>
  )
}
