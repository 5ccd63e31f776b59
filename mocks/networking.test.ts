// Behaviour of the networking mock (mocks/handlers/networking.ts) over msw/node, plus its contract
// cases (mocks/contract-cases-extra.ts) validated against nexus.json.
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

const P = { project: 'mock-project' }
const V = { project: 'mock-project', vpc: 'mock-vpc' }

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

describe('VPCs', () => {
  it('lists the seeded VPC and paginates with limit and sort_by', async () => {
    await api('POST', '/v1/vpcs', { query: P, body: { name: 'zeta-vpc', description: '', dns_name: 'zeta' } })
    const all = await api('GET', '/v1/vpcs', { query: P })
    expect(all.body.items.map((v: { name: string }) => v.name)).toEqual(['mock-vpc', 'zeta-vpc'])
    const first = await api('GET', '/v1/vpcs', { query: { ...P, limit: '1', sort_by: 'name_descending' } })
    expect(first.body.items.map((v: { name: string }) => v.name)).toEqual(['zeta-vpc'])
    const next = await api('GET', '/v1/vpcs', { query: { ...P, page_token: first.body.next_page } })
    expect(next.body.items.map((v: { name: string }) => v.name)).toEqual(['mock-vpc'])
  })

  it('creates a VPC with its system router, default subnet, routes, gateway and firewall rules', async () => {
    const res = await api('POST', '/v1/vpcs', {
      query: P,
      body: { name: 'new-vpc', description: 'd', dns_name: 'new-vpc' },
    })
    expect(res.status).toBe(201)
    expect(res.body.ipv6_prefix).toMatch(/^fd[0-9a-f]{2}:[0-9a-f:]+\/48$/)
    const q = { ...P, vpc: 'new-vpc' }
    const routers = await api('GET', '/v1/vpc-routers', { query: q })
    expect(routers.body.items).toMatchObject([
      { name: 'system', kind: 'system', id: res.body.system_router_id },
    ])
    const subnets = await api('GET', '/v1/vpc-subnets', { query: q })
    expect(subnets.body.items).toMatchObject([{ name: 'default', ipv4_block: '172.30.0.0/22' }])
    const routes = await api('GET', '/v1/vpc-router-routes', { query: { ...q, router: 'system' } })
    expect(
      routes.body.items.map((r: { name: string; kind: string }) => `${r.name}:${r.kind}`).sort(),
    ).toEqual(['default-v4:default', 'default-v6:default', 'default:vpc_subnet'])
    const rules = await api('GET', '/v1/vpc-firewall-rules', { query: q })
    expect(rules.body.rules.map((r: { name: string }) => r.name)).toEqual([
      'allow-internal-inbound',
      'allow-ssh',
      'allow-icmp',
    ])
    const gateways = await api('GET', '/v1/internet-gateways', { query: q })
    expect(gateways.body.items.map((g: { name: string }) => g.name)).toEqual(['default'])
  })

  it('rejects a duplicate name and reports a missing VPC', async () => {
    const dup = await api('POST', '/v1/vpcs', {
      query: P,
      body: { name: 'mock-vpc', description: '', dns_name: 'x' },
    })
    expect(dup.status).toBe(400)
    expect(dup.body).toMatchObject({
      error_code: 'ObjectAlreadyExists',
      message: 'already exists: vpc "mock-vpc"',
    })
    const missing = await api('GET', '/v1/vpcs/nope', { query: P })
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({
      error_code: 'ObjectNotFound',
      message: 'not found: vpc with name "nope"',
    })
  })

  it('selects by id only without a parent selector', async () => {
    const vpc = db.vpcs.find((v) => v.name === 'mock-vpc')
    expect((await api('GET', `/v1/vpcs/${vpc?.id}`)).status).toBe(200)
    expect((await api('GET', `/v1/vpcs/${vpc?.id}`, { query: P })).status).toBe(400)
    const subnet = db.vpcSubnets.find((s) => s.name === 'mock-subnet')
    expect((await api('GET', `/v1/vpc-subnets/${subnet?.id}`)).body.name).toBe('mock-subnet')
    expect((await api('GET', '/v1/vpc-subnets/mock-subnet', { query: P })).status).toBe(400)
  })

  it('refuses to delete a VPC with interfaces, deletes an empty one with its children', async () => {
    expect((await api('DELETE', '/v1/vpcs/mock-vpc', { query: P })).status).toBe(400)
    await api('POST', '/v1/vpcs', { query: P, body: { name: 'gone-vpc', description: '', dns_name: 'gone' } })
    expect((await api('DELETE', '/v1/vpcs/gone-vpc', { query: P })).status).toBe(204)
    expect((await api('GET', '/v1/vpcs/gone-vpc', { query: P })).status).toBe(404)
    expect(db.vpcSubnets.filter((s) => s.name === 'default')).toHaveLength(0)
  })
})

describe('subnets', () => {
  it('creates a subnet with a system route, rejects overlapping and public blocks', async () => {
    const created = await api('POST', '/v1/vpc-subnets', {
      query: V,
      body: { name: 'third', description: '', ipv4_block: '10.2.0.0/24' },
    })
    expect(created.status).toBe(201)
    expect(created.body.ipv6_block).toBe('fd8d:4a0d:2c2e::/64')
    const routes = await api('GET', '/v1/vpc-router-routes', { query: { ...V, router: 'system' } })
    expect(
      routes.body.items.some(
        (r: { name: string; kind: string }) => r.name === 'third' && r.kind === 'vpc_subnet',
      ),
    ).toBe(true)
    const overlap = await api('POST', '/v1/vpc-subnets', {
      query: V,
      body: { name: 'fourth', description: '', ipv4_block: '172.30.1.0/24' },
    })
    expect(overlap.status).toBe(400)
    expect(overlap.body.message).toMatch(/overlaps/)
    const pub = await api('POST', '/v1/vpc-subnets', {
      query: V,
      body: { name: 'fifth', description: '', ipv4_block: '8.8.8.0/24' },
    })
    expect(pub.status).toBe(400)
    expect((await api('DELETE', '/v1/vpc-subnets/third', { query: V })).status).toBe(204)
  })

  it('lists the interfaces of a subnet and refuses to delete it while they exist', async () => {
    const nics = await api('GET', '/v1/vpc-subnets/mock-subnet/network-interfaces', { query: V })
    expect(nics.body.items.length).toBeGreaterThanOrEqual(2)
    expect((await api('DELETE', '/v1/vpc-subnets/mock-subnet', { query: V })).status).toBe(400)
  })
})

describe('routers and routes', () => {
  it('keeps the system router read-only', async () => {
    expect(
      (await api('PUT', '/v1/vpc-routers/system', { query: V, body: { description: 'x' } })).status,
    ).toBe(400)
    expect((await api('DELETE', '/v1/vpc-routers/system', { query: V })).status).toBe(400)
    const sysRoute = { ...V, router: 'system' }
    const put = await api('PUT', '/v1/vpc-router-routes/default-v4', {
      query: sysRoute,
      body: { destination: { type: 'ip_net', value: '0.0.0.0/0' }, target: { type: 'drop' } },
    })
    expect(put.status).toBe(400)
    expect((await api('DELETE', '/v1/vpc-router-routes/mock-subnet', { query: sysRoute })).status).toBe(400)
  })

  it('manages routes of a custom router', async () => {
    const q = { ...V, router: 'mock-custom-router' }
    const list = await api('GET', '/v1/vpc-router-routes', { query: q })
    expect(list.body.items.length).toBeGreaterThanOrEqual(2)
    expect(list.body.items.every((r: { kind: string }) => r.kind === 'custom')).toBe(true)
    const body = {
      name: 'to-web1',
      description: '',
      destination: { type: 'ip', value: '10.9.9.9' },
      target: { type: 'instance', value: 'web1' },
    }
    expect((await api('POST', '/v1/vpc-router-routes', { query: q, body })).status).toBe(201)
    expect((await api('POST', '/v1/vpc-router-routes', { query: q, body })).body.error_code).toBe(
      'ObjectAlreadyExists',
    )
    const mixed = await api('POST', '/v1/vpc-router-routes', {
      query: q,
      body: {
        ...body,
        name: 'mixed',
        destination: { type: 'ip_net', value: '10.0.0.0/8' },
        target: { type: 'ip', value: 'fd00::1' },
      },
    })
    expect(mixed.status).toBe(400)
    const upd = await api('PUT', '/v1/vpc-router-routes/to-web1', {
      query: q,
      body: { destination: body.destination, target: { type: 'drop' } },
    })
    expect(upd.body.target).toEqual({ type: 'drop' })
    expect((await api('DELETE', '/v1/vpc-router-routes/to-web1', { query: q })).status).toBe(204)
  })

  it('refuses to delete a custom router that a subnet uses', async () => {
    expect((await api('DELETE', '/v1/vpc-routers/mock-custom-router', { query: V })).status).toBe(400)
    await api('PUT', '/v1/vpc-subnets/mock-subnet-2', { query: V, body: {} })
    expect((await api('DELETE', '/v1/vpc-routers/mock-custom-router', { query: V })).status).toBe(204)
  })
})

describe('firewall rules', () => {
  it('has the seeded rules and PUT replaces the whole set', async () => {
    const before = await api('GET', '/v1/vpc-firewall-rules', { query: V })
    expect(before.body.rules.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['allow-internal-inbound', 'allow-ssh', 'allow-icmp']),
    )
    const rule = {
      name: 'only-https',
      description: '',
      status: 'enabled',
      direction: 'inbound',
      action: 'allow',
      priority: 10,
      targets: [{ type: 'vpc', value: 'mock-vpc' }],
      filters: { ports: ['443'], protocols: [{ type: 'tcp' }] },
    }
    const put = await api('PUT', '/v1/vpc-firewall-rules', { query: V, body: { rules: [rule] } })
    expect(put.status).toBe(200)
    const after = await api('GET', '/v1/vpc-firewall-rules', { query: V })
    expect(after.body.rules).toMatchObject([{ name: 'only-https', filters: { ports: ['443'], hosts: null } }])
    const dup = await api('PUT', '/v1/vpc-firewall-rules', { query: V, body: { rules: [rule, rule] } })
    expect(dup.status).toBe(400)
    expect((await api('PUT', '/v1/vpc-firewall-rules', { query: V, body: {} })).body.rules).toEqual([])
  })
})

describe('internet gateways', () => {
  const G = { ...V, gateway: 'mock-gateway' }

  it('lists the pools and addresses of mock-gateway, attaches and detaches them', async () => {
    const pools = await api('GET', '/v1/internet-gateway-ip-pools', { query: G })
    expect(pools.body.items).toMatchObject([{ name: 'ip-pool-1', ip_pool_id: ids.ipPool1 }])
    const addrs = await api('GET', '/v1/internet-gateway-ip-addresses', { query: G })
    expect(addrs.body.items).toMatchObject([{ name: 'mock-gateway-address' }])
    const attach = await api('POST', '/v1/internet-gateway-ip-pools', {
      query: G,
      body: { name: 'second', description: '', ip_pool: 'ip-pool-2' },
    })
    expect(attach.status).toBe(201)
    const again = await api('POST', '/v1/internet-gateway-ip-pools', {
      query: G,
      body: { name: 'third', description: '', ip_pool: 'ip-pool-2' },
    })
    expect(again.status).toBe(400)
    const unlinked = await api('POST', '/v1/internet-gateway-ip-pools', {
      query: G,
      body: { name: 'svc', description: '', ip_pool: 'oxide-service-pool' },
    })
    expect(unlinked.status).toBe(404)
    expect((await api('DELETE', '/v1/internet-gateway-ip-pools/second', { query: G })).status).toBe(204)
    const addr = await api('POST', '/v1/internet-gateway-ip-addresses', {
      query: G,
      body: { name: 'a2', description: '', address: '192.0.2.251' },
    })
    expect(addr.status).toBe(201)
    expect((await api('DELETE', `/v1/internet-gateway-ip-addresses/${addr.body.id}`)).status).toBe(204)
  })

  it('deletes a gateway with children only with cascade', async () => {
    expect((await api('DELETE', '/v1/internet-gateways/mock-gateway', { query: V })).status).toBe(400)
    expect(
      (await api('DELETE', '/v1/internet-gateways/mock-gateway', { query: { ...V, cascade: 'true' } }))
        .status,
    ).toBe(204)
    expect(db.internetGatewayIpAddresses).toHaveLength(0)
  })
})

describe('floating IPs', () => {
  it('allocates a free address from the default pool', async () => {
    const res = await api('POST', '/v1/floating-ips', {
      query: P,
      body: { name: 'new-fip', description: '' },
    })
    expect(res.status).toBe(201)
    expect(res.body.ip_pool_id).toBe(ids.ipPool1)
    const taken = new Set([
      ...db.floatingIps.filter((f) => f.id !== res.body.id).map((f) => f.ip),
      '192.0.2.10',
      '192.0.2.200',
    ])
    expect(taken.has(res.body.ip)).toBe(false)
    const v6 = await api('POST', '/v1/floating-ips', {
      query: P,
      body: {
        name: 'v6-fip',
        description: '',
        address_allocator: { type: 'auto', pool_selector: { type: 'auto', ip_version: 'v6' } },
      },
    })
    expect(v6.body.ip).toBe('2001:db8:0:1::1')
    const used = await api('POST', '/v1/floating-ips', {
      query: P,
      body: { name: 'clash', description: '', address_allocator: { type: 'explicit', ip: '192.0.2.20' } },
    })
    expect(used.status).toBe(400)
  })

  it('attaches to an instance, which then lists it among its external IPs', async () => {
    const attach = await api('POST', '/v1/floating-ips/cola-float/attach', {
      query: P,
      body: { kind: 'instance', parent: 'web1' },
    })
    expect(attach.status).toBe(202)
    expect(attach.body.instance_id).toBe(ids.web1)
    const ext = await api('GET', '/v1/instances/web1/external-ips', { query: P })
    expect(ext.body.items).toContainEqual(expect.objectContaining({ kind: 'floating', name: 'cola-float' }))
    const twice = await api('POST', '/v1/floating-ips/cola-float/attach', {
      query: P,
      body: { kind: 'instance', parent: 'db1' },
    })
    expect(twice.status).toBe(400)
    expect((await api('DELETE', '/v1/floating-ips/cola-float', { query: P })).status).toBe(400)
    const detach = await api('POST', '/v1/floating-ips/cola-float/detach', { query: P })
    expect(detach.body.instance_id).toBeNull()
    const after = await api('GET', '/v1/instances/web1/external-ips', { query: P })
    expect(after.body.items.some((e: { kind: string }) => e.kind === 'floating')).toBe(false)
    expect((await api('DELETE', '/v1/floating-ips/cola-float', { query: P })).status).toBe(204)
  })

  it('shows the seeded rootbeer-float on db1', async () => {
    const ext = await api('GET', '/v1/instances/db1/external-ips', { query: P })
    expect(ext.body.items).toContainEqual(
      expect.objectContaining({ kind: 'floating', name: 'rootbeer-float' }),
    )
  })
})

describe('floating IPs as the floating IPs screen uses them', () => {
  const poolId = (name: string) => db.ipPools.find((p) => p.name === name)?.id

  it('answers a taken name, on create and on rename, with the kind the error catalogue names', async () => {
    const taken = await api('POST', '/v1/floating-ips', {
      query: P,
      body: { name: 'cola-float', description: '' },
    })
    expect(taken.status).toBe(400)
    expect(taken.body).toMatchObject({
      error_code: 'ObjectAlreadyExists',
      message: 'already exists: floating-ip "cola-float"',
    })
    const rename = await api('PUT', '/v1/floating-ips/rootbeer-float', {
      query: P,
      body: { name: 'cola-float', description: null },
    })
    expect(rename.body).toMatchObject({ error_code: 'ObjectAlreadyExists' })
  })

  it('allocates from the chosen pool, or reserves a typed address in the pool that holds it', async () => {
    const chosen = await api('POST', '/v1/floating-ips', {
      query: P,
      body: {
        name: 'from-pool-2',
        description: '',
        address_allocator: { type: 'auto', pool_selector: { type: 'explicit', pool: 'ip-pool-2' } },
      },
    })
    expect(chosen.status).toBe(201)
    expect(chosen.body.ip).toMatch(/^203\.0\.113\./)
    expect(chosen.body.ip_pool_id).toBe(poolId('ip-pool-2'))
    const typed = await api('POST', '/v1/floating-ips', {
      query: P,
      body: {
        name: 'typed-v6',
        description: '',
        address_allocator: { type: 'explicit', ip: '2001:db8:0:1::77' },
      },
    })
    expect(typed.status).toBe(201)
    expect(typed.body).toMatchObject({ ip: '2001:db8:0:1::77', ip_pool_id: poolId('ip-pool-3') })
    const outside = await api('POST', '/v1/floating-ips', {
      query: P,
      body: { name: 'outside', description: '', address_allocator: { type: 'explicit', ip: '10.9.9.9' } },
    })
    expect(outside.status).toBe(400)
    // The silo's IPv4 default, as the form asks for it when the silo has a default of each version.
    const byVersion = await api('POST', '/v1/floating-ips', {
      query: P,
      body: {
        name: 'default-v4',
        description: '',
        address_allocator: { type: 'auto', pool_selector: { type: 'auto', ip_version: 'v4' } },
      },
    })
    expect(byVersion.body.ip_pool_id).toBe(ids.ipPool1)
  })

  it('attaches by ids to a running or stopped instance only, and deletes by id once detached', async () => {
    const cola = db.floatingIps.find((f) => f.name === 'cola-float')
    const failed = db.instances.find((i) => i.name === 'you-fail')
    const web1 = db.instances.find((i) => i.name === 'web1')
    expect(failed?.run_state).toBe('failed')
    const refused = await api('POST', `/v1/floating-ips/${cola?.id}/attach`, {
      body: { kind: 'instance', parent: failed?.id },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/state failed/)
    const ok = await api('POST', `/v1/floating-ips/${cola?.id}/attach`, {
      body: { kind: 'instance', parent: web1?.id },
    })
    expect(ok.body.instance_id).toBe(web1?.id)
    expect((await api('DELETE', `/v1/floating-ips/${cola?.id}`)).status).toBe(400)
    expect((await api('POST', `/v1/floating-ips/${cola?.id}/detach`)).body.instance_id).toBeNull()
    expect((await api('POST', `/v1/floating-ips/${cola?.id}/detach`)).status).toBe(400)
    expect((await api('DELETE', `/v1/floating-ips/${cola?.id}`)).status).toBe(204)
  })
})

describe('network interfaces', () => {
  it('lists the interfaces of db1 with the primary on mock-subnet', async () => {
    const res = await api('GET', '/v1/network-interfaces', { query: { ...P, instance: 'db1' } })
    const primary = res.body.items.find((n: { primary: boolean }) => n.primary)
    expect(primary.subnet_id).toBe(db.vpcSubnets.find((s) => s.name === 'mock-subnet')?.id)
    expect(res.body.items).toHaveLength(2)
  })

  it('adds an interface only to a stopped instance and allocates its addresses', async () => {
    const body = { name: 'net1', description: '', vpc_name: 'mock-vpc', subnet_name: 'mock-subnet' }
    expect(
      (
        await api('POST', '/v1/network-interfaces', {
          query: { ...P, instance: 'db1' },
          body: { ...body, name: 'net2' },
        })
      ).status,
    ).toBe(400)
    const res = await api('POST', '/v1/network-interfaces', { query: { ...P, instance: 'web1' }, body })
    expect(res.status).toBe(201)
    expect(res.body.primary).toBe(false)
    expect(res.body.ip_stack.type).toBe('dual_stack')
    const ips = db.networkInterfaces
      .filter((n) => n.id !== res.body.id && n.ip_stack.type === 'dual_stack')
      .map((n) => (n.ip_stack.type === 'dual_stack' ? n.ip_stack.value.v4.ip : ''))
    expect(ips).not.toContain(res.body.ip_stack.value.v4.ip)
    const dup = await api('POST', '/v1/network-interfaces', { query: { ...P, instance: 'web1' }, body })
    expect(dup.body.error_code).toBe('ObjectAlreadyExists')
    // Make the new one primary; the old primary may then go only after it stops being primary.
    const q = { ...P, instance: 'web1' }
    const upd = await api('PUT', '/v1/network-interfaces/net1', { query: q, body: { primary: true } })
    expect(upd.body.primary).toBe(true)
    expect((await api('GET', '/v1/network-interfaces/net0', { query: q })).body.primary).toBe(false)
    expect((await api('DELETE', '/v1/network-interfaces/net1', { query: q })).status).toBe(400)
    expect((await api('DELETE', '/v1/network-interfaces/net0', { query: q })).status).toBe(204)
  })
})

describe('anti-affinity and affinity groups', () => {
  it('lists romulus-remus members and manages membership', async () => {
    const members = await api('GET', '/v1/anti-affinity-groups/romulus-remus/members', { query: P })
    expect(members.body.items.map((m: { value: { name: string } }) => m.value.name).sort()).toEqual([
      'db1',
      'web1',
    ])
    const view = await api('GET', '/v1/anti-affinity-groups/romulus-remus/members/instance/db1', { query: P })
    expect(view.body).toMatchObject({ type: 'instance', value: { name: 'db1', run_state: 'running' } })
    expect(
      (await api('POST', '/v1/anti-affinity-groups/romulus-remus/members/instance/web1', { query: P })).body
        .error_code,
    ).toBe('ObjectAlreadyExists')
    // db1 is running: spec section 4 lets only stopped instances join.
    expect(
      (await api('POST', '/v1/anti-affinity-groups/oil-water/members/instance/db1', { query: P })).status,
    ).toBe(400)
    expect(
      (await api('POST', '/v1/anti-affinity-groups/oil-water/members/instance/web1', { query: P })).status,
    ).toBe(201)
    expect(
      (await api('DELETE', '/v1/anti-affinity-groups/romulus-remus/members/instance/web1', { query: P }))
        .status,
    ).toBe(204)
    expect(
      (await api('GET', '/v1/anti-affinity-groups/romulus-remus/members/instance/web1', { query: P })).status,
    ).toBe(404)
    const groups = await api('GET', '/v1/instances/web1/anti-affinity-groups', { query: P })
    expect(groups.body.items.map((g: { name: string }) => g.name)).toEqual(['oil-water'])
  })

  it('creates, renames and deletes groups with unique names', async () => {
    const body = { name: 'pair', description: '', policy: 'fail', failure_domain: 'sled' }
    expect((await api('POST', '/v1/affinity-groups', { query: P, body })).status).toBe(201)
    expect((await api('POST', '/v1/affinity-groups', { query: P, body })).status).toBe(400)
    expect(
      (await api('PUT', '/v1/affinity-groups/pair', { query: P, body: { name: 'mock-affinity-group' } }))
        .status,
    ).toBe(400)
    expect(
      (await api('PUT', '/v1/affinity-groups/pair', { query: P, body: { name: 'pair-2' } })).body.name,
    ).toBe('pair-2')
    expect((await api('DELETE', '/v1/affinity-groups/pair-2', { query: P })).status).toBe(204)
    expect(
      (await api('GET', '/v1/affinity-groups', { query: P })).body.items.map((g: { name: string }) => g.name),
    ).toEqual(['mock-affinity-group'])
    // Deleting a group drops its memberships.
    expect((await api('DELETE', '/v1/anti-affinity-groups/romulus-remus', { query: P })).status).toBe(204)
    expect(db.antiAffinityGroupMembers).toHaveLength(0)
  })
})

describe('roles', () => {
  it('lets a project viewer read but not write', async () => {
    expect((await api('GET', '/v1/vpcs', { query: P, as: 'viewer' })).status).toBe(200)
    expect(
      (
        await api('POST', '/v1/vpcs', {
          query: P,
          as: 'viewer',
          body: { name: 'v', description: '', dns_name: 'v' },
        })
      ).status,
    ).toBe(403)
    expect(
      (await api('PUT', '/v1/vpc-firewall-rules', { query: V, as: 'viewer', body: { rules: [] } })).status,
    ).toBe(403)
    expect(
      (
        await api('POST', '/v1/floating-ips', {
          query: P,
          as: 'viewer',
          body: { name: 'f', description: '' },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await api('POST', '/v1/floating-ips/cola-float/attach', {
          query: P,
          as: 'viewer',
          body: { kind: 'instance', parent: 'web1' },
        })
      ).status,
    ).toBe(403)
  })

  it('refuses a user without any role', async () => {
    expect((await api('GET', '/v1/vpcs', { query: P, as: 'nobody' })).status).toBe(403)
  })
})

describe('contract cases (networking)', () => {
  // As mocks/contract.test.ts runs them: one db, no resets, signed in by cookie as fleet-admin.
  const mine = new Set(networkingHandlers)
  const ops = [...registry].filter(([, h]) => mine.has(h)).map(([name]) => name)
  const capi = new Api(BASE)

  beforeAll(async () => {
    freshDb()
    dirty = false
    configureMock({ timeScale: 0.01 })
    await capi.login('fleet-admin')
  })
  afterAll(() => configureMock({ timeScale: 1 }))

  it('has a case for every networking operation', () => {
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
