// New router (`routers-new`) and edit router (`routers/{router}/edit`), over the routers tab: a name
// and a description (nexus.json VpcRouterCreate/VpcRouterUpdate). The system router is the VPC's own:
// its form opens, read from the cache like any, but cannot be sent ("The system router cannot be
// changed"). A taken name comes back on the name field with every value kept.
import type { ReactNode } from 'react'
import { mutate, type QueryResult, useResource } from '../../storage'
import { SideModal, SideModalForm, Skeleton, TextField, toast } from '../components'
import { NameField } from '../components/FormField'
import { useActionReason } from '../hooks/use-action-reason'
import { useForm } from '../hooks/use-form'
import { networkingNeed, type Router, routerRefusal, type VpcRef } from '../pages/project/vpc/routing'
import { QueryError } from '../ui/QueryError'
import { NAME } from './validation'

type Values = { name: string; description: string }

const routerLists = [{ endpoint: 'vpcRouterList' as const }, { endpoint: 'vpcRouterView' as const }]

/**
 * An edit form's frame until the resource it edits is known: the values start from it, so the
 * fields mount only then; the error, or a skeleton, stands in meanwhile.
 */
export function WhenLoaded<T>({
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
  if (view.data) return children(view.data)
  return (
    <SideModal open onDismiss={onDismiss} title={title} subtitle={subtitle} cancelLabel="Close">
      {view.error ? <QueryError error={view.error} /> : <Skeleton />}
    </SideModal>
  )
}

export function RouterForm({
  router,
  onDismiss,
  ...ref
}: VpcRef & { router?: string; onDismiss: () => void }) {
  if (router === undefined) return <RouterFields {...ref} onDismiss={onDismiss} />
  return <RouterEdit {...ref} router={router} onDismiss={onDismiss} />
}

function RouterEdit({ router, onDismiss, ...ref }: VpcRef & { router: string; onDismiss: () => void }) {
  const view = useResource('vpcRouterView', { path: { router }, query: ref })
  return (
    <WhenLoaded view={view} title="Edit router" subtitle={router} onDismiss={onDismiss}>
      {(current) => <RouterFields {...ref} current={current} onDismiss={onDismiss} />}
    </WhenLoaded>
  )
}

function RouterFields({
  project,
  vpc,
  current,
  onDismiss,
}: VpcRef & { current?: Router; onDismiss: () => void }) {
  const editing = current !== undefined
  const reason = useActionReason(networkingNeed(project, editing ? 'editing a router' : 'creating a router'))
  const form = useForm({
    id: editing ? 'router-edit' : 'router-create',
    initial: { name: current?.name ?? '', description: current?.description ?? '' },
    rules: { name: NAME },
    op: editing ? 'vpcRouterUpdate' : 'vpcRouterCreate',
    submit: (body: Values) =>
      current
        ? mutate('vpcRouterUpdate', { path: { router: current.id }, body }, { invalidates: routerLists })
        : mutate('vpcRouterCreate', { query: { project, vpc }, body }, { invalidates: routerLists }),
    onSuccess: (saved) => {
      toast.success(`Router ${saved?.name} ${editing ? 'updated' : 'created'}`)
      onDismiss()
    },
    draft: !editing,
  })
  return (
    <SideModalForm
      form={form}
      title={editing ? 'Edit router' : 'New router'}
      subtitle={current?.name}
      submitLabel={editing ? 'Update router' : 'Create router'}
      onDismiss={onDismiss}
      submitDisabledReason={reason(current ? routerRefusal(current) : null)}
    >
      <NameField label="Name" required describeRule {...form.field('name')} />
      <TextField label="Description" autoComplete="off" {...form.field('description')} />
    </SideModalForm>
  )
}
