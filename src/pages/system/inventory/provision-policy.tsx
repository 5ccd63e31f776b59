// The "Set provision policy" action of a sled, shared by the sleds table (row menu) and the sled page
// (header button): its disabled reason comes from useKindReason (offline, then the fleet admin
// role, then an expunged sled's refusal), and its dialog's code loads when it is first opened.
import { lazy, Suspense, useState } from 'react'
import type { ActionMenuItem } from '../../../components/ActionMenu'
import { useKindReason } from '../../../hooks/use-action-reason'
import { kinds } from '../../../ui/kinds'
import { POLICY_WRITE, provisionPolicyRefusal, type Sled } from './sled'

const Dialog = lazy(() =>
  import('../../../forms/sled-provision-policy').then((m) => ({ default: m.SledProvisionPolicyDialog })),
)

export const SET_PROVISION_POLICY = 'Set provision policy'

export function useProvisionPolicyAction() {
  const [sled, setSled] = useState<Sled | null>(null)
  const reason = useKindReason(kinds.sled, POLICY_WRITE)
  const reasonFor = (s: Sled) => reason(provisionPolicyRefusal(s))
  return {
    reasonFor,
    open: (s: Sled) => setSled(s),
    item: (s: Sled): ActionMenuItem => ({
      label: SET_PROVISION_POLICY,
      disabledReason: reasonFor(s),
      onSelect: () => setSled(s),
    }),
    dialog: sled && (
      <Suspense fallback={null}>
        <Dialog key={sled.id} sled={sled} onDismiss={() => setSled(null)} />
      </Suspense>
    ),
  }
}
