// The silo screens' pure rules: the SiloCreate body (quotas in bytes, certificates, only the silo
// roles that confer something), the SAML provider body (metadata URL or base64 XML, PEM to DER), the
// form rules, quotas against provisioned, and the fleet role table's order.
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { vSamlIdentityProviderCreate, vSiloCreate } from '../api/__generated__/schemas'
import { toSnake } from '../api/casing'
import { GiB, TiB } from '../util/bytes'
import {
  CERT_RULE,
  certNameTaken,
  derBase64,
  fleetRoleRows,
  IDP_INITIAL,
  IDP_RULES,
  idpCreateBody,
  idpProblems,
  KEY_RULE,
  NO_FLEET_ROLES,
  QUOTA_RULES,
  quotaRows,
  quotaValues,
  SILO_INITIAL,
  type SiloValues,
  siloCreateBody,
  toggleFleetRole,
  utf8Base64,
} from './silo'
import { check } from './validation'

const CERT = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n'
const KEY = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----\n'

const silo: SiloValues = {
  ...SILO_INITIAL,
  name: 'research',
  description: 'Research silo',
  discoverable: false,
  identityMode: 'local_only',
  adminGroupName: ' admins ',
  cpus: '32',
  memoryGib: '256',
  storageGib: '1024',
  tlsCertificates: [{ name: 'web', description: 'console', cert: CERT, privateKey: KEY }],
  fleetRoles: toggleFleetRole(NO_FLEET_ROLES, 'admin', 'viewer'),
}

describe('siloCreateBody', () => {
  it('sends quotas in bytes, the certificates for the external API and only roles that confer one', () => {
    const body = siloCreateBody(silo)
    expect(body).toEqual({
      name: 'research',
      description: 'Research silo',
      discoverable: false,
      identityMode: 'local_only',
      adminGroupName: 'admins',
      quotas: { cpus: 32, memory: 256 * GiB, storage: 1024 * GiB },
      tlsCertificates: [
        { name: 'web', description: 'console', cert: CERT.trim(), key: KEY.trim(), service: 'external_api' },
      ],
      mappedFleetRoles: { admin: ['viewer'] },
    })
    // The wire form is what the contract's generated schema accepts.
    expect(v.safeParse(vSiloCreate, toSnake(body)).success).toBe(true)
  })

  it('leaves the admin group out when blank', () => {
    expect(siloCreateBody({ ...silo, adminGroupName: '  ' }).adminGroupName).toBeNull()
  })
})

describe('fleet role mapping', () => {
  it('toggles a role on and off in the contract order', () => {
    const on = toggleFleetRole(toggleFleetRole(NO_FLEET_ROLES, 'viewer', 'viewer'), 'viewer', 'admin')
    expect(on.viewer).toEqual(['admin', 'viewer'])
    expect(toggleFleetRole(on, 'viewer', 'admin').viewer).toEqual(['viewer'])
  })

  it('lists the silo roles strongest first, leaving out those that confer nothing', () => {
    expect(fleetRoleRows({ viewer: ['viewer'], admin: ['admin', 'viewer'], collaborator: [] })).toEqual([
      { siloRole: 'admin', fleetRoles: ['admin', 'viewer'] },
      { siloRole: 'viewer', fleetRoles: ['viewer'] },
    ])
    expect(fleetRoleRows({})).toEqual([])
  })
})

describe('quotas', () => {
  it('accepts whole numbers from 0 and words the rest', () => {
    expect(check(QUOTA_RULES.cpus, '0')).toBeUndefined()
    expect(check(QUOTA_RULES.memoryGib, '512')).toBeUndefined()
    expect(check(QUOTA_RULES.cpus, '')).toBe('CPUs is required')
    expect(check(QUOTA_RULES.cpus, '-1')).toBe('CPUs must be a whole number, 0 or more')
    expect(check(QUOTA_RULES.storageGib, '1.5')).toBe('Storage must be a whole number of GiB, 0 or more')
  })

  it('a whole number too large to be exact is told its limit, not that it is no whole number', () => {
    expect(check(QUOTA_RULES.cpus, '99999999999999999999')).toBe('CPUs must be at most 9,007,199,254,740,991')
    // Memory's limit is in GiB: its bytes must stay exact too.
    expect(check(QUOTA_RULES.memoryGib, '17179869183')).toBe('Memory must be at most 8,388,607 GiB')
    expect(check(QUOTA_RULES.memoryGib, '8388607')).toBeUndefined()
    expect(check(QUOTA_RULES.storageGib, '8388608')).toBe('Storage must be at most 8,388,607 GiB')
  })

  it('shows bytes as whole GiB', () => {
    expect(quotaValues({ cpus: 64, memory: 512 * GiB, storage: 10 * TiB })).toEqual({
      cpus: '64',
      memoryGib: '512',
      storageGib: '10240',
    })
  })

  it('puts provisioned against the quota, never below zero available', () => {
    const rows = quotaRows(
      { cpus: 4, memory: 8 * GiB, storage: GiB },
      { cpus: 1, memory: 8 * GiB, storage: 2 * GiB },
    )
    expect(rows.map((r) => [r.resource, r.quota, r.provisioned, r.available])).toEqual([
      ['CPUs', 4, 1, 3],
      ['Memory', 8 * GiB, 8 * GiB, 0],
      ['Storage', GiB, 2 * GiB, 0],
    ])
    expect(quotaRows({ cpus: 4, memory: 0, storage: 0 }, undefined)[0]?.available).toBeUndefined()
  })
})

describe('certificates', () => {
  it('needs PEM blocks and a name not already in the list', () => {
    expect(check(CERT_RULE, CERT)).toBeUndefined()
    expect(check(CERT_RULE, '')).toBe('Certificate is required')
    expect(check(CERT_RULE, KEY)).toMatch(/PEM certificate/)
    expect(check(KEY_RULE, KEY)).toBeUndefined()
    expect(check(KEY_RULE, CERT)).toMatch(/PEM private key/)
    expect(certNameTaken('web', silo.tlsCertificates)).toMatch(/already in the list/)
    expect(certNameTaken('api', silo.tlsCertificates)).toBeUndefined()
  })
})

describe('SAML identity providers', () => {
  const idp = {
    ...IDP_INITIAL,
    name: 'okta',
    metadataUrl: 'https://idp.example.com/metadata',
    idpEntityId: 'https://idp.example.com',
    spClientId: 'console',
    acsUrl: 'https://silo.example.com/login/s/saml/okta',
    sloUrl: 'https://silo.example.com/logout',
    technicalContactEmail: 'ops@example.com',
  }

  it('sends metadata by URL, with no signing key pair unless asked', () => {
    const body = idpCreateBody(idp)
    expect(body.idpMetadataSource).toEqual({ type: 'url', url: 'https://idp.example.com/metadata' })
    expect(body.signingKeypair).toBeNull()
    expect(body.groupAttributeName).toBeNull()
    expect(v.safeParse(vSamlIdentityProviderCreate, toSnake(body)).success).toBe(true)
    expect(idpProblems(idp)).toEqual({})
  })

  it('sends pasted XML as base64 of its UTF-8 bytes', () => {
    const xml = '<EntityDescriptor entityID="é"/>'
    const body = idpCreateBody({ ...idp, metadataSource: 'xml', metadataXml: xml })
    expect(body.idpMetadataSource).toEqual({ type: 'base64_encoded_xml', data: utf8Base64(xml) })
    expect(new TextDecoder().decode(Uint8Array.from(atob(utf8Base64(xml)), (c) => c.charCodeAt(0)))).toBe(xml)
  })

  it('turns a PEM key pair into base64 DER', () => {
    const body = idpCreateBody({ ...idp, withSigningKey: true, signingCert: CERT, signingPrivateKey: KEY })
    expect(body.signingKeypair).toEqual({
      publicCert: 'MIIBszCCAVmgAwIBAgIU',
      privateKey: 'MIGHAgEAMBMGByqGSM49',
    })
    expect(derBase64('not base64!')).toBeUndefined()
  })

  it('checks what depends on the metadata source and the key pair', () => {
    expect(idpProblems({ ...idp, metadataUrl: 'ftp://x' })).toEqual({
      metadataUrl: 'Metadata URL must be an http(s) URL',
    })
    expect(idpProblems({ ...idp, metadataSource: 'xml' })).toEqual({
      metadataXml: 'Metadata XML is required',
    })
    expect(idpProblems({ ...idp, withSigningKey: true })).toEqual({
      signingCert: 'Must be a PEM or base64 DER certificate',
      signingPrivateKey: 'Must be a PEM or base64 DER private key',
    })
    expect(check(IDP_RULES.technicalContactEmail, 'nobody')).toBe(
      'Must be an email address, like ops@example.com',
    )
    expect(check(IDP_RULES.sloUrl, '')).toBe('SLO URL is required')
  })
})
