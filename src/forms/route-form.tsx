// New route (`routes-new`) and edit route (`routes/{route}/edit`), over a router's page: name,
// description, the destination (nexus.json RouteDestination: an IP, an IP network, a VPC or a subnet)
// and the target (RouteTarget: an IP, an instance, an internet gateway or drop; VPC and subnet targets
// are offered but disabled, as the API keeps them for the routes it makes). Addresses follow spec
// section 5; where the type names a resource, the value is chosen from a list read through storage.
// Changing a type clears its value. Routes of the system router cannot be sent, with the reason shown.
import { mutate, useList, useResource } from '../../storage'
import type { ListOperationName } from '../api/types'
import { Select, SideModalForm, TextField } from '../components'
import type { FieldProps, Form } from '../hooks/use-form'
import { views } from '../lists'
import {
  DESTINATION_TYPES,
  type DestinationType,
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
import { kinds } from '../ui/kinds'
import { useCreateOrEditForm } from './create-or-edit'
import { NameAndDescription } from './fields'
import { createOrLoadForm } from './when-loaded'

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
      spellCheck={false}
      placeholder={type === 'ip' ? '10.0.0.1' : '10.0.0.0/24'}
      {...field}
    />
  )
}

/** A route's two ends: what each is called and the types it offers. */
const ENDS = {
  destination: {
    label: 'Destination',
    description: 'Which traffic the route applies to.',
    options: DESTINATION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })),
  },
  target: {
    label: 'Target',
    description: 'Where matching traffic is sent.',
    options: TARGET_TYPES.map((t) =>
      SYSTEM_ONLY_TARGETS.has(t)
        ? { value: t, label: `${TYPE_LABELS[t]} (${SYSTEM_ONLY_TARGET_NOTE})`, disabled: true }
        : { value: t, label: TYPE_LABELS[t] },
    ),
  },
}

/** One end of the route: its type, and the value that type takes (cleared when the type changes). */
function RouteEnd({ end, form, ...ref }: RouterRef & { end: keyof typeof ENDS; form: Form<RouteValues> }) {
  const { label, description, options } = ENDS[end]
  const typeKey = `${end}Type` as const
  const valueKey = `${end}Value` as const
  return (
    <>
      <Select
        label={`${label} type`}
        description={description}
        required
        options={options}
        {...form.field(typeKey)}
        onChange={(e) => {
          form.set(typeKey, e.target.value as never)
          form.set(valueKey, '')
        }}
      />
      <EndValue {...ref} type={form.values[typeKey]} label={`${label} value`} field={form.field(valueKey)} />
    </>
  )
}

export const RouteForm = createOrLoadForm(views.route, RouteFields)

function RouteFields({
  current,
  onDismiss,
  ...ref
}: RouterRef & { current?: Route | undefined; onDismiss: () => void }) {
  const { project, vpc, router } = ref
  const routerView = useResource('vpcRouterView', views.router.params(ref)).data
  const { form, modal } = useCreateOrEditForm<RouteValues, Route>({
    kind: kinds.route,
    current,
    initial: routeFormValues(current),
    check: routeErrors,
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
    refusal: routerView && routeRefusal(routerView, current),
    onDismiss,
  })
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <RouteEnd {...ref} end="destination" form={form} />
      <RouteEnd {...ref} end="target" form={form} />
    </SideModalForm>
  )
}
