import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { type ReactNode, useRef } from 'react'
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
  width = 'medium',
  actionLabel,
  onAction,
  actionType = 'primary',
  actionLoading = false,
  actionDisabledReason,
  role = 'dialog',
  dismissable = true,
  ...frame
}: ModalProps) {
  return (
    <DialogFrame
      {...frame}
      dismissable={dismissable}
      // A confirmation whose action runs cannot be left by any of its buttons either.
      buttonsDisabled={!dismissable}
      role={role}
      positioner={positioner}
      content={cx(content, widthClass[width])}
      primary={
        actionLabel && (
          <Button
            variant={actionType}
            onClick={onAction}
            loading={actionLoading}
            {...(actionDisabledReason ? { disabledReason: actionDisabledReason } : {})}
          >
            {actionLabel}
          </Button>
        )
      }
    />
  )
}

/**
 * The control to give focus back to when a dialog closes. A dialog opened from a menu item is opened
 * while the item still has focus, but the item goes with its menu: the menu's trigger stays.
 */
export function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === active.ownerDocument.body) return null
  const menu = active.closest('[role=menu]')
  if (!menu?.id) return active
  for (const el of active.ownerDocument.querySelectorAll<HTMLElement>('[aria-controls]'))
    if (el.getAttribute('aria-controls') === menu.id) return el
  return active
}

/**
 * What every dialog draws, centred or as a side sheet: ark's Dialog (it traps focus while open and
 * returns it after), a header with the title (and a subtitle) and Close, the body, and a footer of
 * Cancel and the dialog's own button (`primary`), unless it draws its own `footer`.
 */
export function DialogFrame(props: {
  open: boolean
  onDismiss: () => void
  /** Escape and a click outside dismiss it; false while an action must not be left. */
  dismissable: boolean
  /** Close and Cancel are disabled too. */
  buttonsDisabled?: boolean
  role?: 'dialog' | 'alertdialog'
  positioner: string
  content: string
  title: string
  subtitle?: ReactNode
  children?: ReactNode
  primary?: ReactNode
  cancelLabel?: string | undefined
  footer?: ReactNode
  /** Opening moves focus to the body's first field (a form's), else to the first control as usual. */
  focusFirstField?: boolean
}) {
  const body = useRef<HTMLDivElement>(null)
  // Closing gives focus back to the control that had it at opening, or, when that control has gone
  // with what the dialog did (a deleted row's menu button), to the page's main region: never to the
  // document's body, where a keyboard user would start over from the top.
  const opener = useRef<HTMLElement | null>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)
  if (props.open !== wasOpen.current) {
    wasOpen.current = props.open
    if (props.open) opener.current = openerOf(document.activeElement)
  }
  const finalFocus = () => {
    const el = opener.current
    return el?.isConnected && el !== document.body ? el : document.getElementById('main')
  }
  const firstField = () =>
    body.current?.querySelector<HTMLElement>(
      'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])',
    ) ?? null
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(d) => {
        if (!d.open) props.onDismiss()
      }}
      role={props.role ?? 'dialog'}
      lazyMount
      unmountOnExit
      closeOnEscape={props.dismissable}
      closeOnInteractOutside={props.dismissable}
      finalFocusEl={finalFocus}
      // A form starts at its first field; a confirmation at Cancel, the choice that changes nothing
      // (WAI-ARIA alertdialog), not at the header's Close.
      {...(props.focusFirstField
        ? { initialFocusEl: firstField }
        : props.role === 'alertdialog'
          ? { initialFocusEl: () => cancel.current }
          : {})}
    >
      <Portal>
        <Dialog.Backdrop className={backdropClass} />
        <Dialog.Positioner className={props.positioner}>
          <Dialog.Content className={props.content}>
            <div className={dialogHeaderClass}>
              <div>
                <Dialog.Title className={dialogTitleClass}>{props.title}</Dialog.Title>
                {props.subtitle && (
                  <Dialog.Description className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                    {props.subtitle}
                  </Dialog.Description>
                )}
              </div>
              <Dialog.CloseTrigger asChild>
                <Button variant="ghost" size="icon" aria-label="Close" disabled={props.buttonsDisabled}>
                  <CloseIcon />
                </Button>
              </Dialog.CloseTrigger>
            </div>
            {props.role === 'alertdialog' && !props.subtitle ? (
              // A confirmation's question is its description (WAI-ARIA alertdialog), read with the title.
              <Dialog.Description asChild>
                <div ref={body} className={dialogBodyClass}>
                  {props.children}
                </div>
              </Dialog.Description>
            ) : (
              <div ref={body} className={dialogBodyClass}>
                {props.children}
              </div>
            )}
            {props.footer ?? (
              <div className={dialogFooterClass}>
                <Button
                  ref={cancel}
                  variant="secondary"
                  onClick={props.onDismiss}
                  disabled={props.buttonsDisabled}
                >
                  {props.cancelLabel ?? 'Cancel'}
                </Button>
                {props.primary}
              </div>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
