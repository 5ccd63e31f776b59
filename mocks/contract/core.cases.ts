// Contract cases for identity, silo, project, instance and storage operations: one real request per
// operation, each doing its own set-up so cases run in any order.
import { db } from '../db'
import type { Api, CaseTable } from './api'

const GiB = 1024 ** 3
const P = { project: 'mock-project' }
let n = 0
/** A fresh, valid resource name per call. */
const fresh = (prefix: string) => `${prefix}-${++n}`

type Row = { id: string; name: string }
type InstanceRow = Row & { run_state: string }
type DiskRow = Row & { state: { state: string } }

async function newInstance(api: Api, start: boolean): Promise<InstanceRow> {
  return api.ok<InstanceRow>('instanceCreate', {
    query: P,
    body: {
      name: fresh('inst'),
      description: '',
      hostname: 'contract',
      ncpus: 1,
      memory: GiB,
      start,
      network_interfaces: { type: 'none' },
    },
  })
}

async function instanceIn(api: Api, id: string, state: string): Promise<InstanceRow> {
  return api.until(
    () => api.ok<InstanceRow>('instanceView', { path: { instance: id } }),
    (i) => i.run_state === state,
  )
}

async function newDisk(
  api: Api,
  source: Record<string, unknown> = { type: 'blank', block_size: 4096 },
): Promise<DiskRow> {
  return api.ok<DiskRow>('diskCreate', {
    query: P,
    body: {
      name: fresh('disk'),
      description: '',
      size: GiB,
      disk_backend: { type: 'distributed', disk_source: source },
    },
  })
}

async function diskIn(api: Api, id: string, state: string): Promise<DiskRow> {
  return api.until(
    () => api.ok<DiskRow>('diskView', { path: { disk: id } }),
    (d) => d.state.state === state,
  )
}

async function importReadyDisk(api: Api): Promise<DiskRow> {
  return newDisk(api, { type: 'importing_blocks', block_size: 512 })
}

async function deviceCode(api: Api): Promise<{ device_code: string; user_code: string; client_id: string }> {
  const client_id = '0b7c7b4e-5a8f-4b5e-9c1d-2f3a4b5c6d7e'
  const r = await api.ok<{ device_code: string; user_code: string }>('deviceAuthRequest', {
    form: { client_id },
  })
  return { ...r, client_id }
}

const userId = (name: string) => db.users.find((u) => u.display_name === name)?.id ?? ''
const groupId = (name: string) => db.groups.find((g) => g.display_name === name)?.id ?? ''

export const coreCases: CaseTable = {
  loginLocal: (api) =>
    api.call('loginLocal', {
      path: { silo_name: 'default-silo' },
      body: { username: 'fleet-admin', password: 'oxide' },
    }),
  logout: async (api) => {
    const other = await new (api.constructor as typeof Api)(api.baseUrl).login('fleet-admin')
    return api.call('logout', { cookie: other })
  },
  loginSaml: (api) =>
    api.call('loginSaml', {
      path: { silo_name: 'default-silo', provider_name: 'mock-idp' },
      raw: 'SAMLResponse=x',
    }),
  deviceAuthRequest: (api) =>
    api.call('deviceAuthRequest', { form: { client_id: '0b7c7b4e-5a8f-4b5e-9c1d-2f3a4b5c6d7e' } }),
  deviceAuthConfirm: async (api) => {
    const { user_code } = await deviceCode(api)
    return api.call('deviceAuthConfirm', { body: { user_code } })
  },
  deviceAccessToken: async (api) => {
    const { user_code, device_code, client_id } = await deviceCode(api)
    await api.ok('deviceAuthConfirm', { body: { user_code } })
    return api.call('deviceAccessToken', {
      form: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code, client_id },
    })
  },
  currentUserView: (api) => api.call('currentUserView'),
  currentUserGroups: (api) => api.call('currentUserGroups'),
  currentUserSshKeyList: (api) => api.call('currentUserSshKeyList'),
  currentUserSshKeyCreate: (api) =>
    api.call('currentUserSshKeyCreate', {
      body: {
        name: fresh('key'),
        description: 'k',
        public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIContract',
      },
    }),
  currentUserSshKeyView: (api) => api.call('currentUserSshKeyView', { path: { ssh_key: 'm1-macbook-pro' } }),
  currentUserSshKeyDelete: async (api) => {
    const k = await api.ok<Row>('currentUserSshKeyCreate', {
      body: {
        name: fresh('key'),
        description: '',
        public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDelete',
      },
    })
    return api.call('currentUserSshKeyDelete', { path: { ssh_key: k.id } })
  },
  currentUserAccessTokenList: (api) => api.call('currentUserAccessTokenList'),
  currentUserAccessTokenDelete: async (api) => {
    const { user_code, device_code, client_id } = await deviceCode(api)
    await api.ok('deviceAuthConfirm', { body: { user_code } })
    await api.ok('deviceAccessToken', {
      form: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code, client_id },
    })
    const list = await api.ok<{ items: Row[] }>('currentUserAccessTokenList')
    const last = list.items[list.items.length - 1]
    return api.call('currentUserAccessTokenDelete', { path: { token_id: last?.id ?? '' } })
  },
  ping: (api) => api.call('ping'),
  userList: (api) => api.call('userList', { query: { group: groupId('viewer-group') } }),
  userView: (api) => api.call('userView', { path: { user_id: userId('silo-viewer') } }),
  userTokenList: (api) => api.call('userTokenList', { path: { user_id: userId('fleet-admin') } }),
  userSessionList: (api) => api.call('userSessionList', { path: { user_id: userId('fleet-admin') } }),
  userLogout: (api) => api.call('userLogout', { path: { user_id: userId('no-role') } }),
  groupList: (api) => api.call('groupList'),
  groupView: (api) => api.call('groupView', { path: { group_id: groupId('admin-group') } }),
  policyView: (api) => api.call('policyView'),
  policyUpdate: async (api) => {
    const policy = await api.ok('policyView')
    return api.call('policyUpdate', { body: policy })
  },
  utilizationView: (api) => api.call('utilizationView'),
  ipPoolList: (api) => api.call('ipPoolList'),
  ipPoolView: (api) => api.call('ipPoolView', { path: { pool: 'ip-pool-1' } }),
  siloMetric: (api) =>
    api.call('siloMetric', {
      path: { metric_name: 'cpus_provisioned' },
      query: { start_time: '2025-06-01T00:00:00Z', end_time: '2025-06-02T00:00:00Z', limit: 24 },
    }),
  timeseriesQuery: (api) =>
    api.call('timeseriesQuery', {
      query: P,
      body: {
        query: `get virtual_machine:vcpu_usage | filter instance_id == "${db.instances[0]?.id}" | align mean_within(1m)`,
      },
    }),

  projectList: (api) => api.call('projectList', { query: { limit: 10 } }),
  projectCreate: (api) => api.call('projectCreate', { body: { name: fresh('proj'), description: '' } }),
  projectView: (api) => api.call('projectView', { path: { project: 'mock-project' } }),
  projectUpdate: async (api) => {
    const p = await api.ok<Row>('projectCreate', { body: { name: fresh('proj'), description: '' } })
    return api.call('projectUpdate', {
      path: { project: p.id },
      body: { name: fresh('renamed'), description: 'x' },
    })
  },
  projectDelete: async (api) => {
    const p = await api.ok<Row>('projectCreate', { body: { name: fresh('proj'), description: '' } })
    // The default VPC blocks deletion (as on the rack); VPC delete is a networking operation, so
    // the test clears it directly.
    const vpcIds = new Set(db.vpcs.filter((v) => v.project_id === p.id).map((v) => v.id))
    db.vpcs = db.vpcs.filter((v) => !vpcIds.has(v.id))
    return api.call('projectDelete', { path: { project: p.name } })
  },
  projectPolicyView: (api) => api.call('projectPolicyView', { path: { project: 'mock-project' } }),
  projectPolicyUpdate: async (api) => {
    const policy = await api.ok('projectPolicyView', { path: { project: 'mock-project' } })
    return api.call('projectPolicyUpdate', { path: { project: 'mock-project' }, body: policy })
  },

  instanceList: (api) => api.call('instanceList', { query: { ...P, limit: 50 } }),
  // What the instance create form sends (src/forms/instance-create.tsx): a boot disk from a silo
  // image, a new and an existing data disk, a custom interface, an ephemeral IP from a named pool, a
  // floating IP, chosen SSH keys and user data.
  instanceCreate: async (api) => {
    const images = await api.ok<{ items: (Row & { size: number })[] }>('imageList', { query: { limit: 100 } })
    const image = images.items.find((i) => i.name === 'ubuntu-24-04')
    if (!image) throw new Error('the seed has no silo image ubuntu-24-04')
    const data = await newDisk(api)
    await diskIn(api, data.id, 'detached')
    const fip = await api.ok<Row>('floatingIpCreate', {
      query: P,
      body: { name: fresh('fip'), description: '' },
    })
    return api.call('instanceCreate', {
      query: P,
      body: {
        name: fresh('inst'),
        description: 'made by the contract test',
        hostname: 'contract',
        ncpus: 2,
        memory: 2 * GiB,
        boot_disk: {
          type: 'create',
          name: fresh('boot'),
          description: '',
          size: Math.ceil(image.size / GiB) * GiB,
          disk_backend: {
            type: 'distributed',
            disk_source: { type: 'image', image_id: image.id, read_only: false },
          },
        },
        disks: [
          {
            type: 'create',
            name: fresh('data'),
            description: '',
            size: GiB,
            disk_backend: { type: 'distributed', disk_source: { type: 'blank', block_size: 4096 } },
          },
          { type: 'attach', name: data.name },
        ],
        network_interfaces: {
          type: 'create',
          params: [
            {
              name: 'net0',
              description: '',
              vpc_name: 'mock-vpc',
              subnet_name: 'mock-subnet',
              ip_config: {
                type: 'dual_stack',
                value: {
                  v4: { ip: { type: 'auto' }, transit_ips: [] },
                  v6: { ip: { type: 'auto' }, transit_ips: [] },
                },
              },
            },
          ],
        },
        external_ips: [
          { type: 'ephemeral', pool_selector: { type: 'explicit', pool: 'ip-pool-1' } },
          { type: 'floating', floating_ip: fip.name },
        ],
        ssh_public_keys: ['m1-macbook-pro'],
        user_data: Buffer.from('#cloud-config\n').toString('base64'),
        start: true,
        anti_affinity_groups: [],
        auto_restart_policy: null,
        cpu_platform: null,
        enable_jumbo_frames: false,
        multicast_groups: [],
      },
    })
  },
  instanceView: (api) => api.call('instanceView', { path: { instance: 'db1' }, query: P }),
  instanceUpdate: async (api) => {
    const i = await newInstance(api, false)
    await instanceIn(api, i.id, 'stopped')
    return api.call('instanceUpdate', {
      path: { instance: i.id },
      body: {
        ncpus: 4,
        memory: 4 * GiB,
        boot_disk: null,
        auto_restart_policy: 'never',
        cpu_platform: null,
        enable_jumbo_frames: false,
      },
    })
  },
  instanceDelete: async (api) => {
    const i = await newInstance(api, false)
    await instanceIn(api, i.id, 'stopped')
    return api.call('instanceDelete', { path: { instance: i.id } })
  },
  instanceStart: async (api) => {
    const i = await newInstance(api, false)
    await instanceIn(api, i.id, 'stopped')
    return api.call('instanceStart', { path: { instance: i.id } })
  },
  instanceStop: async (api) => {
    const i = await newInstance(api, true)
    await instanceIn(api, i.id, 'running')
    return api.call('instanceStop', { path: { instance: i.id } })
  },
  instanceReboot: async (api) => {
    const i = await newInstance(api, true)
    await instanceIn(api, i.id, 'running')
    return api.call('instanceReboot', { path: { instance: i.id } })
  },
  instanceDiskList: (api) => api.call('instanceDiskList', { path: { instance: 'db1' }, query: P }),
  instanceDiskAttach: async (api) => {
    const i = await newInstance(api, false)
    const d = await newDisk(api)
    return api.call('instanceDiskAttach', { path: { instance: i.id }, body: { disk: d.id } })
  },
  instanceDiskDetach: async (api) => {
    const i = await newInstance(api, false)
    const d = await newDisk(api)
    await api.ok('instanceDiskAttach', { path: { instance: i.id }, body: { disk: d.id } })
    await diskIn(api, d.id, 'attached')
    await instanceIn(api, i.id, 'stopped')
    // Instance by id, disk by name: the disk resolves in the instance's project.
    return api.call('instanceDiskDetach', { path: { instance: i.id }, body: { disk: d.name } })
  },
  instanceExternalIpList: (api) =>
    api.call('instanceExternalIpList', { path: { instance: 'db1' }, query: P }),
  instanceEphemeralIpAttach: async (api) => {
    const i = await newInstance(api, false)
    return api.call('instanceEphemeralIpAttach', {
      path: { instance: i.id },
      body: { pool_selector: { type: 'explicit', pool: 'ip-pool-1' } },
    })
  },
  instanceEphemeralIpDetach: async (api) => {
    const i = await newInstance(api, false)
    // The silo has a default pool of each version: the contract then wants the version named.
    await api.ok('instanceEphemeralIpAttach', {
      path: { instance: i.id },
      body: { pool_selector: { type: 'auto', ip_version: 'v4' } },
    })
    return api.call('instanceEphemeralIpDetach', { path: { instance: i.id }, query: { ip_version: 'v4' } })
  },
  instanceSshPublicKeyList: (api) =>
    api.call('instanceSshPublicKeyList', { path: { instance: 'db1' }, query: P }),
  instanceAffinityGroupList: (api) =>
    api.call('instanceAffinityGroupList', { path: { instance: 'db1' }, query: P }),
  instanceAntiAffinityGroupList: (api) =>
    api.call('instanceAntiAffinityGroupList', { path: { instance: 'db1' }, query: P }),
  instanceSerialConsole: (api) =>
    api.call('instanceSerialConsole', {
      path: { instance: 'db1' },
      query: { ...P, from_start: 0, max_bytes: 64 },
    }),

  diskList: (api) => api.call('diskList', { query: P }),
  diskCreate: (api) =>
    api.call('diskCreate', {
      query: P,
      body: {
        name: fresh('disk'),
        description: '',
        size: 2 * GiB,
        disk_backend: { type: 'distributed', disk_source: { type: 'blank', block_size: 512 } },
      },
    }),
  diskView: (api) => api.call('diskView', { path: { disk: 'data-disk' }, query: P }),
  diskDelete: async (api) => {
    const d = await newDisk(api)
    await diskIn(api, d.id, 'detached')
    return api.call('diskDelete', { path: { disk: d.id } })
  },
  diskBulkWriteImportStart: async (api) => {
    const d = await importReadyDisk(api)
    return api.call('diskBulkWriteImportStart', { path: { disk: d.id } })
  },
  diskBulkWriteImport: async (api) => {
    const d = await importReadyDisk(api)
    await api.ok('diskBulkWriteImportStart', { path: { disk: d.id } })
    const data = Buffer.alloc(1024, 7).toString('base64')
    return api.call('diskBulkWriteImport', {
      path: { disk: d.id },
      body: { offset: 512, base64_encoded_data: data },
    })
  },
  diskBulkWriteImportStop: async (api) => {
    const d = await importReadyDisk(api)
    await api.ok('diskBulkWriteImportStart', { path: { disk: d.id } })
    return api.call('diskBulkWriteImportStop', { path: { disk: d.id } })
  },
  diskFinalizeImport: async (api) => {
    const d = await importReadyDisk(api)
    return api.call('diskFinalizeImport', { path: { disk: d.id }, body: { snapshot_name: fresh('snap') } })
  },

  snapshotList: (api) => api.call('snapshotList', { query: P }),
  snapshotCreate: (api) =>
    api.call('snapshotCreate', {
      query: P,
      body: { name: fresh('snap'), description: '', disk: 'data-disk' },
    }),
  snapshotView: (api) => api.call('snapshotView', { path: { snapshot: 'snapshot-1' }, query: P }),
  snapshotDelete: (api) => api.call('snapshotDelete', { path: { snapshot: 'snapshot-faulted' }, query: P }),

  imageList: (api) => api.call('imageList', { query: P }),
  imageCreate: async (api) => {
    const snap = await api.ok<Row>('snapshotView', { path: { snapshot: 'snapshot-1' }, query: P })
    return api.call('imageCreate', {
      query: P,
      body: {
        name: fresh('img'),
        description: '',
        os: 'alpine',
        version: '3.20',
        source: { type: 'snapshot', id: snap.id },
      },
    })
  },
  imageView: (api) => api.call('imageView', { path: { image: 'ubuntu-24-04' } }),
  imageDelete: async (api) => {
    const snap = await api.ok<Row>('snapshotView', { path: { snapshot: 'snapshot-2' }, query: P })
    const img = await api.ok<Row>('imageCreate', {
      body: {
        name: fresh('img'),
        description: '',
        os: 'alpine',
        version: '1',
        source: { type: 'snapshot', id: snap.id },
      },
    })
    return api.call('imageDelete', { path: { image: img.id } })
  },
  imagePromote: (api) => api.call('imagePromote', { path: { image: 'image-1' }, query: P }),
  imageDemote: (api) => api.call('imageDemote', { path: { image: 'arch-2024' }, query: P }),
}
