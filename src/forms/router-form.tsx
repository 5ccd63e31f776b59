// New router (`routers-new`) and edit router (`routers/{router}/edit`), over the routers tab: a name
// and a description (nexus.json VpcRouterCreate/VpcRouterUpdate). The system router is the VPC's own:
// its form opens, read from the cache like any, but cannot be sent ("The system router cannot be
// changed"). A taken name comes back on the name field with every value kept.
import { mutate } from '../../storage'
import { views } from '../lists'
import { type Router, routerRefusal, type VpcRef } from '../pages/project/vpc/routing'
import { kinds } from '../ui/kinds'
import { useCreateOrEditForm } from './create-or-edit'
import { CreateOrEditModal, nameAndDescriptionOf } from './fields'
import { createOrLoadForm } from './when-loaded'

type Values = { name: string; description: string }

const routerLists = [{ endpoint: 'vpcRouterList' as const }, { endpoint: 'vpcRouterView' as const }]

export const RouterForm = createOrLoadForm(views.router, RouterFields)

function RouterFields({
  project,
  vpc,
  current,
  onDismiss,
}: VpcRef & { current?: Router | undefined; onDismiss: () => void }) {
  const made = useCreateOrEditForm({
    kind: kinds.router,
    current,
    initial: nameAndDescriptionOf(current),
    submit: (body: Values) =>
      current
        ? mutate('vpcRouterUpdate', { path: { router: current.id }, body }, { invalidates: routerLists })
        : mutate('vpcRouterCreate', { query: { project, vpc }, body }, { invalidates: routerLists }),
    refusal: current && routerRefusal(current),
    onDismiss,
  })
  return <CreateOrEditModal {...made} />
}
