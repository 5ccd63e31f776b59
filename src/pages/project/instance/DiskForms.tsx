// The storage tab's side modals: attach one of the project's detached disks, or create a blank disk
// and attach it. Both attach through the instance machine (ATTACH_DISK), so a state that does not
// allow it is refused there, and the instance's disk list in the cache is refreshed by the action.
import { useList } from '../../../../storage'
import type { Instance } from '../../../api/types'
import { SideModalForm, toast } from '../../../components'
import { errorMessage } from '../../../components/confirm-queue'
import { WholeNumberField } from '../../../components/FormField'
import { createBlankDisk, DISK_SIZE, MAX_DISK_GIB } from '../../../forms/disk-blank'
import { NameAndDescription } from '../../../forms/fields'
import { useSideForm } from '../../../forms/side-form'
import { NAME } from '../../../forms/validation'
import { performInstanceAction } from '../../../hooks/use-instance-actor'
import { PICK } from '../../../lists'
import { nameWithSize } from '../../../util/bytes'
import { InstanceChoice, type InstanceChoiceCommon } from './choose'
import { attachableDisks } from './storage-actions'

/** The instance, why the forms cannot be sent now (offline, role, the machine), and the project. */
type FormProps = InstanceChoiceCommon & { project: string }

const attach = (instance: Instance, disk: string) => performInstanceAction(instance, 'ATTACH_DISK', { disk })

export function AttachDiskForm({ project, ...common }: FormProps) {
  const { instance } = common
  const disks = useList('diskList', { query: { project, ...PICK } }).data?.items
  return (
    <InstanceChoice
      {...common}
      id="instance-disk-attach"
      title="Attach existing disk"
      submitLabel="Attach disk"
      label="Disk"
      placeholder="Choose a detached disk"
      requiredMessage="Choose a disk to attach"
      noneText="No detached disks in this project."
      options={disks && attachableDisks(disks).map((d) => ({ value: d.id, label: nameWithSize(d) }))}
      submit={(disk) => attach(instance, disk)}
      // From every disk of the project: once attaching, the disk is no longer among the detached ones.
      done={(disk) => `Disk ${disks?.find((d) => d.id === disk)?.name ?? disk} attached to ${instance.name}`}
    />
  )
}

export function CreateDiskForm({ project, instance, disabledReason, onDismiss }: FormProps) {
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
    subtitle: `Instance ${instance.name}`,
    submitLabel: 'Create and attach',
    disabledReason,
    onDismiss,
  })
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <WholeNumberField label="Size (GiB)" min={1} max={MAX_DISK_GIB} required {...form.field('sizeGib')} />
    </SideModalForm>
  )
}
