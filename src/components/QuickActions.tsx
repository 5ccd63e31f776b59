// Quick actions (Cmd+K on macOS, Ctrl+K elsewhere): a dialog with a search box over the actions of
// quick-actions.ts, the combobox pattern (the box keeps focus, aria-activedescendant names the
// highlighted option): ↑↓ move, Enter or a click runs, Escape closes and focus returns where it was
// (ark's Dialog). Not opened over another modal dialog, nor in a terminal (the serial console's
// Ctrl+K is the shell's).
import { type KeyboardEvent, useCallback, useContext, useEffect, useId, useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { useLocation } from 'wouter'
import { useList } from '../../storage'
import { roleAllows } from '../hooks/use-action-reason'
import { useRoleAt } from '../hooks/use-role'
import { useFleetVisible } from '../layouts/FleetGuard'
import { atPageSize, lists } from '../lists'
import { RouteParamsContext } from '../route-context'
import type { Kind } from '../ui/kinds'
import { DialogFrame } from './Modal'
import { DEFAULT_PAGE_SIZE } from './page-size'
import { buildQuickActions, filterQuickActions, type QuickAction } from './quick-actions'

const QUICK_ACTIONS_TITLE = 'Quick actions'
const NO_MATCHING_ACTIONS = 'No matching actions'
const QUICK_ACTIONS_HINT = '↑↓ to move, Enter to go, Esc to close'

const positioner = css({
  position: 'fixed',
  inset: '0',
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  p: '4',
  pt: '[12vh]',
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
  w: 'modalFreeMax',
  maxW: 'full',
  maxH: '[calc(100dvh - 12vh - 2rem)]',
  outline: 'none',
})
const search = css({
  w: 'full',
  h: '9',
  px: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  bg: 'bg.canvas',
  color: 'fg.default',
  fontSize: 'sm',
})
const listbox = css({
  listStyle: 'none',
  mt: '3',
  display: 'grid',
  gap: '0.5',
  maxH: '[min(24rem, 50vh)]',
  overflowY: 'auto',
})
const option = css({
  px: '3',
  py: '2',
  borderRadius: 'md',
  cursor: 'pointer',
  color: 'fg.default',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '&[aria-selected=true]': { bg: 'bg.hover', fontWeight: 'medium' },
})
const hint = css({
  px: '5',
  py: '2',
  fontSize: 'xs',
  color: 'fg.muted',
  borderTopWidth: '1px',
  borderColor: 'border.subtle',
})

/** The user may create a kind: its write role in the project, the check the form's own reason makes
 * (roleAllows; a role not known yet offers it, the form then says why not). */
function useCanCreate(project: string | undefined): (kind: Kind) => boolean {
  const { known, role } = useRoleAt('project', project)
  return useCallback((kind: Kind) => roleAllows(kind.writes, { known, role }), [known, role])
}

function QuickActionsBody({ onRun }: { onRun: (action: QuickAction) => void }) {
  const { project } = useContext(RouteParamsContext)
  const fleetVisible = useFleetVisible()
  const canCreate = useCanCreate(project)
  // The projects list's own first page (lists.projects at the default size): its cached entry, offline too.
  const projectList = useList(
    'projectList',
    atPageSize<'projectList'>(lists.projects.params({}), DEFAULT_PAGE_SIZE),
    null,
  )
  const projects = projectList.data?.items
  const actions = useMemo(
    () => buildQuickActions({ project, fleetVisible, projects: projects ?? [], canCreate }),
    [project, fleetVisible, projects, canCreate],
  )
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const shown = useMemo(() => filterQuickActions(actions, query), [actions, query])
  const current = Math.min(active, shown.length - 1)
  const baseId = useId()
  const listId = `${baseId}-list`
  const optionId = (i: number) => `${baseId}-option-${i}`

  // The highlighted option stays in view as the arrows move it.
  useEffect(() => {
    if (current >= 0)
      document.getElementById(`${baseId}-option-${current}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [current, baseId])

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      if (shown.length === 0) return
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((current + step + shown.length) % shown.length)
    } else if (e.key === 'Home' && e.ctrlKey) {
      e.preventDefault()
      setActive(0)
    } else if (e.key === 'End' && e.ctrlKey) {
      e.preventDefault()
      setActive(Math.max(0, shown.length - 1))
    } else if (e.key === 'Enter') {
      e.preventDefault()
      const action = shown[current]
      if (action) onRun(action)
    }
  }

  return (
    <div>
      <input
        type="text"
        role="combobox"
        aria-label="Search actions"
        aria-autocomplete="list"
        aria-expanded={shown.length > 0}
        {...(shown.length > 0 ? { 'aria-controls': listId } : {})}
        {...(current >= 0 ? { 'aria-activedescendant': optionId(current) } : {})}
        autoComplete="off"
        spellCheck={false}
        className={search}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
      />
      {shown.length > 0 ? (
        <div id={listId} role="listbox" aria-label="Actions" className={listbox}>
          {shown.map((a, i) => (
            // The options are chosen from the search box (aria-activedescendant): a click runs one,
            // the keyboard never focuses it.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's Enter runs the active option
            <div
              key={a.id}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === current}
              className={option}
              onMouseMove={() => {
                if (i !== current) setActive(i)
              }}
              // The search box keeps focus (and with it the keyboard).
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onRun(a)}
            >
              {a.label}
            </div>
          ))}
        </div>
      ) : (
        <p role="status" className={css({ mt: '3', px: '3', py: '2', color: 'fg.muted' })}>
          {NO_MATCHING_ACTIONS}
        </p>
      )}
    </div>
  )
}

/**
 * The dialog. AuthLayout owns the shortcut and the open state, and loads this module on the first
 * press, so neither ark's dialog nor the actions are part of the first load.
 */
export default function QuickActions({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [, navigate] = useLocation()
  return (
    <DialogFrame
      open={open}
      onDismiss={onClose}
      dismissable
      positioner={positioner}
      content={cx(content)}
      title={QUICK_ACTIONS_TITLE}
      focusFirstField
      footer={<p className={hint}>{QUICK_ACTIONS_HINT}</p>}
    >
      {open && (
        <QuickActionsBody
          onRun={(a) => {
            onClose()
            navigate(a.href)
          }}
        />
      )}
    </DialogFrame>
  )
}
