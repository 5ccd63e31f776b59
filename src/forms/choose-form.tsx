// The one shape of the "pick one thing" side modals: attach a disk, an ephemeral or floating IP, join
// an anti-affinity group, set the auto-restart policy (the instance's tabs), attach a floating IP to an
// instance, add an instance to a group, demote an image to a project. A single select, sent by
// `submit`; while its choices load it says so, and with none to offer it says why instead and the
// submit is refused with that text. A failed send keeps the choice and shows the catalogue's message
// on the select, as does a conflict ("Image name already exists" when a project has that name).

import type { ReactNode } from 'react'
import type { ApiResult } from '../api/types'
import { Select, type SelectOption, SideModalForm } from '../components'
import { FormError } from '../hooks/use-form'
import { useSideForm } from './side-form'
import { chosen } from './validation'

export type ChooseFormProps = {
  /** The form's DOM id prefix. */
  id: string
  title: string
  /** What the choice is for ("Instance db1"). */
  subtitle: string
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
  /** Help under the select (a machine's refusal of some choices); nothing when falsy. */
  description?: ReactNode
  initial?: string
  /** Offline, role or a machine: why the form cannot be sent now. */
  disabledReason: string | undefined
  // biome-ignore lint/suspicious/noConfusingVoidType: a machine action resolves with nothing
  submit: (choice: string) => Promise<ApiResult<unknown> | void>
  /** The success toast for a choice. */
  done: (choice: string) => string
  onDismiss: () => void
}

export function ChooseForm(props: ChooseFormProps) {
  const { options, requiredMessage } = props
  const empty = options !== undefined && options.length === 0 && props.noneText
  const { form, modal } = useSideForm({
    id: props.id,
    initial: { choice: props.initial ?? '' },
    rules: requiredMessage ? { choice: chosen(requiredMessage) } : {},
    nameField: 'choice',
    submit: async ({ choice }) => {
      try {
        return await props.submit(choice)
      } catch (e) {
        // A machine action rejects with its refusal or the API's message: the form keeps the choice.
        throw new FormError(e instanceof Error ? e.message : String(e), 'choice')
      }
    },
    done: (_data, { choice }) => props.done(choice),
    title: props.title,
    subtitle: props.subtitle,
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
          description={props.description}
          placeholder={options === undefined ? 'Loading…' : props.placeholder}
          options={options ?? []}
          {...form.field('choice')}
        />
      )}
    </SideModalForm>
  )
}
