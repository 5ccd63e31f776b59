import { type ButtonHTMLAttributes, type MouseEvent, type Ref, useId } from 'react'
import { cx } from 'styled-system/css'
import { type ButtonVariantProps, button } from 'styled-system/recipes/button'
import { Spinner, useMinDuration } from './Spinner'
import { Tooltip } from './Tooltip'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: NonNullable<ButtonVariantProps['variant']>
  size?: NonNullable<ButtonVariantProps['size']>
  /**
   * Shows a spinner (held at least 500 ms, spec 9), sets aria-busy, and is disabled (aria-disabled,
   * ignores clicks) meanwhile: a submit in flight cannot be sent twice.
   */
  loading?: boolean
  /**
   * Why the action is unavailable. The button stays focusable and hoverable (aria-disabled rather
   * than the disabled attribute) so the reason can be read in a tooltip; clicks do nothing.
   */
  disabledReason?: string
  ref?: Ref<HTMLButtonElement>
}

export function Button({
  variant,
  size,
  loading = false,
  disabledReason,
  className,
  children,
  onClick,
  type = 'button',
  ref,
  ...rest
}: ButtonProps) {
  const busy = useMinDuration(loading)
  const reasonId = useId()
  const inert = busy || disabledReason !== undefined
  const handleClick = (e: MouseEvent<HTMLButtonElement>) => {
    if (inert) {
      e.preventDefault()
      return
    }
    onClick?.(e)
  }
  const el = (
    <button
      {...rest}
      ref={ref}
      // A submit button that is aria-disabled must not submit: drop to a plain button then.
      type={inert && type === 'submit' ? 'button' : type}
      className={cx(button({ variant, size }), className)}
      aria-busy={busy || undefined}
      aria-disabled={inert || undefined}
      // The reason is the button's description at all times, not only while the tooltip shows.
      aria-describedby={disabledReason !== undefined ? reasonId : rest['aria-describedby']}
      onClick={handleClick}
    >
      {busy && <Spinner decorative />}
      {children}
    </button>
  )
  // Always the same tree (tooltip disabled when there is no reason), so a button whose reason comes
  // and goes is not remounted and keeps focus.
  return (
    <>
      <Tooltip content={disabledReason} disabled={disabledReason === undefined}>
        {el}
      </Tooltip>
      {disabledReason !== undefined && (
        <span id={reasonId} hidden>
          {disabledReason}
        </span>
      )}
    </>
  )
}
