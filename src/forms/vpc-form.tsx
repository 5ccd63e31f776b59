import { SideModalForm, TextField } from '../components'
import { views } from '../lists'
import { kinds } from '../ui/kinds'
import { useCreateOrEditForm } from './create-or-edit'
import { NameAndFollower, nameAndDescriptionOf } from './fields'
import { nameRule } from './validation'
import { createVpc, IPV6_PREFIX, updateVpc, type Vpc, type VpcValues } from './vpc'
import { createOrLoadForm } from './when-loaded'

type Props = {
  project: string
  /** The VPC to edit; absent, the form creates one. */
  vpc?: string
  onDismiss: () => void
  /** Called with the saved VPC (a rename's new name included); without it, a save closes the form. */
  onSaved?: (vpc: Vpc) => void
}

export const VpcForm = createOrLoadForm(views.vpc, VpcFields)

const DNS_NAME = nameRule('DNS name')

function VpcFields({
  project,
  current,
  onDismiss,
  onSaved,
}: Omit<Props, 'vpc'> & { current?: Vpc | undefined }) {
  const { form, editing, modal } = useCreateOrEditForm<VpcValues, Vpc>({
    kind: kinds.vpc,
    current,
    draftScope: project,
    initial: { ...nameAndDescriptionOf(current), dnsName: current?.dnsName ?? '', ipv6Prefix: '' },
    rules: { dnsName: DNS_NAME, ...(current ? {} : { ipv6Prefix: IPV6_PREFIX }) },
    submit: ({ ipv6Prefix, ...values }) =>
      current ? updateVpc(project, current, values) : createVpc(project, { ...values, ipv6Prefix }),
    onDismiss,
    onSaved,
  })
  return (
    <SideModalForm {...modal}>
      {/* Only a new VPC's DNS name follows its name: an existing one's is in use under its own value. */}
      <NameAndFollower
        form={form}
        follower="dnsName"
        label="DNS name"
        description="The VPC's name in DNS; the same as the name unless changed here."
        follows={!editing}
      />
      {!editing && (
        <TextField
          label="IPv6 prefix"
          spellCheck={false}
          placeholder="fd12:3456:789a::/48"
          description="Optional: a /48 of the unique local range fd00::/8 for the VPC's subnets. Left blank, one is chosen."
          {...form.field('ipv6Prefix')}
        />
      )}
    </SideModalForm>
  )
}
