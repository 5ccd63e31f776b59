// The side forms that create a resource or edit the one a route names (projects, VPCs, subnets,
// routers, routes, IP pools, floating IPs): one form either way, whose texts, form id, draft and
// success toast all follow from the resource's noun and whether it is being edited.
import type { OperationName } from '../api/types'
import { toast } from '../components'
import { type FormValues, type UseFormOptions, useForm } from '../hooks/use-form'
import { NAME } from './validation'

/** The title of the form editing one `noun` (also its frame's while the resource loads). */
export const editTitle = (noun: string) => `Edit ${noun}`

/** The side modal's texts: "New router" / "Edit router", "Create router" / "Update router". */
export function createOrEditTexts(noun: string, current: { name: string } | undefined) {
  const editing = current !== undefined
  return {
    title: editing ? editTitle(noun) : `New ${noun}`,
    subtitle: current?.name,
    submitLabel: `${editing ? 'Update' : 'Create'} ${noun}`,
  }
}

/** The success toast: "Router web updated", "IP pool default created". */
export const savedMessage = (noun: string, name: string, editing: boolean) =>
  `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${name} ${editing ? 'updated' : 'created'}`

export type CreateOrEditOptions<V extends FormValues & { name: string }, R> = Omit<
  UseFormOptions<V, R>,
  'id' | 'op' | 'onSuccess' | 'draft'
> & {
  /** Rules besides the name's (always NAME). */
  rules?: UseFormOptions<V, R>['rules']
  /** What the form makes, as its title names it: "router", "IP pool", "floating IP". */
  noun: string
  /** The resource being edited; absent, the form creates one. */
  current: { name: string } | undefined
  /** The operations it sends, for the error catalogue. */
  op: { create: OperationName; update: OperationName }
  /** Appended to a new one's form id (its draft key), when drafts are kept apart (e.g. per project). */
  draftScope?: string
  /** Closes the form (Cancel, Escape, and after a save unless `onSaved` is given). */
  onDismiss: () => void
  /** After the success toast, with what was saved (e.g. to its page under its new name). */
  onSaved?: (saved: R) => void
}

/**
 * useForm for a create-or-edit form: its id is the noun's (`ip-pool-create`, `ip-pool-edit`), a new
 * one's values are kept across a sign-in round trip (an edit starts from the server's copy), and a
 * save is told in a toast. Returns the form, whether it edits, and the side modal's props (all but
 * why it cannot be sent, which each form tells).
 */
export function useCreateOrEditForm<V extends FormValues & { name: string }, R extends { name: string }>({
  noun,
  current,
  op,
  draftScope,
  onDismiss,
  onSaved = () => onDismiss(),
  rules,
  ...opts
}: CreateOrEditOptions<V, R>) {
  const editing = current !== undefined
  const slug = noun.toLowerCase().replaceAll(' ', '-')
  const form = useForm<V, R>({
    ...opts,
    // Every one has a name, held to the contract's Name rule.
    rules: Object.assign({ name: NAME }, rules),
    id: editing ? `${slug}-edit` : `${slug}-create${draftScope ? `-${draftScope}` : ''}`,
    op: editing ? op.update : op.create,
    onSuccess: (saved) => {
      if (!saved) return
      toast.success(savedMessage(noun, saved.name, editing))
      onSaved(saved)
    },
    draft: !editing,
  })
  return { form, editing, modal: { form, ...createOrEditTexts(noun, current), onDismiss } }
}
