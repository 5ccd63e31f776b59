// New silo (`/system/silos-new`, over the silos list): name, description, discoverable, identity mode,
// admin group, quotas, TLS certificates (one or more, each a PEM certificate and key pasted or read
// from a file; listed with Remove) and the fleet roles each silo role confers. The body is the
// generated SiloCreate; a failed submit keeps every value, a taken name comes back on the name field
// ("Silo name already exists", spec section 8). Private keys are never kept in a sign-in draft.

import {
  type KeyboardEvent,
  type MutableRefObject,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { css } from 'styled-system/css'
import type { ApiResponse } from '../api/types'
import { Button, SideModalForm, TextArea, TextField } from '../components'
import { NameField, WholeNumberField } from '../components/FormField'
import { useKindReason } from '../hooks/use-action-reason'
import { type FieldProps, type Form, FormError, useForm } from '../hooks/use-form'
import { kinds } from '../ui/kinds'
import { FormRadio, NameAndDescription } from './fields'
import { useSideForm, whenSaved } from './side-form'
import {
  CERT_RULE,
  type CertValues,
  CREATE_MODES,
  certNameTaken,
  createSilo,
  FLEET_ROLES,
  KEY_RULE,
  MAPPED_SILO_ROLES,
  QUOTA_RULES,
  type QuotaValues,
  SILO_INITIAL,
  type SiloValues,
  toggleFleetRole,
} from './silo'
import { NAME } from './validation'

const checkboxRow = css({ display: 'flex', alignItems: 'center', gap: '2', mb: '4', fontSize: 'sm' })
const groupClass = css({ border: 'none', p: '0', m: '0', mb: '2', minW: '0' })
const legendClass = css({ fontSize: 'sm', fontWeight: 'medium', mb: '2' })
const sectionTitle = css({ fontSize: 'md', fontWeight: 'semibold', mt: '6', mb: '3' })
const muted = css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })
const mono = css({ fontFamily: 'mono', fontSize: 'xs' })

/** CPUs, memory and storage of a quota form (0 allowed: the resource is then not provisionable). */
export function QuotaFields<V extends QuotaValues>({ form }: { form: Form<V> }) {
  return (
    <>
      <WholeNumberField label="CPUs" min={0} required {...form.field('cpus')} />
      <WholeNumberField label="Memory (GiB)" min={0} required {...form.field('memoryGib')} />
      <WholeNumberField label="Storage (GiB)" min={0} required {...form.field('storageGib')} />
    </>
  )
}

/** A labelled checkbox on its own row. */
export function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <label className={checkboxRow}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  )
}

/**
 * A text area for a pasted document (PEM, XML) with a file picker that reads a file into it: the text
 * stays visible and editable whichever way it came.
 */
export function TextFileField({
  label,
  accept,
  field,
  onText,
  description,
}: {
  label: string
  accept: string
  field: FieldProps
  onText: (text: string) => void
  description?: ReactNode
}) {
  const fileId = useId()
  return (
    <>
      <TextArea
        label={label}
        required
        rows={5}
        spellCheck={false}
        className={mono}
        {...(description ? { description } : {})}
        {...field}
      />
      <div
        className={css({
          mt: '-2',
          mb: '4',
          fontSize: 'xs',
          display: 'flex',
          gap: '2',
          alignItems: 'center',
        })}
      >
        <label htmlFor={fileId}>Or read the {label.toLowerCase()} from a file:</label>
        <input
          id={fileId}
          type="file"
          accept={accept}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) void file.text().then(onText)
          }}
        />
      </div>
    </>
  )
}

/** The silo's submit stops on a certificate typed in but not added, rather than dropping it. */
export const CERT_PENDING = 'Add this certificate or clear it'

/** The certificate being added: its own small form, validated before it joins the list. */
function CertificateAdder({
  added,
  onAdd,
  pending,
}: {
  added: readonly CertValues[]
  onAdd: (c: CertValues) => void
  /** Whether anything is typed in the adder, for the silo's submit to read. */
  pending: MutableRefObject<boolean>
}) {
  const form = useForm<CertValues>({
    id: 'silo-certificate',
    initial: { name: '', description: '', cert: '', privateKey: '' },
    rules: { name: NAME, cert: CERT_RULE, privateKey: KEY_RULE },
    check: (c) => {
      const taken = certNameTaken(c.name, added)
      return taken ? { name: taken } : {}
    },
    submit: async (c) => onAdd(c),
  })
  const filled = Object.values(form.values).some((v) => v.trim() !== '')
  useEffect(() => {
    pending.current = filled
  }, [pending, filled])
  // Enter in a one-line field adds the certificate; it must not send the whole silo.
  const addOnEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return
    e.preventDefault()
    form.submit()
  }
  return (
    // Not a <form>: it sits inside the silo's form. The id lets a failed add focus its first problem.
    <fieldset id={form.formProps.id} className={groupClass}>
      <legend className={legendClass}>Add a TLS certificate</legend>
      <NameField label="Certificate name" required {...form.field('name')} onKeyDown={addOnEnter} />
      <TextField label="Certificate description" {...form.field('description')} onKeyDown={addOnEnter} />
      <TextFileField
        label="Certificate (PEM)"
        accept=".pem,.crt,.cer"
        field={form.field('cert')}
        onText={(text) => form.set('cert', text)}
      />
      <TextFileField
        label="Private key (PEM)"
        accept=".pem,.key"
        field={form.field('privateKey')}
        onText={(text) => form.set('privateKey', text)}
      />
      <Button type="button" variant="secondary" size="sm" onClick={form.submit}>
        Add certificate
      </Button>
    </fieldset>
  )
}

function Certificates({
  certs,
  onChange,
  pending,
}: {
  certs: CertValues[]
  onChange: (certs: CertValues[]) => void
  pending: MutableRefObject<boolean>
}) {
  // A new adder after each add starts empty.
  const [round, setRound] = useState(0)
  return (
    <>
      {certs.length > 0 ? (
        <ul aria-label="TLS certificates" className={css({ mb: '4', display: 'grid', gap: '2' })}>
          {certs.map((c) => (
            <li
              key={c.name}
              className={css({
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: '3',
                p: '2',
                borderWidth: '1px',
                borderColor: 'border.default',
                borderRadius: 'md',
                fontSize: 'sm',
              })}
            >
              <span>
                <strong>{c.name}</strong>
                {c.description && <span className={css({ color: 'fg.muted' })}> — {c.description}</span>}
              </span>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                aria-label={`Remove certificate ${c.name}`}
                onClick={() => onChange(certs.filter((x) => x !== c))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={muted}>
          No certificates yet. The silo's console and API need one valid for its DNS name.
        </p>
      )}
      <CertificateAdder
        key={round}
        added={certs}
        pending={pending}
        onAdd={(c) => {
          onChange([...certs, c])
          setRound((n) => n + 1)
        }}
      />
    </>
  )
}

export function SiloCreateForm({
  onDismiss,
  onSaved,
}: {
  onDismiss: () => void
  /** Where a created silo goes (its page); without it, a save closes the form. */
  onSaved?: (silo: ApiResponse<'siloCreate'>) => void
}) {
  const reason = useKindReason(kinds.silo, 'creating a silo')
  const certPending = useRef(false)
  const { form, modal } = useSideForm<SiloValues, ApiResponse<'siloCreate'>>({
    id: 'silo-create',
    initial: SILO_INITIAL,
    rules: { name: NAME, ...QUOTA_RULES },
    submit: async (values) => {
      if (certPending.current) throw new FormError(CERT_PENDING)
      return createSilo(values)
    },
    ...whenSaved((silo) => `Silo ${silo.name} created`, onSaved ?? onDismiss),
    // The certificates hold private keys: a draft keeps everything else.
    draft: ({ tlsCertificates: _keys, ...rest }) => rest,
    title: 'New silo',
    submitLabel: 'Create silo',
    disabledReason: reason(),
    onDismiss,
  })
  const { values } = form
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <Checkbox
        label="Discoverable"
        checked={values.discoverable}
        onChange={(on) => form.set('discoverable', on)}
      />
      <FormRadio form={form} field="identityMode" legend="Identity mode" options={CREATE_MODES} />
      <TextField
        label="Admin group name"
        description="Optional: a group created in the silo with its admin role, for the identity provider to assert."
        {...form.field('adminGroupName')}
      />

      <h3 className={sectionTitle}>Quotas</h3>
      <p className={muted}>A quota of 0 means the resource cannot be provisioned in the silo.</p>
      <QuotaFields form={form} />

      <h3 className={sectionTitle}>TLS certificates</h3>
      <Certificates
        certs={values.tlsCertificates}
        onChange={(certs) => form.set('tlsCertificates', certs)}
        pending={certPending}
      />

      <h3 className={sectionTitle}>Fleet roles</h3>
      <p className={muted}>The fleet roles each silo role confers; none by default.</p>
      {MAPPED_SILO_ROLES.map((siloRole) => (
        <fieldset key={siloRole} className={groupClass}>
          <legend className={legendClass}>Silo {siloRole}s get</legend>
          <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap' })}>
            {FLEET_ROLES.map((role) => (
              <Checkbox
                key={role}
                label={`Fleet ${role}`}
                checked={values.fleetRoles[siloRole].includes(role)}
                onChange={() => form.set('fleetRoles', toggleFleetRole(values.fleetRoles, siloRole, role))}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </SideModalForm>
  )
}
