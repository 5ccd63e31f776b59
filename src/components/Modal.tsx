import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Button } from './Button'
import { CloseIcon } from './icons'

// Centred dialog. Spec 9: widths narrow 24rem, medium 28rem, free 24-48rem. ark's Dialog traps focus
// while open and returns it to the element that had it before.

export type ModalWidth = 'narrow' | 'medium' | 'free'

export const backdropClass = css({
  position: 'fixed',
  inset: '0',
  bg: 'bg.overlay',
  zIndex: 'modal',
})

const positioner = css({
  position: 'fixed',
  inset: '0',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  p: '4',
  zIndex: 'modal',
})

const content = css({
  bg: 'bg.raised',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  boxShadow: 'xl',
  display: 'flex',
  flexDir: 'column',
  maxH: 'calc(100dvh - 2rem)',
  outline: 'none',
})

const widthClass: Record<ModalWidth, string> = {
  narrow: css({ w: 'modalNarrow', maxW: 'full' }),
  medium: css({ w: 'modalMedium', maxW: 'full' }),
  free: css({ minW: 'min(token(sizes.modalFreeMin), 100%)', maxW: 'min(token(sizes.modalFreeMax), 100%)' }),
}

export const dialogHeaderClass = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  px: '5',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
})
export const dialogTitleClass = css({ fontSize: 'md', fontWeight: 'semibold' })
export const dialogBodyClass = css({ px: '5', py: '4', overflowY: 'auto', flex: '1', fontSize: 'sm' })
export const dialogFooterClass = css({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: '2',
  px: '5',
  py: '3',
  borderTopWidth: '1px',
  borderColor: 'border.subtle',
})

export interface ModalProps {
  open: boolean
  onDismiss: () => void
  title: string
  width?: ModalWidth
  children?: ReactNode
  /** Primary action; omit for an informational modal (only the cancel/close button shows). */
  actionLabel?: string
  onAction?: () => void
  actionType?: 'primary' | 'danger'
  actionLoading?: boolean
  actionDisabledReason?: string
  cancelLabel?: string
  /** Replace the whole footer. */
  footer?: ReactNode
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog'
  /** Prevent closing by Escape / outside click (e.g. while an action runs). */
  dismissable?: boolean
}

export function Modal({
  open,
  onDismiss,
  title,
  width = 'medium',
  children,
  actionLabel,
  onAction,
  actionType = 'primary',
  actionLoading = false,
  actionDisabledReason,
  cancelLabel = 'Cancel',
  footer,
  role = 'dialog',
  dismissable = true,
}: ModalProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) onDismiss()
      }}
      role={role}
      lazyMount
      unmountOnExit
      closeOnEscape={dismissable}
      closeOnInteractOutside={dismissable}
    >
      <Portal>
        <Dialog.Backdrop className={backdropClass} />
        <Dialog.Positioner className={positioner}>
          <Dialog.Content className={cx(content, widthClass[width])}>
            <div className={dialogHeaderClass}>
              <Dialog.Title className={dialogTitleClass}>{title}</Dialog.Title>
              <Dialog.CloseTrigger asChild>
                <Button variant="ghost" size="icon" aria-label="Close" disabled={!dismissable}>
                  <CloseIcon />
                </Button>
              </Dialog.CloseTrigger>
            </div>
            <div className={dialogBodyClass}>{children}</div>
            {footer ?? (
              <div className={dialogFooterClass}>
                <Button variant="secondary" onClick={onDismiss} disabled={!dismissable}>
                  {cancelLabel}
                </Button>
                {actionLabel && (
                  <Button
                    variant={actionType}
                    onClick={onAction}
                    loading={actionLoading}
                    {...(actionDisabledReason ? { disabledReason: actionDisabledReason } : {})}
                  >
                    {actionLabel}
                  </Button>
                )}
              </div>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
