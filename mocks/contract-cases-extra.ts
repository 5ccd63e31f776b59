// Contract cases for the networking, system and system update operations
// (mocks/handlers/networking.ts, system.ts, update.ts), in the shape of mocks/contract.test.ts: one real request per operation, signed in as
// fleet-admin. Cases run one after another against one db without resets, in any order, so every
// case that changes something works on resources it creates itself (fresh names) and leaves the
// seeded demo data as it was.
import type { Api, CaseTable } from './contract/api'
import { uuidFor } from './lib/ids'
import { seedIds as ids } from './seed/ids'
import { systemSeedIds as sys, updateSeed } from './seed/system'

const GiB = 1024 ** 3
const P = { project: 'mock-project' }
const V = { project: 'mock-project', vpc: 'mock-vpc' }

let n = 0
/** A fresh, valid resource name per call (prefix `xc` keeps clear of other case files). */
const fresh = (prefix: string) => `xc-${prefix}-${++n}`

type Row = { id: string; name: string }

/** A new VPC in mock-project (with its default subnet, system router and `default` gateway). */
async function newVpc(api: Api): Promise<Row> {
  return api.ok<Row>('vpcCreate', {
    query: P,
    body: { name: fresh('vpc'), description: '', dns_name: fresh('dns') },
  })
}

async function newRouter(api: Api, vpc: Row): Promise<Row> {
  return api.ok<Row>('vpcRouterCreate', {
    query: { ...P, vpc: vpc.name },
    body: { name: fresh('router'), description: '' },
  })
}

async function newRoute(api: Api, vpc: Row, router: Row): Promise<Row> {
  return api.ok<Row>('vpcRouterRouteCreate', {
    query: { ...P, vpc: vpc.name, router: router.name },
    body: {
      name: fresh('route'),
      description: '',
      destination: { type: 'ip_net', value: '10.200.0.0/16' },
      target: { type: 'drop' },
    },
  })
}

async function newGateway(api: Api, vpc: Row): Promise<Row> {
  return api.ok<Row>('internetGatewayCreate', {
    query: { ...P, vpc: vpc.name },
    body: { name: fresh('gw'), description: '' },
  })
}

async function newFloatingIp(api: Api): Promise<Row> {
  return api.ok<Row>('floatingIpCreate', { query: P, body: { name: fresh('fip'), description: '' } })
}

/** A new instance without interfaces, created stopped (waits out the `creating` state). */
async function stoppedInstance(api: Api): Promise<Row> {
  const i = await api.ok<Row>('instanceCreate', {
    query: P,
    body: {
      name: fresh('inst'),
      description: '',
      hostname: 'contract',
      ncpus: 1,
      memory: GiB,
      start: false,
      network_interfaces: { type: 'none' },
    },
  })
  await api.until(
    () => api.ok<Row & { run_state: string }>('instanceView', { path: { instance: i.id } }),
    (x) => x.run_state === 'stopped',
  )
  return i
}

async function newNic(api: Api, instance: Row): Promise<Row> {
  return api.ok<Row>('instanceNetworkInterfaceCreate', {
    query: { ...P, instance: instance.name },
    body: { name: fresh('nic'), description: '', vpc_name: 'mock-vpc', subnet_name: 'mock-subnet' },
  })
}

const groupBody = (policy: 'allow' | 'fail') => ({
  name: fresh('group'),
  description: '',
  policy,
  failure_domain: 'sled',
})

async function newSilo(api: Api, identity_mode: 'local_only' | 'saml_jit' = 'local_only'): Promise<Row> {
  return api.ok<Row>('siloCreate', {
    body: {
      name: fresh('silo'),
      description: '',
      discoverable: true,
      identity_mode,
      admin_group_name: 'admins',
      quotas: { cpus: 8, memory: 8 * GiB, storage: 100 * GiB },
      tls_certificates: [],
    },
  })
}

async function newLocalUser(api: Api, silo: Row): Promise<Row> {
  return api.ok<Row>('localIdpUserCreate', {
    query: { silo: silo.name },
    body: { external_id: fresh('user'), password: { mode: 'password', value: 'hunter2' } },
  })
}

async function newPool(api: Api): Promise<Row> {
  return api.ok<Row>('systemIpPoolCreate', { body: { name: fresh('pool'), description: '' } })
}

/** An IPv4 range no pool holds yet (100.64.0.0/10, shared address space, unused by the seed). */
function freshRange(): { first: string; last: string } {
  const k = ++n
  const third = k % 256
  const second = 64 + Math.floor(k / 256)
  return { first: `100.${second}.${third}.1`, last: `100.${second}.${third}.20` }
}

export const extraContractCases: CaseTable = {
  // VPCs
  vpcList: (api) => api.call('vpcList', { query: P }),
  vpcCreate: (api) =>
    api.call('vpcCreate', {
      query: P,
      body: { name: fresh('vpc'), description: '', dns_name: fresh('dns') },
    }),
  vpcView: (api) => api.call('vpcView', { path: { vpc: 'mock-vpc' }, query: P }),
  vpcUpdate: async (api) => {
    const vpc = await newVpc(api)
    return api.call('vpcUpdate', {
      path: { vpc: vpc.id },
      body: { description: 'updated', dns_name: fresh('dns') },
    })
  },
  vpcDelete: async (api) => {
    const vpc = await newVpc(api)
    return api.call('vpcDelete', { path: { vpc: vpc.name }, query: P })
  },

  // Subnets
  vpcSubnetList: (api) => api.call('vpcSubnetList', { query: V }),
  vpcSubnetCreate: async (api) => {
    const vpc = await newVpc(api)
    return api.call('vpcSubnetCreate', {
      query: { ...P, vpc: vpc.name },
      body: { name: fresh('subnet'), description: '', ipv4_block: '10.9.0.0/24' },
    })
  },
  vpcSubnetView: (api) => api.call('vpcSubnetView', { path: { subnet: 'mock-subnet' }, query: V }),
  vpcSubnetUpdate: async (api) => {
    const vpc = await newVpc(api)
    const router = await newRouter(api, vpc)
    return api.call('vpcSubnetUpdate', {
      path: { subnet: 'default' },
      query: { ...P, vpc: vpc.name },
      body: { description: 'updated', custom_router: router.name },
    })
  },
  vpcSubnetDelete: async (api) => {
    const vpc = await newVpc(api)
    return api.call('vpcSubnetDelete', { path: { subnet: 'default' }, query: { ...P, vpc: vpc.name } })
  },
  vpcSubnetListNetworkInterfaces: (api) =>
    api.call('vpcSubnetListNetworkInterfaces', { path: { subnet: 'mock-subnet' }, query: V }),

  // Routers and routes
  vpcRouterList: (api) => api.call('vpcRouterList', { query: V }),
  vpcRouterCreate: async (api) => {
    const vpc = await newVpc(api)
    return api.call('vpcRouterCreate', {
      query: { ...P, vpc: vpc.name },
      body: { name: fresh('router'), description: '' },
    })
  },
  vpcRouterView: (api) => api.call('vpcRouterView', { path: { router: 'system' }, query: V }),
  vpcRouterUpdate: async (api) => {
    const router = await newRouter(api, await newVpc(api))
    return api.call('vpcRouterUpdate', { path: { router: router.id }, body: { description: 'updated' } })
  },
  vpcRouterDelete: async (api) => {
    const router = await newRouter(api, await newVpc(api))
    return api.call('vpcRouterDelete', { path: { router: router.id } })
  },
  vpcRouterRouteList: (api) =>
    api.call('vpcRouterRouteList', { query: { ...V, router: 'mock-custom-router' } }),
  vpcRouterRouteCreate: async (api) => {
    const vpc = await newVpc(api)
    const router = await newRouter(api, vpc)
    return api.call('vpcRouterRouteCreate', {
      query: { ...P, vpc: vpc.name, router: router.name },
      body: {
        name: fresh('route'),
        description: '',
        destination: { type: 'ip_net', value: '0.0.0.0/0' },
        target: { type: 'internet_gateway', value: 'default' },
      },
    })
  },
  vpcRouterRouteView: (api) =>
    api.call('vpcRouterRouteView', {
      path: { route: 'to-mock-gateway' },
      query: { ...V, router: 'mock-custom-router' },
    }),
  vpcRouterRouteUpdate: async (api) => {
    const vpc = await newVpc(api)
    const route = await newRoute(api, vpc, await newRouter(api, vpc))
    return api.call('vpcRouterRouteUpdate', {
      path: { route: route.id },
      body: { destination: { type: 'subnet', value: 'default' }, target: { type: 'ip', value: '10.1.1.6' } },
    })
  },
  vpcRouterRouteDelete: async (api) => {
    const vpc = await newVpc(api)
    const route = await newRoute(api, vpc, await newRouter(api, vpc))
    return api.call('vpcRouterRouteDelete', { path: { route: route.id } })
  },

  // Firewall rules
  vpcFirewallRulesView: (api) => api.call('vpcFirewallRulesView', { query: V }),
  vpcFirewallRulesUpdate: async (api) => {
    const vpc = await newVpc(api)
    return api.call('vpcFirewallRulesUpdate', {
      query: { ...P, vpc: vpc.name },
      body: {
        rules: [
          {
            name: 'allow-https',
            description: 'HTTPS from anywhere',
            status: 'enabled',
            direction: 'inbound',
            action: 'allow',
            priority: 100,
            targets: [{ type: 'vpc', value: vpc.name }],
            filters: { ports: ['443'], protocols: [{ type: 'tcp' }] },
          },
        ],
      },
    })
  },

  // Internet gateways
  internetGatewayList: (api) => api.call('internetGatewayList', { query: V }),
  internetGatewayCreate: async (api) => {
    const vpc = await newVpc(api)
    return api.call('internetGatewayCreate', {
      query: { ...P, vpc: vpc.name },
      body: { name: fresh('gw'), description: '' },
    })
  },
  internetGatewayView: (api) =>
    api.call('internetGatewayView', { path: { gateway: 'mock-gateway' }, query: V }),
  internetGatewayDelete: async (api) => {
    const vpc = await newVpc(api)
    return api.call('internetGatewayDelete', {
      path: { gateway: 'default' },
      query: { ...P, vpc: vpc.name, cascade: true },
    })
  },
  internetGatewayIpPoolList: (api) =>
    api.call('internetGatewayIpPoolList', { query: { ...V, gateway: 'mock-gateway' } }),
  internetGatewayIpPoolCreate: async (api) => {
    const gw = await newGateway(api, await newVpc(api))
    return api.call('internetGatewayIpPoolCreate', {
      query: { gateway: gw.id },
      body: { name: fresh('gwpool'), description: '', ip_pool: 'ip-pool-2' },
    })
  },
  internetGatewayIpPoolDelete: async (api) => {
    const gw = await newGateway(api, await newVpc(api))
    const pool = await api.ok<Row>('internetGatewayIpPoolCreate', {
      query: { gateway: gw.id },
      body: { name: fresh('gwpool'), description: '', ip_pool: 'ip-pool-1' },
    })
    return api.call('internetGatewayIpPoolDelete', { path: { pool: pool.id } })
  },
  internetGatewayIpAddressList: (api) =>
    api.call('internetGatewayIpAddressList', { query: { ...V, gateway: 'mock-gateway' } }),
  internetGatewayIpAddressCreate: async (api) => {
    const gw = await newGateway(api, await newVpc(api))
    return api.call('internetGatewayIpAddressCreate', {
      query: { gateway: gw.id },
      body: { name: fresh('addr'), description: '', address: '198.51.100.200' },
    })
  },
  internetGatewayIpAddressDelete: async (api) => {
    const gw = await newGateway(api, await newVpc(api))
    const addr = await api.ok<Row>('internetGatewayIpAddressCreate', {
      query: { gateway: gw.id },
      body: { name: fresh('addr'), description: '', address: '198.51.100.201' },
    })
    return api.call('internetGatewayIpAddressDelete', { path: { address: addr.id } })
  },

  // Floating IPs
  floatingIpList: (api) => api.call('floatingIpList', { query: P }),
  floatingIpCreate: (api) =>
    api.call('floatingIpCreate', { query: P, body: { name: fresh('fip'), description: '' } }),
  floatingIpView: (api) => api.call('floatingIpView', { path: { floating_ip: 'rootbeer-float' }, query: P }),
  floatingIpUpdate: async (api) => {
    const fip = await newFloatingIp(api)
    return api.call('floatingIpUpdate', {
      path: { floating_ip: fip.id },
      body: { name: fresh('fip'), description: 'renamed' },
    })
  },
  floatingIpDelete: async (api) => {
    const fip = await newFloatingIp(api)
    return api.call('floatingIpDelete', { path: { floating_ip: fip.id } })
  },
  floatingIpAttach: async (api) => {
    const fip = await newFloatingIp(api)
    const inst = await stoppedInstance(api)
    return api.call('floatingIpAttach', {
      path: { floating_ip: fip.id },
      body: { kind: 'instance', parent: inst.id },
    })
  },
  floatingIpDetach: async (api) => {
    const fip = await newFloatingIp(api)
    const inst = await stoppedInstance(api)
    await api.ok('floatingIpAttach', {
      path: { floating_ip: fip.id },
      body: { kind: 'instance', parent: inst.id },
    })
    return api.call('floatingIpDetach', { path: { floating_ip: fip.id } })
  },

  // Network interfaces
  instanceNetworkInterfaceList: (api) =>
    api.call('instanceNetworkInterfaceList', { query: { ...P, instance: 'db1' } }),
  instanceNetworkInterfaceCreate: async (api) => {
    const inst = await stoppedInstance(api)
    return api.call('instanceNetworkInterfaceCreate', {
      query: { ...P, instance: inst.name },
      body: { name: fresh('nic'), description: '', vpc_name: 'mock-vpc', subnet_name: 'mock-subnet-2' },
    })
  },
  instanceNetworkInterfaceView: (api) =>
    api.call('instanceNetworkInterfaceView', {
      path: { interface: 'net0' },
      query: { ...P, instance: 'db1' },
    }),
  instanceNetworkInterfaceUpdate: async (api) => {
    const nic = await newNic(api, await stoppedInstance(api))
    return api.call('instanceNetworkInterfaceUpdate', {
      path: { interface: nic.id },
      body: { description: 'updated', primary: true, transit_ips: ['10.50.0.0/24'] },
    })
  },
  instanceNetworkInterfaceDelete: async (api) => {
    const nic = await newNic(api, await stoppedInstance(api))
    return api.call('instanceNetworkInterfaceDelete', { path: { interface: nic.id } })
  },

  // Anti-affinity groups
  antiAffinityGroupList: (api) => api.call('antiAffinityGroupList', { query: P }),
  antiAffinityGroupCreate: (api) =>
    api.call('antiAffinityGroupCreate', { query: P, body: groupBody('fail') }),
  antiAffinityGroupView: (api) =>
    api.call('antiAffinityGroupView', { path: { anti_affinity_group: 'romulus-remus' }, query: P }),
  antiAffinityGroupUpdate: async (api) => {
    const g = await api.ok<Row>('antiAffinityGroupCreate', { query: P, body: groupBody('allow') })
    return api.call('antiAffinityGroupUpdate', {
      path: { anti_affinity_group: g.id },
      body: { name: fresh('group'), description: 'updated' },
    })
  },
  antiAffinityGroupDelete: async (api) => {
    const g = await api.ok<Row>('antiAffinityGroupCreate', { query: P, body: groupBody('allow') })
    return api.call('antiAffinityGroupDelete', { path: { anti_affinity_group: g.id } })
  },
  antiAffinityGroupMemberList: (api) =>
    api.call('antiAffinityGroupMemberList', { path: { anti_affinity_group: 'romulus-remus' }, query: P }),
  antiAffinityGroupMemberInstanceView: (api) =>
    api.call('antiAffinityGroupMemberInstanceView', {
      path: { anti_affinity_group: 'romulus-remus', instance: 'db1' },
      query: P,
    }),
  antiAffinityGroupMemberInstanceAdd: async (api) => {
    const g = await api.ok<Row>('antiAffinityGroupCreate', { query: P, body: groupBody('allow') })
    const inst = await stoppedInstance(api)
    return api.call('antiAffinityGroupMemberInstanceAdd', {
      path: { anti_affinity_group: g.id, instance: inst.id },
    })
  },
  antiAffinityGroupMemberInstanceDelete: async (api) => {
    const g = await api.ok<Row>('antiAffinityGroupCreate', { query: P, body: groupBody('allow') })
    const inst = await stoppedInstance(api)
    await api.ok('antiAffinityGroupMemberInstanceAdd', {
      path: { anti_affinity_group: g.id, instance: inst.id },
    })
    return api.call('antiAffinityGroupMemberInstanceDelete', {
      path: { anti_affinity_group: g.id, instance: inst.id },
    })
  },

  // Affinity groups
  affinityGroupList: (api) => api.call('affinityGroupList', { query: P }),
  affinityGroupCreate: (api) => api.call('affinityGroupCreate', { query: P, body: groupBody('fail') }),
  affinityGroupView: (api) =>
    api.call('affinityGroupView', { path: { affinity_group: 'mock-affinity-group' }, query: P }),
  affinityGroupUpdate: async (api) => {
    const g = await api.ok<Row>('affinityGroupCreate', { query: P, body: groupBody('allow') })
    return api.call('affinityGroupUpdate', { path: { affinity_group: g.id }, body: { name: fresh('group') } })
  },
  affinityGroupDelete: async (api) => {
    const g = await api.ok<Row>('affinityGroupCreate', { query: P, body: groupBody('allow') })
    return api.call('affinityGroupDelete', { path: { affinity_group: g.id } })
  },
  affinityGroupMemberList: (api) =>
    api.call('affinityGroupMemberList', { path: { affinity_group: 'mock-affinity-group' }, query: P }),
  affinityGroupMemberInstanceView: (api) =>
    api.call('affinityGroupMemberInstanceView', {
      path: { affinity_group: 'mock-affinity-group', instance: 'you-fail' },
      query: P,
    }),
  affinityGroupMemberInstanceAdd: async (api) => {
    const g = await api.ok<Row>('affinityGroupCreate', { query: P, body: groupBody('fail') })
    const inst = await stoppedInstance(api)
    return api.call('affinityGroupMemberInstanceAdd', {
      path: { affinity_group: g.name, instance: inst.name },
      query: P,
    })
  },
  affinityGroupMemberInstanceDelete: async (api) => {
    const g = await api.ok<Row>('affinityGroupCreate', { query: P, body: groupBody('fail') })
    const inst = await stoppedInstance(api)
    await api.ok('affinityGroupMemberInstanceAdd', { path: { affinity_group: g.id, instance: inst.id } })
    return api.call('affinityGroupMemberInstanceDelete', {
      path: { affinity_group: g.id, instance: inst.id },
    })
  },

  // Silos
  siloList: (api) => api.call('siloList'),
  siloCreate: async (api) => {
    const res = await api.call('siloCreate', {
      body: {
        name: fresh('silo'),
        description: '',
        discoverable: false,
        identity_mode: 'saml_jit',
        mapped_fleet_roles: { admin: ['viewer'] },
        quotas: { cpus: 4, memory: 4 * GiB, storage: 10 * GiB },
        tls_certificates: [],
      },
    })
    return res
  },
  siloView: (api) => api.call('siloView', { path: { silo: 'default-silo' } }),
  siloDelete: async (api) => {
    const silo = await newSilo(api)
    return api.call('siloDelete', { path: { silo: silo.name } })
  },
  siloIpPoolList: (api) => api.call('siloIpPoolList', { path: { silo: 'default-silo' } }),
  siloPolicyView: (api) => api.call('siloPolicyView', { path: { silo: 'default-silo' } }),
  siloPolicyUpdate: async (api) => {
    const silo = await newSilo(api)
    const user = await newLocalUser(api, silo)
    return api.call('siloPolicyUpdate', {
      path: { silo: silo.id },
      body: {
        role_assignments: [{ identity_id: user.id, identity_type: 'silo_user', role_name: 'collaborator' }],
      },
    })
  },
  siloQuotasView: (api) => api.call('siloQuotasView', { path: { silo: 'other-silo' } }),
  siloQuotasUpdate: async (api) => {
    const silo = await newSilo(api)
    return api.call('siloQuotasUpdate', { path: { silo: silo.name }, body: { cpus: 16, memory: 16 * GiB } })
  },
  systemQuotasList: (api) => api.call('systemQuotasList'),

  // Identity providers and users
  siloIdentityProviderList: (api) =>
    api.call('siloIdentityProviderList', { query: { silo: 'default-silo' } }),
  samlIdentityProviderCreate: async (api) => {
    const silo = await newSilo(api, 'saml_jit')
    return api.call('samlIdentityProviderCreate', {
      query: { silo: silo.name },
      body: {
        name: fresh('idp'),
        description: '',
        acs_url: `https://${silo.name}.sys.rack.example/login/${silo.name}/saml/idp`,
        slo_url: 'https://idp2.example/slo',
        idp_entity_id: 'https://idp2.example/metadata',
        sp_client_id: 'rack-console',
        technical_contact_email: 'ops@idp2.example',
        idp_metadata_source: { type: 'url', url: 'https://idp2.example/metadata' },
        group_attribute_name: 'groups',
      },
    })
  },
  samlIdentityProviderView: (api) =>
    api.call('samlIdentityProviderView', { path: { provider: 'mock-idp' }, query: { silo: 'default-silo' } }),
  localIdpUserCreate: async (api) => {
    const silo = await newSilo(api)
    return api.call('localIdpUserCreate', {
      query: { silo: silo.name },
      body: { external_id: fresh('user'), password: { mode: 'login_disallowed' } },
    })
  },
  localIdpUserDelete: async (api) => {
    const silo = await newSilo(api)
    const user = await newLocalUser(api, silo)
    return api.call('localIdpUserDelete', { path: { user_id: user.id }, query: { silo: silo.name } })
  },
  localIdpUserSetPassword: async (api) => {
    const silo = await newSilo(api)
    const user = await newLocalUser(api, silo)
    return api.call('localIdpUserSetPassword', {
      path: { user_id: user.id },
      query: { silo: silo.id },
      body: { mode: 'password', value: 'correct horse battery staple' },
    })
  },
  siloUserList: (api) => api.call('siloUserList', { query: { silo: 'default-silo' } }),
  siloUserView: (api) =>
    api.call('siloUserView', { path: { user_id: ids.fleetAdmin }, query: { silo: 'default-silo' } }),
  userBuiltinList: (api) => api.call('userBuiltinList'),
  userBuiltinView: (api) => api.call('userBuiltinView', { path: { user: 'db-init' } }),

  // Fleet policy: written back unchanged.
  systemPolicyView: (api) => api.call('systemPolicyView'),
  systemPolicyUpdate: async (api) => {
    const policy = await api.ok('systemPolicyView')
    return api.call('systemPolicyUpdate', { body: policy })
  },

  // IP pools
  systemIpPoolList: (api) => api.call('systemIpPoolList'),
  systemIpPoolCreate: (api) =>
    api.call('systemIpPoolCreate', { body: { name: fresh('pool'), description: '', ip_version: 'v6' } }),
  systemIpPoolView: (api) => api.call('systemIpPoolView', { path: { pool: 'ip-pool-1' } }),
  systemIpPoolUpdate: async (api) => {
    const pool = await newPool(api)
    return api.call('systemIpPoolUpdate', {
      path: { pool: pool.id },
      body: { name: fresh('pool'), description: 'updated' },
    })
  },
  systemIpPoolDelete: async (api) => {
    const pool = await newPool(api)
    return api.call('systemIpPoolDelete', { path: { pool: pool.name } })
  },
  systemIpPoolAssign: async (api) => {
    const pool = await newPool(api)
    return api.call('systemIpPoolAssign', {
      path: { pool: pool.name },
      body: { assignment: 'system_services' },
    })
  },
  systemIpPoolRangeList: (api) => api.call('systemIpPoolRangeList', { path: { pool: 'ip-pool-1' } }),
  systemIpPoolRangeAdd: async (api) => {
    const pool = await newPool(api)
    return api.call('systemIpPoolRangeAdd', { path: { pool: pool.name }, body: freshRange() })
  },
  systemIpPoolRangeRemove: async (api) => {
    const pool = await newPool(api)
    const range = freshRange()
    await api.ok('systemIpPoolRangeAdd', { path: { pool: pool.name }, body: range })
    return api.call('systemIpPoolRangeRemove', { path: { pool: pool.name }, body: range })
  },
  systemIpPoolSiloList: (api) => api.call('systemIpPoolSiloList', { path: { pool: 'ip-pool-2' } }),
  systemIpPoolSiloLink: async (api) => {
    const pool = await newPool(api)
    return api.call('systemIpPoolSiloLink', {
      path: { pool: pool.name },
      body: { silo: 'other-silo', is_default: false },
    })
  },
  systemIpPoolSiloUpdate: async (api) => {
    const pool = await newPool(api)
    const silo = await newSilo(api)
    await api.ok('systemIpPoolSiloLink', {
      path: { pool: pool.name },
      body: { silo: silo.id, is_default: false },
    })
    return api.call('systemIpPoolSiloUpdate', {
      path: { pool: pool.name, silo: silo.name },
      body: { is_default: true },
    })
  },
  systemIpPoolSiloUnlink: async (api) => {
    const pool = await newPool(api)
    await api.ok('systemIpPoolSiloLink', {
      path: { pool: pool.name },
      body: { silo: 'other-silo', is_default: false },
    })
    return api.call('systemIpPoolSiloUnlink', { path: { pool: pool.id, silo: 'other-silo' } })
  },
  systemIpPoolUtilizationView: (api) =>
    api.call('systemIpPoolUtilizationView', { path: { pool: 'ip-pool-1' } }),

  // Hardware
  rackList: (api) => api.call('rackList'),
  rackView: (api) => api.call('rackView', { path: { rack_id: ids.rack } }),
  sledList: (api) => api.call('sledList'),
  sledView: (api) => api.call('sledView', { path: { sled_id: sys.sled(0) } }),
  sledPhysicalDiskList: (api) => api.call('sledPhysicalDiskList', { path: { sled_id: sys.sled(0) } }),
  sledInstanceList: (api) => api.call('sledInstanceList', { path: { sled_id: sys.sled(0) } }),
  // Sets the policy the sled already has, so the demo inventory stays as seeded.
  sledSetProvisionPolicy: async (api) => {
    const sled = await api.ok<{ policy: { kind: string; provision_policy?: string } }>('sledView', {
      path: { sled_id: sys.sled(1) },
    })
    const state = sled.policy.provision_policy ?? 'provisionable'
    return api.call('sledSetProvisionPolicy', { path: { sled_id: sys.sled(1) }, body: { state } })
  },
  sledListUninitialized: (api) => api.call('sledListUninitialized'),
  physicalDiskList: (api) => api.call('physicalDiskList'),
  physicalDiskView: (api) =>
    api.call('physicalDiskView', { path: { disk_id: uuidFor('physical-disk:0/0') } }),
  switchList: (api) => api.call('switchList'),
  switchView: (api) => api.call('switchView', { path: { switch_id: sys.switch0 } }),

  // Utilization
  siloUtilizationList: (api) => api.call('siloUtilizationList'),
  siloUtilizationView: (api) => api.call('siloUtilizationView', { path: { silo: 'default-silo' } }),
  systemMetric: (api) =>
    api.call('systemMetric', {
      path: { metric_name: 'ram_provisioned' },
      query: {
        start_time: '2025-06-01T00:00:00Z',
        end_time: '2025-06-08T00:00:00Z',
        limit: 50,
        silo: 'default-silo',
      },
    }),

  // System update
  systemUpdateStatus: (api) => api.call('systemUpdateStatus'),
  systemUpdateRepositoryList: (api) => api.call('systemUpdateRepositoryList', { query: { limit: 2 } }),
  systemUpdateRepositoryView: (api) =>
    api.call('systemUpdateRepositoryView', { path: { system_version: updateSeed.newest } }),
  // Sets the release that already is the target: 204, and the seeded target stays as it was.
  targetReleaseUpdate: (api) =>
    api.call('targetReleaseUpdate', { body: { system_version: updateSeed.target } }),
}
