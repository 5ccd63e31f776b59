// New subnet (`subnets-new`) and edit subnet (`subnets/{subnet}/edit`), over the subnets tab: name,
// description, the IPv4 block (an IP network of spec section 5, IPv4), the optional IPv6 block (the
// API picks a /64 of the VPC's prefix without one) and the optional custom router, chosen among the
// VPC's custom routers (the system router applies to every subnet anyway). The API fixes the blocks at
// creation (nexus.json VpcSubnetUpdate has none), so editing shows them read-only.
import { mutate, useList } from '../../storage'
import { Select, SideModalForm, TextField } from '../components'
import type { FieldProps } from '../hooks/use-form'
import { PICK, views } from '../lists'
import {
  type Subnet,
  type SubnetValues,
  subnetBlockErrors,
  subnetCreateBody,
  subnetFormValues,
  subnetUpdateBody,
  type VpcRef,
} from '../pages/project/vpc/routing'
import { kinds } from '../ui/kinds'
import { useCreateOrEditForm } from './create-or-edit'
import { NameAndDescription } from './fields'
import { createOrLoadForm } from './when-loaded'

const subnetLists = [{ endpoint: 'vpcSubnetList' as const }, { endpoint: 'vpcSubnetView' as const }]

export const SubnetForm = createOrLoadForm(views.subnet, SubnetFields)

/** The VPC's custom routers by id; none is an option too (the system router alone). */
function RouterSelect({ project, vpc, field }: VpcRef & { field: FieldProps }) {
  const routers = useList('vpcRouterList', { query: { project, vpc, ...PICK } }).data?.items
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
}: VpcRef & { current?: Subnet | undefined; onDismiss: () => void }) {
  const { form, editing, modal } = useCreateOrEditForm<SubnetValues, Subnet>({
    kind: kinds.subnet,
    current,
    initial: subnetFormValues(current),
    // The blocks are fixed once made: only a new subnet's are checked.
    check: (values) => (current ? {} : subnetBlockErrors(values)),
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
    onDismiss,
  })
  const fixed = editing ? { readOnly: true, description: 'Set when the subnet was created.' } : {}
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <TextField
        label="IPv4 block"
        required={!editing}
        placeholder="10.0.0.0/24"
        spellCheck={false}
        {...form.field('ipv4Block')}
        {...fixed}
      />
      <TextField
        label="IPv6 block"
        placeholder="fd00:1122:3344:100::/64"
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
