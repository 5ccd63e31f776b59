// New IP pool (`ip-pools-new`, over the list) and edit (`ip-pools/{pool}/edit`, over the pool's page):
// name and description, and when creating the IP version and pool type, which IpPoolUpdate cannot
// change. A taken name comes back on the name field with every value kept.
import { useResource } from '../../storage'
import { Select, SideModal, SideModalForm, Skeleton, TextField, toast } from '../components'
import { NameField } from '../components/FormField'
import { useFleetActionReason } from '../hooks/use-action-reason'
import { useForm } from '../hooks/use-form'
import { QueryError } from '../ui/QueryError'
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
  return <PoolEdit pool={pool} {...props} />
}

/** The edit form's values start from the pool: its fields mount once the pool is known. */
function PoolEdit({ pool, ...props }: Props & { pool: string }) {
  const view = useResource('systemIpPoolView', poolViewParams(pool))
  if (view.data) return <PoolFields current={view.data} {...props} />
  return (
    <SideModal open onDismiss={props.onDismiss} title="Edit IP pool" subtitle={pool} cancelLabel="Close">
      {view.error ? <QueryError error={view.error} /> : <Skeleton />}
    </SideModal>
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
      <NameField label="Name" required describeRule {...form.field('name')} />
      <TextField label="Description" autoComplete="off" {...form.field('description')} />
      {/* Fixed at creation: IpPoolUpdate has neither. */}
      {!editing &&
        FIXED_FIELDS.map(({ key, ...select }) => (
          <Select key={key} required {...select} {...form.field(key)} />
        ))}
    </SideModalForm>
  )
}
