// System-level demo data: a second silo, the SAML identity providers, IP pools with ranges and silo
// links, silo quotas, the hardware of one rack (16 sleds with their physical disks, two switches)
// and the system update state (uploaded TUF repositories, target release). Deterministic: ids
// derive from names (uuidFor), hashes from versions, timestamps from the seed epoch.
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { Db, S } from '../db'
import { seedTime, uuidFor } from '../lib/ids'
import { seedIds as ids } from './ids'

const GiB = 1024 ** 3
const TiB = 1024 * GiB

export const systemSeedIds = {
  otherSilo: uuidFor('silo:other-silo'),
  otherIdp: uuidFor('idp:other-silo/other-idp'),
  ipPool2: uuidFor('ip-pool:ip-pool-2'),
  ipPool3: uuidFor('ip-pool:ip-pool-3'),
  servicesPool: uuidFor('ip-pool:oxide-service-pool'),
  /** Sled ids by index 0..15 (cubbies 0-7 and 16-23). */
  sled: (i: number) => uuidFor(`sled:${i}`),
  switch0: uuidFor('switch:0'),
  switch1: uuidFor('switch:1'),
} as const

/** Cubby of each seeded sled: the lower and upper half of the rack's first two sleds rows. */
export const SLED_CUBBIES = [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23] as const
/** Index of the sled that operators marked non-provisionable, and of the expunged one. */
export const NON_PROVISIONABLE_SLED = 5
export const EXPUNGED_SLED = 15

/** Usable RAM of a sled after the control plane's share (about 1011 GiB of 1 TiB). */
export const SLED_USABLE_RAM = 1_086_162_862_080
export const SLED_THREADS = 128

/**
 * The seeded update state: five uploaded releases (oldest first), the one that is the target (three
 * releases behind the newest, so the update screen has upgrades to offer, even to a test's retry, and
 * a downgrade to refuse)
 * and how many components run each release.
 */
export const updateSeed = {
  versions: ['15.1.0', '16.0.0', '17.0.0', '17.1.0', '18.0.0'],
  target: '16.0.0',
  newest: '18.0.0',
  componentsByReleaseVersion: { '16.0.0': 29, '15.1.0': 2 },
} as const

/** Seed minute of each release's upload, of the target's request and of the last planning step. */
const UPDATE_MINUTES = {
  '15.1.0': 1_000,
  '16.0.0': 2_000,
  '17.0.0': 3_000,
  '17.1.0': 3_060,
  '18.0.0': 3_090,
} as const
const TARGET_REQUESTED_MINUTE = 2_060
const LAST_STEP_PLANNED_MINUTE = 3_120

/** The repository's SHA-256 as the seed has it: the hash of its file name (64 hex chars). */
export function seedRepoHash(version: string): string {
  return bytesToHex(sha256(utf8ToBytes(`oxide-${version}.zip`)))
}

export function seedSystem(db: Db): void {
  const s = systemSeedIds

  db.silos.push({
    id: s.otherSilo,
    name: 'other-silo',
    description: 'A second silo, signing in through SAML only',
    discoverable: false,
    identity_mode: 'saml_jit',
    mapped_fleet_roles: { admin: ['viewer'] },
    admin_group_name: null,
    time_created: seedTime(2),
    time_modified: seedTime(2),
  })
  db.siloPolicies.set(s.otherSilo, [])
  db.siloQuotas.push(
    // default-silo's quotas leave room above what its seeded projects provision (scale-project's
    // running instances alone hold about 16,700 vCPUs and 30,000 GiB).
    { silo_id: ids.silo, cpus: 20_000, memory: 40 * TiB, storage: 100 * TiB },
    { silo_id: s.otherSilo, cpus: 64, memory: 512 * GiB, storage: 10 * TiB },
  )

  db.identityProviders.push(
    {
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
    },
    {
      id: s.otherIdp,
      name: 'other-idp',
      description: 'The identity provider of other-silo',
      acs_url: 'https://other-silo.sys.rack.example/login/other-silo/saml/other-idp',
      slo_url: 'https://idp.other.example/slo',
      idp_entity_id: 'https://idp.other.example/metadata',
      sp_client_id: 'rack-console-other',
      technical_contact_email: 'ops@other.example',
      group_attribute_name: null,
      public_cert: null,
      time_created: seedTime(9),
      time_modified: seedTime(9),
    },
  )
  db.idpSilo.set(ids.mockIdp, ids.silo)
  db.idpSilo.set(s.otherIdp, s.otherSilo)

  const pool = (
    id: string,
    name: string,
    description: string,
    version: S['IpVersion'],
    minute: number,
    assignment: S['IpPoolAssignment'] = 'silos',
  ): S['IpPool'] => ({
    id,
    name,
    description,
    ip_version: version,
    pool_type: 'unicast',
    assignment,
    time_created: seedTime(minute),
    time_modified: seedTime(minute),
  })
  // A pool holds addresses of one IP version (IpPool.ip_version), so IPv6 lives in ip-pool-3, which
  // is default-silo's default IPv6 pool beside ip-pool-1 (its default IPv4 pool).
  db.ipPools.push(
    pool(ids.ipPool1, 'ip-pool-1', 'Public IPv4 addresses for default-silo', 'v4', 8),
    pool(
      s.ipPool2,
      'ip-pool-2',
      'A second IPv4 pool: default in other-silo, optional in default-silo',
      'v4',
      9,
    ),
    pool(s.ipPool3, 'ip-pool-3', 'Public IPv6 addresses for default-silo', 'v6', 10),
    pool(
      s.servicesPool,
      'oxide-service-pool',
      'Addresses of the rack’s own services',
      'v4',
      1,
      'system_services',
    ),
  )
  const range = (
    key: string,
    poolId: string,
    first: string,
    last: string,
    minute: number,
  ): S['IpPoolRange'] => ({
    id: uuidFor(`ip-pool-range:${key}`),
    ip_pool_id: poolId,
    range: { first, last },
    time_created: seedTime(minute),
  })
  db.ipPoolRanges.push(
    {
      ...range('ip-pool-1/0', ids.ipPool1, '192.0.2.2', '192.0.2.254', 8),
      id: '8a6a2fd4-4f5b-4b4f-9d35-3d1b2a1c0001',
    },
    range('ip-pool-1/1', ids.ipPool1, '198.51.100.10', '198.51.100.40', 9),
    range('ip-pool-2/0', s.ipPool2, '203.0.113.1', '203.0.113.20', 10),
    range('ip-pool-3/0', s.ipPool3, '2001:db8:0:1::1', '2001:db8:0:1::ffff', 11),
    range('oxide-service-pool/0', s.servicesPool, '172.20.26.1', '172.20.26.16', 1),
  )
  db.ipPoolSiloLinks.push(
    { ip_pool_id: ids.ipPool1, silo_id: ids.silo, is_default: true },
    { ip_pool_id: s.ipPool2, silo_id: ids.silo, is_default: false },
    { ip_pool_id: s.ipPool3, silo_id: ids.silo, is_default: true },
    { ip_pool_id: s.ipPool2, silo_id: s.otherSilo, is_default: true },
  )

  seedHardware(db)
  seedUpdate(db)
}

function seedUpdate(db: Db): void {
  for (const version of updateSeed.versions) {
    db.tufRepos.push({
      system_version: version,
      file_name: `oxide-${version}.zip`,
      hash: seedRepoHash(version),
      time_created: seedTime(UPDATE_MINUTES[version]),
    })
  }
  db.updateStatus = {
    target_release: { version: updateSeed.target, time_requested: seedTime(TARGET_REQUESTED_MINUTE) },
    components_by_release_version: { ...updateSeed.componentsByReleaseVersion },
    suspended: false,
    contact_support: false,
    time_last_step_planned: seedTime(LAST_STEP_PLANNED_MINUTE),
  }
}

function seedHardware(db: Db): void {
  const s = systemSeedIds
  db.racks.push({ id: ids.rack, time_created: seedTime(0), time_modified: seedTime(0) })

  SLED_CUBBIES.forEach((cubby, i) => {
    const expunged = i === EXPUNGED_SLED
    const policy: S['SledPolicy'] = expunged
      ? { kind: 'expunged' }
      : {
          kind: 'in_service',
          provision_policy: i === NON_PROVISIONABLE_SLED ? 'non_provisionable' : 'provisionable',
        }
    db.sleds.push({
      id: s.sled(i),
      rack_id: ids.rack,
      slot: cubby,
      baseboard: { part: '913-0000019', revision: i < 8 ? 6 : 13, serial: `BRM4222${String(1000 + cubby)}` },
      policy,
      state: expunged ? 'decommissioned' : 'active',
      usable_hardware_threads: SLED_THREADS,
      usable_physical_ram: SLED_USABLE_RAM,
      time_created: seedTime(0),
      time_modified: seedTime(expunged ? 500 : 0),
    })
    // Ten U.2 data disks and two M.2 boot disks per sled.
    for (let d = 0; d < 12; d++) {
      const u2 = d < 10
      const diskExpunged = expunged || (i === 3 && d === 7)
      db.physicalDisks.push({
        id: uuidFor(`physical-disk:${i}/${d}`),
        sled_id: s.sled(i),
        form_factor: u2 ? 'u2' : 'm2',
        vendor: u2 ? '1b96' : '1344',
        model: u2 ? 'WUS5EA138ESP7E3' : 'MTFDKBG512TFR-1BC1ZABYY',
        serial: `${u2 ? 'A084A' : 'M2E'}${String(i * 12 + d).padStart(4, '0')}${u2 ? 'DH' : 'X'}`,
        policy: { kind: diskExpunged ? 'expunged' : 'in_service' },
        state: diskExpunged ? 'decommissioned' : 'active',
        time_created: seedTime(0),
        time_modified: seedTime(diskExpunged ? 400 : 0),
      })
    }
  })

  db.switches.push(
    {
      id: s.switch0,
      rack_id: ids.rack,
      baseboard: { part: '913-0000006', revision: 4, serial: 'BRM44220010' },
      time_created: seedTime(0),
      time_modified: seedTime(0),
    },
    {
      id: s.switch1,
      rack_id: ids.rack,
      baseboard: { part: '913-0000006', revision: 4, serial: 'BRM44220011' },
      time_created: seedTime(0),
      time_modified: seedTime(0),
    },
  )

  // mock-project's active instances run on the first sleds; other active instances (scale-project,
  // or ones started later) are spread over provisionable sleds by handlers/system.ts `sledOf`.
  db.instanceSled.set(ids.db1, s.sled(0))
  db.instanceSled.set(ids.notThereYet, s.sled(1))
}
