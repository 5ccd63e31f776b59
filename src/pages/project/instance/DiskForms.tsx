// The storage tab's side modals: attach one of the project's detached disks, or create a blank disk
// and attach it. Both attach through the instance machine (ATTACH_DISK), so a state that does not
// allow it is refused there, and the instance's disk list in the cache is refreshed by the action.
import { useList } from '../../../../storage'
import type { Instance } from '../../../api/types'
import { Select, SideModalForm, toast } from '../../../components'
import { errorMessage } from '../../../components/confirm-queue'
import { WholeNumberField } from '../../../components/FormField'
import { createBlankDisk } from '../../../forms/disk-blank'
import { NameAndDescription } from '../../../forms/fields'
import { DISK_SIZE, MAX_DISK_GIB } from '../../../forms/instance-create'
import { useSideForm } from '../../../forms/side-form'
import { chosen, NAME } from '../../../forms/validation'
import { performInstanceAction } from '../../../hooks/use-instance-actor'
import { formatBytes } from '../../../util/bytes'
import { attachableDisks } from './storage-actions'

type FormProps = {
  project: string
  instance: Instance
  /** Offline, role or the instance machine: the submit button shows it. */
  disabledReason: string | undefined
  onDismiss: () => void
}

const attach = (instance: Instance, disk: string) => performInstanceAction(instance, 'ATTACH_DISK', { disk })

/** The frame of both forms: naming the instance, refusing with the reason; each toasts as it sends. */
const frame = ({ instance, disabledReason, onDismiss }: FormProps) => ({
  subtitle: `Instance ${instance.name}`,
  disabledReason,
  onDismiss,
})

/** The project's disks, read with the instance create form's key, so both share one cache entry. */
const PROJECT_DISKS = { limit: 100 }

export function AttachDiskForm(props: FormProps) {
  const { project, instance } = props
  const disks = useList('diskList', { query: { project, ...PROJECT_DISKS } })
  const options = attachableDisks(disks.data?.items ?? [])
  const { form, modal } = useSideForm({
    id: 'instance-disk-attach',
    initial: { disk: '' },
    rules: { disk: chosen('Choose a disk to attach') },
    submit: async ({ disk }) => {
      // Named now: once attaching, the disk leaves the detached ones offered here.
      const name = options.find((d) => d.id === disk)?.name ?? disk
      await attach(instance, disk)
      toast.success(`Disk ${name} attached to ${instance.name}`)
    },
    title: 'Attach existing disk',
    submitLabel: 'Attach disk',
    ...frame(props),
  })
  return (
    <SideModalForm {...modal}>
      <Select
        label="Disk"
        required
        placeholder={options.length ? 'Choose a detached disk' : 'No detached disks in this project'}
        options={options.map((d) => ({ value: d.id, label: `${d.name} (${formatBytes(d.size)})` }))}
        {...form.field('disk')}
      />
    </SideModalForm>
  )
}

export function CreateDiskForm(props: FormProps) {
  const { project, instance } = props
  const { form, modal } = useSideForm({
    id: 'instance-disk-create',
    initial: { name: '', description: '', sizeGib: '10' },
    rules: { name: NAME, sizeGib: DISK_SIZE },
    submit: async ({ name, description, sizeGib }) => {
      const created = await createBlankDisk(project, { name, description, sizeGib })
      if (created.type !== 'success') return created
      // The disk exists now: an attach that fails must not leave the form offering to create it again.
      try {
        await attach(instance, created.data.id)
        toast.success(`Disk ${name} created and attached to ${instance.name}`)
      } catch (e) {
        toast.error(`Disk ${name} was created but not attached`, errorMessage(e))
      }
      return created
    },
    title: 'Create disk',
    submitLabel: 'Create and attach',
    ...frame(props),
  })
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <WholeNumberField label="Size (GiB)" min={1} max={MAX_DISK_GIB} required {...form.field('sizeGib')} />
    </SideModalForm>
  )
}
