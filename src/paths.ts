// The typed path builder: one function per named node of the route tree (routes.tsx), typed by the
// params of its full pattern, so no screen builds a URL by hand. `paths.disks({ project })`,
// `paths.sshKeyEdit({ sshKey })`, `paths.projects()`. Every param is encoded as one path segment
// (spaces, slashes, percent signs and non-ASCII included); an absent optional param (`:rule?`) is
// simply left out.
import { fillPattern, namedPatterns, type RouteNode, type routeTree } from './routes'

type Join<A extends string, B extends string> = B extends '' ? A : `${A}/${B}`
type PathOf<N> = N extends { readonly path: infer P extends string } ? P : ''

/** [name, full pattern] of every named node under N. */
type Entries<N, Base extends string> = N extends RouteNode
  ?
      | (N extends { readonly name: infer K extends string } ? [K, Join<Base, PathOf<N>>] : never)
      | (N extends { readonly children: infer C extends readonly RouteNode[] }
          ? Entries<C[number], Join<Base, PathOf<N>>>
          : never)
  : never

type Patterns = { [E in Entries<(typeof routeTree)[number], ''> as E[0]]: E[1] }

type Segment<S extends string> = S extends `:${infer N}?`
  ? { [K in N]?: string }
  : S extends `:${infer N}`
    ? { [K in N]: string }
    : unknown
type ParamsOfPattern<P extends string> = P extends `${infer A}/${infer B}`
  ? Segment<A> & ParamsOfPattern<B>
  : Segment<P>
type Simplify<T> = { [K in keyof T]: T[K] } & {}

/** The params a route's URL needs: `PathParams<'disks'>` is `{ project: string }`. */
export type PathParams<K extends keyof Patterns> = Simplify<ParamsOfPattern<Patterns[K]>>
export type RouteName = keyof Patterns

type Builder<K extends RouteName> = keyof PathParams<K> extends never
  ? () => string
  : (params: PathParams<K>) => string

export type Paths = { readonly [K in RouteName]: Builder<K> }

export const paths = Object.fromEntries(
  [...namedPatterns].map(([name, pattern]) => [
    name,
    (params: Record<string, string | undefined> = {}) => fillPattern(pattern, params),
  ]),
) as unknown as Paths

/** A path with a query string (`?page=...` kept across a list and its forms); empty search adds nothing. */
export function withSearch(path: string, search: string | URLSearchParams): string {
  const qs = typeof search === 'string' ? search.replace(/^\?/, '') : search.toString()
  return qs ? `${path}?${qs}` : path
}
