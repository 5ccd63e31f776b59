// The authenticated layout (spec section 2): a sidebar for project/silo/system navigation, a top bar
// with breadcrumbs, connectivity, theme and the user menu (with sign out), and the main content.
import {
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import { useLocation } from 'wouter'
import { getCacheScope, subscribeCacheScope, useConnectivity, useResource } from '../../storage'
import { InMain } from '../components/CentredMain'
import { CloudOffIcon, MenuIcon, UserIcon } from '../components/icons'
import { PageSkeleton } from '../components/Skeleton'
import { paths } from '../paths'
import { RouteParamsContext } from '../route-context'
import { breadcrumbs, matchPath, type NavSection, navEntries, type Params } from '../routes'
import { adoptUser, rememberedScope } from '../session'
import { S, T } from '../strings'
import { useFleetVisible } from './FleetGuard'
import { NavLink } from './NavLink'
import { ThemeSwitch } from './ThemeSwitch'
import { userMenuTrigger } from './user-menu-style'

// The screens shown while nobody is known in this tab are rare: their code loads when one is needed.
const WhoseDataPrompt = lazy(() => import('./ScopeUnknown').then((m) => ({ default: m.WhoseDataPrompt })))
const WhoIsSignedInFailed = lazy(() =>
  import('./ScopeUnknown').then((m) => ({ default: m.WhoIsSignedInFailed })),
)

// ark's menu (and its positioning) loads when the user is about to open it, not with the page: a
// plain button stands in, fetches the code on hover or focus, and mounts the menu, open, on first use
// (Enter, Space and ArrowDown open it with the first item highlighted, as ark's trigger does).
const loadUserMenu = () => import('./UserMenu')
const UserMenu = lazy(loadUserMenu)

type Opening = 'keyboard' | 'pointer'

// Quick actions (Cmd+K / Ctrl+K, no other modifier): the dialog's code loads on the first press and
// opens at once. Not over another modal dialog (a form, a confirmation), nor in a terminal (the serial
// console's Ctrl+K is the shell's); while it is open, the browser's own Ctrl+K stays away.
const QuickActions = lazy(() => import('../components/QuickActions'))

function QuickActionsSlot() {
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const shortcut = (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k'
      if (!shortcut || e.defaultPrevented) return
      if (!open) {
        if (e.target instanceof Element && e.target.closest('.xterm')) return
        if (document.querySelector('[aria-modal="true"], dialog[open]')) return
        setOpen(true)
        setLoaded(true)
      }
      e.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])
  return loaded ? (
    <Suspense fallback={null}>
      <QuickActions open={open} onClose={() => setOpen(false)} />
    </Suspense>
  ) : null
}

function PlainUserTrigger({ name, onOpen }: { name: string; onOpen?: (how: Opening) => void }) {
  return (
    <button
      type="button"
      className={userMenuTrigger}
      aria-label={`User menu for ${name}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadUserMenu()}
      onFocus={() => void loadUserMenu()}
      onClick={(e) => {
        // A keyboard "click" (Enter/Space) was handled on keydown.
        if (e.detail !== 0) onOpen?.('pointer')
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return
        e.preventDefault()
        onOpen?.('keyboard')
      }}
    >
      <UserIcon /> {name}
    </button>
  )
}

function UserMenuSlot({ name }: { name: string }) {
  const [opened, setOpened] = useState<Opening | null>(null)
  if (!opened) return <PlainUserTrigger name={name} onOpen={setOpened} />
  return (
    <Suspense fallback={<PlainUserTrigger name={name} />}>
      <UserMenu name={name} defaultOpen highlightFirst={opened === 'keyboard'} />
    </Suspense>
  )
}

// Below 1024 px the sidebar folds away: it is a popover the top bar's Navigation button opens over the
// page from the left (the browser closes it on Escape, a click outside or a link followed), so a
// half-screen window gives its width to the page. From 1024 px it stands in the grid as a column; the
// overrides there undo the browser's popover box (fixed, centred, bordered, its own colours).
const SIDEBAR_ID = 'sidebar'
const NAVIGATION_LABEL = 'Navigation'
const shell = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: '15rem minmax(0, 1fr)' },
  minH: '100vh',
})
const sidebar = css({
  overflowY: 'auto',
  borderWidth: '0',
  borderRightWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.raised',
  color: 'fg.default',
  px: '3',
  py: '4',
  m: '0',
  flexDirection: 'column',
  gap: '5',
  h: '100vh',
  display: { base: 'none', lg: 'flex' },
  position: { base: 'fixed', lg: 'sticky' },
  inset: { base: '0 auto 0 0', lg: '0 auto auto 0' },
  w: { base: '16rem', lg: 'auto' },
  maxW: '85vw',
  boxShadow: { base: 'lg', lg: 'none' },
  '&:popover-open': { display: 'flex' },
  '&::backdrop': { bg: 'rgb(0 0 0 / 0.3)' },
})
const menuButton = css({ display: { base: 'inline-flex', lg: 'none' } })
const navHeading = css({
  fontSize: 'xs',
  textTransform: 'uppercase',
  letterSpacing: 'wide',
  color: 'fg.muted',
  px: '2',
  mb: '1',
})
// Below 1024 px the crumbs take a row of their own above the theme switch and user menu: squeezed
// beside them, every crumb but the last shrank to a sliver ("P. / m. / m / Firewall Rules").
const topbar = css({
  position: 'sticky',
  top: 0,
  zIndex: 'topbar',
  display: 'flex',
  flexWrap: { base: 'wrap', lg: 'nowrap' },
  alignItems: 'center',
  columnGap: '4',
  rowGap: '1',
  minH: '14',
  py: { base: '2', lg: '0' },
  px: '6',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.canvas',
})
const skipLink = css({
  position: 'absolute',
  left: '-9999px',
  top: '2',
  zIndex: 'tooltip',
  bg: 'accent.solid',
  color: 'accent.contrast',
  px: '3',
  py: '2',
  borderRadius: 'md',
  _focus: { left: '2' },
})

function NavSectionLinks({
  section,
  title,
  params,
}: {
  section: NavSection
  title: string
  params?: Params
}) {
  const entries = navEntries(section, params)
  if (entries.length === 0) return null
  return (
    <nav aria-label={title}>
      <h2 className={navHeading}>{title}</h2>
      {entries.map((l) => (
        <NavLink key={l.href} href={l.href} icon={l.icon}>
          {l.label}
        </NavLink>
      ))}
    </nav>
  )
}

/** A silo-only user does not see the System part at all (issue 15): shown to a fleet viewer. */
function SystemLinks() {
  return useFleetVisible() ? <NavSectionLinks section="system" title="System" /> : null
}

/** Read only once the user (the cache scope) is known, into that user's cache. */
function SystemLinksOnceKnown() {
  const scopeKnown = useSyncExternalStore(subscribeCacheScope, getCacheScope, getCacheScope) !== null
  return scopeKnown ? <SystemLinks /> : null
}

/** Closes the folded sidebar once a link in it is followed (the page under it changes). */
function closeAfterLink(e: MouseEvent<HTMLElement>) {
  const box = e.currentTarget
  if (!(e.target instanceof Element) || !e.target.closest('a')) return
  if ('hidePopover' in box && box.matches(':popover-open')) box.hidePopover()
}

function Sidebar() {
  // The matched route's own (decoded) param: the sidebar never parses the URL itself.
  const { project } = useContext(RouteParamsContext)
  // Opened in a narrow window that then widens: the column takes over, the drawer closes.
  useEffect(() => {
    if (typeof matchMedia !== 'function') return
    const wide = matchMedia('(min-width: 1024px)')
    const fold = () => {
      const box = document.getElementById(SIDEBAR_ID)
      if (wide.matches && box && 'hidePopover' in box && box.matches(':popover-open')) box.hidePopover()
    }
    wide.addEventListener('change', fold)
    return () => wide.removeEventListener('change', fold)
  }, [])
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a link followed by keyboard fires click too, which bubbles here
    <aside
      id={SIDEBAR_ID}
      popover="auto"
      aria-label={NAVIGATION_LABEL}
      className={sidebar}
      onClick={closeAfterLink}
    >
      <a
        href={paths.projects()}
        className={css({ fontWeight: 'semibold', fontSize: 'lg', px: '2', textDecoration: 'none' })}
      >
        Rack Console
      </a>
      <NavSectionLinks section="silo" title="Silo" />
      {project && <NavSectionLinks section="project" title={`Project ${project}`} params={{ project }} />}
      <SystemLinksOnceKnown />
      <div className={css({ mt: 'auto' })}>
        <NavSectionLinks section="account" title="Account" />
      </div>
    </aside>
  )
}

// Every crumb but the page's own shrinks to an ellipsis first: where you are stays readable.
const crumb = css({ display: 'flex', gap: '2', minW: 0, '& > [aria-hidden]': { flexShrink: 0 } })
const lastCrumb = css({ display: 'flex', gap: '2', flexShrink: 0 })

function Breadcrumbs() {
  const [pathname] = useLocation()
  const crumbs = useMemo(() => breadcrumbs(matchPath(pathname)), [pathname])
  if (crumbs.length === 0) return null
  return (
    // The padding keeps a focused link's ring inside the box.
    <nav
      aria-label="Breadcrumbs"
      className={css({
        minW: 0,
        overflow: 'hidden',
        p: '1',
        m: '-1',
        // Below 1024 px beside the Navigation button, taking the row's room (the controls after it
        // go on to a row of their own when they do not fit).
        flex: { base: '1 1 16rem', lg: '0 1 auto' },
      })}
    >
      <ol
        className={css({
          display: 'flex',
          // On their own row (below 1024 px), a trail longer than the row goes on to a second line
          // rather than cutting its labels.
          flexWrap: { base: 'wrap', lg: 'nowrap' },
          columnGap: '2',
          rowGap: '0.5',
          fontSize: 'sm',
          color: 'fg.muted',
          listStyle: 'none',
          whiteSpace: 'nowrap',
        })}
      >
        {crumbs.map((c, i) => (
          <li key={c.href} className={i === crumbs.length - 1 ? lastCrumb : crumb}>
            {i > 0 && <span aria-hidden="true">/</span>}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className={css({ color: 'fg.default' })}>
                {c.label}
              </span>
            ) : (
              <NavLink href={c.href} plain>
                {c.label}
              </NavLink>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

function OfflineIndicator() {
  const { online } = useConnectivity()
  if (online) return null
  return (
    <output
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1.5',
        fontSize: 'sm',
        color: 'notice.fg',
        bg: 'notice.bg',
        px: '2',
        py: '1',
        borderRadius: 'md',
      })}
    >
      <CloudOffIcon /> {T.offline}
    </output>
  )
}

export function AuthLayout({ children }: { children: ReactNode }) {
  const scopeKnown = useSyncExternalStore(subscribeCacheScope, getCacheScope, getCacheScope) !== null
  const { online } = useConnectivity()
  const me = useResource('currentUserView', {})
  const user = me.data
  useEffect(() => {
    if (user) void adoptUser({ userId: user.id, siloId: user.siloId, displayName: user.displayName })
  }, [user])
  // Without the scope (a new browser session), /v1/me decides; offline it cannot, so ask.
  const remembered = scopeKnown || online ? null : rememberedScope()

  return (
    <div className={shell}>
      <a href="#main" className={skipLink}>
        {S.skipToContent}
      </a>
      <Sidebar />
      {/* Cmd+K / Ctrl+K: read once the user (the cache scope) is known, like the pages. */}
      {scopeKnown && <QuickActionsSlot />}
      <div className={css({ display: 'flex', flexDirection: 'column', minW: 0 })}>
        <header className={topbar}>
          {/* First, where the sidebar it opens stands, and first in Tab order. */}
          <button
            type="button"
            popoverTarget={SIDEBAR_ID}
            aria-label={NAVIGATION_LABEL}
            className={`${button({ variant: 'ghost', size: 'icon' })} ${menuButton}`}
          >
            <MenuIcon />
          </button>
          <Breadcrumbs />
          <div
            className={css({ ml: 'auto', display: 'flex', alignItems: 'center', gap: '3', flexShrink: 0 })}
          >
            <OfflineIndicator />
            <ThemeSwitch />
            {user && <UserMenuSlot name={user.displayName} />}
          </div>
        </header>
        <main id="main" tabIndex={-1} className={css({ flex: 1, px: '6', py: '5', outline: 'none' })}>
          {/* With the user known from the last visit, the page and /v1/me load at once (no request
              waterfall; a 401 on either sends the user to login). On a first visit the page waits
              for /v1/me, so its data is fetched once, into this user's cache scope. */}
          {scopeKnown ? (
            <InMain.Provider value>{children}</InMain.Provider>
          ) : remembered || me.error ? (
            // Nobody known yet: offline, whose cached data this is; or /v1/me failed. Rare screens,
            // so their code loads when needed (precached for offline use).
            <Suspense fallback={<PageSkeleton />}>
              {remembered ? (
                <WhoseDataPrompt name={remembered.displayName ?? T.previousUser} />
              ) : (
                <WhoIsSignedInFailed me={me} />
              )}
            </Suspense>
          ) : (
            <PageSkeleton />
          )}
        </main>
      </div>
    </div>
  )
}
