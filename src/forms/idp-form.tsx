// A silo's SAML identity provider: the create form (`/system/silos/{silo}/idps-new`, over the providers
// tab) with its metadata by URL or as XML (pasted or read from a file), the IdP's entity ID, the SP
// client ID, the ACS and SLO URLs, the technical contact, the group attribute and an optional request
// signing key pair; and the read-only view of one provider (`idps/saml/{provider}`), ID copyable.

import { css } from 'styled-system/css'
import { useResource } from '../../storage'
import type { ApiResponse } from '../api/types'
import { SideModalForm, TextField } from '../components'
import { Detail, Details, IdValue, monoValue } from '../components/Details'
import { useKindReason } from '../hooks/use-action-reason'
import { paths } from '../paths'
import { kinds } from '../ui/kinds'
import { formatDateTime } from '../util/date'
import { FormRadio, NameAndDescription } from './fields'
import { useSideForm, whenSaved } from './side-form'
import {
  createIdp,
  IDP_INITIAL,
  IDP_RULES,
  IDP_WRITE,
  type IdpValues,
  idpProblems,
  idpViewParams,
  type MetadataSource,
} from './silo'
import { Checkbox, TextFileField } from './silo-form'
import { NAME } from './validation'
import { ViewSideModal } from './when-loaded'

const SOURCES: readonly { value: MetadataSource; label: string }[] = [
  { value: 'url', label: 'URL' },
  { value: 'xml', label: 'XML' },
]

type TextKey =
  | 'idpEntityId'
  | 'spClientId'
  | 'acsUrl'
  | 'sloUrl'
  | 'technicalContactEmail'
  | 'groupAttributeName'

/** The provider's plain text fields, in the order an IdP's setup page lists them. */
const textFields = (
  acsExample: string,
): readonly {
  key: TextKey
  label: string
  type?: string
  required?: true
  hint?: string
  example?: string
}[] => [
  { key: 'idpEntityId', label: 'IdP entity ID', required: true },
  { key: 'spClientId', label: 'SP client ID', required: true },
  {
    key: 'acsUrl',
    label: 'ACS URL',
    type: 'url',
    required: true,
    example: acsExample,
    hint: "Where the IdP sends its response: the silo's SAML login path for this provider.",
  },
  { key: 'sloUrl', label: 'SLO URL', type: 'url', required: true },
  { key: 'technicalContactEmail', label: 'Technical contact email', type: 'email', required: true },
  {
    key: 'groupAttributeName',
    label: 'Group attribute name',
    hint: "Optional: the SAML attribute listing a user's groups (comma-separated).",
  },
]

export function IdpCreateForm({ silo, onDismiss }: { silo: string; onDismiss: () => void }) {
  const reason = useKindReason(kinds.identityProvider, IDP_WRITE)
  const { form, modal } = useSideForm<IdpValues, ApiResponse<'samlIdentityProviderCreate'>>({
    id: `idp-create-${silo}`,
    initial: IDP_INITIAL,
    rules: { name: NAME, ...IDP_RULES },
    check: idpProblems,
    submit: (values) => createIdp(silo, values),
    ...whenSaved((idp) => `Identity provider ${idp.name} added`, onDismiss),
    draft: true,
    title: 'New identity provider',
    subtitle: silo,
    submitLabel: 'Create identity provider',
    disabledReason: reason(),
    onDismiss,
  })
  const { values } = form
  // Where the IdP posts its answer: this silo's SAML login path for the provider being named.
  const acsExample = `${globalThis.location?.origin ?? ''}${paths.loginSaml({ silo, provider: values.name || 'provider' })}`
  const fromFile = (
    key: 'metadataXml' | 'signingCert' | 'signingPrivateKey',
    label: string,
    accept: string,
  ) => (
    <TextFileField
      label={label}
      accept={accept}
      {...(key === 'metadataXml' ? {} : { description: 'PEM, or the base64 of the DER file.' })}
      field={form.field(key)}
      onText={(text) => form.set(key, text)}
    />
  )
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <FormRadio form={form} field="metadataSource" legend="Metadata source" options={SOURCES} />
      {values.metadataSource === 'url' ? (
        <TextField
          label="Metadata URL"
          required
          type="url"
          placeholder="https://idp.example.com/metadata.xml"
          {...form.field('metadataUrl')}
        />
      ) : (
        fromFile('metadataXml', 'Metadata XML', '.xml,text/xml,application/xml')
      )}
      {textFields(acsExample).map((f) => (
        <TextField
          key={f.key}
          label={f.label}
          {...(f.type ? { type: f.type } : {})}
          {...(f.required ? { required: true } : {})}
          {...(f.hint ? { description: f.hint } : {})}
          {...(f.example ? { placeholder: f.example } : {})}
          {...form.field(f.key)}
        />
      ))}
      <Checkbox
        label="Sign requests with a key pair"
        checked={values.withSigningKey}
        onChange={(on) => form.set('withSigningKey', on)}
      />
      {values.withSigningKey && (
        <>
          {fromFile('signingCert', 'Signing certificate', '.pem,.crt,.cer,.der')}
          {fromFile('signingPrivateKey', 'Signing private key', '.pem,.key,.der')}
        </>
      )}
    </SideModalForm>
  )
}

const none = <span className={css({ color: 'fg.muted' })}>None</span>
const mono = (text: string) => <span className={monoValue}>{text}</span>

function ProviderDetails({ idp }: { idp: ApiResponse<'samlIdentityProviderView'> }) {
  return (
    <Details>
      <Detail label="Name">{idp.name}</Detail>
      <Detail label="Type">SAML</Detail>
      <Detail label="Description">{idp.description || none}</Detail>
      <Detail label="ID">
        <IdValue id={idp.id} label="identity provider ID" />
      </Detail>
      <Detail label="IdP entity ID">{mono(idp.idpEntityId)}</Detail>
      <Detail label="SP client ID">{mono(idp.spClientId)}</Detail>
      <Detail label="ACS URL">{mono(idp.acsUrl)}</Detail>
      <Detail label="SLO URL">{mono(idp.sloUrl)}</Detail>
      <Detail label="Technical contact email">{idp.technicalContactEmail}</Detail>
      <Detail label="Group attribute name">{idp.groupAttributeName || none}</Detail>
      <Detail label="Signing certificate">{idp.publicCert ? mono(idp.publicCert) : none}</Detail>
      <Detail label="Created">{formatDateTime(idp.timeCreated)}</Detail>
      <Detail label="Modified">{formatDateTime(idp.timeModified)}</Detail>
    </Details>
  )
}

/** One provider, read-only: the API offers no update of a SAML provider. */
export function IdpView({
  silo,
  provider,
  onDismiss,
}: {
  silo: string
  provider: string
  onDismiss: () => void
}) {
  const view = useResource('samlIdentityProviderView', idpViewParams(silo, provider))
  return (
    <ViewSideModal view={view} title="Identity provider" subtitle={provider} onDismiss={onDismiss}>
      {(data) => <ProviderDetails idp={data} />}
    </ViewSideModal>
  )
}
