// Networking demo data for mock-project: VPC `mock-vpc` (system router with its default and subnet
// routes, subnets `mock-subnet` and `mock-subnet-2`, the three default firewall rules plus a
// disabled custom one, custom router `mock-custom-router` with three routes, internet gateways
// `default` and `mock-gateway`), floating IPs `rootbeer-float` (on db1) and `cola-float`, network
// interfaces of the seeded instances, anti-affinity groups `romulus-remus` (db1, web1) and
// `oil-water`, affinity group `mock-affinity-group` (you-fail). Deterministic: ids from uuidFor,
// timestamps from the seed epoch. Runs after the core and system seeds (instances, pools exist).
import type { Db, S } from '../db'
import { seedTime, uuidFor } from '../lib/ids'
import { seedIds as ids } from './ids'

export const networkingSeedIds = {
  mockVpc: uuidFor('vpc:mock-project/mock-vpc'),
  systemRouter: uuidFor('router:mock-vpc/system'),
  mockSubnet: uuidFor('subnet:mock-vpc/mock-subnet'),
  mockSubnet2: uuidFor('subnet:mock-vpc/mock-subnet-2'),
  customRouter: uuidFor('router:mock-vpc/mock-custom-router'),
  defaultGateway: uuidFor('gateway:mock-vpc/default'),
  mockGateway: uuidFor('gateway:mock-vpc/mock-gateway'),
  rootbeerFloat: uuidFor('floating-ip:mock-project/rootbeer-float'),
  colaFloat: uuidFor('floating-ip:mock-project/cola-float'),
  romulusRemus: uuidFor('anti-affinity-group:mock-project/romulus-remus'),
  oilWater: uuidFor('anti-affinity-group:mock-project/oil-water'),
  mockAffinityGroup: uuidFor('affinity-group:mock-project/mock-affinity-group'),
} as const

export function seedNetworking(db: Db): void {
  const n = networkingSeedIds
  const t = seedTime(22)
  const vpc: S['Vpc'] = {
    id: n.mockVpc,
    name: 'mock-vpc',
    description: 'The VPC of mock-project',
    dns_name: 'mock-vpc',
    ipv6_prefix: 'fd8d:4a0d:2c2e::/48',
    project_id: ids.mockProject,
    system_router_id: n.systemRouter,
    time_created: t,
    time_modified: t,
  }
  db.vpcs.push(vpc)
  db.vpcRouters.push(
    {
      id: n.systemRouter,
      name: 'system',
      description: 'Routes are automatically added to this router as vpc subnets are created',
      kind: 'system',
      vpc_id: vpc.id,
      time_created: t,
      time_modified: t,
    },
    {
      id: n.customRouter,
      name: 'mock-custom-router',
      description: 'Sends the second subnet’s traffic through mock-gateway',
      kind: 'custom',
      vpc_id: vpc.id,
      time_created: seedTime(24),
      time_modified: seedTime(24),
    },
  )
  const subnets: S['VpcSubnet'][] = [
    {
      id: n.mockSubnet,
      name: 'mock-subnet',
      description: 'The default subnet of mock-vpc',
      vpc_id: vpc.id,
      ipv4_block: '172.30.0.0/22',
      ipv6_block: 'fd8d:4a0d:2c2e:1::/64',
      custom_router_id: null,
      time_created: seedTime(23),
      time_modified: seedTime(23),
    },
    {
      id: n.mockSubnet2,
      name: 'mock-subnet-2',
      description: 'A second subnet, routed by mock-custom-router',
      vpc_id: vpc.id,
      ipv4_block: '10.1.1.0/24',
      ipv6_block: 'fd8d:4a0d:2c2e:2::/64',
      custom_router_id: n.customRouter,
      time_created: seedTime(25),
      time_modified: seedTime(25),
    },
  ]
  db.vpcSubnets.push(...subnets)

  const route = (
    routerId: string,
    name: string,
    kind: S['RouterRouteKind'],
    destination: S['RouteDestination'],
    target: S['RouteTarget'],
    description: string,
    minute: number,
  ): S['RouterRoute'] => ({
    id: uuidFor(`route:${routerId}/${name}`),
    name,
    description,
    vpc_router_id: routerId,
    kind,
    destination,
    target,
    time_created: seedTime(minute),
    time_modified: seedTime(minute),
  })
  const gw = { type: 'internet_gateway', value: 'default' } as const
  db.routerRoutes.push(
    route(
      n.systemRouter,
      'default-v4',
      'default',
      { type: 'ip_net', value: '0.0.0.0/0' },
      gw,
      'The default route of a vpc',
      22,
    ),
    route(
      n.systemRouter,
      'default-v6',
      'default',
      { type: 'ip_net', value: '::/0' },
      gw,
      'The default route of a vpc',
      22,
    ),
    ...subnets.map((s, i) =>
      route(
        n.systemRouter,
        s.name,
        'vpc_subnet',
        { type: 'subnet', value: s.name },
        { type: 'subnet', value: s.name },
        `VPC Subnet route for '${s.name}'`,
        23 + i * 2,
      ),
    ),
    route(
      n.customRouter,
      'to-mock-gateway',
      'custom',
      { type: 'ip_net', value: '0.0.0.0/0' },
      { type: 'internet_gateway', value: 'mock-gateway' },
      'Everything leaves through mock-gateway',
      26,
    ),
    route(
      n.customRouter,
      'drop-local',
      'custom',
      { type: 'ip_net', value: '192.168.0.0/16' },
      { type: 'drop' },
      'Drop traffic to 192.168/16',
      27,
    ),
    route(
      n.customRouter,
      'to-db1',
      'custom',
      { type: 'ip', value: '10.20.30.40' },
      { type: 'instance', value: 'db1' },
      'Reach 10.20.30.40 through db1',
      28,
    ),
  )

  const rule = (
    name: string,
    minute: number,
    extra: Omit<S['VpcFirewallRule'], 'id' | 'name' | 'vpc_id' | 'time_created' | 'time_modified'>,
  ): S['VpcFirewallRule'] => ({
    id: uuidFor(`firewall-rule:mock-vpc/${name}`),
    name,
    vpc_id: vpc.id,
    time_created: seedTime(minute),
    time_modified: seedTime(minute),
    ...extra,
  })
  const toVpc = [{ type: 'vpc', value: 'mock-vpc' }] as S['VpcFirewallRuleTarget'][]
  db.firewallRules.push(
    rule('allow-internal-inbound', 22, {
      description: 'allow inbound traffic to all instances within the VPC if originated within the VPC',
      status: 'enabled',
      direction: 'inbound',
      action: 'allow',
      priority: 65534,
      targets: toVpc,
      filters: { hosts: [{ type: 'vpc', value: 'mock-vpc' }], ports: null, protocols: null },
    }),
    rule('allow-ssh', 22, {
      description: 'allow inbound TCP connections on port 22 from anywhere',
      status: 'enabled',
      direction: 'inbound',
      action: 'allow',
      priority: 65534,
      targets: toVpc,
      filters: { hosts: null, ports: ['22'], protocols: [{ type: 'tcp' }] },
    }),
    rule('allow-icmp', 22, {
      description: 'allow inbound ICMP traffic from anywhere',
      status: 'enabled',
      direction: 'inbound',
      action: 'allow',
      priority: 65534,
      targets: toVpc,
      filters: { hosts: null, ports: null, protocols: [{ type: 'icmp', value: null }] },
    }),
    rule('allow-web-to-db1', 29, {
      description: 'Postgres from the second subnet to db1 (disabled)',
      status: 'disabled',
      direction: 'inbound',
      action: 'allow',
      priority: 100,
      targets: [{ type: 'instance', value: 'db1' }],
      filters: {
        hosts: [{ type: 'subnet', value: 'mock-subnet-2' }],
        ports: ['5432'],
        protocols: [{ type: 'tcp' }],
      },
    }),
  )

  db.internetGateways.push(
    {
      id: n.defaultGateway,
      name: 'default',
      description: 'Default VPC gateway',
      vpc_id: vpc.id,
      time_created: t,
      time_modified: t,
    },
    {
      id: n.mockGateway,
      name: 'mock-gateway',
      description: 'The gateway of mock-custom-router’s default route',
      vpc_id: vpc.id,
      time_created: seedTime(26),
      time_modified: seedTime(26),
    },
  )
  db.internetGatewayIpPools.push(
    {
      id: uuidFor('gateway-ip-pool:default/default'),
      name: 'default',
      description: 'Default internet gateway ip pool',
      internet_gateway_id: n.defaultGateway,
      ip_pool_id: ids.ipPool1,
      time_created: t,
      time_modified: t,
    },
    {
      id: uuidFor('gateway-ip-pool:mock-gateway/ip-pool-1'),
      name: 'ip-pool-1',
      description: 'ip-pool-1 attached to mock-gateway',
      internet_gateway_id: n.mockGateway,
      ip_pool_id: ids.ipPool1,
      time_created: seedTime(26),
      time_modified: seedTime(26),
    },
  )
  db.internetGatewayIpAddresses.push({
    id: uuidFor('gateway-ip-address:mock-gateway/mock-gateway-address'),
    name: 'mock-gateway-address',
    description: 'The address mock-gateway sends from',
    internet_gateway_id: n.mockGateway,
    address: '192.0.2.250',
    time_created: seedTime(26),
    time_modified: seedTime(26),
  })

  db.floatingIps.push(
    {
      id: n.rootbeerFloat,
      name: 'rootbeer-float',
      description: 'A floating IP attached to db1',
      project_id: ids.mockProject,
      ip: '192.0.2.20',
      ip_pool_id: ids.ipPool1,
      instance_id: ids.db1,
      time_created: seedTime(34),
      time_modified: seedTime(34),
    },
    {
      id: n.colaFloat,
      name: 'cola-float',
      description: 'A floating IP attached to nothing',
      project_id: ids.mockProject,
      ip: '192.0.2.21',
      ip_pool_id: ids.ipPool1,
      instance_id: null,
      time_created: seedTime(35),
      time_modified: seedTime(35),
    },
  )

  // One primary interface per mock-project instance on mock-subnet (addresses after the five the
  // subnet reserves), plus a secondary one for db1 on mock-subnet-2.
  const nic = (
    instanceId: string,
    instanceName: string,
    name: string,
    subnet: S['VpcSubnet'],
    host: number,
    primary: boolean,
    minute: number,
  ): S['InstanceNetworkInterface'] => {
    const v4base = subnet.ipv4_block.split('/')[0]?.split('.').slice(0, 3).join('.')
    const v6base = subnet.ipv6_block.split('/')[0]
    return {
      id: uuidFor(`nic:${instanceName}/${name}`),
      name,
      description: `${name} of ${instanceName}`,
      instance_id: instanceId,
      vpc_id: vpc.id,
      subnet_id: subnet.id,
      primary,
      mac: `A8:40:25:F0:00:${host.toString(16).toUpperCase().padStart(2, '0')}`,
      ip_stack: {
        type: 'dual_stack',
        value: {
          v4: { ip: `${v4base}.${host}`, transit_ips: [] },
          v6: { ip: `${v6base}${host.toString(16)}`, transit_ips: [] },
        },
      },
      time_created: seedTime(minute),
      time_modified: seedTime(minute),
    }
  }
  const [s1, s2] = subnets as [S['VpcSubnet'], S['VpcSubnet']]
  db.networkInterfaces.push(
    nic(ids.db1, 'db1', 'net0', s1, 5, true, 30),
    nic(ids.db1, 'db1', 'net1', s2, 6, false, 30),
    nic(ids.web1, 'web1', 'net0', s1, 7, true, 31),
    nic(ids.youFail, 'you-fail', 'net0', s1, 8, true, 32),
    nic(ids.notThereYet, 'not-there-yet', 'net0', s1, 9, true, 33),
  )

  db.antiAffinityGroups.push(
    {
      id: n.romulusRemus,
      name: 'romulus-remus',
      description: 'db1 and web1 never share a sled',
      project_id: ids.mockProject,
      policy: 'allow',
      failure_domain: 'sled',
      time_created: seedTime(36),
      time_modified: seedTime(36),
    },
    {
      id: n.oilWater,
      name: 'oil-water',
      description: 'A strict anti-affinity group without members',
      project_id: ids.mockProject,
      policy: 'fail',
      failure_domain: 'sled',
      time_created: seedTime(37),
      time_modified: seedTime(37),
    },
  )
  db.antiAffinityGroupMembers.push(
    { group_id: n.romulusRemus, instance_id: ids.db1 },
    { group_id: n.romulusRemus, instance_id: ids.web1 },
  )
  db.affinityGroups.push({
    id: n.mockAffinityGroup,
    name: 'mock-affinity-group',
    description: 'Instances that prefer the same sled',
    project_id: ids.mockProject,
    policy: 'allow',
    failure_domain: 'sled',
    time_created: seedTime(38),
    time_modified: seedTime(38),
  })
  db.affinityGroupMembers.push({ group_id: n.mockAffinityGroup, instance_id: ids.youFail })
}
