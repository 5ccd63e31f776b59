// A form's route (create, edit or view) in its list's or page's outlet (issue 10). Every such route did
// the same four things by hand: load the form's module only when the route opens, read the route's
// params, give them to the form, and dismiss to the page behind it keeping that page's query (the
// list's page and size). `formRoute` does them once; a page names the form and where it sits.
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
} from 'react'
import { useLocation } from 'wouter'
import { useListGo } from '../hooks/use-list-go'
import { RouteParamsContext } from '../route-context'

/** What a form route knows when it renders: its params and a plain navigation. */
export interface FormRouteArgs {
  /** A param of the route's path; throws when the route has none of that name. */
  param(name: string): string
  /** A param of an optional segment (`projects-new` and `projects/{project}/edit` share a form). */
  optional(name: string): string | undefined
  /** Goes to `to` (a saved resource's new page); dismissing uses `back` instead. */
  navigate(to: string): void
  /** Goes to `to` keeping the current query, as dismissing does (a save that returns to the list). */
  go(to: string): void
}

/** The form's props, less `onDismiss`, plus where dismissing goes and the form's identity. */
export type FormRouteProps<P> = Omit<P, 'onDismiss'> & {
  /** Where dismissing the form (Cancel, Escape, the form's own close after a save) goes. */
  back: string
  /** Another resource is another form: its values start from that resource. */
  key?: string
}

/** A form route's component, as `formRoute` makes it. */
export type FormRoute = () => ReactNode

type Props<P> = (route: FormRouteArgs) => FormRouteProps<P>

function FormRouteView<P extends { onDismiss: () => void }>(view: {
  form: LazyExoticComponent<ComponentType<P>>
  props: Props<P>
}) {
  const params = useContext(RouteParamsContext)
  const go = useListGo()
  const [, navigate] = useLocation()
  const { back, key, ...rest } = view.props({
    param: (name) => {
      const value = params[name]
      if (value === undefined) throw new Error(`route has no :${name} param`)
      return value
    },
    optional: (name) => params[name],
    navigate,
    go,
  })
  const Form = view.form
  return (
    <Suspense fallback={null}>
      <Form key={key} {...(rest as unknown as P)} onDismiss={() => go(back)} />
    </Suspense>
  )
}

/**
 * The component of a form's route: `load` is the form's dynamic import (the form is not in the page's
 * chunk), `props` turns the route into the form's props.
 */
export function formRoute<P extends { onDismiss: () => void }>(
  load: () => Promise<ComponentType<P>>,
  props: Props<P>,
): FormRoute {
  const form = lazy(() => load().then((component) => ({ default: component })))
  return () => <FormRouteView form={form} props={props} />
}

// Most forms over a list or page take no more than the route's params (a VPC's `project` and `vpc`):
// dismissing goes back to the list, whose path those params make; another resource is another form
// (its `key`, so its values start afresh); a create-or-edit form (`routers-new`,
// `routers/{router}/edit`) gets the resource's name only from the edit route's param; an edit form over
// its resource's own page moves to the new name on a rename.

/** The props such a form takes: the params, the edited resource's name when there is one, onDismiss. */
type ParamsFormProps<K extends string, N extends string> = Record<K, string> &
  Partial<Record<N, string>> & { onDismiss: () => void }

/** The route's params of these names, as useRouteParams reads them in a page. */
export function paramsOf<K extends string>(route: FormRouteArgs, ...names: K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, route.param(name)])) as Record<K, string>
}

/**
 * The route of a form whose props are the route's params: `load` imports it, `params` are the params it
 * takes, `back` the path of the list or page behind it, from those params. `key`, a param naming the
 * resource the form shows; `edit`, for a create-or-edit form, the param only its edit route has.
 */
export function paramsFormRoute<K extends string, N extends string = never>(
  load: () => Promise<ComponentType<ParamsFormProps<K, N>>>,
  opts: { params: readonly K[]; key?: K; edit?: N; back: (params: Record<K, string>) => string },
): FormRoute {
  return formRoute<ParamsFormProps<K, N>>(load, (route) => {
    const params = paramsOf(route, ...opts.params)
    const name = opts.edit && route.optional(opts.edit)
    const edited = (opts.edit && name ? { [opts.edit]: name } : {}) as Partial<Record<N, string>>
    const key = opts.key ? params[opts.key] : opts.edit ? (name ?? '') : undefined
    const props = { ...params, ...edited, ...(key === undefined ? {} : { key }), back: opts.back(params) }
    // Exactly the form's props less onDismiss; TypeScript cannot take Omit apart over generic K and N.
    return props as FormRouteProps<ParamsFormProps<K, N>>
  })
}

/**
 * Where an edit form over its resource's own page goes (`vpcs/{vpc}/edit`): dismissing goes back to the
 * page of `name`, and a save to the page of the saved name, so a rename moves to the new name's page.
 */
export function overItsPage(route: FormRouteArgs, pageOf: (name: string) => string, name: string) {
  return { back: pageOf(name), onSaved: (saved: { name: string }) => route.navigate(pageOf(saved.name)) }
}
