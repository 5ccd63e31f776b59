import { type ButtonHTMLAttributes, type MouseEvent, type Ref, useId } from 'react'
import { cx } from 'styled-system/css'
import { type ButtonVariantProps, button } from 'styled-system/recipes/button'
import { Spinner, useMinDuration } from './Spinner'
import { Tooltip } from './Tooltip'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: NonNullable<ButtonVariantProps['variant']>
  size?: NonNullable<ButtonVariantProps['size']>
  /**
   * While true: aria-busy, and disabled (aria-disabled, ignores clicks), so a submit in flight cannot
   * be sent twice. Its spinner stays at least 500 ms (spec 9), but only as a sight: once the work has
   * ended the button takes a click at once (a name fixed and sent again within the 500 ms is not lost).
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
  const spinning = useMinDuration(loading)
  const reasonId = useId()
  const inert = loading || disabledReason !== undefined
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
      aria-busy={loading || undefined}
      aria-disabled={inert || undefined}
      // The reason is the button's description at all times, not only while the tooltip shows.
      aria-describedby={disabledReason !== undefined ? reasonId : rest['aria-describedby']}
      onClick={handleClick}
    >
      {spinning && <Spinner decorative />}
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
