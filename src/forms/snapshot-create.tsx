// New snapshot (`/projects/{project}/snapshots-new`, over the snapshots list): name, description and
// the disk, chosen among the project's disks the disk machine lets be snapshotted (attached or
// detached, spec section 4). Choosing a disk fills in a generated name (spec section 5), as the disk
// list's Snapshot action names its snapshots, until the user types a name of their own. A taken name
// comes back on the name field ("Snapshot name already exists", spec section 8) with every value kept.
import { useRef } from 'react'
import { mutate, useList } from '../../storage'
import type { Disk } from '../api/types'
import { Select, SideModalForm } from '../components'
import { useKindReason } from '../hooks/use-action-reason'
import { PICK } from '../lists'
import { kinds } from '../ui/kinds'
import { diskRowRefusal } from '../ui/row-state'
import { nameWithSize } from '../util/bytes'
import { generateName } from '../util/names'
import { NameAndDescription } from './fields'
import { useSideForm } from './side-form'
import { chosen, NAME } from './validation'

/** The disks the disk machine allows to snapshot now. */
export const snapshottableDisks = (disks: readonly Disk[]): Disk[] =>
  disks.filter((d) => diskRowRefusal(d, 'SNAPSHOT') === null)

/**
 * The name after a disk is chosen: a generated one while the field is empty or still holds the last
 * suggestion, else what the user typed.
 */
export function nameForDisk(current: string, lastSuggestion: string, diskName: string): string {
  return current === '' || current === lastSuggestion ? generateName([diskName]) : current
}

type Values = { name: string; description: string; disk: string }

const createSnapshot = (project: string, body: Values) =>
  mutate('snapshotCreate', { query: { project }, body }, { invalidates: [{ endpoint: 'snapshotList' }] })

export function SnapshotCreateForm({ project, onDismiss }: { project: string; onDismiss: () => void }) {
  // The mock (like the platform) lets project collaborators or stronger take snapshots.
  const reason = useKindReason(kinds.snapshot, 'creating a snapshot')
  const disks = useList('diskList', { query: { project, ...PICK } }).data?.items
  const options = disks && snapshottableDisks(disks)
  const suggestion = useRef('')
  const { form, modal } = useSideForm({
    id: 'snapshot-create',
    initial: { name: '', description: '', disk: '' } as Values,
    rules: { name: NAME, disk: chosen('Choose a disk to snapshot') },
    submit: (values) => createSnapshot(project, values),
    done: (snapshot) => `Snapshot ${snapshot?.name} created`,
    title: 'New snapshot',
    submitLabel: 'Create snapshot',
    disabledReason: reason(),
    onDismiss,
    draft: true,
  })
  const diskField = form.field('disk')
  const placeholder =
    options === undefined
      ? 'Loading…'
      : options.length > 0
        ? 'Choose a disk'
        : 'No disk of this project can be snapshotted'
  return (
    <SideModalForm {...modal}>
      <Select
        label="Disk"
        required
        description="Only an attached or detached disk can be snapshotted."
        placeholder={placeholder}
        options={(options ?? []).map((d) => ({ value: d.id, label: nameWithSize(d) }))}
        {...diskField}
        onChange={(e) => {
          diskField.onChange(e)
          const picked = options?.find((d) => d.id === e.target.value)
          if (!picked) return
          const name = nameForDisk(form.values.name, suggestion.current, picked.name)
          if (name !== form.values.name) {
            suggestion.current = name
            form.set('name', name)
          }
        }}
      />
      <NameAndDescription form={form} />
    </SideModalForm>
  )
}
