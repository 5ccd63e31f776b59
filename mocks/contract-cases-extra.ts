// Contract cases for the networking and system operations (mocks/handlers/networking.ts, system.ts):
// one request per operation that succeeds against the seed data, so a contract test can check the
// response against the operation's schema in nexus.json.
//
// Shape: `{ operation, method, path, query?, body?, setup? }`. `path` has real ids and names filled
// in. Each case assumes a freshly seeded db (`resetDb()`) and the fleet admin as caller; `setup`
// steps (same shape, without `setup`) run first, in order, and must succeed too.
import { type OperationName, operations } from '../src/api/__generated__/operations'
import { uuidFor } from './lib/ids'
import { seedIds as ids } from './seed/ids'
import { systemSeedIds as sys } from './seed/system'

export type ContractStep = {
  operation: OperationName
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  query?: Record<string, string>
  body?: unknown
}
export type ContractCase = ContractStep & { setup?: ContractStep[] }

function step(
  operation: OperationName,
  params: Record<string, string> = {},
  query?: Record<string, string>,
  body?: unknown,
): ContractStep {
  const op = operations[operation]
  const path = op.path.replace(/\{([^}]+)\}/g, (_, k: string) => {
    const v = params[k]
    if (v === undefined) throw new Error(`contract case ${operation}: no value for {${k}}`)
    return encodeURIComponent(v)
  })
  const s: ContractStep = { operation, method: op.method as ContractStep['method'], path }
  if (query) s.query = query
  if (body !== undefined) s.body = body
  return s
}

function withSetup(c: ContractStep, ...setup: ContractStep[]): ContractCase {
  return { ...c, setup }
}

const P = { project: 'mock-project' }
const V = { project: 'mock-project', vpc: 'mock-vpc' }
const R = { ...V, router: 'mock-custom-router' }
const G = { ...V, gateway: 'mock-gateway' }
const I = { project: 'mock-project', instance: 'db1' }

const emptyVpc = step('vpcCreate', {}, P, {
  name: 'contract-vpc',
  description: 'for contract cases',
  dns_name: 'contract-vpc',
})
const newFip = step('floatingIpCreate', {}, P, { name: 'contract-fip', description: '' })
const newRouter = step('vpcRouterCreate', {}, V, { name: 'contract-router', description: '' })
const newSubnet = step('vpcSubnetCreate', {}, V, {
  name: 'contract-subnet',
  description: '',
  ipv4_block: '10.9.0.0/24',
})
const newSilo = step('siloCreate', {}, undefined, {
  name: 'contract-silo',
  description: '',
  discoverable: true,
  identity_mode: 'local_only',
  quotas: { cpus: 8, memory: 8 * 1024 ** 3, storage: 100 * 1024 ** 3 },
  tls_certificates: [],
})
const newPool = step('systemIpPoolCreate', {}, undefined, { name: 'contract-pool', description: '' })
const newLocalUser = step(
  'localIdpUserCreate',
  {},
  { silo: 'default-silo' },
  { external_id: 'contract-user', password: { mode: 'password', value: 'hunter2' } },
)
const newGroup = step('antiAffinityGroupCreate', {}, P, {
  name: 'contract-group',
  description: '',
  policy: 'allow',
  failure_domain: 'sled',
})
const newAffinityGroup = step('affinityGroupCreate', {}, P, {
  name: 'contract-group',
  description: '',
  policy: 'fail',
  failure_domain: 'sled',
})

const rule = {
  name: 'allow-https',
  description: 'HTTPS from anywhere',
  status: 'enabled',
  direction: 'inbound',
  action: 'allow',
  priority: 100,
  targets: [{ type: 'vpc', value: 'mock-vpc' }],
  filters: { ports: ['443'], protocols: [{ type: 'tcp' }] },
}

export const extraContractCases: ContractCase[] = [
  // VPCs
  step('vpcList', {}, P),
  emptyVpc,
  step('vpcView', { vpc: 'mock-vpc' }, P),
  step('vpcUpdate', { vpc: 'mock-vpc' }, P, { description: 'updated' }),
  withSetup(step('vpcDelete', { vpc: 'contract-vpc' }, P), emptyVpc),
  // Subnets
  step('vpcSubnetList', {}, V),
  newSubnet,
  step('vpcSubnetView', { subnet: 'mock-subnet' }, V),
  step('vpcSubnetUpdate', { subnet: 'mock-subnet-2' }, V, {
    description: 'updated',
    custom_router: 'mock-custom-router',
  }),
  withSetup(step('vpcSubnetDelete', { subnet: 'contract-subnet' }, V), newSubnet),
  step('vpcSubnetListNetworkInterfaces', { subnet: 'mock-subnet' }, V),
  // Routers and routes
  step('vpcRouterList', {}, V),
  newRouter,
  step('vpcRouterView', { router: 'system' }, V),
  step('vpcRouterUpdate', { router: 'mock-custom-router' }, V, { description: 'updated' }),
  withSetup(step('vpcRouterDelete', { router: 'contract-router' }, V), newRouter),
  step('vpcRouterRouteList', {}, R),
  step('vpcRouterRouteList', {}, { ...V, router: 'system' }),
  step('vpcRouterRouteCreate', {}, R, {
    name: 'to-cola',
    description: '',
    destination: { type: 'ip_net', value: '10.200.0.0/16' },
    target: { type: 'ip', value: '10.1.1.6' },
  }),
  step('vpcRouterRouteView', { route: 'to-mock-gateway' }, R),
  step('vpcRouterRouteUpdate', { route: 'drop-local' }, R, {
    destination: { type: 'subnet', value: 'mock-subnet' },
    target: { type: 'drop' },
  }),
  step('vpcRouterRouteDelete', { route: 'drop-local' }, R),
  // Firewall rules
  step('vpcFirewallRulesView', {}, V),
  step('vpcFirewallRulesUpdate', {}, V, { rules: [rule] }),
  // Internet gateways
  step('internetGatewayList', {}, V),
  step('internetGatewayCreate', {}, V, { name: 'contract-gateway', description: '' }),
  step('internetGatewayView', { gateway: 'mock-gateway' }, V),
  step('internetGatewayDelete', { gateway: 'mock-gateway' }, { ...V, cascade: 'true' }),
  step('internetGatewayIpPoolList', {}, G),
  step('internetGatewayIpPoolCreate', {}, G, { name: 'ip-pool-2', description: '', ip_pool: 'ip-pool-2' }),
  step('internetGatewayIpPoolDelete', { pool: 'ip-pool-1' }, G),
  step('internetGatewayIpAddressList', {}, G),
  step('internetGatewayIpAddressCreate', {}, G, {
    name: 'second-address',
    description: '',
    address: '198.51.100.40',
  }),
  step('internetGatewayIpAddressDelete', { address: 'mock-gateway-address' }, G),
  // Floating IPs
  step('floatingIpList', {}, P),
  newFip,
  step('floatingIpCreate', {}, P, {
    name: 'explicit-fip',
    description: '',
    address_allocator: { type: 'explicit', ip: '198.51.100.12' },
  }),
  step('floatingIpView', { floating_ip: 'rootbeer-float' }, P),
  step('floatingIpUpdate', { floating_ip: 'cola-float' }, P, { name: 'cola-float-2' }),
  step('floatingIpDelete', { floating_ip: 'cola-float' }, P),
  step('floatingIpAttach', { floating_ip: 'cola-float' }, P, { kind: 'instance', parent: 'web1' }),
  step('floatingIpDetach', { floating_ip: 'rootbeer-float' }, P),
  // Network interfaces
  step('instanceNetworkInterfaceList', {}, I),
  step(
    'instanceNetworkInterfaceCreate',
    {},
    { project: 'mock-project', instance: 'web1' },
    {
      name: 'net1',
      description: '',
      vpc_name: 'mock-vpc',
      subnet_name: 'mock-subnet-2',
    },
  ),
  step('instanceNetworkInterfaceView', { interface: 'net0' }, I),
  step(
    'instanceNetworkInterfaceUpdate',
    { interface: 'net0' },
    { project: 'mock-project', instance: 'web1' },
    {
      description: 'updated',
      transit_ips: ['10.50.0.0/24'],
    },
  ),
  step(
    'instanceNetworkInterfaceDelete',
    { interface: 'net0' },
    { project: 'mock-project', instance: 'web1' },
  ),
  // Anti-affinity groups
  step('antiAffinityGroupList', {}, P),
  newGroup,
  step('antiAffinityGroupView', { anti_affinity_group: 'romulus-remus' }, P),
  step('antiAffinityGroupUpdate', { anti_affinity_group: 'romulus-remus' }, P, { description: 'updated' }),
  step('antiAffinityGroupDelete', { anti_affinity_group: 'romulus-remus' }, P),
  step('antiAffinityGroupMemberList', { anti_affinity_group: 'romulus-remus' }, P),
  step('antiAffinityGroupMemberInstanceView', { anti_affinity_group: 'romulus-remus', instance: 'db1' }, P),
  step('antiAffinityGroupMemberInstanceAdd', { anti_affinity_group: 'oil-water', instance: 'web1' }, P),
  step(
    'antiAffinityGroupMemberInstanceDelete',
    { anti_affinity_group: 'romulus-remus', instance: 'web1' },
    P,
  ),
  // Affinity groups
  step('affinityGroupList', {}, P),
  newAffinityGroup,
  step('affinityGroupView', { affinity_group: 'mock-affinity-group' }, P),
  step('affinityGroupUpdate', { affinity_group: 'mock-affinity-group' }, P, { name: 'renamed-group' }),
  step('affinityGroupDelete', { affinity_group: 'mock-affinity-group' }, P),
  step('affinityGroupMemberList', { affinity_group: 'mock-affinity-group' }, P),
  step('affinityGroupMemberInstanceView', { affinity_group: 'mock-affinity-group', instance: 'you-fail' }, P),
  step('affinityGroupMemberInstanceAdd', { affinity_group: 'mock-affinity-group', instance: 'web1' }, P),
  step(
    'affinityGroupMemberInstanceDelete',
    { affinity_group: 'mock-affinity-group', instance: 'you-fail' },
    P,
  ),

  // Silos
  step('siloList'),
  newSilo,
  step('siloView', { silo: 'default-silo' }),
  withSetup(step('siloDelete', { silo: 'contract-silo' }), newSilo),
  step('siloIpPoolList', { silo: 'default-silo' }),
  step('siloPolicyView', { silo: 'default-silo' }),
  step('siloPolicyUpdate', { silo: 'default-silo' }, undefined, {
    role_assignments: [{ identity_id: ids.adminGroup, identity_type: 'silo_group', role_name: 'admin' }],
  }),
  step('siloQuotasView', { silo: 'other-silo' }),
  step('siloQuotasUpdate', { silo: 'other-silo' }, undefined, { cpus: 128 }),
  step('systemQuotasList'),
  // Identity providers and users
  step('siloIdentityProviderList', {}, { silo: 'default-silo' }),
  step(
    'samlIdentityProviderCreate',
    {},
    { silo: 'other-silo' },
    {
      name: 'second-idp',
      description: '',
      acs_url: 'https://other-silo.sys.rack.example/login/other-silo/saml/second-idp',
      slo_url: 'https://idp2.example/slo',
      idp_entity_id: 'https://idp2.example/metadata',
      sp_client_id: 'rack-console',
      technical_contact_email: 'ops@idp2.example',
      idp_metadata_source: { type: 'url', url: 'https://idp2.example/metadata' },
    },
  ),
  step('samlIdentityProviderView', { provider: 'mock-idp' }, { silo: 'default-silo' }),
  newLocalUser,
  step('localIdpUserDelete', { user_id: ids.noRole }, { silo: 'default-silo' }),
  step(
    'localIdpUserSetPassword',
    { user_id: ids.siloViewer },
    { silo: 'default-silo' },
    { mode: 'password', value: 'new-password' },
  ),
  step('siloUserList', {}, { silo: 'default-silo' }),
  step('siloUserView', { user_id: ids.fleetAdmin }, { silo: 'default-silo' }),
  step('userBuiltinList'),
  step('userBuiltinView', { user: 'db-init' }),
  step('systemPolicyView'),
  step('systemPolicyUpdate', {}, undefined, {
    role_assignments: [
      { identity_id: ids.fleetAdmin, identity_type: 'silo_user', role_name: 'admin' },
      { identity_id: ids.opsGroup, identity_type: 'silo_group', role_name: 'viewer' },
    ],
  }),
  // IP pools
  step('systemIpPoolList'),
  newPool,
  step('systemIpPoolView', { pool: 'ip-pool-1' }),
  step('systemIpPoolUpdate', { pool: 'ip-pool-2' }, undefined, { description: 'updated' }),
  withSetup(step('systemIpPoolDelete', { pool: 'contract-pool' }), newPool),
  withSetup(
    step('systemIpPoolAssign', { pool: 'contract-pool' }, undefined, { assignment: 'system_services' }),
    newPool,
  ),
  step('systemIpPoolRangeList', { pool: 'ip-pool-1' }),
  step('systemIpPoolRangeAdd', { pool: 'ip-pool-3' }, undefined, {
    first: '2001:db8:0:2::1',
    last: '2001:db8:0:2::ff',
  }),
  step('systemIpPoolRangeRemove', { pool: 'ip-pool-2' }, undefined, {
    first: '203.0.113.1',
    last: '203.0.113.20',
  }),
  step('systemIpPoolSiloList', { pool: 'ip-pool-2' }),
  withSetup(
    step('systemIpPoolSiloLink', { pool: 'contract-pool' }, undefined, {
      silo: 'other-silo',
      is_default: false,
    }),
    newPool,
  ),
  step('systemIpPoolSiloUpdate', { pool: 'ip-pool-2', silo: 'default-silo' }, undefined, {
    is_default: true,
  }),
  step('systemIpPoolSiloUnlink', { pool: 'ip-pool-2', silo: 'other-silo' }),
  step('systemIpPoolUtilizationView', { pool: 'ip-pool-1' }),
  // Hardware
  step('rackList'),
  step('rackView', { rack_id: ids.rack }),
  step('sledList'),
  step('sledView', { sled_id: sys.sled(0) }),
  step('sledPhysicalDiskList', { sled_id: sys.sled(0) }),
  step('sledInstanceList', { sled_id: sys.sled(0) }),
  step('sledSetProvisionPolicy', { sled_id: sys.sled(1) }, undefined, { state: 'non_provisionable' }),
  step('sledListUninitialized'),
  step('physicalDiskList'),
  step('physicalDiskView', { disk_id: uuidFor('physical-disk:0/0') }),
  step('switchList'),
  step('switchView', { switch_id: sys.switch0 }),
  // Utilization
  step('siloUtilizationList'),
  step('siloUtilizationView', { silo: 'default-silo' }),
]
