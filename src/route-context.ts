import { createContext, useContext } from 'react'
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
