// Networking demo data: mock-project's VPC `mock-vpc` with its subnet `mock-subnet` and system
// router. Routes, firewall rules, gateways, floating IPs, interfaces and affinity groups are added
// by the networking handlers' author; keep ids stable (derive them with uuidFor).
import type { Db } from '../db'
import { seedTime, uuidFor } from '../lib/ids'
import { seedIds as ids } from './ids'

export function seedNetworking(db: Db): void {
  const vpcId = uuidFor('vpc:mock-project/mock-vpc')
  const routerId = uuidFor('router:mock-vpc/system')
  db.vpcs.push({
    id: vpcId,
    name: 'mock-vpc',
    description: 'The VPC of mock-project',
    dns_name: 'mock-vpc',
    ipv6_prefix: 'fd8d:4a0d:2c2e::/48',
    project_id: ids.mockProject,
    system_router_id: routerId,
    time_created: seedTime(22),
    time_modified: seedTime(22),
  })
  db.vpcRouters.push({
    id: routerId,
    name: 'system',
    description: 'Routes are automatically added to this router as VPC subnets are created',
    kind: 'system',
    vpc_id: vpcId,
    time_created: seedTime(22),
    time_modified: seedTime(22),
  })
  db.vpcSubnets.push({
    id: uuidFor('subnet:mock-vpc/mock-subnet'),
    name: 'mock-subnet',
    description: 'The default subnet of mock-vpc',
    vpc_id: vpcId,
    ipv4_block: '172.30.0.0/22',
    ipv6_block: 'fd8d:4a0d:2c2e:1::/64',
    custom_router_id: null,
    time_created: seedTime(23),
    time_modified: seedTime(23),
  })
}
