import { createContext, type ReactNode, useContext } from 'react'
import type { Params } from './routes'

/** Path params of the matched route (App provides them; pages read them with useRouteParams). */
export const RouteParamsContext = createContext<Params>({})

export function useRouteParams<K extends string>(...names: K[]): Record<K, string> {
  const params = useContext(RouteParamsContext)
  const out = {} as Record<K, string>
  for (const n of names) {
    const v = params[n]
    if (v === undefined) throw new Error(`route has no :${n} param`)
    out[n] = v
  }
  return out
}

/** The matched child page of the page that reads it (App fills one per level of the route tree). */
export const OutletContext = createContext<ReactNode>(null)

/**
 * Where a page shows its matched child route: a list renders its create or edit form here, so the
 * form opens over the list without remounting it; a tabbed page renders the active tab here.
 */
export function Outlet(): ReactNode {
  return useContext(OutletContext)
}
