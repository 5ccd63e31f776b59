// Add an SSH key (`/settings/ssh-keys-new`, over the SSH keys list): name, description, public key.
// Empty or malformed fields are caught here; a key the server cannot parse comes back as a form
// error. The inputs are kept after any failure.
import { type FormEvent, useId, useState } from 'react'
import { useLocation } from 'wouter'
import { mutate, OfflineError } from '../../storage'
import { toUserError } from '../api/errors'
import { SideModal, TextArea, TextField, toast } from '../components'
import { useDraft } from '../hooks/use-draft'
import { useWriteGuard } from '../hooks/use-write-guard'
import { T } from '../strings'

const MAX_NAME = 63

/** Client-side check of a resource name (the API's Name rules); undefined when valid. */
export function nameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'Name is required'
  if (name.length > MAX_NAME) return `Name must be at most ${MAX_NAME} characters`
  if (!/^[a-z]/.test(name)) return 'Name must start with a lowercase letter'
  if (!/^[a-zA-Z0-9-]*$/.test(name)) return 'Name may contain only letters, digits and hyphens'
  if (name.endsWith('-')) return 'Name must not end with a hyphen'
  return undefined
}

export function publicKeyProblem(key: string): string | undefined {
  if (key.trim() === '') return 'Public key is required'
  return undefined
}

export function SshKeyCreateForm({ onDismiss }: { onDismiss: () => void }) {
  const formId = useId()
  const [, navigate] = useLocation()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [publicKey, setPublicKey] = useState('')
  const [fieldErrors, setFieldErrors] = useState<{ name?: string; publicKey?: string }>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const writeBlocked = useWriteGuard()
  // Issue 9: what was typed survives a session expiry and the sign-in that follows.
  useDraft('ssh-key-create', { name, description, publicKey }, (saved) => {
    if (typeof saved.name === 'string') setName(saved.name)
    if (typeof saved.description === 'string') setDescription(saved.description)
    if (typeof saved.publicKey === 'string') setPublicKey(saved.publicKey)
  })

  async function submit(e: FormEvent) {
    e.preventDefault()
    const errs = { name: nameProblem(name), publicKey: publicKeyProblem(publicKey) }
    setFieldErrors(errs)
    setServerError(null)
    if (errs.name || errs.publicKey) return
    setSubmitting(true)
    try {
      const r = await mutate(
        'currentUserSshKeyCreate',
        { body: { name, description, publicKey: publicKey.trim() } },
        { invalidates: [{ endpoint: 'currentUserSshKeyList' }] },
      )
      if (r.type !== 'success') {
        setServerError(toUserError('currentUserSshKeyCreate', r).message)
        return
      }
      toast.success(`SSH key ${r.data.name} added`)
      navigate('/settings/ssh-keys')
    } catch (err) {
      setServerError(err instanceof OfflineError ? T.offline : String(err))
    } finally {
      setSubmitting(false)
    }
  }

  const summary = [fieldErrors.name, fieldErrors.publicKey, serverError ?? undefined].filter(
    (x): x is string => Boolean(x),
  )

  return (
    <SideModal
      open
      onDismiss={onDismiss}
      title="Add SSH key"
      formId={formId}
      submitLabel="Add SSH key"
      submitting={submitting}
      errors={summary}
      {...(writeBlocked ? { submitDisabledReason: writeBlocked } : {})}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label="Name"
          name="name"
          required
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldErrors.name}
        />
        <TextField
          label="Description"
          name="description"
          autoComplete="off"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <TextArea
          label="Public key"
          name="publicKey"
          required
          rows={6}
          spellCheck={false}
          description="The contents of a public key file, e.g. ~/.ssh/id_ed25519.pub (starts with ssh-ed25519, ssh-rsa or ecdsa-sha2-…)."
          value={publicKey}
          onChange={(e) => setPublicKey(e.target.value)}
          error={fieldErrors.publicKey}
        />
      </form>
    </SideModal>
  )
}
