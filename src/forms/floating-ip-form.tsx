// New floating IP (`floating-ips-new`) and edit floating IP (`floating-ips/{floatingIp}/edit`), over
// the floating IPs list. Creating takes a name, a description, a pool of the silo (blank: the silo's
// default) and, optionally, the very address to reserve, checked against the pool's IP version before
// it is sent. Editing changes the name and description only (floatingIpUpdate). A taken name comes
// back on the name field ("Floating IP name already exists", spec section 8) with every value kept.
import { useList } from '../../storage'
import type { FloatingIp } from '../api/types'
import { Select, TextField } from '../components'
import { useKindReason } from '../hooks/use-action-reason'
import { PICK, views } from '../lists'
import { poolOption, unicastPools } from '../pages/project/instance/networking-actions'
import { kinds } from '../ui/kinds'
import { useCreateOrEditForm } from './create-or-edit'
import { CreateOrEditModal, nameAndDescriptionOf } from './fields'
import {
  addressProblem,
  createFloatingIp,
  type FloatingIpValues,
  type Pool,
  updateFloatingIp,
} from './floating-ip'
import { createOrLoadForm } from './when-loaded'

/** The page of pools the instance forms read too: one cache entry for all of them. */
const POOLS = { query: PICK }

type Props = { project: string; onDismiss: () => void }

export function FloatingIpCreateForm(props: Props) {
  const listed = useList('ipPoolList', POOLS).data?.items
  return <FloatingIpFields {...props} pools={listed && unicastPools(listed)} />
}

export function FloatingIpEditForm(props: Props & { floatingIp: string }) {
  return <FloatingIpForm {...props} />
}

const FloatingIpForm = createOrLoadForm(views.floatingIp, FloatingIpFields)

/** Creating (`pools` given, undefined while they load) or editing (`current`): one form. */
function FloatingIpFields({
  project,
  current,
  pools,
  onDismiss,
}: Props & { current?: FloatingIp | undefined; pools?: Pool[] | undefined }) {
  const reason = useKindReason(kinds.floatingIp, 'managing floating IPs')
  const made = useCreateOrEditForm({
    kind: kinds.floatingIp,
    current,
    subtitle: current && `${current.name} (${current.ip})`,
    initial: { ...nameAndDescriptionOf(current), pool: '', address: '' } as FloatingIpValues,
    check: ({ address, pool }) => {
      const problem = addressProblem(
        address,
        pools?.find((p) => p.name === pool),
      )
      return problem ? { address: problem } : {}
    },
    submit: ({ name, description, ...where }) =>
      current
        ? updateFloatingIp(current, { name, description })
        : createFloatingIp(project, { name, description, ...where }, pools ?? []),
    reason,
    onDismiss,
  })
  return (
    <CreateOrEditModal
      {...made}
      createOnly={
        <>
          <Select
            label="IP pool"
            description="The pool the address comes from."
            placeholder={pools === undefined ? 'Loading…' : 'Silo default pool'}
            options={(pools ?? []).map(poolOption)}
            {...made.form.field('pool')}
          />
          <TextField
            label="IP address"
            description="Optional: a free address of the pool to reserve. Blank takes the next free one."
            spellCheck={false}
            {...made.form.field('address')}
          />
        </>
      }
    />
  )
}
