import { Select } from '../components'
import { views } from '../lists'
import { kinds } from '../ui/kinds'
import { useCreateOrEditForm } from './create-or-edit'
import { CreateOrEditModal } from './fields'
import {
  createPool,
  type IpPool,
  POOL_TYPE_LABELS,
  type PoolValues,
  poolFormValues,
  updatePool,
  VERSION_LABELS,
} from './ip-pool'
import { createOrLoadForm } from './when-loaded'

type Props = {
  /** The pool to edit; absent, the form creates one. */
  pool?: string
  onDismiss: () => void
  /** Called with the saved pool (a rename's new name included); without it, a save closes the form. */
  onSaved?: (pool: IpPool) => void
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

export const IpPoolForm = createOrLoadForm(views.ipPool, PoolFields)

function PoolFields({ current, onDismiss, onSaved }: Omit<Props, 'pool'> & { current?: IpPool | undefined }) {
  const made = useCreateOrEditForm<PoolValues, IpPool>({
    kind: kinds.ipPool,
    current,
    initial: poolFormValues(current),
    submit: (values) => (current ? updatePool(current, values) : createPool(values)),
    onDismiss,
    onSaved,
  })
  return (
    <CreateOrEditModal
      {...made}
      createOnly={FIXED_FIELDS.map(({ key, ...select }) => (
        <Select key={key} required {...select} {...made.form.field(key)} />
      ))}
    />
  )
}
