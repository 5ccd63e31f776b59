import { Menu, useMenuItemContext } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import { useEffect, useId, useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import { MoreIcon } from './icons'
import { TOOLTIP_OPEN_DELAY_MS, Tooltip } from './Tooltip'

// Row "⋯" menu. Unavailable actions stay listed (never hidden silently): they are aria-disabled,
// carry their reason as accessible description, and show it as a tooltip when highlighted.

export interface ActionMenuItem {
  label: string
  onSelect: () => void
  danger?: boolean
  /** Makes the item unavailable, with this explanation. */
  disabledReason?: string
}

export interface ActionMenuProps {
  items: readonly ActionMenuItem[]
  /** Accessible name of the trigger. */
  label?: string
  /** Mounted already open (RowMenu mounts the menu on its first opening). */
  defaultOpen?: boolean
  /** With defaultOpen: the first item is highlighted, as when a keyboard opens a menu. */
  highlightFirst?: boolean
}

const content = css({
  minW: '11rem',
  py: '1',
  bg: 'bg.raised',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  boxShadow: 'lg',
  zIndex: 'popover',
  outline: 'none',
})

const item = css({
  display: 'flex',
  alignItems: 'center',
  px: '3',
  h: '8',
  fontSize: 'sm',
  cursor: 'pointer',
  userSelect: 'none',
  outline: 'none',
  '&[data-highlighted]': { bg: 'bg.hover' },
  '&[data-danger=true]': { color: 'danger.fg' },
  '&[aria-disabled=true]': { opacity: 0.5, cursor: 'not-allowed' },
})

/** True once `flag` has been true for `delay` ms; false at once when it drops. */
function useDelayedFlag(flag: boolean, delay: number): boolean {
  const [on, setOn] = useState(false)
  useEffect(() => {
    if (!flag) {
      setOn(false)
      return
    }
    const t = setTimeout(() => setOn(true), delay)
    return () => clearTimeout(t)
  }, [flag, delay])
  return on
}

/** The label of a disabled item: a tooltip anchored on it opens while the item is highlighted. */
function DisabledLabel({ label, reason }: { label: string; reason: string }) {
  const { highlighted } = useMenuItemContext()
  const open = useDelayedFlag(highlighted, TOOLTIP_OPEN_DELAY_MS)
  return (
    <Tooltip content={reason} open={open} placement="left">
      <span className={css({ flex: '1' })}>{label}</span>
    </Tooltip>
  )
}

export function ActionMenu({ items, label = 'Row actions', defaultOpen, highlightFirst }: ActionMenuProps) {
  const baseId = useId()
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      defaultOpen={defaultOpen}
      defaultHighlightedValue={defaultOpen && highlightFirst && items.length > 0 ? '0' : null}
      lazyMount
      unmountOnExit
      onSelect={({ value }) => {
        const picked = items[Number(value)]
        if (picked && picked.disabledReason === undefined) picked.onSelect()
      }}
    >
      {/* A plain trigger, not <Button>: a row menu never has a disabled reason, and tables render one
          per row, so the tooltip machinery a Button carries would be paid 50 times for nothing. */}
      <Menu.Trigger className={button({ variant: 'ghost', size: 'icon' })} aria-label={label}>
        <MoreIcon />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={content}>
            {items.map((it, i) => {
              const reasonId = `${baseId}-reason-${i}`
              const disabled = it.disabledReason !== undefined
              return (
                <Menu.Item
                  key={it.label}
                  value={String(i)}
                  valueText={it.label}
                  className={item}
                  data-danger={it.danger ? 'true' : undefined}
                  // Not zag's `disabled`: that would skip the item in keyboard navigation, and the
                  // reason must be reachable. Selection is ignored and the menu stays open instead.
                  aria-disabled={disabled || undefined}
                  aria-describedby={disabled ? reasonId : undefined}
                  closeOnSelect={!disabled}
                >
                  {disabled ? <DisabledLabel label={it.label} reason={it.disabledReason!} /> : it.label}
                </Menu.Item>
              )
            })}
            {items.map((it, i) =>
              it.disabledReason === undefined ? null : (
                <span key={it.label} id={`${baseId}-reason-${i}`} hidden>
                  {it.disabledReason}
                </span>
              ),
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
