// The mock's instanceCreate against the contract's rules that the create form relies on: user data
// is padded base64 of at most 32 KiB unencoded (nexus.json, InstanceCreate.user_data), a boot disk
// from an image holds the image, and an ephemeral IP from the silo default takes the asked IP version.
import { describe, expect, it } from 'vitest'
import type { Api } from './contract/api'
import { instanceBody } from './contract/bodies'
import { base64Bytes } from './handlers/instances'
import { withMockServer } from './test-server'

const GiB = 1024 ** 3
const P = { project: 'mock-project' }
let api: Api

withMockServer((_, a) => {
  api = a
})

async function siloImage(name: string): Promise<{ id: string; size: number }> {
  const images = await api.ok<{ items: { id: string; name: string; size: number }[] }>('imageList', {
    query: { limit: 100 },
  })
  const image = images.items.find((i) => i.name === name)
  if (!image) throw new Error(`no silo image ${name}`)
  return image
}

describe('base64Bytes', () => {
  it('is the decoded length of padded base64, and undefined for anything else', () => {
    expect(base64Bytes('')).toBe(0)
    expect(base64Bytes('YQ==')).toBe(1)
    expect(base64Bytes('YWI=')).toBe(2)
    expect(base64Bytes('YWJj')).toBe(3)
    expect(base64Bytes('YQ')).toBeUndefined()
    expect(base64Bytes('Y-_=')).toBeUndefined()
  })
})

describe('instanceCreate', () => {
  it('takes 32 KiB of user data and refuses a byte more, or text that is not base64', async () => {
    const ok = await api.call('instanceCreate', {
      query: P,
      body: instanceBody('ud-ok', { user_data: Buffer.alloc(32 * 1024, 1).toString('base64') }),
    })
    expect(ok.status, await ok.text()).toBe(201)
    const big = await api.call('instanceCreate', {
      query: P,
      body: instanceBody('ud-big', { user_data: Buffer.alloc(32 * 1024 + 1, 1).toString('base64') }),
    })
    expect(big.status).toBe(400)
    expect(((await big.json()) as { message: string }).message).toMatch(/user data must be at most 32 KiB/)
    const bad = await api.call('instanceCreate', {
      query: P,
      body: instanceBody('ud-bad', { user_data: 'not base64!' }),
    })
    expect(bad.status).toBe(400)
  })

  it('creates the boot disk from an image, attached, and refuses one smaller than the image', async () => {
    const image = await siloImage('ubuntu-24-04')
    const bootDisk = (name: string, size: number) => ({
      type: 'create',
      name,
      description: '',
      size,
      disk_backend: {
        type: 'distributed',
        disk_source: { type: 'image', image_id: image.id, read_only: false },
      },
    })
    const small = await api.call('instanceCreate', {
      query: P,
      body: instanceBody('from-image-small', { boot_disk: bootDisk('too-small', image.size - GiB) }),
    })
    expect(small.status).toBe(400)
    // Nothing was made by the refused create.
    expect(
      (await api.call('instanceView', { path: { instance: 'from-image-small' }, query: P })).status,
    ).toBe(404)

    const i = await api.ok<{ id: string; boot_disk_id: string }>('instanceCreate', {
      query: P,
      body: instanceBody('from-image', { boot_disk: bootDisk('from-image-boot', image.size) }),
    })
    const disk = await api.ok<{ id: string; image_id: string; state: { state: string; instance: string } }>(
      'diskView',
      { path: { disk: 'from-image-boot' }, query: P },
    )
    expect(i.boot_disk_id).toBe(disk.id)
    expect(disk.image_id).toBe(image.id)
    expect(disk.state).toEqual({ state: 'attached', instance: i.id })
  })

  it('takes the silo default pool of the asked IP version', async () => {
    const pools = await api.ok<{ items: { id: string; name: string }[] }>('ipPoolList', {
      query: { limit: 100 },
    })
    const pool1 = pools.items.find((p) => p.name === 'ip-pool-1')
    const i = await api.ok<{ id: string }>('instanceCreate', {
      query: P,
      body: instanceBody('v4-ip', {
        external_ips: [{ type: 'ephemeral', pool_selector: { type: 'auto', ip_version: 'v4' } }],
      }),
    })
    const ips = await api.ok<{ items: { kind: string; ip_pool_id: string }[] }>('instanceExternalIpList', {
      path: { instance: i.id },
    })
    expect(ips.items).toEqual([expect.objectContaining({ kind: 'ephemeral', ip_pool_id: pool1?.id })])
    // The IPv6 default (ip-pool-3) when that version is asked: an IPv6 address of its range.
    const pool3 = pools.items.find((p) => p.name === 'ip-pool-3')
    const v6 = await api.ok<{ id: string }>('instanceCreate', {
      query: P,
      body: instanceBody('v6-ip', {
        external_ips: [{ type: 'ephemeral', pool_selector: { type: 'auto', ip_version: 'v6' } }],
      }),
    })
    const v6Ips = await api.ok<{ items: { kind: string; ip: string; ip_pool_id: string }[] }>(
      'instanceExternalIpList',
      { path: { instance: v6.id } },
    )
    expect(v6Ips.items).toEqual([expect.objectContaining({ kind: 'ephemeral', ip_pool_id: pool3?.id })])
    expect(v6Ips.items[0]?.ip).toMatch(/^2001:db8:0:1::/)
  })

  it('takes an IPv4 and an IPv6 ephemeral IP, each from its pool, but not two of one version', async () => {
    const pools = await api.ok<{ items: { id: string; name: string }[] }>('ipPoolList', {
      query: { limit: 100 },
    })
    const id = (name: string) => pools.items.find((p) => p.name === name)?.id
    const both = await api.ok<{ id: string }>('instanceCreate', {
      query: P,
      body: instanceBody('both-ips', {
        external_ips: [
          { type: 'ephemeral', pool_selector: { type: 'explicit', pool: 'ip-pool-2' } },
          { type: 'ephemeral', pool_selector: { type: 'explicit', pool: 'ip-pool-3' } },
        ],
      }),
    })
    const ips = await api.ok<{ items: { kind: string; ip: string; ip_pool_id: string }[] }>(
      'instanceExternalIpList',
      { path: { instance: both.id } },
    )
    expect(ips.items.map((i) => i.ip_pool_id)).toEqual([id('ip-pool-2'), id('ip-pool-3')])
    expect(ips.items[0]?.ip).toMatch(/^203\.0\.113\./)
    expect(ips.items[1]?.ip).toContain(':')

    const twoV4 = await api.call('instanceCreate', {
      query: P,
      body: instanceBody('two-v4', {
        external_ips: [
          { type: 'ephemeral', pool_selector: { type: 'auto', ip_version: 'v4' } },
          { type: 'ephemeral', pool_selector: { type: 'explicit', pool: 'ip-pool-2' } },
        ],
      }),
    })
    expect(twoV4.status).toBe(400)
    expect(((await twoV4.json()) as { message: string }).message).toMatch(/at most one v4 ephemeral IP/)
    // Nothing was made by the refused create.
    expect((await api.call('instanceView', { path: { instance: 'two-v4' }, query: P })).status).toBe(404)
    // With a default of each version, the default pool needs its version named (PoolSelector.ip_version).
    const unnamed = await api.call('instanceCreate', {
      query: P,
      body: instanceBody('unnamed-version', { external_ips: [{ type: 'ephemeral' }] }),
    })
    expect(unnamed.status).toBe(400)
  })

  it('makes the boot disk from an image read-only when asked', async () => {
    const image = await siloImage('ubuntu-24-04')
    await api.ok('instanceCreate', {
      query: P,
      body: instanceBody('ro-boot', {
        boot_disk: {
          type: 'create',
          name: 'ro-boot-disk',
          description: '',
          size: image.size,
          disk_backend: {
            type: 'distributed',
            disk_source: { type: 'image', image_id: image.id, read_only: true },
          },
        },
      }),
    })
    const disk = await api.ok<{ read_only: boolean; image_id: string }>('diskView', {
      path: { disk: 'ro-boot-disk' },
      query: P,
    })
    expect(disk).toMatchObject({ read_only: true, image_id: image.id })
  })

  it('puts an instance name clash in the platform words, naming the instance', async () => {
    const res = await api.call('instanceCreate', { query: P, body: instanceBody('db1') })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      error_code: 'ObjectAlreadyExists',
      message: 'already exists: instance "db1"',
    })
  })
})
