// The row menu of a list whose rows are edited in a side form and deleted after a confirm (spec 4,
// interface behaviours): every such list offers the same two items with the same wording.
import type { ActionMenuItem } from '../components/ActionMenu'
import { confirmDelete } from '../components/confirm-queue'
import { inSentence, type Kind } from './kinds'

export interface EditDelete {
  /** What the row is; the confirm dialog names it ("Delete IP pool web"). */
  kind: Kind
  name: string
  edit: () => void
  remove: () => Promise<unknown>
  editReason: string | undefined
  deleteReason: string | undefined
}

export function editDeleteActions({
  kind,
  name,
  edit,
  remove,
  editReason,
  deleteReason,
}: EditDelete): ActionMenuItem[] {
  return [
    { label: 'Edit', disabledReason: editReason, onSelect: edit },
    {
      label: 'Delete',
      danger: true,
      disabledReason: deleteReason,
      onSelect: () => confirmDelete({ resourceKind: inSentence(kind), name, run: remove }),
    },
  ]
}
