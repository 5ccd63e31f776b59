// @vitest-environment jsdom
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { vInstanceCreate } from '../api/__generated__/schemas'
import { toSnake } from '../api/casing'
import {
  fieldOfConflict,
  HOSTNAME,
  INITIAL_VALUES,
  type InstanceCreateValues,
  instanceCreateProblems,
  MEMORY,
  PRESET_FAMILIES,
  PRESETS,
  toInstanceCreate,
  USER_DATA_MAX_BYTES,
  userDataProblem,
  utf8Length,
  VCPUS,
} from './instance-values'
import { check } from './validation'

const GiB = 1024 ** 3
const IMAGE_ID = '4b6c2f0e-7d1a-4e59-9a2b-3c4d5e6f7a8b'

const values = (over: Partial<InstanceCreateValues> = {}): InstanceCreateValues => ({
  ...INITIAL_VALUES,
  name: 'web-1',
  hostname: 'web-1',
  bootImage: IMAGE_ID,
  ...over,
})

/** The wire body, checked by the schema generated from nexus.json. */
function wire(body: unknown) {
  const snake = toSnake(body)
  const parsed = v.safeParse(vInstanceCreate, snake)
  expect(parsed.issues?.map((i) => `${i.path?.map((p) => p.key).join('.')}: ${i.message}`) ?? []).toEqual([])
  return snake as Record<string, unknown>
}

describe('hardware presets', () => {
  it('come in the three families by memory per vCPU, general purpose first, and start at 2 vCPU, 4 GiB', () => {
    expect([...new Set(PRESETS.map((p) => p.family))]).toEqual(['General purpose', 'High CPU', 'High memory'])
    for (const p of PRESETS) {
      const family = PRESET_FAMILIES.find((f) => f.label === p.family)
      expect(p.memoryGib, p.id).toBe((family?.gibPerCpu ?? 0) * p.ncpus)
    }
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length)
    expect([INITIAL_VALUES.hardware, INITIAL_VALUES.ncpus, INITIAL_VALUES.memoryGib]).toEqual([
      '2-4',
      '2',
      '4',
    ])
  })
})

describe('boot disk size', () => {
  it('cannot go below the image', () => {
    const problems = instanceCreateProblems(values({ bootSizeGib: '2' }), { imageSize: 2 * GiB + 1 })
    expect(problems.bootSizeGib).toBe('Size must be at least 3 GiB to hold the image')
    expect(instanceCreateProblems(values({ bootSizeGib: '3' }), { imageSize: 2 * GiB + 1 })).toEqual({})
    expect(instanceCreateProblems(values({ bootSizeGib: '1024' })).bootSizeGib).toMatch(/at most 1023/)
  })
})

describe('user data', () => {
  it('allows 32 KiB before encoding (nexus.json) and refuses a byte more', () => {
    expect(USER_DATA_MAX_BYTES).toBe(32768)
    expect(userDataProblem(32768)).toBeUndefined()
    expect(userDataProblem(32769)).toMatch(/at most 32 KiB/)
  })

  it('counts the UTF-8 bytes of text, not its characters', () => {
    const text = 'é'.repeat(16385) // 32770 bytes in 16385 characters
    expect(utf8Length(text)).toBe(32770)
    expect(instanceCreateProblems(values({ userDataText: text })).userDataText).toMatch(/32 KiB/)
    expect(instanceCreateProblems(values({ userDataText: 'é'.repeat(16384) }))).toEqual({})
  })

  it("checks a file's size", () => {
    const big = new File([new Uint8Array(USER_DATA_MAX_BYTES + 1)], 'init.yaml')
    const ok = new File([new Uint8Array(USER_DATA_MAX_BYTES)], 'init.yaml')
    expect(
      instanceCreateProblems(values({ userDataSource: 'file', userDataFile: big })).userDataFile,
    ).toMatch(/32 KiB/)
    expect(instanceCreateProblems(values({ userDataSource: 'file', userDataFile: ok }))).toEqual({})
  })
})

describe('field rules', () => {
  it('takes the contract Hostname', () => {
    expect(check(HOSTNAME, 'web-1')).toBeUndefined()
    expect(check(HOSTNAME, 'web-1.example.com')).toBeUndefined()
    expect(check(HOSTNAME, '')).toBe('Hostname is required')
    expect(check(HOSTNAME, 'web-')).toMatch(/hyphen/)
    expect(check(HOSTNAME, 'web_1')).toMatch(/only letters, digits, hyphens and dots/)
    expect(check(HOSTNAME, 'a'.repeat(254))).toMatch(/253/)
  })

  it('takes whole vCPUs from 1 to 64 and whole GiB of memory up to 1536', () => {
    expect(check(VCPUS, '64')).toBeUndefined()
    expect(check(VCPUS, '0')).toBe('vCPUs must be at least 1')
    expect(check(VCPUS, '')).toBe('vCPUs is required')
    expect(check(VCPUS, '  ')).toBe('vCPUs is required')
    expect(check(VCPUS, '65')).toBe('vCPUs must be at most 64')
    expect(check(VCPUS, '1.5')).toBe('vCPUs must be a whole number')
    expect(check(VCPUS, '-1')).toBe('vCPUs must be at least 1')
    expect(check(VCPUS, ' -12 ')).toBe('vCPUs must be at least 1')
    expect(check(MEMORY, '1536')).toBeUndefined()
    expect(check(MEMORY, '1537')).toMatch(/at most 1536/)
  })

  it('asks for the choices a boot source, disks and a custom interface need', () => {
    expect(instanceCreateProblems(values({ bootImage: '' })).bootImage).toBe('Choose an image')
    expect(instanceCreateProblems(values({ bootSource: 'disk' })).bootDisk).toBe('Choose a disk to boot from')
    expect(instanceCreateProblems(values({ network: 'custom' })).vpc).toBe('Choose a VPC')
    expect(instanceCreateProblems(values({ network: 'custom', vpc: 'v' })).subnet).toBe('Choose a subnet')
    expect(
      instanceCreateProblems(values({ disks: [{ kind: 'create', name: 'Data', sizeGib: '1' }] })).disks,
    ).toMatch(/^Disk 1: name must start with a lowercase letter/)
    expect(
      instanceCreateProblems(
        values({ bootSource: 'disk', bootDisk: 'data', disks: [{ kind: 'attach', name: 'data' }] }),
      ).disks,
    ).toBe('Disk 1: data is used twice')
    const many = Array.from({ length: 12 }, (_, n) => ({ kind: 'attach' as const, name: `d${n}` }))
    expect(instanceCreateProblems(values({ disks: many })).disks).toMatch(/at most 12 disks/)
  })
})

describe('toInstanceCreate', () => {
  it('builds a contract InstanceCreate with a boot disk from an image and the defaults', () => {
    const body = toInstanceCreate(values({ bootSizeGib: '20' }), {
      sshKeys: ['laptop', 'desk'],
      imageName: 'ubuntu',
      suffix: () => 'abc123',
    })
    const snake = wire(body)
    expect(snake).toMatchObject({
      name: 'web-1',
      hostname: 'web-1',
      ncpus: 2,
      memory: 4 * GiB,
      boot_disk: {
        type: 'create',
        name: 'web-1-ubuntu-abc123',
        size: 20 * GiB,
        disk_backend: {
          type: 'distributed',
          disk_source: { type: 'image', image_id: IMAGE_ID, read_only: false },
        },
      },
      disks: [],
      network_interfaces: { type: 'default_dual_stack' },
      // An IPv4 address from the silo's default IPv4 pool, as before the version choice.
      external_ips: [{ type: 'ephemeral', pool_selector: { type: 'auto', ip_version: 'v4' } }],
      // Every key checked by default.
      ssh_public_keys: ['laptop', 'desk'],
      user_data: '',
      start: true,
    })
  })

  it('sends the rest of the form: disks, custom interface, pool, floating IPs, keys, user data', () => {
    const body = toInstanceCreate(
      values({
        hardware: 'custom',
        ncpus: '6',
        memoryGib: '12',
        bootDiskName: 'web-boot',
        disks: [
          { kind: 'create', name: 'scratch', sizeGib: '5' },
          { kind: 'attach', name: 'data-disk' },
        ],
        sshKeysOff: ['desk'],
        network: 'custom',
        vpc: 'mock-vpc',
        subnet: 'mock-subnet',
        ephemeralV4Pool: 'ip-pool-2',
        floatingIps: ['cola-float'],
        userDataText: '#cloud-config\nhostname: é\n',
        start: false,
      }),
      { sshKeys: ['laptop', 'desk'] },
    )
    const snake = wire(body)
    expect(snake).toMatchObject({
      ncpus: 6,
      memory: 12 * GiB,
      boot_disk: { type: 'create', name: 'web-boot' },
      disks: [
        {
          type: 'create',
          name: 'scratch',
          size: 5 * GiB,
          disk_backend: { type: 'distributed', disk_source: { type: 'blank', block_size: 4096 } },
        },
        { type: 'attach', name: 'data-disk' },
      ],
      network_interfaces: {
        type: 'create',
        params: [{ name: 'net0', vpc_name: 'mock-vpc', subnet_name: 'mock-subnet' }],
      },
      external_ips: [
        { type: 'ephemeral', pool_selector: { type: 'explicit', pool: 'ip-pool-2' } },
        { type: 'floating', floating_ip: 'cola-float' },
      ],
      ssh_public_keys: ['laptop'],
      start: false,
    })
    // Base64 of the UTF-8 bytes (RFC 4648 section 4, padded).
    expect(Buffer.from(snake.user_data as string, 'base64').toString('utf8')).toBe(
      '#cloud-config\nhostname: é\n',
    )
    expect(snake.user_data).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
  })

  it('boots from an existing disk, sends no interface, and no ephemeral IP when asked', () => {
    const snake = wire(
      toInstanceCreate(
        values({ bootSource: 'disk', bootDisk: 'data-disk', network: 'none', ephemeralV4: false }),
      ),
    )
    expect(snake.boot_disk).toEqual({ type: 'attach', name: 'data-disk' })
    expect(snake.network_interfaces).toEqual({ type: 'none' })
    expect(snake.external_ips).toEqual([])
    // Keys not loaded: no list, which the API reads as every key of the user.
    expect(snake.ssh_public_keys).toBeNull()
  })

  it('sends a read-only image boot disk when asked, and no read-only for an existing disk', () => {
    const snake = wire(toInstanceCreate(values({ bootReadOnly: true })))
    expect(snake.boot_disk).toMatchObject({
      type: 'create',
      disk_backend: {
        type: 'distributed',
        disk_source: { type: 'image', image_id: IMAGE_ID, read_only: true },
      },
    })
    // An existing disk's read-only-ness is its own: the attachment has nothing to say.
    const attach = wire(
      toInstanceCreate(values({ bootSource: 'disk', bootDisk: 'data-disk', bootReadOnly: true })),
    )
    expect(attach.boot_disk).toEqual({ type: 'attach', name: 'data-disk' })
  })

  it('asks for an ephemeral IP of each version checked, each from its pool', () => {
    const ips = (over: Partial<InstanceCreateValues>) => wire(toInstanceCreate(values(over))).external_ips
    // IPv4 only, from the silo default of that version, or from a chosen pool.
    expect(ips({})).toEqual([{ type: 'ephemeral', pool_selector: { type: 'auto', ip_version: 'v4' } }])
    expect(ips({ ephemeralV4Pool: 'ip-pool-2' })).toEqual([
      { type: 'ephemeral', pool_selector: { type: 'explicit', pool: 'ip-pool-2' } },
    ])
    // IPv6 only.
    expect(ips({ ephemeralV4: false, ephemeralV6: true })).toEqual([
      { type: 'ephemeral', pool_selector: { type: 'auto', ip_version: 'v6' } },
    ])
    expect(ips({ ephemeralV4: false, ephemeralV6: true, ephemeralV6Pool: 'ip-pool-3' })).toEqual([
      { type: 'ephemeral', pool_selector: { type: 'explicit', pool: 'ip-pool-3' } },
    ])
    // Both (nexus.json: an instance may hold an IPv4 and an IPv6 ephemeral IP), each naming its pool,
    // before the floating IPs.
    expect(
      ips({
        ephemeralV4Pool: 'ip-pool-2',
        ephemeralV6: true,
        ephemeralV6Pool: 'ip-pool-3',
        floatingIps: ['cola-float'],
      }),
    ).toEqual([
      { type: 'ephemeral', pool_selector: { type: 'explicit', pool: 'ip-pool-2' } },
      { type: 'ephemeral', pool_selector: { type: 'explicit', pool: 'ip-pool-3' } },
      { type: 'floating', floating_ip: 'cola-float' },
    ])
    // A pool chosen for an unchecked version is not sent.
    expect(ips({ ephemeralV4: false, ephemeralV4Pool: 'ip-pool-2' })).toEqual([])
  })

  it('refuses an ephemeral IP the loaded pools cannot give', () => {
    const v4 = { name: 'ip-pool-1', isDefault: true, ipVersion: 'v4', poolType: 'unicast' } as const
    const v6 = { name: 'ip-pool-3', isDefault: false, ipVersion: 'v6', poolType: 'unicast' } as const
    const pools = [v4, v6]
    expect(instanceCreateProblems(values(), { pools })).toEqual({})
    // No default IPv6 pool: one must be chosen.
    expect(instanceCreateProblems(values({ ephemeralV6: true }), { pools })).toEqual({
      ephemeralV6Pool: 'This silo has no default IPv6 pool: choose an IPv6 pool',
    })
    expect(
      instanceCreateProblems(values({ ephemeralV6: true, ephemeralV6Pool: 'ip-pool-3' }), { pools }),
    ).toEqual({})
    // A pool of the other version (a stale draft) is not one of this version's.
    expect(instanceCreateProblems(values({ ephemeralV4Pool: 'ip-pool-3' }), { pools })).toEqual({
      ephemeralV4Pool: 'Choose an IPv4 pool',
    })
    // Pools not loaded: left to the API.
    expect(instanceCreateProblems(values({ ephemeralV6: true }))).toEqual({})
  })

  it("sends a file's bytes as they are", () => {
    const bytes = new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0xff])
    const snake = wire(
      toInstanceCreate(values({ userDataSource: 'file', userDataText: 'ignored' }), { userDataFile: bytes }),
    )
    expect([...Buffer.from(snake.user_data as string, 'base64')]).toEqual([...bytes])
  })

  it('keeps generated names within 63 characters (spec 5)', () => {
    const body = toInstanceCreate(values({ name: `a${'b'.repeat(62)}` }), {
      imageName: `u${'v'.repeat(62)}`,
      suffix: () => '0a1b2c',
    })
    const name = (wire(body).boot_disk as { name: string }).name
    expect(name.length).toBe(63)
    expect(name.endsWith('-0a1b2c')).toBe(true)
  })
})

describe('where a name clash goes', () => {
  it('puts an instance clash on the name and a disk clash on that disk', () => {
    const vals = values({ disks: [{ kind: 'create', name: 'scratch', sizeGib: '1' }] })
    expect(fieldOfConflict('already exists: instance "web-1"', vals)).toBe('name')
    expect(fieldOfConflict('already exists: disk "scratch"', vals)).toBe('disks')
    expect(fieldOfConflict('already exists: disk "web-boot"', vals)).toBe('bootDiskName')
  })
})
