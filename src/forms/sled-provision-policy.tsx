// Setting a sled's provision policy (issue 15): a small dialog with the two policies, the current one
// chosen, and what each means. Save is disabled with the reason while the user may not write (offline,
// no fleet admin role, an expunged sled) or nothing would change; a refusal keeps the dialog and the
// choice, with the catalogue message. The answer is not a sled, so the sled's cached list pages and
// views are refetched; every screen showing the sled then agrees.
import { useState } from 'react'
import { css } from 'styled-system/css'
import { mutate } from '../../storage'
import { unwrap } from '../api/errors'
import { errorMessage } from '../components/confirm-queue'
import { RadioGroup } from '../components/FormField'
import { Modal } from '../components/Modal'
import { toast } from '../components/toast-queue'
import { useKindReason } from '../hooks/use-action-reason'
import {
  POLICY_WRITE,
  PROVISION_POLICIES,
  PROVISION_POLICY_HELP,
  PROVISION_POLICY_LABELS,
  type ProvisionPolicy,
  provisionPolicyOf,
  provisionPolicyRefusal,
  type Sled,
  unchangedPolicyReason,
} from '../pages/system/inventory/sled'
import { kinds } from '../ui/kinds'

const OPTIONS = PROVISION_POLICIES.map((value) => ({ value, label: PROVISION_POLICY_LABELS[value] }))

/** PUTs the policy; rejects with the catalogue message when the API refuses. */
export async function setProvisionPolicy(sled: Sled, state: ProvisionPolicy): Promise<void> {
  unwrap(
    await mutate(
      'sledSetProvisionPolicy',
      { path: { sledId: sled.id }, body: { state } },
      { invalidates: [{ endpoint: 'sledList' }, { endpoint: 'sledView' }] },
    ),
  )
  toast.success(`Sled ${sled.baseboard.serial} is now ${PROVISION_POLICY_LABELS[state].toLowerCase()}`)
}

export function SledProvisionPolicyDialog({ sled, onDismiss }: { sled: Sled; onDismiss: () => void }) {
  const [choice, setChoice] = useState<ProvisionPolicy>(provisionPolicyOf(sled) ?? 'provisionable')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const reason = useKindReason(kinds.sled, POLICY_WRITE)
  const why = reason(provisionPolicyRefusal(sled)) ?? unchangedPolicyReason(sled, choice) ?? undefined

  async function save() {
    setBusy(true)
    setError(null)
    try {
      await setProvisionPolicy(sled, choice)
      onDismiss()
    } catch (err) {
      setError(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      width="narrow"
      title="Set provision policy"
      onDismiss={() => !busy && onDismiss()}
      dismissable={!busy}
      actionLabel="Save"
      actionLoading={busy}
      onAction={() => void save()}
      {...(why ? { actionDisabledReason: why } : {})}
    >
      <p className={css({ mb: '4' })}>
        Sled <strong>{sled.baseboard.serial}</strong>
      </p>
      <RadioGroup
        legend="Provision policy"
        name="provision-policy"
        value={choice}
        options={OPTIONS}
        onChange={setChoice}
      />
      <p className={css({ color: 'fg.muted' })}>{PROVISION_POLICY_HELP[choice]}</p>
      {error && (
        <p role="alert" className={css({ color: 'danger.fg', mt: '3' })}>
          {error}
        </p>
      )}
    </Modal>
  )
}
