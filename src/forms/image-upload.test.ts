import { describe, expect, it } from 'vitest'
import type { Image } from '../api/types'
import { blockSizeOf, pollUntil, temporaryName } from '../hooks/use-bulk-upload'
import { BLOCK_SIZES } from './disk-blank'
import { cancelRefusal, chosenBlockSize, imageFileProblem } from './image-create'
import { imageFacts } from './image-view'
import { formatEta, PHASE_TEXT, phaseText, progressDetail } from './upload-ui'
import { check, NAME } from './validation'

const image: Image = {
  id: '6f1d0c3e-7c1a-4b7e-9a55-0d7f0c1e2a3b',
  name: 'noble',
  description: '',
  os: 'ubuntu',
  version: '24.04',
  blockSize: 512,
  size: 2 * 1024 ** 3,
  projectId: null,
  digest: null,
  timeCreated: new Date('2024-05-01T10:00:00Z'),
  timeModified: new Date('2024-05-01T10:00:00Z'),
}

describe('the image view', () => {
  it('lists what the image is, the ID copyable, a missing description as a dash', () => {
    const facts = imageFacts(image)
    expect(facts.map((f) => f.term)).toEqual([
      'Name',
      'Description',
      'OS',
      'Version',
      'Size',
      'Block size',
      'ID',
      'Created',
    ])
    expect(facts.find((f) => f.term === 'Description')?.value).toBe('—')
    expect(facts.find((f) => f.term === 'Size')?.value).toBe('2 GiB')
    expect(facts.find((f) => f.term === 'Block size')?.value).toBe('512 bytes')
    expect(facts.find((f) => f.term === 'ID')).toMatchObject({ value: image.id, copy: true })
  })

  it('shows the digest only when the image has one', () => {
    const facts = imageFacts({ ...image, digest: { type: 'sha256', value: 'ab12' } })
    expect(facts.find((f) => f.term === 'Digest')?.value).toBe('sha256:ab12')
  })
})

describe('the block size of an image upload', () => {
  it('offers the block sizes of nexus.json, 512 by default (also for a saved upload without one)', () => {
    expect(BLOCK_SIZES).toEqual([512, 2048, 4096])
    expect(chosenBlockSize('4096')).toBe(4096)
    expect(chosenBlockSize('2048')).toBe(2048)
    expect(chosenBlockSize('')).toBe(512)
    expect(blockSizeOf({})).toBe(512)
    expect(blockSizeOf({ blockSize: 4096 })).toBe(4096)
  })

  it('refuses a file that is not a whole number of the chosen blocks', () => {
    const file = new File([new Uint8Array(3 * 4096 + 512)], 'image.raw')
    expect(imageFileProblem(file, '512')).toBeUndefined()
    expect(imageFileProblem(file, '2048')).toBe(
      "The file's size (12800 bytes) is not a multiple of the block size (2048 bytes)",
    )
    expect(imageFileProblem(file, '4096')).toMatch(/not a multiple of the block size \(4096 bytes\)/)
    expect(imageFileProblem(new File([new Uint8Array(4 * 4096)], 'image.raw'), '4096')).toBeUndefined()
    expect(imageFileProblem(new File([], 'image.raw'), '4096')).toBe('The file is empty')
  })
})

describe('the image upload panel', () => {
  it('refuses Cancel while the image is being made or once the upload ended', () => {
    expect(cancelRefusal('imaging')).toBe('The image is being created')
    expect(cancelRefusal('cleaningUp')).toBe('The image is being created')
    expect(cancelRefusal('done')).toBe('The upload has ended')
    expect(cancelRefusal('uploading')).toBeUndefined()
    expect(cancelRefusal('paused')).toBeUndefined()
    expect(cancelRefusal('failed')).toBeUndefined()
  })

  it('names every phase, the image steps included; a pause says what it waits for', () => {
    expect(PHASE_TEXT.imaging).toBe('Creating the image…')
    expect(phaseText({ phase: 'paused', pausedFor: 'network' })).toBe('Paused: waiting for the network')
    expect(phaseText({ phase: 'paused', pausedFor: 'server' })).toBe('Paused: the server is busy, retrying')
  })

  it('details bytes, percent, rate and time left (time left only while uploading)', () => {
    const view = {
      phase: 'uploading' as const,
      bytesAcked: 1024 ** 2,
      bytesTotal: 4 * 1024 ** 2,
      percent: 25,
    }
    expect(progressDetail({ ...view, rate: 1024 ** 2, etaSeconds: 3 })).toBe(
      '1 MiB of 4 MiB sent · 25% · 1 MiB/s · 3 s left',
    )
    expect(progressDetail({ ...view, phase: 'paused', rate: 0, etaSeconds: 3 })).toBe(
      '1 MiB of 4 MiB sent · 25%',
    )
    expect(formatEta(185)).toBe('3 min 5 s')
  })
})

describe('the temporary disk and snapshot of an image upload', () => {
  it('get a valid name, distinct per upload', () => {
    let n = 0
    const a = temporaryName(() => n++ % 36)
    expect(a).toBe('tmp-image-upload-abcdefghij')
    expect(check(NAME, a)).toBeUndefined()
    expect(check(NAME, temporaryName())).toBeUndefined()
    expect(temporaryName()).not.toBe(temporaryName())
  })

  it('are re-read until the server moved them on; a failed read throws', async () => {
    const states = ['creating', 'creating', 'ready']
    const signal = new AbortController().signal
    const got = await pollUntil(
      async () => states.shift(),
      (s) => s === 'ready',
      signal,
      1,
    )
    expect(got).toBe('ready')
    expect(states).toEqual([])
    await expect(
      pollUntil(
        async () => {
          throw new Error('gone')
        },
        () => true,
        signal,
        1,
      ),
    ).rejects.toThrow('gone')
  })

  it('stop being re-read when the upload is stopped', async () => {
    const stop = new AbortController()
    let reads = 0
    const polling = pollUntil(
      async () => {
        reads++
        if (reads === 2) stop.abort(new Error('stopped'))
        return 'creating'
      },
      () => false,
      stop.signal,
      1,
    )
    await expect(polling).rejects.toThrow('stopped')
    expect(reads).toBe(2)
  })
})
