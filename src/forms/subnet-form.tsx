// New subnet (`subnets-new`) and edit subnet (`subnets/{subnet}/edit`), over the subnets tab: name,
// description, the IPv4 block (an IP network of spec section 5, IPv4), the optional IPv6 block (the
// API picks a /64 of the VPC's prefix without one) and the optional custom router, chosen among the
// VPC's custom routers (the system router applies to every subnet anyway). The API fixes the blocks at
// creation (nexus.json VpcSubnetUpdate has none), so editing shows them read-only.
import { mutate, useList } from '../../storage'
import { Select, SideModalForm, TextField, toast } from '../components'
import { useActionReason } from '../hooks/use-action-reason'
import { type FieldProps, useForm } from '../hooks/use-form'
import {
  networkingNeed,
  type Subnet,
  type SubnetValues,
  subnetBlockErrors,
  subnetCreateBody,
  subnetFormValues,
  subnetUpdateBody,
  type VpcRef,
} from '../pages/project/vpc/routing'
import { NameAndDescription } from './fields'
import { NAME } from './validation'
import { WhenLoaded } from './when-loaded'

const subnetLists = [{ endpoint: 'vpcSubnetList' as const }, { endpoint: 'vpcSubnetView' as const }]

export function SubnetForm({
  subnet,
  onDismiss,
  ...ref
}: VpcRef & { subnet?: string; onDismiss: () => void }) {
  if (subnet === undefined) return <SubnetFields {...ref} onDismiss={onDismiss} />
  return (
    <WhenLoaded
      endpoint="vpcSubnetView"
      params={{ path: { subnet }, query: ref }}
      title="Edit subnet"
      subtitle={subnet}
      onDismiss={onDismiss}
    >
      {(current) => <SubnetFields {...ref} current={current} onDismiss={onDismiss} />}
    </WhenLoaded>
  )
}

/** The VPC's custom routers by id; none is an option too (the system router alone). */
function RouterSelect({ project, vpc, field }: VpcRef & { field: FieldProps }) {
  const routers = useList('vpcRouterList', { query: { project, vpc, limit: 100 } }).data?.items
  return (
    <Select
      label="Custom router"
      description="Routes this subnet's traffic before the VPC's system router."
      placeholder={routers === undefined ? 'Loading routers…' : 'None'}
      options={(routers ?? [])
        .filter((r) => r.kind === 'custom')
        .map((r) => ({ value: r.id, label: r.name }))}
      {...field}
    />
  )
}

function SubnetFields({
  project,
  vpc,
  current,
  onDismiss,
}: VpcRef & { current?: Subnet; onDismiss: () => void }) {
  const editing = current !== undefined
  const reason = useActionReason(networkingNeed(project, editing ? 'editing a subnet' : 'creating a subnet'))
  const form = useForm<SubnetValues, Subnet>({
    id: editing ? 'subnet-edit' : 'subnet-create',
    initial: subnetFormValues(current),
    rules: { name: NAME },
    // The blocks are fixed once made: only a new subnet's are checked.
    check: (values) => (editing ? {} : subnetBlockErrors(values)),
    op: editing ? 'vpcSubnetUpdate' : 'vpcSubnetCreate',
    submit: (values) =>
      current
        ? mutate(
            'vpcSubnetUpdate',
            { path: { subnet: current.id }, body: subnetUpdateBody(values) },
            { invalidates: subnetLists },
          )
        : mutate(
            'vpcSubnetCreate',
            { query: { project, vpc }, body: subnetCreateBody(values) },
            { invalidates: subnetLists },
          ),
    onSuccess: (saved) => {
      toast.success(`Subnet ${saved?.name} ${editing ? 'updated' : 'created'}`)
      onDismiss()
    },
    draft: !editing,
  })
  const fixed = editing ? { readOnly: true, description: 'Set when the subnet was created.' } : {}
  return (
    <SideModalForm
      form={form}
      title={editing ? 'Edit subnet' : 'New subnet'}
      subtitle={current?.name}
      submitLabel={editing ? 'Update subnet' : 'Create subnet'}
      onDismiss={onDismiss}
      submitDisabledReason={reason()}
    >
      <NameAndDescription form={form} />
      <TextField
        label="IPv4 block"
        required={!editing}
        placeholder="10.0.0.0/24"
        autoComplete="off"
        spellCheck={false}
        {...form.field('ipv4Block')}
        {...fixed}
      />
      <TextField
        label="IPv6 block"
        placeholder="fd00:1122:3344:100::/64"
        autoComplete="off"
        spellCheck={false}
        {...(editing
          ? {}
          : { description: 'Optional: without one, a /64 of the VPC’s IPv6 prefix is used.' })}
        {...form.field('ipv6Block')}
        {...fixed}
      />
      <RouterSelect project={project} vpc={vpc} field={form.field('customRouter')} />
    </SideModalForm>
  )
}
