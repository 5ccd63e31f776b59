import {
  Component,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useLayoutEffect,
  useMemo,
} from 'react'
import { Redirect, useLocation, useSearch } from 'wouter'
import { coldStartReader } from './bootstrap'
import { ConfirmHost } from './components/confirm-queue'
import { PageSkeleton } from './components/Skeleton'
import { ToastHost } from './components/toast-queue'
import { AuthLayout } from './layouts/AuthLayout'
import { DeviceLayout } from './layouts/DeviceLayout'
import { FleetGuard } from './layouts/FleetGuard'
import { InstanceGuard } from './layouts/InstanceGuard'
import { ProjectGuard } from './layouts/ProjectGuard'
import { ErrorPage, UnexpectedErrorPage } from './pages/ErrorPage'
import { NotFoundPage } from './pages/NotFoundPage'
import { paths } from './paths'
import { OutletContext, RouteParamsContext } from './route-context'
import {
  documentTitle,
  indexRedirect,
  loadedPage,
  loadPage,
  matchPath,
  pagesLoaded,
  type RouteMatch,
  type RouteNode,
  scrollHome,
  skipsSkeleton,
  warmMatch,
} from './routes'
import { useScrollRestoration } from './scroll'
import { usePendingLogout } from './session'
import { PageLoadBoundary, PageLoadError } from './ui/PageLoadBoundary'

// One component per page loader, created once, so a page keeps its identity (and its state) across
// every URL that renders it. A page whose code has already loaded (prefetched on hover, or waited for
// before the first render) is used as it is: it never suspends. That matters for speed, not only
// for looks: React reveals a Suspense boundary's content no sooner than 300 ms after its fallback was
// shown (its reveal throttle), which was most of a warm reload's time to the first row.
type Loader = NonNullable<RouteNode['page']>
const pages = new Map<Loader, ComponentType>()
function pageFor(load: Loader): ComponentType {
  let c = pages.get(load)
  if (!c) {
    c = loadedPage(load) ?? (() => <LoadAttempt load={load} />)
    pages.set(load, c)
  }
  return c
}

// The load of a page's code not done yet. A failed one stays failed (React renders a failed page
// again before it gives up) until PageLoadBoundary retries: it forgets the attempt, and the next render
// asks for the page's code anew.
const attempts = new Map<Loader, ComponentType>()
function LoadAttempt({ load }: { load: Loader }) {
  let Attempt = attempts.get(load)
  if (!Attempt) {
    Attempt = lazy(() =>
      loadPage(load).catch((cause: unknown) => {
        throw new PageLoadError(cause, () => attempts.delete(load))
      }),
    )
    attempts.set(load, Attempt)
  }
  return <Attempt />
}

/**
 * The pages of the matched chain, nested: each page gets the next one as its <Outlet />. The outer
 * page keeps its place in the tree whatever its child is, so a list under a form never remounts.
 */
function nestedPages(match: RouteMatch, pathname: string): ReactNode {
  const loaders = match.chain.flatMap((n) => (n.page ? [n.page] : []))
  let inner: ReactNode = null
  for (let i = loaders.length - 1; i >= 0; i--) {
    const load = loaders[i]
    if (!load) continue
    const Page = pageFor(load)
    // Only the outermost page stands in with the skeleton: a child (a form) loads over its parent.
    const fallback = i === 0 && !skipsSkeleton(match) ? <PageSkeleton /> : null
    inner = (
      <OutletContext.Provider value={inner}>
        <PageLoadBoundary resetKey={pathname}>
          <Suspense fallback={fallback}>
            <Page />
          </Suspense>
        </PageLoadBoundary>
      </OutletContext.Provider>
    )
  }
  return inner
}

let lastWarmed: string | null = null

/** Starts the route's data reads and code loads, once per location (render calls it too). */
function warmLocation(pathname: string, search: string, match: RouteMatch | null): void {
  const warmKey = `${pathname}?${search}`
  if (match && lastWarmed !== warmKey) {
    lastWarmed = warmKey
    warmMatch(match, search, coldStartReader() ?? undefined)
  }
}

/**
 * Before the first render: starts the first route's reads and code, then waits for its pages' code,
 * at most `capMs` (on a slow link the shell and its skeleton paint first). The cached rows are read
 * meanwhile, so the first commit of the page can already hold them.
 */
export function prepareFirstRoute(capMs: number): Promise<void> {
  const { pathname, search } = window.location
  const match = matchPath(pathname)
  warmLocation(pathname, search.replace(/^\?/, ''), match)
  if (!match) return Promise.resolve()
  const ready = Promise.all([
    pagesLoaded(match),
    match.layout === 'login' ? loadLoginLayout().catch(() => undefined) : undefined,
  ])
  return Promise.race([ready.then(() => undefined), new Promise<void>((r) => setTimeout(r, capMs))])
}

// The login pages' layout loads with them (prepareFirstRoute waits for it too), not with a signed-in
// first visit, which never shows it.
const loadLoginLayout = () => import('./layouts/LoginLayout')
const LoginLayout = lazy(() => loadLoginLayout().then((m) => ({ default: m.LoginLayout })))

// Mock mode only: its dialog never reaches a production first load.
const MockBanner = __MOCK_MODE__
  ? lazy(() => import('./layouts/MockBanner').then((m) => ({ default: m.MockBanner })))
  : () => null

/** A render error below it shows `fallback` (it is logged); a new `resetKey` (another URL) tries again. */
class ErrorBoundary extends Component<
  { resetKey: string; fallback: (error: Error) => ReactNode; children: ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override componentDidCatch(error: Error) {
    console.error('render error', error)
  }
  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null })
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children
  }
}

const routeError = (error: Error) => <ErrorPage error={error} />
const appError = (error: Error) => <UnexpectedErrorPage error={error} />

/**
 * The app under a last boundary: a render error outside every route's (the app's own, its dialogs' or
 * toasts') shows spec section 8's default error page instead of a blank window.
 */
export function Root() {
  const [pathname] = useLocation()
  return (
    <ErrorBoundary resetKey={pathname} fallback={appError}>
      <App />
    </ErrorBoundary>
  )
}

export function App() {
  const [pathname] = useLocation()
  const search = useSearch()
  const match = useMemo(() => matchPath(pathname), [pathname])
  useScrollRestoration(`${scrollHome(match, pathname)}?${search}`)
  // The moment the route is known (in render, before anything commits): the pages' code and the
  // cached data they read load side by side, so the page's first render already has its rows. On a
  // cold start the route's calls go out together with /v1/me. Both are idempotent.
  warmLocation(pathname, search, match)

  // A layout effect, so a page that knows better (Page not found for a missing project) can still
  // set its own title in its effects, which run after this.
  const title = documentTitle(match)
  useLayoutEffect(() => {
    document.title = title
  }, [title])

  // A sign-out the server has not confirmed yet: the session may still be alive in the cookie, so no
  // signed-in screen may run (it would ask /v1/me and quietly sign the user back in).
  const logoutPending = usePendingLogout()

  let content: ReactNode
  const redirect = match && indexRedirect(match)
  if (!match) {
    content = <NotFoundPage />
  } else if (logoutPending && match.layout !== 'login') {
    content = <Redirect to={paths.login()} replace />
  } else {
    const Layout = { auth: AuthLayout, login: LoginLayout, device: DeviceLayout }[match.layout]
    const guarded = match.chain.some((n) => n.guard === 'project')
    const instanceGuarded = match.chain.some((n) => n.guard === 'instance')
    const fleetGuarded = match.chain.some((n) => n.guard === 'fleet')
    content = (
      <RouteParamsContext.Provider value={match.params}>
        {/* Always rendered (null outside a project), so the layout keeps its place in the tree. */}
        <ProjectGuard project={guarded ? (match.params.project ?? null) : null}>
          <InstanceGuard
            project={instanceGuarded ? (match.params.project ?? null) : null}
            instance={instanceGuarded ? (match.params.instance ?? null) : null}
          >
            <FleetGuard active={fleetGuarded}>
              {/* An index redirect (a tab list's default tab) renders inside the layout and the pages
                  above it: they stay mounted, and so does the link or tab that has focus. Only the
                  lazy login layout suspends here; pages have boundaries of their own. */}
              <Suspense fallback={null}>
                <Layout>
                  {nestedPages(match, pathname)}
                  {redirect && <Redirect to={redirect} replace />}
                </Layout>
              </Suspense>
            </FleetGuard>
          </InstanceGuard>
        </ProjectGuard>
      </RouteParamsContext.Provider>
    )
  }

  return (
    <>
      {__MOCK_MODE__ && (
        <Suspense fallback={null}>
          <MockBanner />
        </Suspense>
      )}
      <ErrorBoundary resetKey={pathname} fallback={routeError}>
        {content}
      </ErrorBoundary>
      <ConfirmHost />
      <ToastHost />
    </>
  )
}
