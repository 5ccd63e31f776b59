// Resize an instance (a side modal over its page): vCPUs and memory, prefilled with what it has. The
// change runs as the instance machine's RESIZE, so the machine refuses it outside stopped, failed or
// creating, and the answer lands in every cached view of the instance.

import type { Instance } from '../../../api/types'
import { SideModalForm } from '../../../components'
import { errorMessage } from '../../../components/confirm-queue'

import { InstanceSizeFields } from '../../../forms/instance-size-fields'
import { MEMORY, VCPUS } from '../../../forms/instance-values'
import { useSideForm } from '../../../forms/side-form'
import { FormError } from '../../../hooks/use-form'
import { performInstanceAction } from '../../../hooks/use-instance-actor'
import { resizeBody, resizeFailureField, resizeInitial } from './resize'

export default function ResizeForm({
  instance,
  disabledReason,
  onDismiss,
}: {
  instance: Instance
  /** Offline, role or the machine: the submit button shows it. */
  disabledReason: string | undefined
  onDismiss: () => void
}) {
  const { form, modal } = useSideForm({
    id: 'instance-resize',
    initial: resizeInitial(instance),
    rules: { ncpus: VCPUS, memoryGib: MEMORY },
    submit: async (values) => {
      try {
        await performInstanceAction(instance, 'RESIZE', resizeBody(instance, values))
      } catch (e) {
        const message = errorMessage(e)
        throw new FormError(message, resizeFailureField(message))
      }
    },
    done: (_, values) => [
      `Instance ${instance.name} resized`,
      `${values.ncpus} vCPUs, ${values.memoryGib} GiB memory`,
    ],
    title: 'Resize instance',
    subtitle: instance.name,
    submitLabel: 'Resize',
    disabledReason,
    onDismiss,
  })
  return (
    <SideModalForm {...modal}>
      <InstanceSizeFields ncpus={form.field('ncpus')} memoryGib={form.field('memoryGib')} />
    </SideModalForm>
  )
}
