import { Portal } from '@ark-ui/react/portal'
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip'
import type { ReactElement, ReactNode } from 'react'
import { css } from 'styled-system/css'

// Spec 9: tooltip open delay 250 ms.
export const TOOLTIP_OPEN_DELAY_MS = 250

export const tooltipContentClass = css({
  bg: 'fg.default',
  color: 'bg.canvas',
  fontSize: 'xs',
  lineHeight: 'snug',
  px: '2',
  py: '1.5',
  borderRadius: 'md',
  maxW: '18rem',
  boxShadow: 'md',
  zIndex: 'tooltip',
})

export interface TooltipProps {
  content: ReactNode
  /** A single element that accepts ref and DOM props: it becomes the trigger. */
  children: ReactElement
  openDelay?: number
  placement?: 'top' | 'bottom' | 'left' | 'right'
  /** Controlled open state (for triggers that do not take focus themselves, e.g. menu items). */
  open?: boolean
  disabled?: boolean
}

/** Opens on hover after 250 ms and at once on keyboard focus (ark/zag tooltip behaviour). */
export function Tooltip({
  content,
  children,
  openDelay = TOOLTIP_OPEN_DELAY_MS,
  placement = 'top',
  open,
  disabled,
}: TooltipProps) {
  return (
    <ArkTooltip.Root
      openDelay={openDelay}
      closeDelay={100}
      positioning={{ placement }}
      lazyMount
      unmountOnExit
      {...(open === undefined ? {} : { open })}
      {...(disabled === undefined ? {} : { disabled })}
    >
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner>
          <ArkTooltip.Content className={tooltipContentClass}>{content}</ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  )
}
