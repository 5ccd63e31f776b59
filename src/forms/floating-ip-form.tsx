// New floating IP (`floating-ips-new`) and edit floating IP (`floating-ips/{floatingIp}/edit`), over
// the floating IPs list. Creating takes a name, a description, a pool of the silo (blank: the silo's
// default) and, optionally, the very address to reserve, checked against the pool's IP version before
// it is sent. Editing changes the name and description only (floatingIpUpdate). A taken name comes
// back on the name field ("Floating IP name already exists", spec section 8) with every value kept.
import { useList } from '../../storage'
import type { FloatingIp } from '../api/types'
import { Select, SideModalForm, TextField, toast } from '../components'
import { useActionReason } from '../hooks/use-action-reason'
import { useForm } from '../hooks/use-form'
import { NameAndDescription } from './fields'
import {
  addressProblem,
  createFloatingIp,
  type FloatingIpValues,
  floatingIpNeed,
  floatingIpPools,
  type Pool,
  poolLabel,
  updateFloatingIp,
} from './floating-ip'
import { NAME } from './validation'
import { WhenLoaded } from './when-loaded'

/** The page of pools the instance forms read too: one cache entry for all of them. */
const POOLS = { query: { limit: 100 } }

type Props = { project: string; onDismiss: () => void }

export function FloatingIpCreateForm(props: Props) {
  const listed = useList('ipPoolList', POOLS).data?.items
  return <FloatingIpFields {...props} pools={listed && floatingIpPools(listed)} />
}

export function FloatingIpEditForm({ project, floatingIp, onDismiss }: Props & { floatingIp: string }) {
  return (
    <WhenLoaded
      endpoint="floatingIpView"
      params={{ path: { floatingIp }, query: { project } }}
      title="Edit floating IP"
      subtitle={floatingIp}
      onDismiss={onDismiss}
    >
      {(current) => <FloatingIpFields project={project} current={current} onDismiss={onDismiss} />}
    </WhenLoaded>
  )
}

/** Creating (`pools` given, undefined while they load) or editing (`current`): one form. */
function FloatingIpFields({
  project,
  current,
  pools,
  onDismiss,
}: Props & { current?: FloatingIp; pools?: Pool[] | undefined }) {
  const editing = current !== undefined
  const reason = useActionReason(floatingIpNeed(project))
  const form = useForm({
    id: editing ? 'floating-ip-edit' : 'floating-ip-create',
    initial: {
      name: current?.name ?? '',
      description: current?.description ?? '',
      pool: '',
      address: '',
    } as FloatingIpValues,
    rules: { name: NAME },
    check: ({ address, pool }) => {
      const problem = addressProblem(
        address,
        pools?.find((p) => p.name === pool),
      )
      return problem ? { address: problem } : {}
    },
    op: editing ? 'floatingIpUpdate' : 'floatingIpCreate',
    submit: ({ name, description, ...where }) =>
      current
        ? updateFloatingIp(current, { name, description })
        : createFloatingIp(project, { name, description, ...where }, pools ?? []),
    onSuccess: (saved) => {
      toast.success(`Floating IP ${saved?.name} ${editing ? 'updated' : 'created'}`)
      onDismiss()
    },
    // Kept across a sign-in round trip only when creating: an edit starts from the server's copy.
    draft: !editing,
  })
  return (
    <SideModalForm
      form={form}
      title={editing ? 'Edit floating IP' : 'New floating IP'}
      subtitle={current && `${current.name} (${current.ip})`}
      submitLabel={editing ? 'Update floating IP' : 'Create floating IP'}
      onDismiss={onDismiss}
      submitDisabledReason={reason()}
    >
      <NameAndDescription form={form} />
      {!editing && (
        <>
          <Select
            label="IP pool"
            description="The pool the address comes from."
            placeholder={pools === undefined ? 'Loading…' : 'Silo default pool'}
            options={(pools ?? []).map((p) => ({ value: p.name, label: poolLabel(p) }))}
            {...form.field('pool')}
          />
          <TextField
            label="IP address"
            description="Optional: a free address of the pool to reserve. Blank takes the next free one."
            autoComplete="off"
            spellCheck={false}
            {...form.field('address')}
          />
        </>
      )}
    </SideModalForm>
  )
}
