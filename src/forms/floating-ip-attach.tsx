// Attach a floating IP to an instance, from the floating IPs list: one choice among the project's
// running or stopped instances (the rule; the API refuses instances being created or gone).
// A failed attach keeps the choice and shows the catalogue's message.
import { useList } from '../../storage'
import type { FloatingIp } from '../api/types'
import { PICK } from '../lists'
import { ChooseForm } from './choose-form'
import { attachableInstances, attachFloatingIpTo } from './floating-ip'

const CHOOSE = 'Choose an instance'

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
  const listed = useList('instanceList', { query: { project, ...PICK } }).data?.items
  return (
    <ChooseForm
      id="floating-ip-attach"
      title="Attach floating IP"
      subtitle={`${fip.name} (${fip.ip})`}
      submitLabel="Attach"
      label="Instance"
      placeholder={CHOOSE}
      requiredMessage={CHOOSE}
      noneText="No running or stopped instances in this project."
      description="A running or stopped instance of the project."
      // By id: the choice stays right if an instance is renamed while the form is open.
      options={
        listed &&
        attachableInstances(listed).map((i) => ({ value: i.id, label: `${i.name} (${i.runState})` }))
      }
      submit={(instance) => attachFloatingIpTo(fip, { id: instance })}
      done={(instance) =>
        `Floating IP ${fip.name} attached to ${listed?.find((i) => i.id === instance)?.name ?? instance}`
      }
      disabledReason={disabledReason}
      onDismiss={onDismiss}
    />
  )
}
