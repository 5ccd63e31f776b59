// Demo data for identity, projects and compute. Deterministic: the same names, ids and timestamps on
// every start, since other tests depend on them. Transitional states seeded here stay as seeded (only
// state changes caused by requests run timers), so tests can observe them.
import type { Db, Disk, Instance, S } from '../db'
import { seedTime, uuidFor } from '../lib/ids'
import { DEMO_PASSWORD, seedIds as ids } from './ids'

const GiB = 1024 ** 3

/** Number of generated instances in `scale-project` (names instance-00001 ...). */
export const SCALE_INSTANCES = 10_000

function instance(
  name: string,
  id: string,
  projectId: string,
  runState: S['InstanceState'],
  minute: number,
  extra: Partial<Instance> = {},
): Instance {
  return {
    id,
    name,
    description: `${name} instance`,
    project_id: projectId,
    hostname: name,
    memory: 4 * GiB,
    ncpus: 2,
    run_state: runState,
    auto_restart_enabled: true,
    auto_restart_policy: null,
    boot_disk_id: null,
    cpu_platform: null,
    enable_jumbo_frames: false,
    time_created: seedTime(minute),
    time_modified: seedTime(minute),
    time_run_state_updated: seedTime(minute + 1),
    ...extra,
  }
}

function disk(name: string, state: S['DiskState'], minute: number, extra: Partial<Disk> = {}): Disk {
  return {
    id: uuidFor(`disk:mock-project/${name}`),
    name,
    description: `${name} disk`,
    project_id: ids.mockProject,
    size: 10 * GiB,
    block_size: 4096,
    device_path: `/mnt/${name}`,
    disk_type: 'distributed',
    read_only: false,
    image_id: null,
    snapshot_id: null,
    state,
    time_created: seedTime(minute),
    time_modified: seedTime(minute),
    ...extra,
  }
}

export function seedCore(db: Db): void {
  db.silos.push({
    id: ids.silo,
    name: 'default-silo',
    description: 'The silo of the demo users (local logins; SAML through mock-idp in the mock)',
    discoverable: true,
    identity_mode: 'local_only',
    mapped_fleet_roles: {},
    admin_group_name: 'admin-group',
    time_created: seedTime(0),
    time_modified: seedTime(0),
  })

  const user = (id: string, name: string, minute: number): S['User'] => ({
    id,
    display_name: name,
    silo_id: ids.silo,
    time_created: seedTime(minute),
    time_modified: seedTime(minute),
  })
  db.users.push(
    user(ids.fleetAdmin, 'fleet-admin', 1),
    user(ids.siloViewer, 'silo-viewer', 2),
    user(ids.noRole, 'no-role', 3),
  )
  for (const u of db.users) db.passwords.set(u.id, DEMO_PASSWORD)

  const group = (id: string, name: string, minute: number): S['Group'] => ({
    id,
    display_name: name,
    silo_id: ids.silo,
    time_created: seedTime(minute),
    time_modified: seedTime(minute),
  })
  db.groups.push(
    group(ids.adminGroup, 'admin-group', 4),
    group(ids.viewerGroup, 'viewer-group', 5),
    group(ids.opsGroup, 'ops', 6),
  )
  // no-role is in no group (spec section 6: the "not in any groups" notice).
  db.groupMembers.push(
    { group_id: ids.adminGroup, user_id: ids.fleetAdmin },
    { group_id: ids.viewerGroup, user_id: ids.fleetAdmin },
    { group_id: ids.viewerGroup, user_id: ids.siloViewer },
    { group_id: ids.opsGroup, user_id: ids.fleetAdmin },
  )
  db.siloPolicies.set(ids.silo, [
    { identity_id: ids.adminGroup, identity_type: 'silo_group', role_name: 'admin' },
    { identity_id: ids.siloViewer, identity_type: 'silo_user', role_name: 'viewer' },
  ])
  db.fleetPolicy = {
    role_assignments: [{ identity_id: ids.fleetAdmin, identity_type: 'silo_user', role_name: 'admin' }],
  }

  db.sshKeys.push(
    {
      id: uuidFor('ssh-key:fleet-admin/m1-macbook-pro'),
      name: 'm1-macbook-pro',
      description: 'Laptop key',
      public_key:
        'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBiZHlN5i8Ah3SJ3FHmUmHk4mMZ8vdt5lVz1Q4zrdemo fleet-admin@m1',
      silo_user_id: ids.fleetAdmin,
      time_created: seedTime(10),
      time_modified: seedTime(10),
    },
    {
      id: uuidFor('ssh-key:fleet-admin/mac-mini'),
      name: 'mac-mini',
      description: '',
      public_key:
        'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHk8fDGZ8WqK3ZqsN3J5mVYkq0rPyN8a0x9Udemo fleet-admin@mini',
      silo_user_id: ids.fleetAdmin,
      time_created: seedTime(11),
      time_modified: seedTime(11),
    },
  )
  // A long-lived device token, so the access-tokens page has a row before any device login.
  db.accessTokens.push({
    id: uuidFor('token:fleet-admin/cli'),
    token: 'oxide-token-demo-fleet-admin-cli',
    user_id: ids.fleetAdmin,
    time_created: seedTime(12),
    time_expires: null,
  })

  const project = (id: string, name: string, description: string, minute: number): S['Project'] => ({
    id,
    name,
    description,
    time_created: seedTime(minute),
    time_modified: seedTime(minute),
  })
  db.projects.push(
    project(ids.mockProject, 'mock-project', 'A project with every kind of resource', 20),
    project(ids.scaleProject, 'scale-project', `A project with ${SCALE_INSTANCES} instances`, 21),
  )
  db.projectSilo.set(ids.mockProject, ids.silo)
  db.projectSilo.set(ids.scaleProject, ids.silo)
  db.projectPolicies.set(ids.mockProject, [
    { identity_id: ids.fleetAdmin, identity_type: 'silo_user', role_name: 'admin' },
    { identity_id: ids.viewerGroup, identity_type: 'silo_group', role_name: 'viewer' },
  ])

  const bootDb1 = uuidFor('disk:mock-project/db1-boot')
  const bootWeb1 = uuidFor('disk:mock-project/web1-boot')
  const bootYouFail = uuidFor('disk:mock-project/you-fail-boot')
  db.instances.push(
    instance('db1', ids.db1, ids.mockProject, 'running', 30, {
      boot_disk_id: bootDb1,
      ncpus: 4,
      memory: 8 * GiB,
    }),
    instance('web1', ids.web1, ids.mockProject, 'stopped', 31, { boot_disk_id: bootWeb1 }),
    // Failed with auto-restart enabled and no cooldown: due for automatic restart (spec section 4).
    instance('you-fail', ids.youFail, ids.mockProject, 'failed', 32, {
      boot_disk_id: bootYouFail,
      auto_restart_policy: 'best_effort',
      auto_restart_cooldown_expiration: null,
    }),
    // Stays `starting` forever (no timer), so tests can see a transitional state.
    instance('not-there-yet', ids.notThereYet, ids.mockProject, 'starting', 33),
  )
  db.instanceSshKeys.set(ids.db1, [uuidFor('ssh-key:fleet-admin/m1-macbook-pro')])

  // Every disk state of spec section 4.
  db.disks.push(
    disk('db1-boot', { state: 'attached', instance: ids.db1 }, 40, {
      size: 20 * GiB,
      image_id: uuidFor('image:silo/ubuntu-24-04'),
    }),
    disk('web1-boot', { state: 'attached', instance: ids.web1 }, 41),
    disk('you-fail-boot', { state: 'attached', instance: ids.youFail }, 42),
    disk('attaching-disk', { state: 'attaching', instance: ids.notThereYet }, 43),
    disk('creating-disk', { state: 'creating' }, 44),
    disk('detaching-disk', { state: 'detaching', instance: ids.db1 }, 45),
    disk('data-disk', { state: 'detached' }, 46, { size: 100 * GiB }),
    disk('destroyed-disk', { state: 'destroyed' }, 47),
    disk('faulted-disk', { state: 'faulted' }, 48),
    disk('maintenance-disk', { state: 'maintenance' }, 49),
    disk('import-ready-disk', { state: 'import_ready' }, 50, { block_size: 512 }),
    disk('url-import-disk', { state: 'importing_from_url' }, 51),
    disk('bulk-import-disk', { state: 'importing_from_bulk_writes' }, 52, { block_size: 512 }),
    disk('finalizing-disk', { state: 'finalizing' }, 53),
  )

  const snapshot = (
    name: string,
    diskName: string,
    state: S['SnapshotState'],
    minute: number,
  ): S['Snapshot'] => ({
    id: uuidFor(`snapshot:mock-project/${name}`),
    name,
    description: `${name} of ${diskName}`,
    project_id: ids.mockProject,
    disk_id: uuidFor(`disk:mock-project/${diskName}`),
    size: diskName === 'data-disk' ? 100 * GiB : diskName === 'db1-boot' ? 20 * GiB : 10 * GiB,
    state,
    time_created: seedTime(minute),
    time_modified: seedTime(minute),
  })
  db.snapshots.push(
    snapshot('snapshot-1', 'db1-boot', 'ready', 60),
    snapshot('snapshot-2', 'data-disk', 'ready', 61),
    snapshot('snapshot-creating', 'web1-boot', 'creating', 62),
    snapshot('snapshot-faulted', 'you-fail-boot', 'faulted', 63),
  )

  const image = (
    name: string,
    projectId: string | null,
    os: string,
    version: string,
    minute: number,
  ): S['Image'] => ({
    id: uuidFor(projectId ? `image:mock-project/${name}` : `image:silo/${name}`),
    name,
    description: `${os} ${version}`,
    os,
    version,
    project_id: projectId,
    block_size: 512,
    size: 2 * GiB,
    digest: { type: 'sha256', value: uuidFor(`digest:${name}`).replaceAll('-', '').repeat(2) },
    time_created: seedTime(minute),
    time_modified: seedTime(minute),
  })
  db.images.push(
    image('image-1', ids.mockProject, 'ubuntu', '22.04', 70),
    image('image-2', ids.mockProject, 'debian', '12', 71),
    image('ubuntu-24-04', null, 'ubuntu', '24.04', 72),
    image('arch-2024', null, 'arch', '2024.01.01', 73),
  )
  for (const i of db.images) if (!i.project_id) db.imageSilo.set(i.id, ids.silo)

  db.externalIps.set(ids.db1, [
    { kind: 'ephemeral', ip: '192.0.2.10', ip_pool_id: ids.ipPool1 },
    { kind: 'snat', ip: '192.0.2.200', ip_pool_id: ids.ipPool1, first_port: 0, last_port: 16383 },
  ])

  seedScaleProject(db)
}

/**
 * scale-project's 10,000 instances: built once per process and copied on each reset (a reset runs
 * before every test), with ids and times computed arithmetically rather than hashed, so a reset stays
 * cheap; list pagination over them sorts once and binary-searches, see lib/paginate.ts.
 */
let scaleTemplate: Instance[] | undefined

function seedScaleProject(db: Db): void {
  scaleTemplate ??= buildScaleInstances()
  for (const row of scaleTemplate) db.instances.push({ ...row })
}

function buildScaleInstances(): Instance[] {
  const rows: Instance[] = []
  for (let i = 1; i <= SCALE_INSTANCES; i++) {
    const name = `instance-${String(i).padStart(5, '0')}`
    const id = `5ca1e000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`
    rows.push(
      instance(name, id, ids.scaleProject, i % 3 === 0 ? 'stopped' : 'running', 100 + i, {
        ncpus: 1 + (i % 4),
        memory: (1 + (i % 8)) * GiB,
      }),
    )
  }
  return rows
}
