// A row's "⋯" menu, cheap until used (issue 11): a plain button per row, and the ark menu (with its
// code, loaded on demand) mounted on the row's first opening. Enter, Space and ArrowDown open it with
// the first item highlighted, as the ark trigger does; a click opens it without a highlight.
import { type KeyboardEvent, lazy, Suspense, useState } from 'react'
import { button } from 'styled-system/recipes/button'
import { useRunningActions } from '../hooks/live-actions'
import type { ActionMenuItem } from './ActionMenu'
import { MoreIcon } from './icons'

const loadMenu = () => import('./ActionMenu')
const ActionMenu = lazy(() => loadMenu().then((m) => ({ default: m.ActionMenu })))

export interface RowMenuProps {
  /** What the row is called ("db1", "token 1f3a…"): the trigger's name is "Actions for db1". */
  of: string
  /** The items, asked for when the menu opens (and again while it is open). */
  items: () => readonly ActionMenuItem[]
}

type Opening = 'keyboard' | 'pointer'

function PlainTrigger({ label, onOpen }: { label: string; onOpen?: (how: Opening) => void }) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return
    e.preventDefault()
    onOpen?.('keyboard')
  }
  return (
    <button
      type="button"
      className={button({ variant: 'ghost', size: 'icon' })}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      // Start fetching the menu's code as soon as the user is about to use it.
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={(e) => {
        // A keyboard "click" (Enter/Space) was handled on keydown.
        if (e.detail !== 0) onOpen?.('pointer')
      }}
      onKeyDown={onKeyDown}
    >
      <MoreIcon />
    </button>
  )
}

function OpenedMenu({ label, items, how }: Omit<RowMenuProps, 'of'> & { label: string; how: Opening }) {
  // An action starting or settling on any resource may change what this menu allows.
  useRunningActions()
  return <ActionMenu label={label} items={items()} defaultOpen highlightFirst={how === 'keyboard'} />
}

export function RowMenu({ of, items }: RowMenuProps) {
  const label = `Actions for ${of}`
  const [opened, setOpened] = useState<Opening | null>(null)
  if (!opened) return <PlainTrigger label={label} onOpen={setOpened} />
  return (
    <Suspense fallback={<PlainTrigger label={label} />}>
      <OpenedMenu label={label} items={items} how={opened} />
    </Suspense>
  )
}
