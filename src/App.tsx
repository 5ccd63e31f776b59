import { Component, lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react'
import { Redirect, useLocation, useSearch } from 'wouter'
import { ConfirmActionHost, PageSkeleton, Toaster } from './components'
import { AuthLayout } from './layouts/AuthLayout'
import { DeviceLayout } from './layouts/DeviceLayout'
import { LoginLayout } from './layouts/LoginLayout'
import { MockBanner } from './layouts/MockBanner'
import { ErrorPage } from './pages/ErrorPage'
import { NotFoundPage } from './pages/NotFoundPage'
import { RouteParamsContext } from './route-context'
import { matchPath, type PageModule, type RouteDef, skipsSkeleton } from './routes'
import { useScrollRestoration } from './scroll'
import { usePendingLogout } from './session'

// One lazy component per page loader, created once: routes that share a loader (a list and its
// form routes) share the component, so opening a form over its list never remounts the list.
const lazyPages = new Map<RouteDef['page'], ReturnType<typeof lazy>>()
function pageFor(route: RouteDef) {
  let c = lazyPages.get(route.page)
  if (!c && route.page) {
    const load = route.page
    c = lazy(() => load() as Promise<PageModule>)
    lazyPages.set(route.page, c)
  }
  return c
}

class ErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: Error | null }> {
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
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children
  }
}

export function App() {
  const [pathname] = useLocation()
  const search = useSearch()
  const locationKey = `${pathname}?${search}`
  useScrollRestoration(locationKey)
  const match = useMemo(() => matchPath(pathname), [pathname])
  // Start loading the page's code at once, while the layout may still wait for the user.
  useEffect(() => {
    void match?.route.page?.()
  }, [match])

  useEffect(() => {
    document.title = match ? `Rack Console` : 'Page not found | Rack Console'
  }, [match])

  // A sign-out the server has not confirmed yet: the session may still be alive in the cookie, so no
  // signed-in screen may run (it would ask /v1/me and quietly sign the user back in).
  const logoutPending = usePendingLogout()

  let content: ReactNode
  if (!match) {
    content = <NotFoundPage />
  } else if (logoutPending && match.route.layout !== 'login') {
    content = <Redirect to="/login" replace />
  } else if (match.route.redirect) {
    content = <Redirect to={match.route.redirect(match.params)} replace />
  } else {
    const Page = pageFor(match.route)
    const fallback = skipsSkeleton(pathname) ? null : <PageSkeleton />
    const page = Page ? (
      <Suspense fallback={fallback}>
        <Page />
      </Suspense>
    ) : null
    const Layout = { auth: AuthLayout, login: LoginLayout, device: DeviceLayout }[match.route.layout]
    content = (
      <RouteParamsContext.Provider value={match.params}>
        <Layout>{page}</Layout>
      </RouteParamsContext.Provider>
    )
  }

  return (
    <>
      {__MOCK_MODE__ && <MockBanner />}
      <ErrorBoundary resetKey={pathname}>{content}</ErrorBoundary>
      <ConfirmActionHost />
      <Toaster />
    </>
  )
}
