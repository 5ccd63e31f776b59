// What the silo screens decide and send (issue 15): the role a system write needs, the cache keys the
// pages and their route prefetches share, the silo create form's values and SiloCreate body (quotas,
// TLS certificates, fleet role mapping), the SAML identity provider's values and body (metadata by URL
// or as XML, an optional signing key pair given as PEM or base64 DER), quotas against what is
// provisioned, and the writes, each through storage's `mutate` with every cached entry it changes.
// Unit-tested in silo.test.ts.
import * as v from 'valibot'
import { mutate } from '../../storage'
import { vByteCount, vSiloQuotasCreate } from '../api/__generated__/schemas'
import type { ApiParams, ApiResponse, Schema } from '../api/types'
import { views } from '../lists'
import { rowDelete } from '../ui/delete'
import { kinds } from '../ui/kinds'
import { GiB } from '../util/bytes'
import { check, type FieldRule, required } from './validation'

/** What the identity providers tab's New and the provider form are, in their role reason. */
export const IDP_WRITE = 'adding an identity provider'
/** What the quotas tab's Edit and the quotas form are, in their role reason. */
export const QUOTAS_WRITE = 'changing quotas'

export type Silo = ApiResponse<'siloView'>
export type SamlProvider = ApiResponse<'samlIdentityProviderView'>
type FleetRole = Schema<'FleetRole'>
type IdentityMode = Schema<'SiloIdentityMode'>

// ---------------------------------------------------------------------------------------------
// Cache keys: the pages read these and the route prefetches must name exactly the same.

export const siloViewParams = (silo: string) => views.silo.params({ silo })
export const idpViewParams = (silo: string, provider: string) => ({ path: { provider }, query: { silo } })

// ---------------------------------------------------------------------------------------------
// Labels

const MODE_LABELS: Record<IdentityMode, string> = {
  saml_jit: 'SAML JIT',
  local_only: 'Local only',
  saml_scim: 'SAML SCIM',
}
export const identityModeLabel = (mode: IdentityMode): string => MODE_LABELS[mode]

/** The modes a new silo can be given here (SCIM silos are provisioned by their own client). */
export const CREATE_MODES = [
  { value: 'saml_jit', label: MODE_LABELS.saml_jit },
  { value: 'local_only', label: MODE_LABELS.local_only },
] as const satisfies readonly { value: IdentityMode; label: string }[]

/** Silo roles that can confer fleet roles, strongest first (spec section 6 order). */
export const MAPPED_SILO_ROLES = ['admin', 'collaborator', 'viewer'] as const
export type MappedSiloRole = (typeof MAPPED_SILO_ROLES)[number]
export const FLEET_ROLES: readonly FleetRole[] = ['admin', 'collaborator', 'viewer']

export type FleetRoleMap = Record<MappedSiloRole, FleetRole[]>
export const NO_FLEET_ROLES: FleetRoleMap = { admin: [], collaborator: [], viewer: [] }

/** The silo's mapping as rows, strongest silo role first, leaving out roles that confer nothing. */
export function fleetRoleRows(
  mapped: Silo['mappedFleetRoles'],
): { siloRole: string; fleetRoles: FleetRole[] }[] {
  const order = (role: string) => {
    const i = (MAPPED_SILO_ROLES as readonly string[]).indexOf(role)
    return i < 0 ? MAPPED_SILO_ROLES.length : i
  }
  return Object.entries(mapped)
    .filter(([, roles]) => roles.length > 0)
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([siloRole, fleetRoles]) => ({ siloRole, fleetRoles }))
}

// ---------------------------------------------------------------------------------------------
// Quotas

export type QuotaValues = { cpus: string; memoryGib: string; storageGib: string }

/**
 * A quota typed as a whole number of `unit`s (1 for CPUs, GiB for memory and storage), 0 allowed (the
 * contract: 0 means not provisionable); the count sent must pass the contract's own field schema.
 */
function quotaRule(label: string, unit: number, field: v.GenericSchema<unknown, unknown>): FieldRule {
  // The largest count whose bytes are still exact as a number in the browser and in JSON.
  const max = Math.floor(Number.MAX_SAFE_INTEGER / unit)
  const unitText = unit === GiB ? ' GiB' : ''
  const digits = (s: string) => /^\d+$/.test(s.trim())
  return {
    schema: v.pipe(
      v.string(),
      v.check((s) => digits(s) && Number(s) <= max && v.is(field, Number(s) * unit)),
    ),
    explain: (value) =>
      value.trim() === ''
        ? `${label} is required`
        : digits(value)
          ? `${label} must be at most ${max.toLocaleString('en-US')}${unitText}`
          : `${label} must be a whole number${unit === GiB ? ' of GiB' : ''}, 0 or more`,
  }
}

export const QUOTA_RULES = {
  cpus: quotaRule('CPUs', 1, vSiloQuotasCreate.entries.cpus),
  memoryGib: quotaRule('Memory', GiB, vByteCount),
  storageGib: quotaRule('Storage', GiB, vByteCount),
}

/** A quota in the form's units: bytes show as GiB (rounded down: the form takes whole GiB). */
export function quotaValues(q: { cpus: number; memory: number; storage: number }): QuotaValues {
  return {
    cpus: String(q.cpus),
    memoryGib: String(Math.floor(q.memory / GiB)),
    storageGib: String(Math.floor(q.storage / GiB)),
  }
}

/** SiloQuotasCreate (and a full SiloQuotasUpdate) from the form's values. */
export function quotasBody(values: QuotaValues): Schema<'SiloQuotasCreate'> {
  return {
    cpus: Number(values.cpus.trim()),
    memory: Number(values.memoryGib.trim()) * GiB,
    storage: Number(values.storageGib.trim()) * GiB,
  }
}

type Counts = { cpus: number; memory: number; storage: number }

/** Each resource's quota, what is provisioned against it, and what is left (never below zero). */
export function quotaRows(quota: Counts, provisioned: Counts | undefined) {
  const row = (resource: string, key: keyof Counts, bytes: boolean) => {
    const used = provisioned?.[key]
    return {
      resource,
      bytes,
      quota: quota[key],
      provisioned: used,
      available: used === undefined ? undefined : Math.max(0, quota[key] - used),
    }
  }
  return [row('CPUs', 'cpus', false), row('Memory', 'memory', true), row('Storage', 'storage', true)]
}

// ---------------------------------------------------------------------------------------------
// TLS certificates of a new silo

/** One certificate as the form holds it; `privateKey` is never kept in a draft (use-draft). */
export type CertValues = { name: string; description: string; cert: string; privateKey: string }

/** A PEM field's rule: one block of `label`'s kind; `required` explains a blank value, `expected` any other. */
const pemRule = (label: RegExp, required: string, expected: string): FieldRule => ({
  schema: v.pipe(
    v.string(),
    v.regex(new RegExp(`-----BEGIN ${label.source}-----[\\s\\S]+?-----END ${label.source}-----`)),
  ),
  explain: (value) => (value.trim() === '' ? required : expected),
})

export const CERT_RULE = pemRule(
  /CERTIFICATE/,
  'Certificate is required',
  'Must be a PEM certificate (-----BEGIN CERTIFICATE----- …)',
)
export const KEY_RULE = pemRule(
  /(?:RSA |EC |ENCRYPTED )?PRIVATE KEY/,
  'Private key is required',
  'Must be a PEM private key (-----BEGIN PRIVATE KEY----- …)',
)

/** A name already used by a certificate in the list: the API would refuse the silo. */
export function certNameTaken(name: string, certs: readonly CertValues[]): string | undefined {
  return certs.some((c) => c.name === name)
    ? 'A certificate with this name is already in the list'
    : undefined
}

// ---------------------------------------------------------------------------------------------
// The silo create form

export type SiloValues = QuotaValues & {
  name: string
  description: string
  discoverable: boolean
  identityMode: (typeof CREATE_MODES)[number]['value']
  adminGroupName: string
  tlsCertificates: CertValues[]
  fleetRoles: FleetRoleMap
}

export const SILO_INITIAL: SiloValues = {
  name: '',
  description: '',
  discoverable: true,
  identityMode: 'saml_jit',
  adminGroupName: '',
  cpus: '0',
  memoryGib: '0',
  storageGib: '0',
  tlsCertificates: [],
  fleetRoles: NO_FLEET_ROLES,
}

/** The silo roles that confer fleet roles, and only those (the contract's default is none). */
export function mappedFleetRoles(map: FleetRoleMap): Record<string, FleetRole[]> {
  const out: Record<string, FleetRole[]> = {}
  for (const role of MAPPED_SILO_ROLES) if (map[role].length) out[role] = [...map[role]]
  return out
}

/** Adds or removes one fleet role conferred by `siloRole`, keeping FLEET_ROLES order. */
export function toggleFleetRole(map: FleetRoleMap, siloRole: MappedSiloRole, role: FleetRole): FleetRoleMap {
  const has = map[siloRole].includes(role)
  const next = FLEET_ROLES.filter((r) => (r === role ? !has : map[siloRole].includes(r)))
  return { ...map, [siloRole]: next }
}

export type SiloCreateBody = ApiParams<'siloCreate'>['body']

export function siloCreateBody(values: SiloValues): SiloCreateBody {
  const adminGroupName = values.adminGroupName.trim()
  return {
    name: values.name,
    description: values.description,
    discoverable: values.discoverable,
    identityMode: values.identityMode,
    adminGroupName: adminGroupName || null,
    quotas: quotasBody(values),
    tlsCertificates: values.tlsCertificates.map((c) => ({
      name: c.name,
      description: c.description,
      cert: c.cert.trim(),
      key: c.privateKey.trim(),
      service: 'external_api' as const,
    })),
    mappedFleetRoles: mappedFleetRoles(values.fleetRoles),
  }
}

// ---------------------------------------------------------------------------------------------
// SAML identity providers

export type MetadataSource = 'url' | 'xml'

export type IdpValues = {
  name: string
  description: string
  metadataSource: MetadataSource
  metadataUrl: string
  metadataXml: string
  idpEntityId: string
  spClientId: string
  acsUrl: string
  sloUrl: string
  technicalContactEmail: string
  groupAttributeName: string
  withSigningKey: boolean
  signingCert: string
  signingPrivateKey: string
}

export const IDP_INITIAL: IdpValues = {
  name: '',
  description: '',
  metadataSource: 'url',
  metadataUrl: '',
  metadataXml: '',
  idpEntityId: '',
  spClientId: '',
  acsUrl: '',
  sloUrl: '',
  technicalContactEmail: '',
  groupAttributeName: '',
  withSigningKey: false,
  signingCert: '',
  signingPrivateKey: '',
}

/** An absolute http(s) URL, as Nexus fetches metadata and redirects to these endpoints. */
export function urlRule(label: string): FieldRule {
  return {
    schema: v.pipe(v.string(), v.trim(), v.url(), v.regex(/^https?:\/\//i)),
    explain: (value) => (value.trim() === '' ? `${label} is required` : `${label} must be an http(s) URL`),
  }
}

export const EMAIL_RULE: FieldRule = {
  schema: v.pipe(v.string(), v.trim(), v.email()),
  explain: (value) =>
    value.trim() === ''
      ? 'Technical contact email is required'
      : 'Must be an email address, like ops@example.com',
}

const METADATA_URL = urlRule('Metadata URL')

export const IDP_RULES = {
  idpEntityId: required('IdP entity ID'),
  spClientId: required('SP client ID'),
  acsUrl: urlRule('ACS URL'),
  sloUrl: urlRule('SLO URL'),
  technicalContactEmail: EMAIL_RULE,
}

/**
 * The base64 of a DER value given as PEM (its header, footer and line breaks dropped) or already as
 * base64; undefined when it is neither.
 */
export function derBase64(text: string): string | undefined {
  const body = text.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '')
  return body !== '' && /^[A-Za-z0-9+/]+={0,2}$/.test(body) && body.length % 4 === 0 ? body : undefined
}

/** UTF-8 text as base64 (btoa alone takes only Latin-1). */
export function utf8Base64(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The rules that depend on the metadata source and on whether a signing key pair is given. */
export function idpProblems(values: IdpValues): Partial<Record<keyof IdpValues, string>> {
  const out: Partial<Record<keyof IdpValues, string>> = {}
  if (values.metadataSource === 'url') {
    const message = check(METADATA_URL, values.metadataUrl)
    if (message) out.metadataUrl = message
  } else if (!/<[^>]+>/.test(values.metadataXml)) {
    out.metadataXml =
      values.metadataXml.trim() === '' ? 'Metadata XML is required' : 'Must be an XML document'
  }
  if (values.withSigningKey) {
    if (!derBase64(values.signingCert)) out.signingCert = 'Must be a PEM or base64 DER certificate'
    if (!derBase64(values.signingPrivateKey))
      out.signingPrivateKey = 'Must be a PEM or base64 DER private key'
  }
  return out
}

export function idpCreateBody(values: IdpValues): ApiParams<'samlIdentityProviderCreate'>['body'] {
  const group = values.groupAttributeName.trim()
  const publicCert = derBase64(values.signingCert)
  const privateKey = derBase64(values.signingPrivateKey)
  return {
    name: values.name,
    description: values.description,
    idpMetadataSource:
      values.metadataSource === 'url'
        ? { type: 'url', url: values.metadataUrl.trim() }
        : { type: 'base64_encoded_xml', data: utf8Base64(values.metadataXml) },
    idpEntityId: values.idpEntityId.trim(),
    spClientId: values.spClientId.trim(),
    acsUrl: values.acsUrl.trim(),
    sloUrl: values.sloUrl.trim(),
    technicalContactEmail: values.technicalContactEmail.trim(),
    groupAttributeName: group || null,
    signingKeypair: values.withSigningKey && publicCert && privateKey ? { publicCert, privateKey } : null,
  }
}

// ---------------------------------------------------------------------------------------------
// Writes

export const createSilo = (values: SiloValues) =>
  mutate(
    'siloCreate',
    { body: siloCreateBody(values) },
    { invalidates: [{ endpoint: 'siloList' }, { endpoint: 'siloUtilizationList' }] },
  )

/** Deletes a silo and says so; a refusal (a silo with projects) rejects with the API's message. */
export const deleteSilo = rowDelete(
  kinds.silo,
  'siloDelete',
  'siloList',
  (silo: Pick<Silo, 'id' | 'name'>) => ({ path: { silo: silo.id } }),
)

export const createIdp = (silo: string, values: IdpValues) =>
  mutate(
    'samlIdentityProviderCreate',
    { query: { silo }, body: idpCreateBody(values) },
    { invalidates: [{ endpoint: 'siloIdentityProviderList', params: { query: { silo } } }] },
  )

export const updateQuotas = (silo: string, values: QuotaValues) =>
  mutate(
    'siloQuotasUpdate',
    { path: { silo }, body: quotasBody(values) },
    {
      invalidates: [
        { endpoint: 'siloQuotasView', params: siloViewParams(silo) },
        { endpoint: 'siloUtilizationView', params: siloViewParams(silo) },
        { endpoint: 'systemQuotasList' },
        { endpoint: 'siloUtilizationList' },
      ],
    },
  )
