// New route (`routes-new`) and edit route (`routes/{route}/edit`), over a router's page: name,
// description, the destination (nexus.json RouteDestination: an IP, an IP network, a VPC or a subnet)
// and the target (RouteTarget: an IP, an instance, an internet gateway or drop; VPC and subnet targets
// are offered but disabled, as the API keeps them for the routes it makes). Addresses follow spec
// section 5; where the type names a resource, the value is chosen from a list read through storage.
// Changing a type clears its value. Routes of the system router cannot be sent, with the reason shown.
import { mutate, useList, useResource } from '../../storage'
import type { ListOperationName } from '../api/types'
import { Select, SideModalForm, TextField, toast } from '../components'
import { useActionReason } from '../hooks/use-action-reason'
import { type FieldProps, useForm } from '../hooks/use-form'
import {
  DESTINATION_TYPES,
  type DestinationType,
  networkingNeed,
  type Route,
  type RouteValues,
  routeEnds,
  routeErrors,
  routeFormValues,
  routeRefusal,
  SYSTEM_ONLY_TARGET_NOTE,
  SYSTEM_ONLY_TARGETS,
  TARGET_TYPES,
  type TargetType,
  TYPE_LABELS,
  type VpcRef,
} from '../pages/project/vpc/routing'
import { NameAndDescription } from './fields'
import { NAME } from './validation'
import { WhenLoaded } from './when-loaded'

type RouterRef = VpcRef & { router: string }
const routeLists = [{ endpoint: 'vpcRouterRouteList' as const }, { endpoint: 'vpcRouterRouteView' as const }]
const LIMIT = 100

/** The list each resource-naming type chooses from, with the params it is read with. */
function listOf(type: DestinationType | TargetType, ref: RouterRef): [ListOperationName, object] | null {
  const { project, vpc } = ref
  switch (type) {
    case 'vpc':
      return ['vpcList', { query: { project, limit: LIMIT } }]
    case 'subnet':
      return ['vpcSubnetList', { query: { project, vpc, limit: LIMIT } }]
    case 'instance':
      return ['instanceList', { query: { project, limit: LIMIT } }]
    case 'internet_gateway':
      return ['internetGatewayList', { query: { project, vpc, limit: LIMIT } }]
    default:
      return null
  }
}

function ListSelect({
  list,
  label,
  field,
}: {
  list: [ListOperationName, object]
  label: string
  field: FieldProps
}) {
  const items = useList(list[0], list[1] as never).data?.items as { name: string }[] | undefined
  return (
    <Select
      label={label}
      required
      placeholder={items === undefined ? 'Loading…' : 'Choose one'}
      options={(items ?? []).map((x) => ({ value: x.name, label: x.name }))}
      {...field}
    />
  )
}

/** The value of a destination or target: typed for an address, chosen for a resource, none for drop. */
function EndValue({
  type,
  label,
  field,
  ...ref
}: RouterRef & { type: DestinationType | TargetType; label: string; field: FieldProps }) {
  if (type === 'drop') return null
  const list = listOf(type, ref)
  // A new type is a new control: its list is read from scratch.
  if (list) return <ListSelect key={type} list={list} label={label} field={field} />
  return (
    <TextField
      label={label}
      required
      autoComplete="off"
      spellCheck={false}
      placeholder={type === 'ip' ? '10.0.0.1' : '10.0.0.0/24'}
      {...field}
    />
  )
}

export function RouteForm({
  route,
  onDismiss,
  ...ref
}: RouterRef & { route?: string; onDismiss: () => void }) {
  if (route === undefined) return <RouteFields {...ref} onDismiss={onDismiss} />
  return (
    <WhenLoaded
      endpoint="vpcRouterRouteView"
      params={{ path: { route }, query: ref }}
      title="Edit route"
      subtitle={route}
      onDismiss={onDismiss}
    >
      {(current) => <RouteFields {...ref} current={current} onDismiss={onDismiss} />}
    </WhenLoaded>
  )
}

function RouteFields({ current, onDismiss, ...ref }: RouterRef & { current?: Route; onDismiss: () => void }) {
  const { project, vpc, router } = ref
  const editing = current !== undefined
  const reason = useActionReason(networkingNeed(project, editing ? 'editing a route' : 'creating a route'))
  const routerView = useResource('vpcRouterView', { path: { router }, query: { project, vpc } }).data
  const form = useForm<RouteValues, Route>({
    id: editing ? 'route-edit' : 'route-create',
    initial: routeFormValues(current),
    rules: { name: NAME },
    check: routeErrors,
    op: editing ? 'vpcRouterRouteUpdate' : 'vpcRouterRouteCreate',
    submit: (values) => {
      const body = { name: values.name, description: values.description, ...routeEnds(values) }
      return current
        ? mutate('vpcRouterRouteUpdate', { path: { route: current.id }, body }, { invalidates: routeLists })
        : mutate(
            'vpcRouterRouteCreate',
            { query: { project, vpc, router }, body },
            { invalidates: routeLists },
          )
    },
    onSuccess: (saved) => {
      toast.success(`Route ${saved?.name} ${editing ? 'updated' : 'created'}`)
      onDismiss()
    },
    draft: !editing,
  })
  const typeField = (
    key: 'destinationType' | 'targetType',
    valueKey: 'destinationValue' | 'targetValue',
  ) => ({
    ...form.field(key),
    onChange: (e: { target: { value: string } }) => {
      form.set(key, e.target.value as never)
      form.set(valueKey, '')
    },
  })
  return (
    <SideModalForm
      form={form}
      title={editing ? 'Edit route' : 'New route'}
      subtitle={current?.name}
      submitLabel={editing ? 'Update route' : 'Create route'}
      onDismiss={onDismiss}
      submitDisabledReason={reason(routerView ? routeRefusal(routerView, current) : null)}
    >
      <NameAndDescription form={form} />
      <Select
        label="Destination type"
        description="Which traffic the route applies to."
        required
        options={DESTINATION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        {...typeField('destinationType', 'destinationValue')}
      />
      <EndValue
        {...ref}
        type={form.values.destinationType}
        label="Destination value"
        field={form.field('destinationValue')}
      />
      <Select
        label="Target type"
        description="Where matching traffic is sent."
        required
        options={TARGET_TYPES.map((t) =>
          SYSTEM_ONLY_TARGETS.has(t)
            ? { value: t, label: `${TYPE_LABELS[t]} (${SYSTEM_ONLY_TARGET_NOTE})`, disabled: true }
            : { value: t, label: TYPE_LABELS[t] },
        )}
        {...typeField('targetType', 'targetValue')}
      />
      <EndValue
        {...ref}
        type={form.values.targetType}
        label="Target value"
        field={form.field('targetValue')}
      />
    </SideModalForm>
  )
}
