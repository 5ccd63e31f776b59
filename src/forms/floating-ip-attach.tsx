// Attach a floating IP to an instance, from the floating IPs list: one choice among the project's
// running or stopped instances (the rule; the API refuses instances being created or gone).
// A failed attach keeps the choice and shows the catalogue's message.
import { useList } from '../../storage'
import type { FloatingIp } from '../api/types'
import { Select, SideModalForm } from '../components'
import { attachableInstances, attachFloatingIpTo } from './floating-ip'
import { useSideForm } from './side-form'
import { chosen } from './validation'

const CHOOSE = 'Choose an instance'
const NONE = 'No running or stopped instances in this project.'

export function FloatingIpAttachForm({
  project,
  fip,
  disabledReason,
  onDismiss,
}: {
  project: string
  fip: FloatingIp
  /** Offline, role or the floating IP's attachment: why it cannot be sent now. */
  disabledReason: string | undefined
  onDismiss: () => void
}) {
  const listed = useList('instanceList', { query: { project, limit: 100 } }).data?.items
  const instances = listed && attachableInstances(listed)
  const none = instances !== undefined && instances.length === 0
  const { form, modal } = useSideForm({
    id: 'floating-ip-attach',
    initial: { instance: '' },
    rules: { instance: chosen(CHOOSE) },
    submit: ({ instance }) => attachFloatingIpTo(fip, { id: instance }),
    done: (_data, { instance }) => {
      const name = instances?.find((i) => i.id === instance)?.name ?? instance
      return `Floating IP ${fip.name} attached to ${name}`
    },
    title: 'Attach floating IP',
    subtitle: `${fip.name} (${fip.ip})`,
    submitLabel: 'Attach',
    disabledReason: disabledReason ?? (none ? NONE : undefined),
    onDismiss,
  })
  return (
    <SideModalForm {...modal}>
      {none ? (
        <p>{NONE}</p>
      ) : (
        <Select
          label="Instance"
          required
          description="A running or stopped instance of the project."
          placeholder={instances === undefined ? 'Loading…' : CHOOSE}
          // By id: the choice stays right if an instance is renamed while the form is open.
          options={(instances ?? []).map((i) => ({ value: i.id, label: `${i.name} (${i.runState})` }))}
          {...form.field('instance')}
        />
      )}
    </SideModalForm>
  )
}
