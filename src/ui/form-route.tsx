// A form's route (create, edit or view) in its list's or page's outlet (issue 10). Every such route did
// the same things by hand: load the form's module only when the route opens, read the route's params,
// give them to the form, dismiss to the page behind it keeping that page's query (the list's page and
// size), and, for some, go on to a saved resource's page. The route tree declares each form route
// (`form(...)` in routes.tsx: the form's import and these options, so the node's code is the form's own
// and a prefetch of the route loads it); `formView` does the rest once.
//
// Another resource is another form (its `key`, so its values start afresh); a create-or-edit form
// (`routers-new`, `routers/{router}/edit`) gets the resource's name only from the edit route's param;
// a form that `opens` a page goes there after a save: a created silo to its page, a renamed VPC to the
// new name's page.
import { type ComponentType, useContext, useState } from 'react'
import { useLocation } from 'wouter'
import { useListGo } from '../hooks/use-list-go'
import { paths } from '../paths'
import { RouteParamsContext, useRouteParams } from '../route-context'

/**
 * The props such a form takes: the params, the edited resource's name when there is one, onDismiss,
 * and onSaved when the route opens a page after a save (without it, a save dismisses the form).
 */
export type FormProps<K extends string, N extends string> = Record<K, string> &
  Partial<Record<N, string>> & { onDismiss: () => void; onSaved?: (saved: { name: string }) => void }

export interface FormOptions<K extends string, N extends string> {
  /** The route's params the form takes, as props of the same names. */
  params: readonly K[]
  /** The param naming the resource the form shows: another one is another form. */
  key?: K
  /** For a create-or-edit form, the param only its edit route has. */
  edit?: N
  /** The named route of the list or page behind the form, filled from the params: dismissing goes there. */
  back: string
  /** The named route a save goes on to, filled from the params and the saved resource's name as `param`. */
  opens?: { to: string; param: string }
}

type HistoryEntries = { currentEntry: { index: number } | null; entries(): { url: string | null }[] }

/**
 * The path and query of the history entry before this one (where a form was opened from), as the
 * browser's Navigation API tells it; '' where it does not, or for another origin's page.
 */
function cameFrom(): string {
  const nav = (globalThis as { navigation?: HistoryEntries }).navigation
  const url = nav?.currentEntry ? nav.entries()[nav.currentEntry.index - 1]?.url : undefined
  if (!url) return ''
  const at = new URL(url)
  return at.origin === globalThis.location.origin ? at.pathname + at.search : ''
}

/** The path of a named route of the tree (routes.forms.test checks every name a form route gives). */
function pathTo(name: string, params: Record<string, string>): string {
  const build = (paths as unknown as Record<string, ((p: Record<string, string>) => string) | undefined>)[
    name
  ]
  if (!build) throw new Error(`no route named ${name}`)
  return build(params)
}

function FormRouteView<K extends string, N extends string>(view: {
  Form: ComponentType<FormProps<K, N>>
  opts: FormOptions<K, N>
}) {
  const { Form, opts } = view
  // A param the route lacks is an error, not an empty string (useRouteParams throws).
  const params = useRouteParams(...opts.params)
  const optional = useContext(RouteParamsContext)
  const go = useListGo()
  const [here, navigate] = useLocation()
  const backTo = pathTo(opts.back, params)
  // Opened from a page below the one behind it (a VPC's subnets tab, say), it closes back onto that
  // page, with its query, not onto the page behind's default tab.
  const [opener] = useState(() => {
    const from = cameFrom()
    return from.startsWith(`${backTo}/`) && from.split('?')[0] !== here ? from : undefined
  })
  const name = opts.edit ? optional[opts.edit] : undefined
  const key = opts.key ? params[opts.key] : opts.edit ? (name ?? '') : undefined
  const { opens } = opts
  const props = {
    ...params,
    ...(opts.edit && name ? { [opts.edit]: name } : {}),
    ...(opens
      ? {
          onSaved: (saved: { name: string }) =>
            navigate(pathTo(opens.to, { ...params, [opens.param]: saved.name })),
        }
      : {}),
    onDismiss: () => (opener ? navigate(opener) : go(backTo)),
  } as FormProps<K, N>
  return <Form key={key} {...props} />
}

/**
 * The page of a form's route, once the form's code has loaded: the form with the route's params, and
 * where dismissing and saving go (`opts`).
 */
export function formView<K extends string, N extends string>(
  Form: ComponentType<FormProps<K, N>>,
  opts: FormOptions<K, N>,
): ComponentType {
  return function FormRoutePage() {
    return <FormRouteView Form={Form} opts={opts} />
  }
}
