import { beforeEach, describe, expect, it, vi } from 'vitest'
import { makeInstance } from '../../machines/testing/fixtures'

const calls = vi.hoisted(() => [] as { name: string; params: unknown; opts: unknown }[])
const answers = vi.hoisted(() => new Map<string, unknown>())

vi.mock('../../storage', () => ({
  mutate: async (name: string, params: unknown, opts: unknown) => {
    calls.push({ name, params, opts })
    return { type: 'success', data: answers.get(name) }
  },
  writeResource: async () => {},
}))
vi.mock('../api/client', () => ({
  api: {
    call: async (name: string) => ({ type: 'success', data: answers.get(name) }),
  },
}))

const { instanceUpdateBody, performInstanceAction } = await import('./use-instance-actor')

beforeEach(() => {
  calls.length = 0
  answers.clear()
})

describe('instanceUpdateBody', () => {
  it('sends back what the change does not name, so a resize keeps the boot disk and restart policy', () => {
    const instance = makeInstance('stopped', {
      bootDiskId: '00000000-0000-4000-8000-0000000000b0',
      autoRestartPolicy: 'never',
      enableJumboFrames: true,
    })
    expect(instanceUpdateBody(instance, { ncpus: 8 })).toEqual({
      bootDisk: '00000000-0000-4000-8000-0000000000b0',
      ncpus: 8,
      memory: instance.memory,
      autoRestartPolicy: 'never',
      cpuPlatform: null,
      enableJumboFrames: true,
      multicastGroups: null,
    })
  })
})

describe('performInstanceAction with a request body', () => {
  it('refuses a resize of a running instance with the machine reason and sends nothing', async () => {
    const running = makeInstance('running')
    await expect(
      performInstanceAction(running, 'RESIZE', instanceUpdateBody(running, { ncpus: 4 })),
    ).rejects.toThrow('Only a stopped, failed or creating instance can be resized')
    expect(calls).toEqual([])
  })

  it('resizes a stopped instance with the whole body and writes the answer', async () => {
    const stopped = makeInstance('stopped')
    answers.set('instanceUpdate', { ...stopped, ncpus: 4 })
    await performInstanceAction(stopped, 'RESIZE', instanceUpdateBody(stopped, { ncpus: 4 }))
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({
      name: 'instanceUpdate',
      params: { path: { instance: stopped.id }, body: { ncpus: 4, memory: stopped.memory } },
      opts: { writes: 'instance' },
    })
  })

  it('attaches a disk by the body given and refreshes the instance disk lists', async () => {
    const stopped = makeInstance('stopped')
    answers.set('instanceView', stopped)
    await performInstanceAction(stopped, 'ATTACH_DISK', { disk: 'data-1' })
    expect(calls[0]).toMatchObject({
      name: 'instanceDiskAttach',
      params: { path: { instance: stopped.id }, body: { disk: 'data-1' } },
      opts: { writes: 'disk' },
    })
    const endpoints = (calls[0]!.opts as { invalidates: { endpoint: string }[] }).invalidates.map(
      (i) => i.endpoint,
    )
    expect(endpoints).toContain('instanceDiskList')
  })

  it('changes a network interface through its own endpoint', async () => {
    const stopped = makeInstance('stopped')
    answers.set('instanceView', stopped)
    await performInstanceAction(stopped, 'UPDATE_NIC', {
      interface: 'nic-id',
      body: { name: 'net1', primary: true, transitIps: [] },
    })
    expect(calls[0]).toMatchObject({
      name: 'instanceNetworkInterfaceUpdate',
      params: { path: { interface: 'nic-id' }, body: { name: 'net1', primary: true } },
    })
  })
})
