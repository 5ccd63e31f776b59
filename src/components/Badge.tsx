import type { ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { type BadgeVariantProps, badge } from 'styled-system/recipes/badge'
import { Spinner } from './Spinner'

export type BadgeColor = NonNullable<BadgeVariantProps['color']>

export interface BadgeProps {
  color?: BadgeColor
  /** Transitional states (spec 4: creating, starting, ...) show a spinner beside the text. */
  spinner?: boolean
  children: ReactNode
  className?: string
}

export function Badge({ color, spinner = false, children, className }: BadgeProps) {
  return (
    <span className={cx(badge({ color }), className)}>
      {spinner && <Spinner decorative size={10} />}
      {children}
    </span>
  )
}
