// A resource's page (an instance, VPC, router, silo, sled, IP pool, anti-affinity group): one frame, so
// every such page says the same while loading, offline, failed or missing. The header carries the
// resource's name (the URL's until the resource loads), the page's actions once it is known and how
// fresh the copy shown is; then what the resource is, and its tabs (child routes) or, for a page
// without tabs, its child route (a form opened over it). A resource the server says is not there is
// Page not found; offline with nothing cached the page says so instead of claiming it is gone. The
// page reads the resource itself (storage's useResource), polling it while it is on its way to
// another state, so no page reads its resource by hand. A page's Edit and Delete are named as a list
// names its rows' (`edit`, `remove`, one `reason`), and worded from the page's kind.
import { type ReactNode, useContext } from 'react'
import { useLocation } from 'wouter'
import { IDLE_POLL_MS, type QueryResult, useResource, useResourcePoll } from '../../storage'
import type { ApiResponse, OperationName } from '../api/types'
import { type ActionReason, useWriteReason } from '../hooks/use-action-reason'
import { usePrefetch } from '../hooks/use-prefetch'
import type { ViewSource } from '../lists'
import { NotFoundPage } from '../pages/NotFoundPage'
import { Outlet, RouteParamsContext } from '../route-context'
import { inSentence, type Kind } from '../ui/kinds'
import { ResourceFallback } from '../ui/ResourceFallback'
import { formatDateTime } from '../util/date'
import { Button } from './Button'
import { CacheStatus } from './CacheStatus'
import { confirmDelete } from './confirm-queue'
import { Detail, IdValue } from './Details'
import { PageHeader } from './PageHeader'
import { type RouteTab, RouteTabs } from './Tabs'

type Named = { name: string }

/** What a resource's page shows of it, once read. */
type Shown<T> = {
  /** What the resource is: its icon, and its noun as a sentence starts ("VPC", "Anti-affinity group"),
   * which names the tab list ("VPC web") and the offline notice. */
  kind: Kind
  /** The URL's name for the resource: the title until it loads, and what the offline notice names. */
  name: string
  /** The title reads "Sled 1234" (kind and label), and just the kind while loading: for a resource
   * whose URL names it by an ID no one reads. */
  kindInTitle?: boolean
  /** Write controls once the resource is known; Edit, Delete and the cache status follow them. */
  actions?: (data: T) => ReactNode
  /** Why the page's Edit and Delete are disabled, where the page words them otherwise; without it the
   * kind's (useKindReason), asked about "editing a VPC" and "deleting a VPC" (the noun with its article). */
  reason?: ActionReason
  /** The page's Edit: its form, a child route shown over the page. */
  edit?: { to: (data: T) => string }
  /** The page's Delete, confirmed naming the resource: `run` deletes it, then the page goes to `after`
   * (its list), since the resource is gone. */
  remove?: { run: (data: T) => Promise<unknown>; after: string }
  /** The tabs, each a child route shown in the tab panel; without tabs the child route (a form) shows
   * below the page. */
  tabs?: (data: T) => readonly RouteTab[]
  /** What the resource is (its details) and anything else above the tabs. */
  children: (data: T) => ReactNode
  /** What the page calls the resource; its `name` unless given (a resource without one must). */
  label?: (data: T) => string
}

export type ResourceFrameProps<T> = { view: QueryResult<T> } & Shown<T>

const nameOf = (data: unknown) => (data as Named).name
const never = () => false
/** The one parameter of a view's path: what the resource is read by, its name or ID in the URL. */
const pathName = (params: unknown) =>
  Object.values((params as { path: Record<string, string> }).path)[0] ?? ''

export type ResourcePageProps<N extends OperationName> = Omit<Shown<ApiResponse<N>>, 'name' | 'kind'> & {
  /** What the page reads (src/lists.ts), for the route's params: the page reads it through storage.
   * The one parameter of its path (the URL's name or ID of the resource) is the page's `name`. */
  resource: ViewSource<N>
  /** The resource is on its way to another state (an instance starting): while it is, the page polls it. */
  isMoving?: (data: ApiResponse<N>) => boolean
  /** While it does not move, the page still re-reads it every IDLE_POLL_MS (visible and online only). */
  idlePoll?: boolean
} & (ApiResponse<N> extends Named ? unknown : { label: (data: ApiResponse<N>) => string })

/** A resource's page over its view endpoint: reads it (polled while `isMoving`) and frames it. */
export function ResourcePage<N extends OperationName>(props: ResourcePageProps<N>) {
  const { kind, endpoint } = props.resource
  const params = props.resource.params(useContext(RouteParamsContext))
  const view = useResource(endpoint, params)
  useResourcePoll(view, props.isMoving ?? never, { idleMs: props.idlePoll ? IDLE_POLL_MS : undefined })
  return <ResourceFrame {...props} kind={kind} name={pathName(params)} view={view} />
}

/** The page's frame over a view already read (its states: loading, offline, failed, missing). */
export function ResourceFrame<T>(props: ResourceFrameProps<T>) {
  const { view, name, kindInTitle, actions, edit, remove, tabs, children } = props
  const { one: kind, icon } = props.kind
  const label: (data: T) => string = props.label ?? nameOf
  const why = useWriteReason(props.kind, props.reason)
  // Only the server's answer decides: offline the error stays unset, and the fallback says offline.
  if (view.error?.kind === 'not_found') return <NotFoundPage />
  const data = view.data
  let title = data === undefined ? name : label(data)
  if (kindInTitle) title = data === undefined ? kind : `${kind} ${title}`
  return (
    <>
      <PageHeader
        title={title}
        icon={icon}
        actions={
          <>
            {data !== undefined && actions?.(data)}
            {data !== undefined && (edit || remove) && (
              <EditDeleteActions
                kind={props.kind}
                name={label(data)}
                edit={edit && { href: edit.to(data), reason: why('editing') }}
                remove={
                  remove && { run: () => remove.run(data), after: remove.after, reason: why('deleting') }
                }
              />
            )}
            <CacheStatus {...view} onRefresh={() => void view.refresh()} />
          </>
        }
      />
      {data !== undefined ? (
        <>
          {children(data)}
          {tabs && (
            <RouteTabs label={`${kind} ${label(data)}`} tabs={tabs(data)}>
              <Outlet />
            </RouteTabs>
          )}
        </>
      ) : (
        <ResourceFallback
          view={view}
          offlineBody={`${kind} ${name} is not cached on this device yet. It shows here once the connection is back.`}
        />
      )}
      {!tabs && <Outlet />}
    </>
  )
}

/** The details a resource's list ends with: its ID (the copy button named `idLabel`, "VPC ID"), when
 * it was created and, if it has one, its description. */
export function IdentityDetails({
  of,
  idLabel,
}: {
  of: { id: string; timeCreated: Date; description: string }
  idLabel: string
}) {
  return (
    <>
      <Detail label="ID">
        <IdValue id={of.id} label={idLabel} />
      </Detail>
      <Detail label="Created">{formatDateTime(of.timeCreated)}</Detail>
      {of.description && <Detail label="Description">{of.description}</Detail>}
    </>
  )
}

/**
 * A page's Edit (its form opens as a child route over the page) and Delete (confirmed, then the page
 * goes to `after`, the list, since the resource is gone), each disabled with the reason given.
 */
export function EditDeleteActions({
  kind,
  name,
  edit,
  remove,
}: {
  /** What the page shows; the confirm dialog names it ("Delete VPC web"). */
  kind: Kind
  name: string
  /** Without it the page offers Delete alone. */
  edit?: { href: string; reason: string | undefined }
  remove?: { run: () => Promise<unknown>; after: string; reason: string | undefined }
}) {
  const [, navigate] = useLocation()
  const prefetchEdit = usePrefetch(edit && !edit.reason ? edit.href : undefined)
  return (
    <>
      {edit && (
        <Button size="sm" disabledReason={edit.reason} onClick={() => navigate(edit.href)} {...prefetchEdit}>
          Edit
        </Button>
      )}
      {remove && (
        <Button
          size="sm"
          variant="danger"
          disabledReason={remove.reason}
          onClick={() =>
            confirmDelete({
              resourceKind: inSentence(kind),
              name,
              run: async () => {
                await remove.run()
                navigate(remove.after)
              },
            })
          }
        >
          Delete
        </Button>
      )}
    </>
  )
}
