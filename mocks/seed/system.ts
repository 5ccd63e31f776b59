// System-level demo data: the SAML identity provider of default-silo and the IP pool linked to it.
// Racks, sleds, switches, physical disks, quotas and more pools are added by the system handlers'
// author; keep ids stable (mocks/seed/ids.ts).
import type { Db } from '../db'
import { seedTime } from '../lib/ids'
import { seedIds as ids } from './ids'

export function seedSystem(db: Db): void {
  db.identityProviders.push({
    id: ids.mockIdp,
    name: 'mock-idp',
    description: 'A SAML identity provider that the mock signs in without asking (as fleet-admin)',
    acs_url: 'https://default-silo.sys.rack.example/login/default-silo/saml/mock-idp',
    slo_url: 'https://idp.example/slo',
    idp_entity_id: 'https://idp.example/metadata',
    sp_client_id: 'rack-console-mock',
    technical_contact_email: 'admin@idp.example',
    group_attribute_name: 'groups',
    public_cert: null,
    time_created: seedTime(7),
    time_modified: seedTime(7),
  })
  db.idpSilo.set(ids.mockIdp, ids.silo)

  db.ipPools.push({
    id: ids.ipPool1,
    name: 'ip-pool-1',
    description: 'Public IPv4 addresses for default-silo',
    ip_version: 'v4',
    pool_type: 'unicast',
    assignment: 'silos',
    time_created: seedTime(8),
    time_modified: seedTime(8),
  })
  db.ipPoolRanges.push({
    id: '8a6a2fd4-4f5b-4b4f-9d35-3d1b2a1c0001',
    ip_pool_id: ids.ipPool1,
    range: { first: '192.0.2.2', last: '192.0.2.254' },
    time_created: seedTime(8),
  })
  db.ipPoolSiloLinks.push({ ip_pool_id: ids.ipPool1, silo_id: ids.silo, is_default: true })
}
