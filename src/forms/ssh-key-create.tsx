// Add an SSH key (`/settings/ssh-keys-new`, over the SSH keys list): name, description, public key.
// A key the server cannot parse comes back on the public key field; the inputs are kept after any
// failure, and across a session expiry (issue 9).
import { mutate } from '../../storage'
import { SideModalForm, TextArea, TextField } from '../components'
import { useWriteGuard } from '../hooks/use-write-guard'
import { useSideForm } from './side-form'
import { NAME, required } from './validation'

export function SshKeyCreateForm({ onDismiss }: { onDismiss: () => void }) {
  const writeBlocked = useWriteGuard()
  const { form, modal } = useSideForm({
    id: 'ssh-key-create',
    initial: { name: '', description: '', publicKey: '' },
    rules: { name: NAME, publicKey: required('Public key') },
    submit: ({ name, description, publicKey }) =>
      mutate(
        'currentUserSshKeyCreate',
        { body: { name, description, publicKey: publicKey.trim() } },
        { invalidates: [{ endpoint: 'currentUserSshKeyList' }] },
      ),
    done: (key) => `SSH key ${key?.name} added`,
    title: 'Add SSH key',
    submitLabel: 'Add SSH key',
    disabledReason: writeBlocked,
    onDismiss,
    draft: true,
  })

  return (
    <SideModalForm {...modal}>
      <TextField label="Name" required {...form.field('name')} />
      <TextField label="Description" {...form.field('description')} />
      <TextArea
        label="Public key"
        required
        rows={6}
        spellCheck={false}
        description="The contents of a public key file, e.g. ~/.ssh/id_ed25519.pub (starts with ssh-ed25519, ssh-rsa or ecdsa-sha2-…)."
        {...form.field('publicKey')}
      />
    </SideModalForm>
  )
}
