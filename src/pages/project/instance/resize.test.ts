import { describe, expect, it, vi } from 'vitest'
import { makeInstance } from '../../../../machines/testing/fixtures'
import { resizeBody, resizeFailureField, resizeInitial } from './resize'

vi.mock('../../../../storage', () => ({}))

const GiB = 1024 ** 3

describe('resize', () => {
  const instance = makeInstance('stopped', {
    ncpus: 2,
    memory: 4 * GiB,
    bootDiskId: '00000000-0000-4000-8000-0000000000b0',
    autoRestartPolicy: 'never',
  })

  it('starts from the instance size, memory in GiB', () => {
    expect(resizeInitial(instance)).toEqual({ ncpus: '2', memoryGib: '4' })
  })

  it('sends the new size and the rest of the configuration unchanged', () => {
    const body = resizeBody(instance, { ncpus: '8', memoryGib: '32' })
    expect(body).toMatchObject({
      ncpus: 8,
      memory: 32 * GiB,
      bootDisk: instance.bootDiskId,
      autoRestartPolicy: 'never',
      enableJumboFrames: false,
    })
  })

  it('puts a server refusal on the field it names, else on the form', () => {
    expect(resizeFailureField('Cannot have more than 64 vCPUs per instance')).toBe('ncpus')
    expect(resizeFailureField('Memory must be divisible by 1 MiB')).toBe('memoryGib')
    expect(resizeFailureField('Instance must be stopped to be updated (state: "running")')).toBeUndefined()
  })
})
