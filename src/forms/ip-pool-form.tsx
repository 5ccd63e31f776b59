import { Select, SideModalForm, toast } from '../components'
import { useFleetActionReason } from '../hooks/use-action-reason'
import { useForm } from '../hooks/use-form'
import { NameAndDescription } from './fields'
import {
  createPool,
  type IpPool,
  ipPoolNeed,
  POOL_TYPE_LABELS,
  type PoolValues,
  poolFormValues,
  poolViewParams,
  updatePool,
  VERSION_LABELS,
} from './ip-pool'
import { NAME } from './validation'
import { WhenLoaded } from './when-loaded'

type Props = {
  /** The pool to edit; absent, the form creates one. */
  pool?: string
  onDismiss: () => void
  /** Called with the saved pool (a rename's new name included). */
  onSaved: (pool: IpPool) => void
}

const options = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }))
const FIXED_FIELDS = [
  {
    key: 'ipVersion',
    label: 'IP version',
    description: 'Every range of the pool is of this version; it cannot be changed later.',
    options: options(VERSION_LABELS),
  },
  {
    key: 'poolType',
    label: 'Pool type',
    description:
      'Unicast pools give instances and floating IPs their addresses; multicast pools serve multicast groups.',
    options: options(POOL_TYPE_LABELS),
  },
] as const

export function IpPoolForm({ pool, ...props }: Props) {
  if (pool === undefined) return <PoolFields {...props} />
  return (
    <WhenLoaded
      endpoint="systemIpPoolView"
      params={poolViewParams(pool)}
      title="Edit IP pool"
      subtitle={pool}
      onDismiss={props.onDismiss}
    >
      {(current) => <PoolFields current={current} {...props} />}
    </WhenLoaded>
  )
}

function PoolFields({ current, onDismiss, onSaved }: Omit<Props, 'pool'> & { current?: IpPool }) {
  const editing = current !== undefined
  const reason = useFleetActionReason(ipPoolNeed(editing ? 'editing an IP pool' : 'creating an IP pool'))
  const form = useForm<PoolValues, IpPool>({
    id: editing ? 'ip-pool-edit' : 'ip-pool-create',
    initial: poolFormValues(current),
    rules: { name: NAME },
    op: editing ? 'systemIpPoolUpdate' : 'systemIpPoolCreate',
    submit: (values) => (current ? updatePool(current, values) : createPool(values)),
    onSuccess: (saved) => {
      if (!saved) return
      toast.success(`IP pool ${saved.name} ${editing ? 'updated' : 'created'}`)
      onSaved(saved)
    },
    // Kept across a sign-in round trip only when creating: an edit starts from the server's copy.
    draft: !editing,
  })
  return (
    <SideModalForm
      form={form}
      title={editing ? 'Edit IP pool' : 'New IP pool'}
      subtitle={current?.name}
      submitLabel={editing ? 'Update IP pool' : 'Create IP pool'}
      onDismiss={onDismiss}
      submitDisabledReason={reason()}
    >
      <NameAndDescription form={form} />
      {/* Fixed at creation: IpPoolUpdate has neither. */}
      {!editing &&
        FIXED_FIELDS.map(({ key, ...select }) => (
          <Select key={key} required {...select} {...form.field(key)} />
        ))}
    </SideModalForm>
  )
}
