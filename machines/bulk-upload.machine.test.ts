import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Disk, DiskState } from '../src/api/types'
import {
  type BulkUploadEvent,
  type BulkUploadInput,
  bulkUploadMachine,
  chunkUploader,
  fileFingerprint,
  httpError,
  MAX_SERVER_RETRIES,
  networkError,
  resumePoint,
  retryDelayMs,
  uploadProgress,
} from './bulk-upload.machine'
import { allStateNodes, allTransitions, walkMachine, walkScope } from './testing/graph-coverage'

/**
 * Transition definitions of the machine, counted by hand (the graph walk checks it): preparing 2,
 * creating 5, checking 10, starting 3, uploading 7, paused 3, retrying 6, stopping 3, finalizing 4,
 * imaging 3, cleaningUp 2, failed 4; in cancelling: deciding 2, checking 4, confirming 2, stopping 2,
 * deleting 2.
 */
const TRANSITIONS = 64

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

type Call = 'start' | 'stop' | 'finalize' | 'fetch'
/**
 * A failure of a control call: `error` is what the client sees; with `acted` the server did the
 * work first (the answer was lost on the way back).
 */
type CallFailPlan = (call: Call, attempt: number) => { error: Error; acted?: boolean } | null

/** Fake API + file: a server-side disk state, records every call, reassembles the disk from the writes. */
function fakeIo(
  file: Uint8Array,
  opts: {
    fail?: FailPlan
    failCall?: CallFailPlan
    writeDelayMs?: number
    diskState?: DiskState
    /** The n-th (0-based) createImage fails with this error. */
    failImage?: (attempt: number) => Error | null
    failCleanup?: Error
    /** The n-th (0-based) createDisk fails with this error (before creating anything). */
    failCreate?: (attempt: number) => Error | null
  } = {},
) {
  const disk = new Uint8Array(file.length)
  const calls: string[] = []
  const writes: number[] = []
  const attempts = new Map<number, number>()
  const callAttempts = new Map<Call, number>()
  const server = { state: opts.diskState ?? ('importing_from_bulk_writes' as DiskState) }
  let inFlight = 0
  let maxInFlight = 0
  let finalizeResolve: (() => void) | null = null
  const holdFinalize = { on: false }
  /** Runs a control call against the fake server, failing it as the plan says. */
  const control = (call: Call, act: () => void) => {
    const attempt = callAttempts.get(call) ?? 0
    callAttempts.set(call, attempt + 1)
    const planned = opts.failCall?.(call, attempt)
    if (planned) {
      if (planned.acted) act()
      throw planned.error
    }
    act()
  }
  const actors = {
    createDisk: fromPromise<Pick<Disk, 'id'>, { size: number }>(async ({ input }) => {
      calls.push(`create ${input.size}`)
      const attempt = callAttempts.get('create' as Call) ?? 0
      callAttempts.set('create' as Call, attempt + 1)
      const planned = opts.failCreate?.(attempt)
      if (planned) throw planned
      server.state = 'import_ready'
      return { id: 'disk-1' }
    }),
    fetchDisk: fromPromise<Pick<Disk, 'id' | 'state'>, { diskId: string }>(async ({ input }) => {
      calls.push(`fetch ${input.diskId}`)
      control('fetch', () => {})
      return { id: input.diskId, state: { state: server.state } as Disk['state'] }
    }),
    startBulkWrite: fromPromise<unknown, { diskId: string }>(async () => {
      calls.push('start')
      control('start', () => {
        server.state = 'importing_from_bulk_writes'
      })
    }),
    stopBulkWrite: fromPromise<unknown, { diskId: string }>(async () => {
      calls.push('stop')
      control('stop', () => {
        server.state = 'import_ready'
      })
    }),
    finalizeDisk: fromPromise<unknown, { diskId: string; snapshotName: string | null }>(async ({ input }) => {
      calls.push(`finalize ${input.snapshotName}`)
      if (holdFinalize.on) await new Promise<void>((r) => (finalizeResolve = r))
      control('finalize', () => {
        server.state = 'detached'
      })
    }),
    deleteDisk: fromPromise<unknown, { diskId: string }>(async ({ input }) => {
      calls.push(`delete ${input.diskId}`)
    }),
    createImage: fromPromise<unknown, { diskId: string; snapshotName: string | null }>(async ({ input }) => {
      calls.push(`image ${input.snapshotName}`)
      const planned = opts.failImage?.(callAttempts.get('image' as Call) ?? 0)
      callAttempts.set('image' as Call, (callAttempts.get('image' as Call) ?? 0) + 1)
      if (planned) throw planned
    }),
    cleanupImport: fromPromise<unknown, { diskId: string; snapshotName: string | null }>(
      async ({ input }) => {
        calls.push(`cleanup ${input.diskId} ${input.snapshotName}`)
        if (opts.failCleanup) throw opts.failCleanup
      },
    ),
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
    server,
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
    expect(io.calls.slice(-3)).toEqual(['fetch disk-1', 'stop', 'delete disk-1'])
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
    expect(io.calls).toEqual([`create ${file.length}`, 'start', 'fetch disk-1', 'stop', 'delete disk-1'])
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
    expect(io.calls).toEqual([`create ${file.length}`, 'fetch disk-1', 'delete disk-1'])
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

    const failing = fakeIo(file, {
      failCall: (call) => (call === 'finalize' ? { error: httpError('Finalize failed', 400) } : null),
    })
    const a2 = run(failing, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(a2.getSnapshot().value).toBe('failed')
    expect(a2.getSnapshot().context.error).toBe('Finalize failed')
    expect(failing.server.state).toBe('import_ready')
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

describe('bulk upload after a failed or unanswered call', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const lost = { error: networkError(), acted: true }

  it('a finalize whose answer is lost after the server finalized is done, and nothing is deleted', async () => {
    const file = makeFile(CHUNK * 3)
    const io = fakeIo(file, { failCall: (call) => (call === 'finalize' ? lost : null) })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.calls.slice(-2)).toEqual(['finalize null', 'fetch disk-1'])
    expect(io.calls.filter((c) => c.startsWith('delete'))).toEqual([])
    expect(io.disk).toEqual(file)
  })

  it('a finalize that failed with 503 before acting is retried after a backoff', async () => {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file, {
      failCall: (call, attempt) =>
        call === 'finalize' && attempt === 0 ? { error: httpError('Service unavailable', 503) } : null,
    })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(500)
    expect(actor.getSnapshot().value).toBe('paused')
    expect(actor.getSnapshot().context.failure).toBe('server')
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.calls.slice(-4)).toEqual(['stop', 'finalize null', 'fetch disk-1', 'finalize null'])
  })

  it('a stop whose answer is lost after it took effect goes on to finalize without a second stop', async () => {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file, { failCall: (call) => (call === 'stop' ? lost : null) })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.calls.slice(-3)).toEqual(['stop', 'fetch disk-1', 'finalize null'])
  })

  it('a start whose answer is lost after it took effect goes on uploading; one that did not is retried', async () => {
    const file = makeFile(CHUNK * 2)
    const acted = fakeIo(file, { failCall: (call) => (call === 'start' ? lost : null) })
    const a = run(acted, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(1000)
    expect(a.getSnapshot().value).toBe('done')
    expect(acted.calls.filter((c) => c === 'start')).toHaveLength(1)
    expect(acted.disk).toEqual(file)

    const notActed = fakeIo(file, {
      failCall: (call, attempt) => (call === 'start' && attempt === 0 ? { error: networkError() } : null),
    })
    const b = run(notActed, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(2000)
    expect(b.getSnapshot().value).toBe('done')
    expect(notActed.calls.slice(0, 4)).toEqual([`create ${file.length}`, 'start', 'fetch disk-1', 'start'])
  })

  it('a 4xx on start fails at once with its message, after checking the disk', async () => {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file, {
      failCall: (call) => (call === 'start' ? { error: httpError('Action not authorized', 403) } : null),
    })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe('Action not authorized')
    expect(io.calls).toEqual([`create ${file.length}`, 'start', 'fetch disk-1'])
  })

  it('a re-read that gets no answer is retried until the disk can be read', async () => {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file, {
      failCall: (call, attempt) =>
        call === 'finalize'
          ? attempt === 0
            ? lost
            : null
          : call === 'fetch' && attempt < 2
            ? { error: networkError() }
            : null,
    })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.calls.slice(-4)).toEqual(['finalize null', 'fetch disk-1', 'fetch disk-1', 'fetch disk-1'])
  })

  it('after a re-read that had to be repeated, a failed chunk resumes the upload without another re-read', async () => {
    const file = makeFile(CHUNK * 4)
    const io = fakeIo(file, {
      failCall: (call, attempt) => (call === 'fetch' && attempt === 0 ? { error: networkError() } : null),
      fail: (offset, attempt) => (offset === 2 * CHUNK && attempt === 0 ? networkError() : null),
    })
    const actor = run(io, {
      size: file.length,
      chunkSize: CHUNK,
      resumeFrom: { diskId: 'disk-9', ackedChunks: [] },
    })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.calls).toEqual(['fetch disk-9', 'fetch disk-9', 'stop', 'finalize null'])
    expect(io.disk).toEqual(file)
  })

  it('a 5xx on one chunk is retried after a backoff and the disk is byte-exact', async () => {
    const file = makeFile(CHUNK * 6 + 5)
    const io = fakeIo(file, {
      fail: (offset, attempt) =>
        offset === 2 * CHUNK && attempt === 0 ? httpError('Bad gateway', 502) : null,
    })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(30)
    expect(actor.getSnapshot().value).toBe('paused')
    expect(actor.getSnapshot().context.error).toBe('Bad gateway')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.attempts.get(2 * CHUNK)).toBe(2)
    expect(io.disk).toEqual(file)
  })

  it(`5xx answers are retried ${MAX_SERVER_RETRIES} times in a row, then the upload fails with the message`, async () => {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file, {
      fail: (offset) => (offset === CHUNK ? httpError('Internal server error', 500) : null),
    })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(120_000)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe('Internal server error')
    expect(io.attempts.get(CHUNK)).toBe(MAX_SERVER_RETRIES + 1)
  })

  it('429 is retried past the 5xx bound; a 4xx chunk fails at once', async () => {
    const file = makeFile(CHUNK * 2)
    const throttled = fakeIo(file, {
      fail: (offset, attempt) => (offset === 0 && attempt < 8 ? httpError('Too many requests', 429) : null),
    })
    const a = run(throttled, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(300_000)
    expect(a.getSnapshot().value).toBe('done')
    expect(throttled.attempts.get(0)).toBe(9)

    const bad = fakeIo(file, {
      fail: (offset) => (offset === 0 ? httpError('Offset is not block-aligned', 400) : null),
    })
    const b = run(bad, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(b.getSnapshot().value).toBe('failed')
    expect(b.getSnapshot().context.error).toBe('Offset is not block-aligned')
    expect(bad.attempts.get(0)).toBe(1)
  })

  it('progress resets the 5xx count: spread-out 5xx answers never fail the upload', async () => {
    const file = makeFile(CHUNK * 12)
    // every chunk fails once with 503: 12 server errors in all, never more than one in a row
    const io = fakeIo(file, {
      fail: (_offset, attempt) => (attempt === 0 ? httpError('Unavailable', 503) : null),
    })
    const actor = run(io, { size: file.length, chunkSize: CHUNK, concurrency: 1 })
    await vi.advanceTimersByTimeAsync(300_000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.disk).toEqual(file)
  })
})

describe('cancel never destroys a finished disk without asking', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** An upload held in finalizing while the server already finished the disk (the answer is late). */
  async function finalizedButUnanswered() {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file)
    io.holdFinalize.on = true
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().value).toBe('finalizing')
    io.server.state = 'detached'
    actor.send({ type: 'CANCEL' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ cancelling: 'confirming' })).toBe(true)
    return { io, actor }
  }

  it('CANCEL re-reads the disk and waits for a confirmation before deleting a finished disk', async () => {
    const { io, actor } = await finalizedButUnanswered()
    expect(io.calls.filter((c) => c.startsWith('delete'))).toEqual([])
    actor.send({ type: 'CONFIRM_DELETE' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('cancelled')
    expect(io.calls.at(-1)).toBe('delete disk-1')
  })

  it('DISMISS keeps the finished disk', async () => {
    const { io, actor } = await finalizedButUnanswered()
    actor.send({ type: 'DISMISS' })
    expect(actor.getSnapshot().value).toBe('dismissed')
    expect(actor.getSnapshot().status).toBe('done')
    expect(io.calls.filter((c) => c.startsWith('delete'))).toEqual([])
  })

  it('DISMISS on a failed upload ends it and leaves the disk alone', async () => {
    const file = makeFile(CHUNK * 4)
    const io = fakeIo(file, {
      fail: (offset) => (offset === CHUNK ? httpError('Disk is read-only', 400) : null),
    })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().value).toBe('failed')
    const before = io.calls.length
    actor.send({ type: 'DISMISS' })
    expect(actor.getSnapshot().value).toBe('dismissed')
    await vi.advanceTimersByTimeAsync(1000)
    expect(io.calls.length).toBe(before)
    expect(io.server.state).toBe('importing_from_bulk_writes')
  })

  it('a disk that cannot be re-read is not deleted: the upload fails and says why', async () => {
    const file = makeFile(CHUNK * 20)
    const io = fakeIo(file, {
      failCall: (call) => (call === 'fetch' ? { error: networkError('Failed to fetch') } : null),
    })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(25)
    actor.send({ type: 'CANCEL' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe(
      'The disk could not be checked, so it was not deleted: Failed to fetch',
    )
    expect(io.calls.filter((c) => c.startsWith('delete') || c === 'stop')).toEqual([])
  })

  it('a resumed upload whose finalize went through before the reload is done', async () => {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file, { diskState: 'detached' })
    const actor = run(io, {
      size: file.length,
      chunkSize: CHUNK,
      resumeFrom: { diskId: 'disk-9', ackedChunks: [0, 1] },
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.calls).toEqual(['fetch disk-9'])
  })
})

describe('bulk upload into an image', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const imageInput = (size: number) => ({ size, chunkSize: CHUNK, snapshotName: 'tmp-1', image: true })

  it('after finalize makes the image from the snapshot, then deletes the temporary disk and snapshot', async () => {
    const file = makeFile(CHUNK * 3)
    const io = fakeIo(file)
    const actor = run(io, imageInput(file.length))
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(io.disk).toEqual(file)
    expect(io.calls.slice(-3)).toEqual(['finalize tmp-1', 'image tmp-1', 'cleanup disk-1 tmp-1'])
  })

  it('without `image` nothing after finalize runs', async () => {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file)
    const actor = run(io, { size: file.length, chunkSize: CHUNK, snapshotName: 'tmp-1' })
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.calls.filter((c) => c.startsWith('image') || c.startsWith('cleanup'))).toEqual([])
  })

  it('a dropped link while making the image pauses, then makes it (once the link is back)', async () => {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file, { failImage: (n) => (n === 0 ? networkError() : null) })
    const actor = run(io, imageInput(file.length))
    await vi.advanceTimersByTimeAsync(100)
    expect(actor.getSnapshot().value).toBe('paused')
    expect(actor.getSnapshot().context.step).toBe('image')
    actor.send({ type: 'ONLINE' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.calls.filter((c) => c.startsWith('image'))).toHaveLength(2)
    expect(io.calls.filter((c) => c === 'finalize tmp-1')).toHaveLength(1)
  })

  it('a refused image fails with its message; CANCEL then deletes the temporary disk without asking', async () => {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file, { failImage: () => httpError('already exists: image "x"', 400) })
    const actor = run(io, imageInput(file.length))
    await vi.advanceTimersByTimeAsync(100)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe('already exists: image "x"')
    actor.send({ type: 'CANCEL' })
    await vi.advanceTimersByTimeAsync(0)
    // The disk finished importing (detached), but it is temporary: deleted without a confirmation.
    expect(actor.getSnapshot().value).toBe('cancelled')
    expect(io.calls.at(-1)).toBe('delete disk-1')
  })

  it('CANCEL is not taken while the image is being made', async () => {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file)
    const actor = run(io, imageInput(file.length))
    await vi.advanceTimersByTimeAsync(50)
    const snap = bulkUploadMachine.resolveState({ value: 'imaging', context: actor.getSnapshot().context })
    expect(snap.can({ type: 'CANCEL' })).toBe(false)
    expect(
      bulkUploadMachine.resolveState({ value: 'cleaningUp', context: snap.context }).can({ type: 'CANCEL' }),
    ).toBe(false)
  })

  it('a failed cleanup still ends done (the image exists) and says what was left', async () => {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file, { failCleanup: httpError('disk busy', 400) })
    const actor = run(io, imageInput(file.length))
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().value).toBe('done')
    expect(actor.getSnapshot().context.error).toBe(
      'The image was created, but its temporary disk or snapshot could not be deleted: disk busy',
    )
  })

  it('a resumed image upload whose finalize went through goes on to the image', async () => {
    const file = makeFile(CHUNK * 2)
    const io = fakeIo(file, { diskState: 'detached' })
    const actor = run(io, {
      ...imageInput(file.length),
      resumeFrom: { diskId: 'disk-9', ackedChunks: [0, 1] },
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.calls).toEqual(['fetch disk-9', 'image tmp-1', 'cleanup disk-9 tmp-1'])
  })
})

describe('fileFingerprint', () => {
  it('is the size and the SHA-256 of the whole file', () => {
    const hex = 'ab'.repeat(32)
    expect(fileFingerprint(10_000, hex)).toBe(`10000-sha256-${hex}`)
    expect(fileFingerprint(10_001, hex)).not.toBe(fileFingerprint(10_000, hex))
  })
})

describe('a failed upload can be retried', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** An outage: the failing call answers 500 while it is on; the test ends it. */
  const outage = () => ({ on: true })
  const serverError = () => httpError('Internal server error', 500)
  /** Every automatic retry of a 5xx: 1 + 2 + 4 + 8 + 15 s of backoff, with room to spare. */
  const PAST_BUDGET = 60_000

  it('a chunk write that failed past the retry budget goes on with the remaining chunks only', async () => {
    const file = makeFile(CHUNK * 8 + 77)
    const broken = outage()
    const io = fakeIo(file, { fail: (offset) => (broken.on && offset === 3 * CHUNK ? serverError() : null) })
    const actor = run(io, { size: file.length, chunkSize: CHUNK, concurrency: 1 })
    await vi.advanceTimersByTimeAsync(PAST_BUDGET)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe('Internal server error')
    expect(io.attempts.get(3 * CHUNK)).toBe(MAX_SERVER_RETRIES + 1)
    expect(io.writes).toEqual([0, CHUNK, 2 * CHUNK])
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(true)

    broken.on = false
    actor.send({ type: 'RETRY' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().value).toBe('done')
    // Only the chunks not acknowledged before the failure were written, each once.
    expect(io.writes).toEqual([...Array(9).keys()].map((i) => i * CHUNK))
    for (const [offset, n] of io.attempts) expect(n).toBe(offset === 3 * CHUNK ? MAX_SERVER_RETRIES + 2 : 1)
    expect(io.disk).toEqual(file)
    expect(io.calls).toEqual([`create ${file.length}`, 'start', 'stop', 'finalize null'])
  })

  it('a retry has a fresh budget of automatic retries', async () => {
    const file = makeFile(CHUNK * 2)
    const broken = outage()
    const io = fakeIo(file, { fail: (offset) => (broken.on && offset === CHUNK ? serverError() : null) })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(PAST_BUDGET)
    expect(actor.getSnapshot().value).toBe('failed')
    actor.send({ type: 'RETRY' })
    await vi.advanceTimersByTimeAsync(100)
    // Still failing: paused for a backoff again, not failed at the first 5xx.
    expect(actor.getSnapshot().value).toBe('paused')
    await vi.advanceTimersByTimeAsync(PAST_BUDGET)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(io.attempts.get(CHUNK)).toBe(2 * (MAX_SERVER_RETRIES + 1))
    broken.on = false
    actor.send({ type: 'RETRY' })
    await vi.advanceTimersByTimeAsync(100)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.disk).toEqual(file)
  })

  it('a stop or finalize that kept failing is sent again, without a chunk or an earlier step again', async () => {
    for (const step of ['stop', 'finalize'] as const) {
      const file = makeFile(CHUNK * 3)
      const broken = outage()
      const io = fakeIo(file, {
        failCall: (call) => (broken.on && call === step ? { error: serverError() } : null),
      })
      const actor = run(io, { size: file.length, chunkSize: CHUNK, snapshotName: 'snap' })
      await vi.advanceTimersByTimeAsync(PAST_BUDGET)
      expect(actor.getSnapshot().value).toBe('failed')
      expect(actor.getSnapshot().context.step).toBe(step)
      const before = io.calls.length
      broken.on = false
      actor.send({ type: 'RETRY' })
      await vi.advanceTimersByTimeAsync(100)
      expect(actor.getSnapshot().value).toBe('done')
      expect(io.calls.slice(before)).toEqual(step === 'stop' ? ['stop', 'finalize snap'] : ['finalize snap'])
      expect(io.writes).toHaveLength(3)
      expect(io.disk).toEqual(file)
    }
  })

  it('a start that kept failing is sent again, then every chunk goes up', async () => {
    const file = makeFile(CHUNK * 3)
    const broken = outage()
    const io = fakeIo(file, {
      failCall: (call) => (broken.on && call === 'start' ? { error: serverError() } : null),
    })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(PAST_BUDGET)
    expect(actor.getSnapshot().value).toBe('failed')
    broken.on = false
    actor.send({ type: 'RETRY' })
    await vi.advanceTimersByTimeAsync(100)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.calls.filter((c) => c.startsWith('create'))).toHaveLength(1)
    expect(io.disk).toEqual(file)
  })

  it('a stop whose 5xx retries ran out during a failed re-read of a still importing disk takes RETRY', async () => {
    const file = makeFile(CHUNK * 3)
    const broken = outage()
    const io = fakeIo(file, {
      failCall: (call, attempt) => {
        if (!broken.on) return null
        if (call === 'stop') return { error: serverError() }
        // The re-read after the last automatic retry of the stop fails too (a pause, then re-read again).
        if (call === 'fetch' && attempt === MAX_SERVER_RETRIES - 1) {
          return { error: httpError('Service unavailable', 503) }
        }
        return null
      },
    })
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(PAST_BUDGET)
    expect(io.calls.slice(-3)).toEqual(['stop', 'fetch disk-1', 'fetch disk-1'])
    expect(io.server.state).toBe('importing_from_bulk_writes')
    const failed = actor.getSnapshot()
    expect(failed.value).toBe('failed')
    // A 5xx past its budget, not a disk the upload cannot go on from.
    expect(failed.context.failure).toBe('server')
    expect(failed.context.error).toBe('Internal server error')
    expect(failed.can({ type: 'RETRY' })).toBe(true)

    const before = io.calls.length
    broken.on = false
    actor.send({ type: 'RETRY' })
    await vi.advanceTimersByTimeAsync(100)
    expect(actor.getSnapshot().value).toBe('done')
    // The last re-read went through: the stop is sent again at once, without another re-read.
    expect(io.calls.slice(before)).toEqual(['stop', 'finalize null'])
    expect(io.writes).toHaveLength(3)
    expect(io.disk).toEqual(file)
  })

  it('a disk that could not be re-read is re-read on retry (after a reload too)', async () => {
    const file = makeFile(CHUNK * 3)
    const broken = outage()
    const io = fakeIo(file, {
      failCall: (call) => (broken.on && call === 'fetch' ? { error: serverError() } : null),
    })
    const actor = run(io, {
      size: file.length,
      chunkSize: CHUNK,
      resumeFrom: { diskId: 'disk-7', ackedChunks: [0, 2] },
    })
    await vi.advanceTimersByTimeAsync(PAST_BUDGET)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(true)
    broken.on = false
    actor.send({ type: 'RETRY' })
    await vi.advanceTimersByTimeAsync(100)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.calls.slice(-3)).toEqual(['fetch disk-7', 'stop', 'finalize null'])
    expect(io.writes).toEqual([CHUNK])
  })

  it('a createDisk that failed with a 5xx or no answer creates the disk on retry; a refused one is not retried', async () => {
    const file = makeFile(CHUNK * 2)
    for (const error of [serverError(), networkError()]) {
      const io = fakeIo(file, { failCreate: (n) => (n === 0 ? error : null) })
      const actor = run(io, { size: file.length, chunkSize: CHUNK })
      await vi.advanceTimersByTimeAsync(100)
      expect(actor.getSnapshot().value).toBe('failed')
      expect(actor.getSnapshot().context.diskId).toBeNull()
      actor.send({ type: 'RETRY' })
      expect(actor.getSnapshot().value).toBe('creating')
      await vi.advanceTimersByTimeAsync(100)
      expect(actor.getSnapshot().value).toBe('done')
      expect(io.calls.filter((c) => c.startsWith('create'))).toHaveLength(2)
      expect(io.disk).toEqual(file)
    }

    const taken = fakeIo(file, { failCreate: () => httpError('already exists: disk "d"', 400) })
    const actor = run(taken, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(100)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(false)
  })

  it('an image that could not be made is made on retry, from the same snapshot', async () => {
    const file = makeFile(CHUNK * 2)
    const broken = outage()
    const io = fakeIo(file, { failImage: () => (broken.on ? serverError() : null) })
    const actor = run(io, { size: file.length, chunkSize: CHUNK, snapshotName: 'tmp-1', image: true })
    await vi.advanceTimersByTimeAsync(PAST_BUDGET)
    expect(actor.getSnapshot().value).toBe('failed')
    broken.on = false
    actor.send({ type: 'RETRY' })
    await vi.advanceTimersByTimeAsync(100)
    expect(actor.getSnapshot().value).toBe('done')
    expect(io.calls.filter((c) => c.startsWith('finalize'))).toHaveLength(1)
    expect(io.calls.slice(-2)).toEqual(['image tmp-1', 'cleanup disk-1 tmp-1'])
  })

  it('a refusal, a disk the upload cannot go on with or a failed cancel does not take RETRY', async () => {
    const file = makeFile(CHUNK * 4)
    const noRetry = async (actor: ReturnType<typeof run>, io: ReturnType<typeof fakeIo>) => {
      expect(actor.getSnapshot().value).toBe('failed')
      expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(false)
      const before = io.calls.length
      actor.send({ type: 'RETRY' })
      await vi.advanceTimersByTimeAsync(PAST_BUDGET)
      expect(actor.getSnapshot().value).toBe('failed')
      expect(io.calls.length).toBe(before)
    }

    // A 4xx on a chunk (the same request would be refused again).
    const readOnly = fakeIo(file, {
      fail: (offset) => (offset === CHUNK ? httpError('Disk is read-only', 400) : null),
    })
    const a = run(readOnly, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(1000)
    await noRetry(a, readOnly)

    // The file cannot be read any more (no status: not transient).
    const gone = fakeIo(file, {
      fail: (offset) => (offset === CHUNK ? new Error('The file could not be read') : null),
    })
    const b = run(gone, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(1000)
    await noRetry(b, gone)

    // A taken image name.
    const named = fakeIo(file, { failImage: () => httpError('already exists: image "x"', 400) })
    const c = run(named, { size: file.length, chunkSize: CHUNK, snapshotName: 's', image: true })
    await vi.advanceTimersByTimeAsync(1000)
    await noRetry(c, named)

    // The disk went somewhere an upload cannot go on from, even after a 5xx (a transient kind).
    const faulted: ReturnType<typeof fakeIo> = fakeIo(file, {
      failCall: (call) => {
        if (call !== 'stop') return null
        faulted.server.state = 'faulted'
        return { error: serverError() }
      },
    })
    const d = run(faulted, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(1000)
    expect(d.getSnapshot().context.error).toBe('The disk cannot take an upload in state faulted')
    await noRetry(d, faulted)

    // A cancel whose re-read failed: CANCEL again retries the cancel, RETRY does not undo it.
    const unread = fakeIo(file, {
      writeDelayMs: 50,
      failCall: (call) => (call === 'fetch' ? { error: networkError('Failed to fetch') } : null),
    })
    const e = run(unread, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(20)
    e.send({ type: 'CANCEL' })
    await vi.advanceTimersByTimeAsync(0)
    await noRetry(e, unread)
    expect(e.getSnapshot().can({ type: 'CANCEL' })).toBe(true)
  })

  it('RETRY is taken only in failed', async () => {
    const file = makeFile(CHUNK * 4)
    const io = fakeIo(file)
    const actor = run(io, { size: file.length, chunkSize: CHUNK })
    await vi.advanceTimersByTimeAsync(5)
    expect(actor.getSnapshot().value).toBe('uploading')
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(false)
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().value).toBe('done')
  })
})

describe('bulk upload machine graph', () => {
  it('walks every state and transition, from a fresh start and from a resume', () => {
    const out = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output })
    const err = (id: string, error: Error) => ({ type: `xstate.error.actor.${id}`, error })
    // One error of each kind: retried as long as it takes, retried a bounded number of times, never.
    const errors = [networkError(), httpError('busy', 503), httpError('bad', 400)]
    const disk = (state: DiskState) => ({ id: 'd', state: { state } })
    const events = [
      { type: 'CANCEL' },
      { type: 'ONLINE' },
      { type: 'OFFLINE' },
      { type: 'DISMISS' },
      { type: 'CONFIRM_DELETE' },
      { type: 'RETRY' },
      { type: 'CHUNK_ACKED', index: 0, at: 1 },
      ...(['network', 'throttled', 'server', 'fatal'] as const).map((kind) => ({
        type: 'CHUNK_FAILED',
        index: 0,
        message: kind,
        kind,
      })),
      { type: 'ALL_ACKED' },
      out('createDisk', { id: 'd' }),
      ...errors.map((e) => err('createDisk', e)),
      ...(['importing_from_bulk_writes', 'import_ready', 'detached', 'faulted'] as const).flatMap((state) => [
        out('fetchDisk', disk(state)),
        out('cancelFetchDisk', disk(state)),
      ]),
      ...['fetchDisk', 'cancelFetchDisk'].flatMap((id) => errors.map((e) => err(id, e))),
      ...[
        'startBulkWrite',
        'stopBulkWrite',
        'finalizeDisk',
        'createImage',
        'cleanupImport',
        'cancelStopBulkWrite',
        'cancelDeleteDisk',
      ].flatMap((id) => [out(id, undefined), ...errors.map((e) => err(id, e))]),
    ] as unknown as BulkUploadEvent[]
    const result = walkMachine(bulkUploadMachine, {
      inputs: [
        { size: 1024, chunkSize: 1024 },
        { size: 4096, chunkSize: 1024 },
        { size: 4096, chunkSize: 1024, resumeFrom: { diskId: 'd', ackedChunks: [1] } },
        { size: 1024, chunkSize: 1024, resumeFrom: { diskId: 'd', ackedChunks: [0] } },
        { size: 1024, chunkSize: 1024, snapshotName: 's', image: true },
        {
          size: 1024,
          chunkSize: 1024,
          snapshotName: 's',
          image: true,
          resumeFrom: { diskId: 'd', ackedChunks: [0] },
        },
      ],
      events: () => events,
      // Everything a guard reads (retries only sets the delay, so it is left out to keep the graph finite).
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.step,
          s.context.failure,
          s.context.recheck,
          s.context.serverErrors,
          s.context.cancelRequested,
          s.context.diskId !== null,
          s.context.acked.length,
          s.context.image,
        ]),
    })
    expect(result.missingNodes).toEqual([])
    expect(result.missingTransitions).toEqual([])
    // The machine's size, counted by hand from its definition: a change to it must be deliberate.
    // States: 16 top-level (preparing, creating, checking, starting, uploading, paused, retrying,
    // stopping, finalizing, imaging, cleaningUp, failed, cancelling, cancelled, dismissed, done) + 5 in
    // cancelling.
    expect(allStateNodes(bulkUploadMachine)).toHaveLength(21)
    expect(result.visitedNodes.size).toBe(21)
    expect(allTransitions(bulkUploadMachine)).toHaveLength(TRANSITIONS)
    expect(result.takenTransitions.size).toBe(TRANSITIONS)
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

// The resume points the upload hook keeps (src/hooks/use-bulk-upload.ts): per signed-in user.
describe('resume points belong to the signed-in user', () => {
  const LAST_USER_KEY = 'rack-console:last-user'
  let store: Map<string, string>

  beforeEach(() => {
    store = new Map()
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, String(v)),
      removeItem: (k: string) => void store.delete(k),
      clear: () => store.clear(),
      key: (i: number) => [...store.keys()][i] ?? null,
      get length() {
        return store.size
      },
    })
    vi.resetModules()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  // Signed in, as this tab knows it: the remembered user and the cache scope (session.adoptUser).
  const signIn = async (userId: string) => {
    localStorage.setItem(LAST_USER_KEY, JSON.stringify({ userId, siloId: 'silo-1' }))
    ;(await import('../storage')).setCacheScope({ userId, siloId: 'silo-1' })
  }
  const saved = (name: string, fingerprint: string) => ({
    project: 'p',
    name,
    description: '',
    diskId: `disk-${name}`,
    ackedChunks: [0, 1],
    chunkSize: 1024,
    size: 4096,
    fileName: `${name}.raw`,
    fingerprint,
    savedAt: 1,
  })

  it('two users never see each other’s resume points, even for the same file', async () => {
    const hook = await import('../src/hooks/use-bulk-upload')
    await signIn('user-a')
    hook.saveUpload(saved('from-a', 'fp-1'))
    expect(hook.resumableUploads('p', 'fp-1').map((s) => s.name)).toEqual(['from-a'])
    expect(store.has('rack-console:uploads:user-a')).toBe(true)

    await signIn('user-b')
    expect(hook.resumableUploads('p', 'fp-1')).toEqual([])
    hook.saveUpload(saved('from-b', 'fp-1'))
    expect(hook.resumableUploads('p', 'fp-1').map((s) => s.name)).toEqual(['from-b'])

    await signIn('user-a')
    expect(hook.resumableUploads('p', 'fp-1').map((s) => s.name)).toEqual(['from-a'])
    hook.forgetUpload({ project: 'p', name: 'from-a' })
    expect(hook.resumableUploads('p', 'fp-1')).toEqual([])
    await signIn('user-b')
    expect(hook.resumableUploads('p', 'fp-1').map((s) => s.name)).toEqual(['from-b'])
  })

  it('nothing is saved or offered while no user is known', async () => {
    const hook = await import('../src/hooks/use-bulk-upload')
    hook.saveUpload(saved('nobody', 'fp-2'))
    expect(hook.resumableUploads('p', 'fp-2')).toEqual([])
    const { UPLOADS_KEY_PREFIX } = await import('../src/session')
    expect([...store.keys()].filter((k) => k.startsWith(UPLOADS_KEY_PREFIX))).toEqual([])
  })

  it('drops the old shared key on first use, without migrating it', async () => {
    store.set('rack-console:disk-uploads', JSON.stringify({ 'p/old': saved('old', 'fp-3') }))
    const hook = await import('../src/hooks/use-bulk-upload')
    await signIn('user-a')
    expect(hook.resumableUploads('p', 'fp-3')).toEqual([])
    expect(store.has('rack-console:disk-uploads')).toBe(false)
  })
})
