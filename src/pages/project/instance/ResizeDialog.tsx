// The one resize of an instance, opened from its page's header (InstanceActions.tsx) or from its row
// in the instances list: the side modal of ResizeForm.tsx (loaded when first asked for), its submit
// refused by the same rules as the Resize control that opened it (offline, role, the machine), asked
// of the instance as the cache has it now (a list row may have moved on since it was clicked).
import { lazy, Suspense } from 'react'
import { useResource } from '../../../../storage'
import type { Instance } from '../../../api/types'
import { useRunningActions } from '../../../hooks/live-actions'
import { useKindReason } from '../../../hooks/use-action-reason'
import { kinds } from '../../../ui/kinds'
import { instanceRowRefusal } from '../../../ui/row-state'
import { instanceViewParams } from './queries'

// The form (and its validation rules) loads when the user first asks to resize.
const ResizeForm = lazy(() => import('./ResizeForm'))

export function ResizeDialog({
  project,
  instance: opened,
  onDismiss,
}: {
  project: string
  instance: Instance
  onDismiss: () => void
}) {
  // An action starting or settling on the instance changes whether the resize is allowed.
  useRunningActions()
  // The instance page reads this same entry; from a list row it is one read when the dialog opens.
  const instance =
    useResource('instanceView', instanceViewParams({ project, instance: opened.name })).data ?? opened
  const reason = useKindReason(kinds.instance, 'managing instances')
  return (
    <Suspense fallback={null}>
      <ResizeForm
        instance={instance}
        disabledReason={reason(instanceRowRefusal(instance, 'RESIZE'))}
        onDismiss={onDismiss}
      />
    </Suspense>
  )
}
