// Behaviour of the system mock (mocks/handlers/system.ts) over msw/node, plus its contract cases
// (mocks/contract-cases-extra.ts) validated against nexus.json.
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Api } from './contract/api'
import { extraContractCases } from './contract-cases-extra'
import { type Db, resetDb } from './db'
import { instanceHandlers } from './handlers/instances'
import { networkingHandlers } from './handlers/networking'
import { sessionHandlers } from './handlers/session'
import { systemHandlers } from './handlers/system'
import { configureMock } from './lib/config'
import { registry } from './lib/handle'
import { responseSchema, successStatus, validatorFor } from './lib/spec'
import { seedIds as ids } from './seed/ids'
import { systemSeedIds as sys } from './seed/system'

const BASE = 'http://rack.test'
const tokens = {
  admin: 'oxide-token-demo-fleet-admin-cli',
  viewer: 'test-token-silo-viewer',
  nobody: 'test-token-no-role',
}
type As = keyof typeof tokens

let db: Db
const server = setupServer(...sessionHandlers, ...networkingHandlers, ...systemHandlers, ...instanceHandlers)

function freshDb(): void {
  db = resetDb()
  db.accessTokens.push(
    {
      id: 'a0000000-0000-4000-8000-000000000001',
      token: tokens.viewer,
      user_id: ids.siloViewer,
      time_created: new Date().toISOString(),
      time_expires: null,
    },
    {
      id: 'a0000000-0000-4000-8000-000000000002',
      token: tokens.nobody,
      user_id: ids.noRole,
      time_created: new Date().toISOString(),
      time_expires: null,
    },
  )
}

// biome-ignore lint/suspicious/noExplicitAny: test responses are checked field by field
type Json = any

/** Whether a request may have changed the db since the last reset (resetting costs ~0.4 s). */
let dirty = true

async function api(
  method: string,
  path: string,
  opts: { query?: Record<string, string>; body?: unknown; as?: As } = {},
): Promise<{ status: number; body: Json }> {
  if (method !== 'GET') dirty = true
  const url = new URL(path, BASE)
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v)
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${tokens[opts.as ?? 'admin']}`,
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}

const GiB = 1024 ** 3

beforeAll(() => {
  configureMock({ delay: [0, 0], chaos: 0 })
  server.listen({ onUnhandledRequest: 'error' })
})
afterAll(() => server.close())
beforeEach(() => {
  if (!dirty) return
  freshDb()
  dirty = false
})

describe('fleet access', () => {
  it('refuses system endpoints to users without a fleet role', async () => {
    for (const path of [
      '/v1/system/silos',
      '/v1/system/hardware/sleds',
      '/v1/system/ip-pools',
      '/v1/system/policy',
      '/v1/system/utilization/silos',
    ]) {
      expect((await api('GET', path, { as: 'viewer' })).status, path).toBe(403)
    }
    expect((await api('GET', '/v1/system/silos', { as: 'nobody' })).status).toBe(403)
    expect(
      (
        await api('PUT', `/v1/system/hardware/sleds/${sys.sled(0)}/provision-policy`, {
          as: 'viewer',
          body: { state: 'non_provisionable' },
        })
      ).status,
    ).toBe(403)
  })

  it('lets a fleet viewer read but not write', async () => {
    db.fleetPolicy.role_assignments.push({
      identity_id: ids.siloViewer,
      identity_type: 'silo_user',
      role_name: 'viewer',
    })
    dirty = true
    expect((await api('GET', '/v1/system/silos', { as: 'viewer' })).status).toBe(200)
    const create = await api('POST', '/v1/system/ip-pools', {
      as: 'viewer',
      body: { name: 'p', description: '' },
    })
    expect(create.status).toBe(403)
  })

  it('maps silo roles to fleet roles (mapped_fleet_roles)', async () => {
    // default-silo admins (admin-group) become fleet viewers.
    db.silos[0]!.mapped_fleet_roles = { admin: ['viewer'] }
    db.siloPolicies.set(ids.silo, [
      { identity_id: ids.siloViewer, identity_type: 'silo_user', role_name: 'admin' },
    ])
    dirty = true
    expect((await api('GET', '/v1/system/hardware/racks', { as: 'viewer' })).status).toBe(200)
  })
})

describe('silos', () => {
  const siloBody = {
    name: 'new-silo',
    description: 'd',
    discoverable: true,
    identity_mode: 'local_only',
    admin_group_name: 'new-admins',
    quotas: { cpus: 16, memory: 64 * GiB, storage: 1024 * GiB },
    tls_certificates: [],
  }

  it('lists default-silo and other-silo', async () => {
    const res = await api('GET', '/v1/system/silos')
    expect(res.body.items.map((s: { name: string }) => s.name)).toEqual(['default-silo', 'other-silo'])
  })

  it('creates a silo with quotas and an admin group, rejects a duplicate, deletes it', async () => {
    const res = await api('POST', '/v1/system/silos', { body: siloBody })
    expect(res.status).toBe(201)
    expect((await api('POST', '/v1/system/silos', { body: siloBody })).body).toMatchObject({
      error_code: 'ObjectAlreadyExists',
      message: 'already exists: silo "new-silo"',
    })
    expect((await api('GET', '/v1/system/silos/new-silo/quotas')).body).toEqual({
      silo_id: res.body.id,
      cpus: 16,
      memory: 64 * GiB,
      storage: 1024 * GiB,
    })
    const policy = await api('GET', '/v1/system/silos/new-silo/policy')
    const group = db.groups.find((g) => g.display_name === 'new-admins')
    expect(policy.body.role_assignments).toEqual([
      { identity_id: group?.id, identity_type: 'silo_group', role_name: 'admin' },
    ])
    const quotas = await api('GET', '/v1/system/silo-quotas')
    expect(quotas.body.items).toHaveLength(3)
    expect((await api('DELETE', '/v1/system/silos/new-silo')).status).toBe(204)
    expect((await api('GET', `/v1/system/silos/${res.body.id}`)).status).toBe(404)
    expect(db.siloQuotas).toHaveLength(2)
    expect(db.groups.some((g) => g.display_name === 'new-admins')).toBe(false)
  })

  it('refuses to delete a silo with projects', async () => {
    const res = await api('DELETE', '/v1/system/silos/default-silo')
    expect(res.status).toBe(400)
  })

  it('updates quotas field by field', async () => {
    const res = await api('PUT', '/v1/system/silos/other-silo/quotas', { body: { cpus: 99 } })
    expect(res.body).toMatchObject({ cpus: 99, memory: 512 * GiB })
  })

  it('lists the pools a silo can use', async () => {
    const res = await api('GET', '/v1/system/silos/default-silo/ip-pools')
    expect(
      res.body.items.map((p: { name: string; is_default: boolean }) => `${p.name}:${p.is_default}`),
    ).toEqual(['ip-pool-1:true', 'ip-pool-2:false', 'ip-pool-3:true'])
  })
})

describe('identity providers and local users', () => {
  it('lists and creates SAML providers per silo', async () => {
    const list = await api('GET', '/v1/system/identity-providers', { query: { silo: 'default-silo' } })
    expect(list.body.items).toMatchObject([{ name: 'mock-idp', provider_type: 'saml' }])
    expect((await api('GET', '/v1/system/identity-providers')).status).toBe(400)
    const body = {
      name: 'mock-idp',
      description: '',
      acs_url: 'https://a',
      slo_url: 'https://b',
      idp_entity_id: 'e',
      sp_client_id: 'c',
      technical_contact_email: 't@example.com',
      idp_metadata_source: { type: 'url', url: 'https://idp.example/metadata' },
    }
    expect(
      (await api('POST', '/v1/system/identity-providers/saml', { query: { silo: 'default-silo' }, body }))
        .status,
    ).toBe(400)
    const created = await api('POST', '/v1/system/identity-providers/saml', {
      query: { silo: 'other-silo' },
      body,
    })
    expect(created.status).toBe(201)
    expect(
      (await api('GET', '/v1/system/identity-providers/saml/mock-idp', { query: { silo: 'other-silo' } }))
        .body.id,
    ).toBe(created.body.id)
    expect((await api('GET', `/v1/system/identity-providers/saml/${created.body.id}`)).body.name).toBe(
      'mock-idp',
    )
  })

  it('creates, re-passwords and deletes local users', async () => {
    const q = { silo: 'default-silo' }
    const res = await api('POST', '/v1/system/identity-providers/local/users', {
      query: q,
      body: { external_id: 'alice', password: { mode: 'password', value: 'secret' } },
    })
    expect(res.status).toBe(201)
    expect(db.passwords.get(res.body.id)).toBe('secret')
    const dup = await api('POST', '/v1/system/identity-providers/local/users', {
      query: q,
      body: { external_id: 'alice', password: { mode: 'login_disallowed' } },
    })
    expect(dup.body.error_code).toBe('ObjectAlreadyExists')
    await api('POST', `/v1/system/identity-providers/local/users/${res.body.id}/set-password`, {
      query: q,
      body: { mode: 'login_disallowed' },
    })
    expect(db.passwords.has(res.body.id)).toBe(false)
    expect(
      (await api('GET', '/v1/system/users', { query: q })).body.items.some(
        (u: { id: string }) => u.id === res.body.id,
      ),
    ).toBe(true)
    expect(
      (await api('DELETE', `/v1/system/identity-providers/local/users/${res.body.id}`, { query: q })).status,
    ).toBe(204)
    expect((await api('GET', `/v1/system/users/${res.body.id}`, { query: q })).status).toBe(404)
    const saml = await api('POST', '/v1/system/identity-providers/local/users', {
      query: { silo: 'other-silo' },
      body: { external_id: 'bob', password: { mode: 'login_disallowed' } },
    })
    expect(saml.status).toBe(400)
  })
})

describe('IP pools', () => {
  it('adds and removes ranges, rejecting overlaps and the wrong version', async () => {
    const add = (pool: string, first: string, last: string) =>
      api('POST', `/v1/system/ip-pools/${pool}/ranges/add`, { body: { first, last } })
    expect((await add('ip-pool-2', '203.0.113.30', '203.0.113.39')).status).toBe(201)
    expect((await add('ip-pool-2', '203.0.113.35', '203.0.113.50')).body.message).toMatch(/overlaps/)
    expect((await add('ip-pool-2', '192.0.2.100', '192.0.2.100')).status).toBe(400)
    expect((await add('ip-pool-2', 'fd00::1', 'fd00::2')).status).toBe(400)
    expect((await add('ip-pool-2', '203.0.113.90', '203.0.113.80')).status).toBe(400)
    const v6 = await add('ip-pool-3', '2001:DB8:0:2:0:0:0:1', '2001:db8:0:2::10')
    expect(v6.body.range).toEqual({ first: '2001:db8:0:2::1', last: '2001:db8:0:2::10' })
    const ranges = await api('GET', '/v1/system/ip-pools/ip-pool-2/ranges')
    expect(ranges.body.items).toHaveLength(2)
    const util = await api('GET', '/v1/system/ip-pools/ip-pool-2/utilization')
    expect(util.body).toEqual({ capacity: 30, remaining: 30 })
    const remove = await api('POST', '/v1/system/ip-pools/ip-pool-2/ranges/remove', {
      body: { first: '203.0.113.30', last: '203.0.113.39' },
    })
    expect(remove.status).toBe(204)
    expect((await api('GET', '/v1/system/ip-pools/ip-pool-2/ranges')).body.items).toHaveLength(1)
    // ip-pool-1's first range holds floating and ephemeral IPs.
    const busy = await api('POST', '/v1/system/ip-pools/ip-pool-1/ranges/remove', {
      body: { first: '192.0.2.2', last: '192.0.2.254' },
    })
    expect(busy.status).toBe(400)
  })

  it('reports utilization of ip-pool-1 from the addresses in use', async () => {
    const util = await api('GET', '/v1/system/ip-pools/ip-pool-1/utilization')
    // 253 + 31 addresses; in use: ephemeral and SNAT of db1, two floating IPs, mock-gateway's address.
    expect(util.body).toEqual({ capacity: 284, remaining: 279 })
  })

  it('creates, renames and deletes pools; a pool with ranges stays', async () => {
    expect(
      (await api('POST', '/v1/system/ip-pools', { body: { name: 'ip-pool-1', description: '' } })).status,
    ).toBe(400)
    const res = await api('POST', '/v1/system/ip-pools', {
      body: { name: 'fresh', description: '', ip_version: 'v6' },
    })
    expect(res.body).toMatchObject({ ip_version: 'v6', pool_type: 'unicast', assignment: 'silos' })
    expect((await api('PUT', '/v1/system/ip-pools/fresh', { body: { name: 'fresher' } })).body.name).toBe(
      'fresher',
    )
    expect((await api('DELETE', '/v1/system/ip-pools/fresher')).status).toBe(204)
    expect((await api('DELETE', '/v1/system/ip-pools/ip-pool-2')).status).toBe(400)
    const v4 = await api('GET', '/v1/system/ip-pools', { query: { ip_version: 'v6' } })
    expect(v4.body.items.map((p: { name: string }) => p.name)).toEqual(['ip-pool-3'])
  })

  it('links, makes default and unlinks silos', async () => {
    const links = await api('GET', '/v1/system/ip-pools/ip-pool-2/silos')
    expect(links.body.items).toHaveLength(2)
    const clash = await api('POST', '/v1/system/ip-pools', { body: { name: 'p4', description: '' } })
    expect(clash.status).toBe(201)
    expect(
      (
        await api('POST', '/v1/system/ip-pools/p4/silos', {
          body: { silo: 'default-silo', is_default: true },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await api('POST', '/v1/system/ip-pools/p4/silos', {
          body: { silo: 'default-silo', is_default: false },
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await api('POST', '/v1/system/ip-pools/p4/silos', {
          body: { silo: 'default-silo', is_default: false },
        })
      ).status,
    ).toBe(400)
    const upd = await api('PUT', '/v1/system/ip-pools/p4/silos/default-silo', { body: { is_default: true } })
    expect(upd.body).toMatchObject({ is_default: true })
    const pools = await api('GET', '/v1/system/silos/default-silo/ip-pools')
    expect(
      pools.body.items
        .filter((p: { is_default: boolean }) => p.is_default)
        .map((p: { name: string }) => p.name),
    ).toEqual(['ip-pool-3', 'p4'])
    expect((await api('DELETE', '/v1/system/ip-pools/p4/silos/default-silo')).status).toBe(204)
    // ip-pool-1 still hands out addresses in default-silo.
    expect((await api('DELETE', '/v1/system/ip-pools/ip-pool-1/silos/default-silo')).status).toBe(400)
  })
})

describe('hardware', () => {
  it('has one rack, sixteen sleds with capacity and baseboards, disks on every sled, two switches', async () => {
    expect((await api('GET', '/v1/system/hardware/racks')).body.items).toEqual([
      expect.objectContaining({ id: ids.rack }),
    ])
    const sleds = (await api('GET', '/v1/system/hardware/sleds')).body.items
    expect(sleds.length).toBeGreaterThanOrEqual(8)
    for (const s of sleds) {
      expect(s.usable_hardware_threads).toBeGreaterThan(0)
      expect(s.usable_physical_ram).toBeGreaterThan(0)
      expect(s.baseboard).toEqual({
        part: expect.any(String),
        serial: expect.any(String),
        revision: expect.any(Number),
      })
    }
    const disks = (await api('GET', `/v1/system/hardware/sleds/${sys.sled(0)}/disks`)).body.items
    expect(new Set(disks.map((d: { form_factor: string }) => d.form_factor))).toEqual(new Set(['u2', 'm2']))
    const all = await api('GET', '/v1/system/hardware/disks', { query: { limit: '1000' } })
    expect(all.body.items).toHaveLength(sleds.length * 12)
    expect((await api('GET', `/v1/system/hardware/disks/${disks[0].id}`)).body.sled_id).toBe(sys.sled(0))
    expect((await api('GET', '/v1/system/hardware/switches')).body.items).toHaveLength(2)
    expect((await api('GET', `/v1/system/hardware/switches/${sys.switch1}`)).status).toBe(200)
    expect((await api('GET', `/v1/system/hardware/sleds/${sys.switch1}`)).status).toBe(404)
  })

  it('lists the instances of a sled', async () => {
    const res = await api('GET', `/v1/system/hardware/sleds/${sys.sled(0)}/instances`, {
      query: { limit: '1000' },
    })
    expect(res.body.items).toContainEqual(
      expect.objectContaining({
        name: 'db1',
        project_name: 'mock-project',
        silo_name: 'default-silo',
        active_sled_id: sys.sled(0),
        state: 'running',
      }),
    )
    expect(res.body.items.every((i: { state: string }) => i.state !== 'stopped')).toBe(true)
  })

  it('sets the provision policy of a sled, not of an expunged one', async () => {
    const url = `/v1/system/hardware/sleds/${sys.sled(2)}/provision-policy`
    const res = await api('PUT', url, { body: { state: 'non_provisionable' } })
    expect(res.body).toEqual({ old_state: 'provisionable', new_state: 'non_provisionable' })
    expect((await api('GET', `/v1/system/hardware/sleds/${sys.sled(2)}`)).body.policy).toEqual({
      kind: 'in_service',
      provision_policy: 'non_provisionable',
    })
    const back = await api('PUT', url, { body: { state: 'provisionable' } })
    expect(back.body).toEqual({ old_state: 'non_provisionable', new_state: 'provisionable' })
    const expunged = await api('PUT', `/v1/system/hardware/sleds/${sys.sled(15)}/provision-policy`, {
      body: { state: 'provisionable' },
    })
    expect(expunged.status).toBe(400)
    expect((await api('PUT', url, { body: { state: 'sideways' } })).status).toBe(400)
  })

  it('a provision policy change does not move the instances already running on the sled', async () => {
    const instancesOn = async (i: number) =>
      (await api('GET', `/v1/system/hardware/sleds/${sys.sled(i)}/instances?limit=1000`)).body.items.map(
        (x: { id: string }) => x.id,
      )
    const before = await instancesOn(3)
    expect(before.length).toBeGreaterThan(0)
    const url = `/v1/system/hardware/sleds/${sys.sled(3)}/provision-policy`
    await api('PUT', url, { body: { state: 'non_provisionable' } })
    expect(await instancesOn(3)).toEqual(before)
    await api('PUT', url, { body: { state: 'provisionable' } })
  })
})

describe('utilization and policy', () => {
  it('reports per-silo provisioned resources and quotas', async () => {
    const res = await api('GET', '/v1/system/utilization/silos')
    const def = res.body.items.find((u: { silo_name: string }) => u.silo_name === 'default-silo')
    const running = db.instances.filter((i) =>
      ['running', 'starting', 'rebooting', 'migrating', 'stopping'].includes(i.run_state),
    )
    expect(def.provisioned.cpus).toBe(running.reduce((n, i) => n + i.ncpus, 0))
    expect(def.provisioned.memory).toBe(running.reduce((n, i) => n + i.memory, 0))
    expect(def.provisioned.storage).toBeGreaterThan(0)
    expect(def.allocated).toEqual({
      cpus: 20_000,
      memory: 40 * 1024 * GiB,
      storage: 100 * 1024 * GiB,
    })
    expect(def.provisioned.cpus).toBeLessThanOrEqual(def.allocated.cpus)
    expect(def.provisioned.memory).toBeLessThanOrEqual(def.allocated.memory)
    const other = await api('GET', '/v1/system/utilization/silos/other-silo')
    expect(other.body.provisioned).toEqual({ cpus: 0, memory: 0, storage: 0 })
  })

  it('reads and replaces the fleet policy', async () => {
    const before = await api('GET', '/v1/system/policy')
    expect(before.body.role_assignments).toContainEqual({
      identity_id: ids.fleetAdmin,
      identity_type: 'silo_user',
      role_name: 'admin',
    })
    const next = {
      role_assignments: [
        ...before.body.role_assignments,
        { identity_id: ids.siloViewer, identity_type: 'silo_user', role_name: 'viewer' },
      ],
    }
    expect((await api('PUT', '/v1/system/policy', { body: next })).body).toEqual(next)
    expect((await api('GET', '/v1/system/silos', { as: 'viewer' })).status).toBe(200)
    const bogus = {
      role_assignments: [
        {
          identity_id: '00000000-0000-4000-8000-000000000000',
          identity_type: 'silo_user',
          role_name: 'viewer',
        },
      ],
    }
    expect((await api('PUT', '/v1/system/policy', { body: bogus })).status).toBe(404)
  })

  it('lists the built-in users', async () => {
    const res = await api('GET', '/v1/system/users-builtin')
    expect(res.body.items.map((u: { name: string }) => u.name)).toContain('db-init')
    expect((await api('GET', '/v1/system/users-builtin/nope')).status).toBe(404)
  })
})

describe('contract cases (system)', () => {
  // As mocks/contract.test.ts runs them: one db, no resets, signed in by cookie as fleet-admin.
  const mine = new Set(systemHandlers)
  const ops = [...registry].filter(([, h]) => mine.has(h)).map(([name]) => name)
  const capi = new Api(BASE)

  beforeAll(async () => {
    freshDb()
    dirty = false
    configureMock({ timeScale: 0.01 })
    await capi.login('fleet-admin')
  })
  afterAll(() => configureMock({ timeScale: 1 }))

  it('has a case for every system operation', () => {
    expect(ops.filter((n) => !extraContractCases[n])).toEqual([])
  })

  it.each(ops)('%s answers as the contract says', async (name) => {
    const run = extraContractCases[name]
    if (!run) throw new Error(`no contract case for ${name}`)
    const res = await run(capi)
    const text = await res.text()
    expect(res.status, `${name}: ${text}`).toBe(successStatus(name))
    const schema = responseSchema(name)
    if (!schema) return
    const validate = validatorFor(schema)
    expect(validate(JSON.parse(text)), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true)
  })

  it('left the seeded demo data in place', async () => {
    expect(db.vpcs.some((v) => v.name === 'mock-vpc')).toBe(true)
    expect(db.floatingIps.find((f) => f.name === 'rootbeer-float')?.instance_id).toBe(ids.db1)
    expect(
      db.antiAffinityGroupMembers.filter(
        (m) => m.group_id === db.antiAffinityGroups.find((g) => g.name === 'romulus-remus')?.id,
      ),
    ).toHaveLength(2)
    expect(
      db.sleds.filter(
        (s) => s.policy.kind === 'in_service' && s.policy.provision_policy === 'non_provisionable',
      ),
    ).toHaveLength(1)
    expect(db.ipPoolSiloLinks.filter((l) => l.silo_id === ids.silo && l.is_default)).toHaveLength(2)
  })
})
