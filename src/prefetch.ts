// Link prefetch (spec section 9: after a 100 ms hover): loads the route's page module and lets the
// page warm its data (its optional `prefetch` export fills the cache through storage).
import { matchPath } from './routes'

const done = new Set<string>()

export function prefetchRoute(href: string) {
  const url = new URL(href, window.location.origin)
  if (done.has(url.pathname + url.search)) return
  done.add(url.pathname + url.search)
  const m = matchPath(url.pathname)
  if (!m?.route.page) return
  void m.route
    .page()
    .then((mod) => mod.prefetch?.({ ...m.params, ...Object.fromEntries(url.searchParams) }))
    .catch(() => done.delete(url.pathname + url.search))
}
