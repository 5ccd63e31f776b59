// The side forms that create a resource or edit the one a route names (projects, VPCs, subnets,
// routers, routes, IP pools, floating IPs): one form either way, whose texts, form id, draft and
// success toast all follow from the resource's noun and whether it is being edited.
import type { ReactNode } from 'react'
import { type ActionReason, useWriteReason } from '../hooks/use-action-reason'
import type { FormValues, UseFormOptions } from '../hooks/use-form'
import { inSentence, type Kind, newOf } from '../ui/kinds'
import { type SideFormOptions, useSideForm, whenSaved } from './side-form'
import { NAME } from './validation'

/** The title of the form editing one of a kind (also its frame's while the resource loads). */
export const editTitle = (kind: Kind) => `Edit ${inSentence(kind)}`

/**
 * The side modal's texts: "New router" / "Edit router", "Create router" / "Update router". The button
 * may name it shorter than the title does (`submitNoun`: "Create group" in "New anti-affinity group").
 */
export function createOrEditTexts(kind: Kind, current: { name: string } | undefined, submitNoun?: string) {
  const editing = current !== undefined
  const noun = inSentence(kind)
  return {
    title: editing ? editTitle(kind) : newOf(kind),
    subtitle: current?.name,
    submitLabel: `${editing ? 'Update' : 'Create'} ${submitNoun ?? noun}`,
  }
}

/** The success toast: "Router web updated", "IP pool default created". */
export const savedMessage = (kind: Kind, name: string, editing: boolean) =>
  `${kind.one} ${name} ${editing ? 'updated' : 'created'}`

export type CreateOrEditOptions<V extends FormValues & { name: string }, R> = Omit<
  SideFormOptions<V, R>,
  | 'id'
  | 'op'
  | 'draft'
  | 'rules'
  | 'title'
  | 'subtitle'
  | 'submitLabel'
  | 'done'
  | 'onSaved'
  | 'disabledReason'
> & {
  /** Rules besides the name's (always NAME). */
  rules?: UseFormOptions<V, R>['rules']
  /** What the form makes: its title, button, toast, reason and form id name it. */
  kind: Kind
  /** The submit button's noun, when shorter than the title's ("group"); else the noun. */
  submitNoun?: string
  /** The screen's own reason, where it words the write otherwise ("managing floating IPs"); else the
   * kind's, asked about this write by its noun ("creating a router"). */
  reason?: ActionReason
  /** The edited resource's own refusal (its machine's, or a rule like the system router's). */
  refusal?: string | null | undefined
  /** The resource being edited; absent, the form creates one. */
  current: { name: string } | undefined
  /** The subtitle, when it says more than the edited resource's name. */
  subtitle?: ReactNode
  /** Appended to a new one's form id (its draft key), when drafts are kept apart (e.g. per project). */
  draftScope?: string
  /** After the success toast, with what was saved (e.g. to its page under its new name); else it closes. */
  onSaved?: (saved: R) => void
}

/**
 * useSideForm for a create-or-edit form: its id is the noun's (`ip-pool-create`, `ip-pool-edit`), a new
 * one's values are kept across a sign-in round trip (an edit starts from the server's copy), its texts
 * follow from the noun (so does the write its disabled reason names), and a save is told in a toast.
 * Returns the form, whether it edits, and the side modal's props.
 */
export function useCreateOrEditForm<V extends FormValues & { name: string }, R extends { name: string }>({
  kind,
  submitNoun,
  reason,
  refusal,
  current,
  subtitle,
  draftScope,
  onSaved,
  rules,
  ...opts
}: CreateOrEditOptions<V, R>) {
  const editing = current !== undefined
  const slug = kind.one.toLowerCase().replaceAll(' ', '-')
  const texts = createOrEditTexts(kind, current, submitNoun)
  const why = useWriteReason(kind, reason)
  const { form, modal } = useSideForm<V, R>({
    ...opts,
    ...texts,
    subtitle: subtitle ?? texts.subtitle,
    disabledReason: why(editing ? 'editing' : 'creating', refusal),
    // Every one has a name, held to the contract's Name rule.
    rules: Object.assign({ name: NAME }, rules),
    id: editing ? `${slug}-edit` : `${slug}-create${draftScope ? `-${draftScope}` : ''}`,
    ...whenSaved((saved) => savedMessage(kind, saved.name, editing), onSaved ?? opts.onDismiss),
    draft: !editing,
  })
  return { form, editing, modal }
}
