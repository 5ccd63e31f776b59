import type { ReactNode } from 'react'
import { type QueryResult, useResource } from '../../storage'
import type { ApiParams, ApiResponse, OperationName } from '../api/types'
import { SideModal, Skeleton } from '../components'
import type { ViewSource } from '../lists'
import type { Params } from '../routes'
import { QueryError } from '../ui/QueryError'
import { editTitle } from './create-or-edit'

/**
 * An edit form's frame until the resource it edits is known: the values start from it, so the
 * fields mount only then; the error, or a skeleton, stands in meanwhile.
 */
export function WhenLoaded<N extends OperationName>({
  endpoint,
  params,
  title,
  subtitle,
  onDismiss,
  children,
}: {
  endpoint: N
  params: ApiParams<N>
  title: string
  subtitle: string
  onDismiss: () => void
  children: (data: ApiResponse<N>) => ReactNode
}) {
  const view = useResource(endpoint, params)
  // The form brings its own side modal: the frame stands in only until the data is there.
  if (view.data) return children(view.data)
  return (
    <ViewSideModal view={view} title={title} subtitle={subtitle} onDismiss={onDismiss}>
      {children}
    </ViewSideModal>
  )
}

/**
 * A create-or-edit form's component, over the fields it shows (which take the resource as `current`):
 * without the prop the view names (`vpc`) it creates, at once; with it, it edits the resource so named,
 * read as its page reads it (the form's props are named as the route's params), once loaded (its
 * frame titled "Edit <kind>" meanwhile). The other props go to the fields as they are.
 */
export function createOrLoadForm<
  N extends OperationName,
  K extends string,
  P extends { current?: ApiResponse<N> | undefined; onDismiss: () => void },
>(view: ViewSource<N, K>, Fields: (props: P) => ReactNode) {
  return function CreateOrLoad(props: Omit<P, 'current'> & { [k in K]?: string | undefined }) {
    const { [view.name]: name, ...rest } = props
    const fieldProps = rest as unknown as Omit<P, 'current'>
    if (name === undefined) return <Fields {...(fieldProps as P)} />
    return (
      <WhenLoaded
        endpoint={view.endpoint}
        params={view.params(props as unknown as Params)}
        title={editTitle(view.kind)}
        subtitle={name}
        onDismiss={props.onDismiss}
      >
        {(current) => <Fields {...(fieldProps as P)} current={current} />}
      </WhenLoaded>
    )
  }
}

/**
 * A read-only side modal of one resource: its details once known (a later failed refresh keeps them),
 * else the error, else a skeleton. The caller reads `view` itself, so it can also poll it.
 */
export function ViewSideModal<T>({
  view,
  title,
  subtitle,
  onDismiss,
  children,
}: {
  view: Pick<QueryResult<T>, 'data' | 'error'>
  title: string
  subtitle: string
  onDismiss: () => void
  children: (data: T) => ReactNode
}) {
  return (
    <SideModal open onDismiss={onDismiss} title={title} subtitle={subtitle} cancelLabel="Close">
      {view.data ? children(view.data) : view.error ? <QueryError error={view.error} /> : <Skeleton />}
    </SideModal>
  )
}
