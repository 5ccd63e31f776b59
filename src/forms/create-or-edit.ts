// The side forms that create a resource or edit the one a route names (projects, VPCs, subnets,
// routers, routes, IP pools, floating IPs): one form either way, whose texts, form id, draft and
// success toast all follow from the resource's noun and whether it is being edited.
import type { ReactNode } from 'react'
import type { OperationName } from '../api/types'
import type { FormValues, UseFormOptions } from '../hooks/use-form'
import { type SideFormOptions, useSideForm, whenSaved } from './side-form'
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
  SideFormOptions<V, R>,
  'id' | 'op' | 'draft' | 'rules' | 'title' | 'subtitle' | 'submitLabel' | 'done' | 'onSaved'
> & {
  /** Rules besides the name's (always NAME). */
  rules?: UseFormOptions<V, R>['rules']
  /** What the form makes, as its title names it: "router", "IP pool", "floating IP". */
  noun: string
  /** The resource being edited; absent, the form creates one. */
  current: { name: string } | undefined
  /** The subtitle, when it says more than the edited resource's name. */
  subtitle?: ReactNode
  /** The operations it sends, for the error catalogue. */
  op: { create: OperationName; update: OperationName }
  /** Appended to a new one's form id (its draft key), when drafts are kept apart (e.g. per project). */
  draftScope?: string
  /** After the success toast, with what was saved (e.g. to its page under its new name); else it closes. */
  onSaved?: (saved: R) => void
}

/**
 * useSideForm for a create-or-edit form: its id is the noun's (`ip-pool-create`, `ip-pool-edit`), a new
 * one's values are kept across a sign-in round trip (an edit starts from the server's copy), its texts
 * follow from the noun, and a save is told in a toast. Returns the form, whether it edits, and the side
 * modal's props.
 */
export function useCreateOrEditForm<V extends FormValues & { name: string }, R extends { name: string }>({
  noun,
  current,
  subtitle,
  op,
  draftScope,
  onSaved,
  rules,
  ...opts
}: CreateOrEditOptions<V, R>) {
  const editing = current !== undefined
  const slug = noun.toLowerCase().replaceAll(' ', '-')
  const texts = createOrEditTexts(noun, current)
  const { form, modal } = useSideForm<V, R>({
    ...opts,
    ...texts,
    subtitle: subtitle ?? texts.subtitle,
    // Every one has a name, held to the contract's Name rule.
    rules: Object.assign({ name: NAME }, rules),
    id: editing ? `${slug}-edit` : `${slug}-create${draftScope ? `-${draftScope}` : ''}`,
    op: editing ? op.update : op.create,
    ...whenSaved((saved) => savedMessage(noun, saved.name, editing), onSaved ?? opts.onDismiss),
    draft: !editing,
  })
  return { form, editing, modal }
}
