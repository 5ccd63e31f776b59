// The Edit and Delete items of a row's menu (spec 4, interface behaviours): every list whose rows are
// edited in a form and deleted after a confirm offers the same two items with the same wording.
import type { ActionMenuItem } from '../components/ActionMenu'
import { confirmDelete } from '../components/confirm-queue'
import { toast } from '../components/toast-queue'
import { inSentence, type Kind } from './kinds'

export function editItem(edit: () => void, disabledReason: string | undefined): ActionMenuItem {
  return { label: 'Edit', disabledReason, onSelect: edit }
}

/** Copies `value` and confirms with `message`; the copy helper loads with the first copy. */
export function copyAndSay(value: string, message: string): void {
  void import('../components/CopyButton')
    .then((m) => m.copyText(value))
    .then((ok) => ok && toast.success(message))
}

/** Copy ID, which every row offers: "Subnet ID copied". */
export function copyIdItem(kind: Kind, id: string): ActionMenuItem {
  return { label: 'Copy ID', onSelect: () => copyAndSay(id, `${kind.one} ID copied`) }
}

/** The toast of a finished delete, as every screen words it: "Instance web1 deleted". */
export const toastDeleted = (kind: Kind, name: string) => toast.success(`${kind.one} ${name} deleted`)

/** Delete, after a confirm that names the row ("Delete IP pool web"); a refusal shows in the dialog. */
export function deleteItem(
  kind: Kind,
  name: string,
  remove: () => Promise<unknown>,
  disabledReason: string | undefined,
): ActionMenuItem {
  return {
    label: 'Delete',
    danger: true,
    disabledReason,
    onSelect: () => confirmDelete({ resourceKind: inSentence(kind), name, run: remove }),
  }
}
