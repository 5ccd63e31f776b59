// A form's route (create, edit or view) in its list's or page's outlet (issue 10). Every such route did
// the same things by hand: load the form's module only when the route opens, read the route's params,
// give them to the form, dismiss to the page behind it keeping that page's query (the list's page and
// size), and, for some, go on to a saved resource's page. `formRoute` does them once; a page names the
// form, the params it takes and where it sits.
//
// Another resource is another form (its `key`, so its values start afresh); a create-or-edit form
// (`routers-new`, `routers/{router}/edit`) gets the resource's name only from the edit route's param;
// a form that `opens` a page goes there after a save: a created silo to its page, a renamed VPC to the
// new name's page.
import { type ComponentType, lazy, type ReactNode, Suspense, useContext } from 'react'
import { useLocation } from 'wouter'
import { useListGo } from '../hooks/use-list-go'
import { RouteParamsContext, useRouteParams } from '../route-context'

/** A form route's component, as `formRoute` makes it. */
export type FormRoute = () => ReactNode

/**
 * The props such a form takes: the params, the edited resource's name when there is one, onDismiss,
 * and onSaved when the route opens a page after a save (without it, a save dismisses the form).
 */
type FormProps<K extends string, N extends string> = Record<K, string> &
  Partial<Record<N, string>> & { onDismiss: () => void; onSaved?: (saved: { name: string }) => void }

interface Options<K extends string, N extends string> {
  /** The route's params the form takes, as props of the same names. */
  params: readonly K[]
  /** The param naming the resource the form shows: another one is another form. */
  key?: K
  /** For a create-or-edit form, the param only its edit route has. */
  edit?: N
  /** The path of the list or page behind the form, from the params: dismissing goes there. */
  back: (params: Record<K, string>) => string
  /** The page a save goes on to, from the params and the saved resource's name. */
  opens?: (params: Record<K, string>, saved: string) => string
}

function FormRouteView<K extends string, N extends string>(view: {
  Form: ComponentType<FormProps<K, N>>
  opts: Options<K, N>
}) {
  const { Form, opts } = view
  // A param the route lacks is an error, not an empty string (useRouteParams throws).
  const params = useRouteParams(...opts.params)
  const optional = useContext(RouteParamsContext)
  const go = useListGo()
  const [, navigate] = useLocation()
  const name = opts.edit ? optional[opts.edit] : undefined
  const key = opts.key ? params[opts.key] : opts.edit ? (name ?? '') : undefined
  const { opens } = opts
  const props = {
    ...params,
    ...(opts.edit && name ? { [opts.edit]: name } : {}),
    ...(opens ? { onSaved: (saved: { name: string }) => navigate(opens(params, saved.name)) } : {}),
    onDismiss: () => go(opts.back(params)),
  } as FormProps<K, N>
  return (
    <Suspense fallback={null}>
      <Form key={key} {...props} />
    </Suspense>
  )
}

/**
 * The component of a form's route: `load` is the form's dynamic import (the form is not in the page's
 * chunk), `opts` says which params it takes and where dismissing and saving go.
 */
export function formRoute<K extends string, N extends string = never>(
  load: () => Promise<ComponentType<FormProps<K, N>>>,
  opts: Options<K, N>,
): FormRoute {
  const Form = lazy(() => load().then((component) => ({ default: component })))
  return () => <FormRouteView Form={Form} opts={opts} />
}
