// The authenticated layout (spec section 2): a sidebar for project/silo/system navigation, a top bar
// with breadcrumbs, connectivity, theme and the user menu (with sign out), and the main content.
import { Menu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import { type ReactNode, useContext, useEffect, useId, useMemo, useSyncExternalStore } from 'react'
import { css } from 'styled-system/css'
import { useLocation } from 'wouter'
import { getCacheScope, subscribeCacheScope, useConnectivity, useResource } from '../../storage'
import { Button, CloudOffIcon, PageSkeleton, UserIcon } from '../components'
import { paths } from '../paths'
import { RouteParamsContext } from '../route-context'
import { breadcrumbs, matchPath, type NavSection, navEntries, type Params } from '../routes'
import { adoptUser, continueAsRemembered, rememberedScope, signOut } from '../session'
import { S, T } from '../strings'
import { NavLink } from './NavLink'
import { ThemeSwitch } from './ThemeSwitch'

const shell = css({ display: 'grid', gridTemplateColumns: '15rem minmax(0, 1fr)', minH: '100vh' })
const sidebar = css({
  position: 'sticky',
  top: 0,
  h: '100vh',
  overflowY: 'auto',
  borderRightWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.raised',
  px: '3',
  py: '4',
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
})
const navHeading = css({
  fontSize: 'xs',
  textTransform: 'uppercase',
  letterSpacing: 'wide',
  color: 'fg.muted',
  px: '2',
  mb: '1',
})
const topbar = css({
  position: 'sticky',
  top: 0,
  zIndex: 'topbar',
  display: 'flex',
  alignItems: 'center',
  gap: '4',
  h: '14',
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

function Sidebar() {
  // The matched route's own (decoded) param: the sidebar never parses the URL itself.
  const { project } = useContext(RouteParamsContext)
  return (
    <aside className={sidebar}>
      <a
        href={paths.projects()}
        className={css({ fontWeight: 'semibold', fontSize: 'lg', px: '2', textDecoration: 'none' })}
      >
        Rack Console
      </a>
      <NavSectionLinks section="silo" title="Silo" />
      {project && <NavSectionLinks section="project" title={`Project ${project}`} params={{ project }} />}
      <NavSectionLinks section="system" title="System" />
      <div className={css({ mt: 'auto' })}>
        <NavSectionLinks section="account" title="Account" />
      </div>
    </aside>
  )
}

function Breadcrumbs() {
  const [pathname] = useLocation()
  const crumbs = useMemo(() => breadcrumbs(matchPath(pathname)), [pathname])
  if (crumbs.length === 0) return null
  return (
    <nav aria-label="Breadcrumbs">
      <ol
        className={css({ display: 'flex', gap: '2', fontSize: 'sm', color: 'fg.muted', listStyle: 'none' })}
      >
        {crumbs.map((c, i) => (
          <li key={c.href} className={css({ display: 'flex', gap: '2' })}>
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

function UserMenu({ name }: { name: string }) {
  const [, navigate] = useLocation()
  return (
    <Menu.Root
      onSelect={({ value }) => {
        if (value === 'settings') navigate(paths.profile())
        if (value === 'sign-out') void signOut()
      }}
    >
      <Menu.Trigger
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '2',
          px: '2',
          h: '8',
          borderRadius: 'md',
          cursor: 'pointer',
          _hover: { bg: 'bg.hover' },
        })}
        aria-label={`User menu for ${name}`}
      >
        <UserIcon /> {name}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content
            className={css({
              bg: 'bg.raised',
              borderWidth: '1px',
              borderColor: 'border.default',
              borderRadius: 'md',
              py: '1',
              minW: '40',
              zIndex: 'popover',
              boxShadow: 'lg',
              outline: 'none',
            })}
          >
            {[
              { value: 'settings', label: 'Settings' },
              { value: 'sign-out', label: S.signOut },
            ].map((item) => (
              <Menu.Item
                key={item.value}
                value={item.value}
                className={css({
                  px: '3',
                  py: '1.5',
                  fontSize: 'sm',
                  cursor: 'pointer',
                  _highlighted: { bg: 'bg.hover' },
                })}
              >
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}

/**
 * A new browser session opened offline on a device that holds a user's cache: nobody can check who
 * is at the keyboard, so the data shows only when they say it is theirs (issue 9, shared laptops).
 */
function WhoseDataPrompt({ name }: { name: string }) {
  const titleId = useId()
  return (
    <section
      aria-labelledby={titleId}
      className={css({ maxW: 'xl', mx: 'auto', mt: '16', display: 'grid', gap: '4' })}
    >
      <h1 id={titleId} className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>
        {T.cachedForTitle(name)}
      </h1>
      <p className={css({ color: 'fg.muted' })}>{T.cachedForBody(name)}</p>
      <div className={css({ display: 'flex', gap: '3' })}>
        <Button variant="primary" onClick={() => continueAsRemembered()}>
          {T.continueAs(name)}
        </Button>
        <Button variant="secondary" onClick={() => void signOut()}>
          {S.signOut}
        </Button>
      </div>
    </section>
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
      <div className={css({ display: 'flex', flexDirection: 'column', minW: 0 })}>
        <header className={topbar}>
          <Breadcrumbs />
          <div className={css({ ml: 'auto', display: 'flex', alignItems: 'center', gap: '3' })}>
            <OfflineIndicator />
            <ThemeSwitch />
            {user && <UserMenu name={user.displayName} />}
          </div>
        </header>
        <main id="main" tabIndex={-1} className={css({ flex: 1, px: '6', py: '5', outline: 'none' })}>
          {/* With the user known from the last visit, the page and /v1/me load at once (no request
              waterfall; a 401 on either sends the user to login). On a first visit the page waits
              for /v1/me, so its data is fetched once, into this user's cache scope. */}
          {scopeKnown ? (
            children
          ) : remembered ? (
            <WhoseDataPrompt name={remembered.displayName ?? T.previousUser} />
          ) : (
            <PageSkeleton />
          )}
        </main>
      </div>
    </div>
  )
}
