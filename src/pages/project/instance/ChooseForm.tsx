// The one shape of the instance tabs' "pick one thing" side modals (attach an ephemeral IP from a pool,
// attach a floating IP, join an anti-affinity group, set the auto-restart policy): a single select,
// sent by `submit`. A failed send keeps the choice and shows the catalogue's message.

import type { ApiResult, Instance } from '../../../api/types'
import { Select, type SelectOption, SideModalForm } from '../../../components'
import { useSideForm } from '../../../forms/side-form'
import { chosen } from '../../../forms/validation'
import { FormError } from '../../../hooks/use-form'

/** What every such form is about and how it closes. */
export type ChooseFormCommon = {
  /** The instance the choice is for (the subtitle names it). */
  instance: Instance
  /** Offline, role or the machine: why the form cannot be sent now. */
  disabledReason: string | undefined
  onDismiss: () => void
}

export type ChooseFormProps = ChooseFormCommon & {
  /** The form's DOM id prefix. */
  id: string
  title: string
  submitLabel: string
  label: string
  /** undefined while the choices load. */
  options: readonly SelectOption[] | undefined
  /** The empty choice's text; with `requiredMessage` it is not a valid choice. */
  placeholder?: string
  /** What the user reads when nothing is chosen; without it the empty choice is sent. */
  requiredMessage?: string
  /** Shown instead of the select when there is nothing to choose from. */
  noneText?: string
  description?: string
  initial?: string
  // biome-ignore lint/suspicious/noConfusingVoidType: a machine action resolves with nothing
  submit: (choice: string) => Promise<ApiResult<unknown> | void>
  /** The success toast for a choice. */
  done: (choice: string) => string
}

export function ChooseForm(props: ChooseFormProps) {
  const { options, requiredMessage } = props
  const empty = options !== undefined && options.length === 0 && props.noneText
  const { form, modal } = useSideForm({
    id: props.id,
    initial: { choice: props.initial ?? '' },
    rules: requiredMessage ? { choice: chosen(requiredMessage) } : {},
    submit: async ({ choice }) => {
      try {
        return await props.submit(choice)
      } catch (e) {
        // A machine action rejects with its refusal or the API's message: the form keeps the choice.
        throw new FormError(e instanceof Error ? e.message : String(e))
      }
    },
    done: (_data, { choice }) => props.done(choice),
    title: props.title,
    subtitle: `Instance ${props.instance.name}`,
    submitLabel: props.submitLabel,
    disabledReason: props.disabledReason ?? (empty ? props.noneText : undefined),
    onDismiss: props.onDismiss,
  })
  return (
    <SideModalForm {...modal}>
      {empty ? (
        <p>{props.noneText}</p>
      ) : (
        <Select
          label={props.label}
          required={requiredMessage !== undefined}
          {...(props.description ? { description: props.description } : {})}
          placeholder={options === undefined ? 'Loading…' : props.placeholder}
          options={options ?? []}
          {...form.field('choice')}
        />
      )}
    </SideModalForm>
  )
}
