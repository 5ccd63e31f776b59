import type { Instance } from '../../../api/types'
import { SideModalForm, TextField } from '../../../components'
import { NameAndDescription } from '../../../forms/fields'
import { useSideForm } from '../../../forms/side-form'
import { check, chosen, IP, NAME } from '../../../forms/validation'
import { VpcSubnetFields } from '../../../forms/vpc-subnet-fields'
import { FormError } from '../../../hooks/use-form'
import { performInstanceAction } from '../../../hooks/use-instance-actor'
import { createNic, type Nic, type NicCreateValues, nicUpdateBody } from './networking-actions'

/** How both forms close, and why they cannot be sent now (offline, role, the machine). */
type Common = { disabledReason: string | undefined; onDismiss: () => void }

const INITIAL: NicCreateValues = { name: '', description: '', vpc: '', subnet: '', ip: '' }

export function NicCreateForm({
  project,
  instance,
  ...common
}: Common & { project: string; instance: string }) {
  const { form, modal } = useSideForm({
    id: 'nic-create',
    initial: INITIAL,
    rules: { name: NAME, vpc: chosen('Choose a VPC'), subnet: chosen('Choose a subnet') },
    // The private IP is optional: checked only when one is typed.
    check: ({ ip }) => {
      const problem = ip.trim() ? check(IP, ip.trim()) : undefined
      return problem ? { ip: problem } : {}
    },
    submit: (values) => createNic({ project, instance }, values),
    done: (nic) => `Network interface ${nic?.name} added`,
    title: 'Add network interface',
    subtitle: `Instance ${instance}`,
    submitLabel: 'Add network interface',
    ...common,
  })
  const { vpc } = form.values
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <VpcSubnetFields
        project={project}
        vpc={vpc}
        vpcField={form.field('vpc')}
        subnetField={form.field('subnet')}
        onVpc={(v) => {
          form.set('vpc', v)
          form.set('subnet', '')
        }}
      />
      <TextField
        label="Private IP"
        description="Leave blank to have one assigned from the subnet."
        {...form.field('ip')}
      />
    </SideModalForm>
  )
}

export function NicEditForm({ instance, nic, ...common }: Common & { instance: Instance; nic: Nic }) {
  const { form, modal } = useSideForm({
    id: 'nic-edit',
    initial: { name: nic.name, description: nic.description },
    rules: { name: NAME },
    submit: async ({ name, description }) => {
      try {
        await performInstanceAction(instance, 'UPDATE_NIC', {
          interface: nic.id,
          body: nicUpdateBody(nic, { name, description }),
        })
      } catch (e) {
        // The machine rejects with the catalogue's message; a taken name is about the name field.
        const message = e instanceof Error ? e.message : String(e)
        throw new FormError(message, /already exists/i.test(message) ? 'name' : undefined)
      }
    },
    done: (_data, { name }) => `Network interface ${name} saved`,
    title: 'Edit network interface',
    subtitle: nic.name,
    submitLabel: 'Save',
    ...common,
  })
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
    </SideModalForm>
  )
}
