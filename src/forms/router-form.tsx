// New router (`routers-new`) and edit router (`routers/{router}/edit`), over the routers tab: a name
// and a description (nexus.json VpcRouterCreate/VpcRouterUpdate). The system router is the VPC's own:
// its form opens, read from the cache like any, but cannot be sent ("The system router cannot be
// changed"). A taken name comes back on the name field with every value kept.
import { mutate } from '../../storage'
import { SideModalForm, toast } from '../components'
import { useActionReason } from '../hooks/use-action-reason'
import { useForm } from '../hooks/use-form'
import { networkingNeed, type Router, routerRefusal, type VpcRef } from '../pages/project/vpc/routing'
import { NameAndDescription } from './fields'
import { NAME } from './validation'
import { WhenLoaded } from './when-loaded'

type Values = { name: string; description: string }

const routerLists = [{ endpoint: 'vpcRouterList' as const }, { endpoint: 'vpcRouterView' as const }]

export function RouterForm({
  router,
  onDismiss,
  ...ref
}: VpcRef & { router?: string; onDismiss: () => void }) {
  if (router === undefined) return <RouterFields {...ref} onDismiss={onDismiss} />
  return (
    <WhenLoaded
      endpoint="vpcRouterView"
      params={{ path: { router }, query: ref }}
      title="Edit router"
      subtitle={router}
      onDismiss={onDismiss}
    >
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
      <NameAndDescription form={form} />
    </SideModalForm>
  )
}
