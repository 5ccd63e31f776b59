// What the project's and the silo's image lists share: the columns (name, description, OS,
// version, size, created), the row menu's View before the one action that differs (promote,
// demote), and the delete itself. Both lists read imageList (with or without `project`), so a
// promote or demote refreshes both.
import type { Image } from '../api/types'
import type { ActionMenuItem } from '../components/ActionMenu'
import { createdColumn, descriptionColumn, nameColumn } from '../components/columns'
import { defineColumns } from '../components/Table'
import { rowDelete } from '../ui/delete'
import { kinds } from '../ui/kinds'
import { formatBytes } from '../util/bytes'

export const imageColumns = defineColumns<Image>([
  nameColumn(),
  descriptionColumn(),
  { id: 'os', header: 'OS', cell: (i) => i.os },
  { id: 'version', header: 'Version', cell: (i) => i.version },
  { id: 'size', header: 'Size', cell: (i) => formatBytes(i.size), align: 'right' },
  createdColumn(),
])

/** By id: a name alone is ambiguous between a project's images and the silo's. */
export const deleteImage = rowDelete(kinds.image, 'imageDelete', 'imageList', (i: Image) => ({
  path: { image: i.id },
}))

/** View, then the list's own action (ResourceList adds Copy ID and Delete after them). */
export function imageActions({ onView, own }: { onView: () => void; own: ActionMenuItem }): ActionMenuItem[] {
  return [{ label: 'View', onSelect: onView }, own]
}
