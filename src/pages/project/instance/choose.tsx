// The instance tabs' pick-one side modals: a ChooseForm whose subtitle names the instance.
import type { Instance } from '../../../api/types'
import { ChooseForm, type ChooseFormProps } from '../../../forms/choose-form'

/** What every such form is about and how it closes. */
export type InstanceChoiceCommon = {
  /** The instance the choice is for (the subtitle names it). */
  instance: Instance
  /** Offline, role or the machine: why the form cannot be sent now. */
  disabledReason: string | undefined
  onDismiss: () => void
}

export function InstanceChoice({
  instance,
  ...props
}: InstanceChoiceCommon & Omit<ChooseFormProps, 'subtitle'>) {
  return <ChooseForm {...props} subtitle={`Instance ${instance.name}`} />
}
