import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Disk, DiskState } from '../src/api/types'
import {
  type BulkUploadEvent,
  type BulkUploadInput,
  bulkUploadMachine,
  chunkUploader,
  fileFingerprint,
  networkError,
  resumePoint,
  retryDelayMs,
  uploadProgress,
} from './bulk-upload.machine'
import { allStateNodes, allTransitions, walkMachine, walkScope } from './testing/graph-coverage'

const CHUNK = 1024

function makeFile(size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  let x = 12345
  for (let i = 0; i < size; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    bytes[i] = x >>> 24
  }
  return bytes
}

type FailPlan = (offset: number, attempt: number) => Error | null

/** Fake API + file: records every call, reassembles the disk from the writes. */
function fakeIo(
  file: Uint8Array,
  opts: { fail?: FailPlan; writeDelayMs?: number; diskState?: DiskState } = {},
) {
  const disk = new Uint8Array(file.length)
  const calls: string[] = []
  const writes: number[] = []
  const attempts = new Map<number, number>()
  let inFlight = 0
  let maxInFlight = 0
  let finalizeResolve: (() => void) | null = null
  const holdFinalize = { on: false }
  const actors = {
    createDisk: fromPromise<Pick<Disk, 'id'>, { size: number }>(async ({ input }) => {
      calls.push(`create ${input.size}`)
      return { id: 'disk-1' }
    }),
    fetchDisk: fromPromise<Pick<Disk, 'id' | 'state'>, { diskId: string }>(async ({ input }) => {
      calls.push(`fetch ${input.diskId}`)
      return {
        id: input.diskId,
        state: { state: opts.diskState ?? 'importing_from_bulk_writes' } as Disk['state'],
      }
    }),
    startBulkWrite: fromPromise<unknown, { diskId: string }>(async () => {
      calls.push('start')
    }),
    stopBulkWrite: fromPromise<unknown, { diskId: string }>(async () => {
      calls.push('stop')
    }),
    finalizeDisk: fromPromise<unknown, { diskId: string; snapshotName: string | null }>(async ({ input }) => {
      calls.push(`finalize ${input.snapshotName}`)
      if (holdFinalize.on) await new Promise<void>((r) => (finalizeResolve = r))
    }),
    deleteDisk: fromPromise<unknown, { diskId: string }>(async ({ input }) => {
      calls.push(`delete ${input.diskId}`)
    }),
    uploadChunks: chunkUploader({
      readChunk: async (offset, size) => Buffer.from(file.subarray(offset, offset + size)).toString('base64'),
      writeChunk: async ({ offset, base64Data }) => {
        const attempt = attempts.get(offset) ?? 0
        attempts.set(offset, attempt + 1)
        inFlight++
        maxInFlight = Math.max(maxInFlight, inFlight)
        try {
          await new Promise((r) => setTimeout(r, opts.writeDelayMs ?? 10))
          const err = opts.fail?.(offset, attempt)
          if (err) throw err
          disk.set(Buffer.from(base64Data, 'base64'), offset)
          writes.push(offset)
        } finally {
          inFlight--
        }
      },
    }),
  }
  return {
    actors,
    disk,
    calls,
    writes,
    attempts,
    holdFinalize,
    get maxInFlight() {
      return maxInFlight
    },
    releaseFinalize: () => finalizeResolve?.(),
  }
}

function run(io: ReturnType<typeof fakeIo>, input: BulkUploadInput) {
  return createActor(bulkUploadMachine.provide({ actors: io.actors }), { input }).start()
}

describe('bulk upload', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('creates, starts, writes every chunk with 3 in flight, stops, finalizes; byte-exact', async () => {
    const file = makeFile(CHUNK * 10 + 123)
    const io = fakeIo(file)
    const actor = run(io, { size: file.length, chunkSize: CHUNK, snapshotName: 'snap-1' })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.disk).toEqual(file)
    expect(io.maxInFlight).toBe(3)
    expect(io.calls[0]).toBe(`create ${file.length}`)
    expect(io.calls.slice(1)).toEqual(['start', 'stop', 'finalize snap-1'])
    expect(io.writes).toHaveLength(11)
    const p = uploadProgress(actor.getSnapshot().context)
    expect(p).toMatchObject({ bytesAcked: file.length, bytesTotal: file.length, percent: 100, etaSeconds: 0 })
    expect(p.rate).toBeGreaterThan(0)
  })

  it('uses 512 KiB chunks by default', async () => {
    const file = makeFile(512 * 1024 * 2 + 1)
    const io = fakeIo(file)
    const actor = run(io, { size: file.length })
    await vi.advanceTimersByTimeAsync(1000)
    expect(io.writes.sort((a, b) => a - b)).toEqual([0, 512 * 1024, 1024 * 1024])
    expect(actor.getSnapshot().value).toBe('done')
  })

  it('pauses on a network error, backs off, resumes from the lowest unacked chunk, reassembles exactly', async () => {
    const file = makeFile(CHUNK * 12)
    // chunk 4 fails three times in a row, then the network is back
    const io = fakeIo(file, {
      fail: (offset, attempt) => (offset === 4 * CHUNK && attempt < 3 ? networkError() : null),
    })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    const pausedAt: number[] = []
    const resumedAt: number[] = []
    let last = ''
    actor.subscribe((s) => {
      const v = String(s.value)
      if (v !== last && v === 'paused') pausedAt.push(Date.now())
      if (v !== last && last === 'paused' && v === 'uploading') resumedAt.push(Date.now())
      last = v
    })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.disk).toEqual(file)
    expect(resumedAt.map((t, i) => t - pausedAt[i]!)).toEqual([1000, 2000, 4000])
    // chunks acknowledged before the drop were never sent again
    for (const [offset, n] of io.attempts) if (offset < 4 * CHUNK) expect(n).toBe(1)
    expect(io.attempts.get(4 * CHUNK)).toBe(4)
    expect(actor.getSnapshot().context.acked).toEqual([...Array(12).keys()])
  })

  it('each chunk is written (acknowledged) exactly once even when writes in flight are dropped', async () => {
    const file = makeFile(CHUNK * 9 + 7)
    const io = fakeIo(file, {
      fail: (offset, attempt) => (offset === 2 * CHUNK && attempt === 0 ? networkError() : null),
    })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(30_000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.disk).toEqual(file)
    const acked = actor.getSnapshot().context.acked
    expect(new Set(acked).size).toBe(acked.length)
    expect(actor.getSnapshot().context.bytesAcked).toBe(file.length)
  })

  it('ONLINE resumes at once instead of waiting out the backoff', async () => {
    const file = makeFile(CHUNK * 4)
    const io = fakeIo(file, {
      fail: (offset, attempt) => (offset === CHUNK && attempt === 0 ? networkError() : null),
    })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(30)
    expect(actor.getSnapshot().value).toBe('paused')
    expect(actor.getSnapshot().context.error).toBe('Network error')
    actor.send({ type: 'ONLINE' })
    expect(actor.getSnapshot().value).toBe('uploading')
    await vi.advanceTimersByTimeAsync(100)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.disk).toEqual(file)
  })

  it('OFFLINE pauses the upload', async () => {
    const file = makeFile(CHUNK * 4)
    const io = fakeIo(file)
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'OFFLINE' })
    expect(actor.getSnapshot().value).toBe('paused')
    await vi.advanceTimersByTimeAsync(5000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.disk).toEqual(file)
  })

  it('a non-network error fails with its message; CANCEL then cleans up', async () => {
    const file = makeFile(CHUNK * 4)
    const io = fakeIo(file, { fail: (offset) => (offset === CHUNK ? new Error('Disk is read-only') : null) })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe('Disk is read-only')
    actor.send({ type: 'CANCEL' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('cancelled')
    expect(io.calls.slice(-2)).toEqual(['stop', 'delete disk-1'])
  })

  it('CANCEL while uploading stops bulk writes, deletes the disk, ends cancelled (never done)', async () => {
    const file = makeFile(CHUNK * 20)
    const io = fakeIo(file)
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(25)
    expect(actor.getSnapshot().value).toBe('uploading')
    actor.send({ type: 'CANCEL' })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(actor.getSnapshot().value).toBe('cancelled')
    expect(io.calls).toEqual([`create ${file.length}`, 'start', 'stop', 'delete disk-1'])
    expect(io.writes.length).toBeLessThan(20)
  })

  it('CANCEL while the disk is being created deletes it once it exists', async () => {
    const file = makeFile(CHUNK)
    const io = fakeIo(file)
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    actor.send({ type: 'CANCEL' })
    expect(actor.getSnapshot().value).toBe('creating')
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('cancelled')
    expect(io.calls).toEqual([`create ${file.length}`, 'delete disk-1'])
  })

  it('is never done before finalize succeeds; a failed finalize is not done', async () => {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file)
    io.holdFinalize.on = true
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(actor.getSnapshot().value).toBe('finalizing')
    expect(actor.getSnapshot().status).toBe('active')
    io.releaseFinalize()
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('done')

    const failing = fakeIo(file)
    failing.actors.finalizeDisk = fromPromise<unknown, { diskId: string; snapshotName: string | null }>(
      async () => {
        throw new Error('Finalize failed')
      },
    )
    const a2 = run(failing, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(a2.getSnapshot().value).toBe('failed')
    expect(a2.getSnapshot().context.error).toBe('Finalize failed')
  })

  it('resumes after a reload: skips create and start when importing, sends only unacked chunks', async () => {
    const file = makeFile(CHUNK * 6 + 10)
    const io = fakeIo(file)
    // the chunks acknowledged before the reload are already on the disk
    for (const i of [0, 1, 3]) io.disk.set(file.subarray(i * CHUNK, (i + 1) * CHUNK), i * CHUNK)
    const actor = run(io, {
      size: file.length,
      chunkSize: CHUNK,
      resumeFrom: { diskId: 'disk-9', ackedChunks: [0, 1, 3] },
    })
    expect(actor.getSnapshot().context.bytesAcked).toBe(3 * CHUNK)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.calls).toEqual(['fetch disk-9', 'stop', 'finalize null'])
    expect(io.writes.sort((a, b) => a - b)).toEqual([2, 4, 5, 6].map((i) => i * CHUNK))
    expect(io.disk).toEqual(file)
  })

  it('resumes an import_ready disk with bulk-write-start; refuses a disk in another state', async () => {
    const file = makeFile(CHUNK * 2)
    const ready = fakeIo(file, { diskState: 'import_ready' })
    const a = run(ready, {
      size: file.length,
      chunkSize: CHUNK,
      resumeFrom: { diskId: 'disk-9', ackedChunks: [] },
    })
    await vi.advanceTimersByTimeAsync(1000)
    expect(ready.calls).toEqual(['fetch disk-9', 'start', 'stop', 'finalize null'])
    expect(a.getSnapshot().value).toBe('done')

    const detached = fakeIo(file, { diskState: 'detached' })
    const b = run(detached, {
      size: file.length,
      chunkSize: CHUNK,
      resumeFrom: { diskId: 'disk-9', ackedChunks: [] },
    })
    await vi.advanceTimersByTimeAsync(1000)
    expect(b.getSnapshot().value).toBe('failed')
    expect(b.getSnapshot().context.error).toContain('detached')
  })

  it('reports a resume point while uploading', async () => {
    const file = makeFile(CHUNK * 8)
    const io = fakeIo(file)
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(15)
    const point = resumePoint(actor.getSnapshot().context)
    expect(point?.diskId).toBe('disk-1')
    expect(point?.ackedChunks).toEqual([0, 1, 2])
    actor.stop()
  })

  it('rate is bytes/s over a sliding window and ETA follows it', async () => {
    const file = makeFile(CHUNK * 30)
    // 1 write per 1 s with concurrency 1: 1024 B/s
    const io = fakeIo(file, { writeDelayMs: 1000 })
    const actor = run(io, { size: file.length, chunkSize: CHUNK, concurrency: 1 })
    await vi.advanceTimersByTimeAsync(10_000)
    const c = actor.getSnapshot().context
    expect(c.rate).toBe(CHUNK)
    expect(c.etaSeconds).toBe((file.length - c.bytesAcked) / CHUNK)
    expect(c.samples.at(-1)!.t - c.samples[0]!.t).toBeLessThanOrEqual(5000)
    expect(c.startedAt).not.toBeNull()
    actor.stop()
  })

  it('retry backoff doubles from 1 s and caps at 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000])
  })
})

describe('fileFingerprint', () => {
  it('is size plus a stable hash of the first chunk', async () => {
    const a = makeFile(2048)
    const f1 = await fileFingerprint(10_000, a)
    expect(f1).toMatch(/^10000-sha256-[0-9a-f]{64}$/)
    expect(await fileFingerprint(10_000, a.slice())).toBe(f1)
    expect(await fileFingerprint(10_001, a)).not.toBe(f1)
    const b = a.slice()
    b[100] = (b[100]! + 1) & 0xff
    expect(await fileFingerprint(10_000, b)).not.toBe(f1)
  })
})

describe('bulk upload machine graph', () => {
  it('walks every state and transition, from a fresh start and from a resume', () => {
    const out = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output })
    const err = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('x') })
    const events = [
      { type: 'CANCEL' },
      { type: 'ONLINE' },
      { type: 'OFFLINE' },
      { type: 'CHUNK_ACKED', index: 0, at: 1 },
      { type: 'CHUNK_FAILED', index: 0, message: 'net', network: true },
      { type: 'CHUNK_FAILED', index: 0, message: 'bad', network: false },
      { type: 'ALL_ACKED' },
      out('createDisk', { id: 'd' }),
      err('createDisk'),
      out('fetchDisk', { id: 'd', state: { state: 'importing_from_bulk_writes' } }),
      out('fetchDisk', { id: 'd', state: { state: 'import_ready' } }),
      out('fetchDisk', { id: 'd', state: { state: 'detached' } }),
      err('fetchDisk'),
      ...[
        'startBulkWrite',
        'stopBulkWrite',
        'finalizeDisk',
        'cancelStopBulkWrite',
        'cancelDeleteDisk',
      ].flatMap((id) => [out(id, undefined), err(id)]),
    ] as unknown as BulkUploadEvent[]
    const result = walkMachine(bulkUploadMachine, {
      inputs: [
        { size: 1024, chunkSize: 1024 },
        { size: 4096, chunkSize: 1024 },
        { size: 4096, chunkSize: 1024, resumeFrom: { diskId: 'd', ackedChunks: [1] } },
      ],
      events: () => events,
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.bulkStarted,
          s.context.cancelRequested,
          s.context.diskId !== null,
          s.context.acked.length,
        ]),
    })
    expect(result.missingNodes).toEqual([])
    expect(result.missingTransitions).toEqual([])
    expect(result.visitedNodes.size).toBe(allStateNodes(bulkUploadMachine).length)
    expect(result.takenTransitions.size).toBe(allTransitions(bulkUploadMachine).length)
  })
})

describe('bulk upload guards against an uploader that ends early', () => {
  it('ALL_ACKED with chunks missing fails instead of stopping', () => {
    // A forged early ALL_ACKED must not reach bulk-write-stop.
    const early = createActor(bulkUploadMachine, { input: { size: 4096, chunkSize: 1024 } })
    const snap = bulkUploadMachine.resolveState({
      value: 'uploading',
      context: { ...early.getSnapshot().context, diskId: 'd', acked: [0, 1] },
    })
    expect(snap.can({ type: 'ALL_ACKED' })).toBe(true)
    const next = bulkUploadMachine.transition(snap, { type: 'ALL_ACKED' }, walkScope())
    expect(next.value).toBe('failed')
    expect(next.context.error).toBe('The upload ended with chunks not acknowledged')
  })
})
