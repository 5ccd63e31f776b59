// Disk from an image file, by bulk writes (spec section 4: start, write, stop, finalize).
//
//   creating (createDisk, state import_ready) -> starting (bulk-write-start) -> uploading (chunked
//   base64 writes, a few in flight) -> stopping (bulk-write-stop) -> finalizing (finalize, optional
//   snapshot) -> done
//
// - A write that fails with a network error (rejects with `{ network: true }`) pauses the upload; it
//   resumes after a backoff (1 s, 2 s, 4 s ... capped at 15 s) or at once on ONLINE, from the lowest
//   unacknowledged chunk, re-sending only unacknowledged chunks. Other errors go to `failed`.
// - CANCEL at any point cleans up: bulk-write-stop if it was started, then delete the disk; `cancelled`.
// - `done` is reached only after finalize succeeded.
// - Resume after a reload: start with `resumeFrom: { diskId, ackedChunks }` (persist `context.diskId`
//   and `context.acked` next to `fileFingerprint(...)`); creation is skipped, and bulk-write-start too
//   when the disk is already importing_from_bulk_writes.
//
// I/O is injected: `bulkUploadMachine.provide({ actors: { createDisk, fetchDisk, startBulkWrite,
// stopBulkWrite, finalizeDisk, deleteDisk, uploadChunks: chunkUploader({ readChunk, writeChunk }) } })`.
import { assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate'
import type { Disk } from '../src/api/types'
import { errorMessage } from './shared'

export const DEFAULT_CHUNK_SIZE = 512 * 1024
export const DEFAULT_CONCURRENCY = 3
export const RATE_WINDOW_MS = 5000
export const RETRY_BASE_MS = 1000
export const RETRY_MAX_MS = 15_000

/** Backoff before the n-th (0-based) retry after a network failure: 1 s, 2 s, 4 s ... 15 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt)
}

/** An error the injected writer throws when the request never got an answer. */
export type NetworkError = Error & { network: true }
export function networkError(message = 'Network error'): NetworkError {
  return Object.assign(new Error(message), { network: true as const })
}
export function isNetworkError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { network?: unknown }).network === true
}

export function chunkCount(size: number, chunkSize: number): number {
  return Math.ceil(size / chunkSize)
}
export function chunkBytes(index: number, size: number, chunkSize: number): number {
  return Math.max(0, Math.min(chunkSize, size - index * chunkSize))
}

export type BulkUploadInput = {
  /** File size in bytes (also the disk size asked of createDisk). */
  size: number
  chunkSize?: number
  concurrency?: number
  /** Passed to finalize: a snapshot of the disk is taken with this name. */
  snapshotName?: string | null
  resumeFrom?: { diskId: string; ackedChunks: number[] }
}

export type UploadChunksInput = {
  diskId: string
  size: number
  chunkSize: number
  concurrency: number
  acked: readonly number[]
}

export type BulkUploadEvent =
  | { type: 'CANCEL' }
  | { type: 'ONLINE' }
  | { type: 'OFFLINE' }
  // sent by the uploadChunks child
  | { type: 'CHUNK_ACKED'; index: number; at: number }
  | { type: 'CHUNK_FAILED'; index: number; message: string; network: boolean }
  | { type: 'ALL_ACKED' }

export type BulkUploadContext = {
  size: number
  chunkSize: number
  concurrency: number
  snapshotName: string | null
  resume: boolean
  diskId: string | null
  /** Acknowledged chunk indexes, ascending. Persist with diskId to resume after a reload. */
  acked: number[]
  bytesTotal: number
  bytesAcked: number
  startedAt: number | null
  /** (time ms, bytesAcked) samples of the last RATE_WINDOW_MS, for the rate. */
  samples: { t: number; bytes: number }[]
  /** Bytes per second over the sliding window. */
  rate: number
  /** Seconds left at the current rate; null until there is a rate. */
  etaSeconds: number | null
  error: string | null
  retries: number
  retryDelay: number
  bulkStarted: boolean
  cancelRequested: boolean
}

type DiskRef = { diskId: string }

/** The progress the UI renders as a role=progressbar. */
export function uploadProgress(c: BulkUploadContext) {
  return {
    bytesAcked: c.bytesAcked,
    bytesTotal: c.bytesTotal,
    percent: c.bytesTotal === 0 ? 100 : Math.floor((c.bytesAcked / c.bytesTotal) * 100),
    rate: c.rate,
    etaSeconds: c.etaSeconds,
  }
}

export type ChunkIo = {
  /** Base64 of the file's bytes [offset, offset + size). */
  readChunk: (offset: number, size: number) => Promise<string>
  /** One bulk-write request; rejects with `{ network: true }` when the request got no answer. */
  writeChunk: (args: { diskId: string; offset: number; base64Data: string }) => Promise<unknown>
  now?: () => number
}

/**
 * The uploadChunks child: sends the unacknowledged chunks in ascending order with `concurrency`
 * requests in flight, reports each acknowledgement, and stops at the first failure. Results that
 * arrive after it was stopped are dropped (those chunks stay unacknowledged and are sent again).
 */
export function chunkUploader(io: ChunkIo) {
  const now = io.now ?? (() => Date.now())
  return fromCallback<EventObject, UploadChunksInput>(({ input, sendBack }) => {
    const { diskId, size, chunkSize, concurrency } = input
    const done = new Set(input.acked)
    const todo: number[] = []
    for (let i = 0; i < chunkCount(size, chunkSize); i++) if (!done.has(i)) todo.push(i)
    let stopped = false
    let next = 0
    let inFlight = 0

    const pump = () => {
      while (!stopped && inFlight < concurrency && next < todo.length) {
        const index = todo[next++]!
        const offset = index * chunkSize
        inFlight++
        io.readChunk(offset, chunkBytes(index, size, chunkSize))
          .then((base64Data) => io.writeChunk({ diskId, offset, base64Data }))
          .then(
            () => {
              if (stopped) return
              inFlight--
              sendBack({ type: 'CHUNK_ACKED', index, at: now() })
              if (next >= todo.length && inFlight === 0) {
                stopped = true
                sendBack({ type: 'ALL_ACKED' })
              } else pump()
            },
            (error: unknown) => {
              if (stopped) return
              stopped = true
              sendBack({
                type: 'CHUNK_FAILED',
                index,
                message: errorMessage(error),
                network: isNetworkError(error),
              })
            },
          )
      }
    }
    if (todo.length === 0) {
      queueMicrotask(() => {
        if (!stopped) sendBack({ type: 'ALL_ACKED' })
      })
    } else pump()
    return () => {
      stopped = true
    }
  })
}

const notProvided = <O, I>(name: string) =>
  fromPromise<O, I>(async () => {
    throw new Error(`${name} was not provided to the bulk-upload machine`)
  })

/** Sliding-window rate and ETA after an acknowledgement at time `at`. */
function withRate(c: BulkUploadContext, bytesAcked: number, at: number) {
  const samples = [...c.samples, { t: at, bytes: bytesAcked }]
  // keep the newest sample older than the window as the window's start
  while (samples.length > 2 && samples[1]!.t <= at - RATE_WINDOW_MS) samples.shift()
  const first = samples[0]!
  const dt = (at - first.t) / 1000
  const rate = dt > 0 ? (bytesAcked - first.bytes) / dt : c.rate
  const left = c.bytesTotal - bytesAcked
  const etaSeconds = rate > 0 ? Math.ceil(left / rate) : left === 0 ? 0 : null
  return { samples, rate, etaSeconds }
}

const diskRef = ({ context }: { context: BulkUploadContext }) => ({ diskId: context.diskId! })

export const bulkUploadMachine = setup({
  types: {
    context: {} as BulkUploadContext,
    events: {} as BulkUploadEvent,
    input: {} as BulkUploadInput,
  },
  actors: {
    createDisk: notProvided<Pick<Disk, 'id'>, { size: number }>('createDisk'),
    fetchDisk: notProvided<Pick<Disk, 'id' | 'state'>, DiskRef>('fetchDisk'),
    startBulkWrite: notProvided<unknown, DiskRef>('startBulkWrite'),
    stopBulkWrite: notProvided<unknown, DiskRef>('stopBulkWrite'),
    finalizeDisk: notProvided<unknown, DiskRef & { snapshotName: string | null }>('finalizeDisk'),
    deleteDisk: notProvided<unknown, DiskRef>('deleteDisk'),
    uploadChunks: chunkUploader({
      readChunk: async () => {
        throw new Error('readChunk was not provided to the bulk-upload machine')
      },
      writeChunk: async () => {
        throw new Error('writeChunk was not provided to the bulk-upload machine')
      },
    }),
  },
  guards: {
    resuming: ({ context }) => context.resume,
    cancelRequested: ({ context }) => context.cancelRequested,
    bulkStarted: ({ context }) => context.bulkStarted,
    hasDisk: ({ context }) => context.diskId !== null,
    allAcked: ({ context }) => context.acked.length === chunkCount(context.size, context.chunkSize),
    networkFailure: ({ event }) => event.type === 'CHUNK_FAILED' && event.network,
    diskImporting: ({ event }) =>
      (event as unknown as { output?: Pick<Disk, 'state'> }).output?.state?.state ===
      'importing_from_bulk_writes',
    diskImportReady: ({ event }) =>
      (event as unknown as { output?: Pick<Disk, 'state'> }).output?.state?.state === 'import_ready',
  },
  actions: {
    ack: assign(({ context, event }) => {
      if (event.type !== 'CHUNK_ACKED' || context.acked.includes(event.index)) return {}
      const acked = [...context.acked, event.index].sort((a, b) => a - b)
      const bytesAcked = context.bytesAcked + chunkBytes(event.index, context.size, context.chunkSize)
      return { acked, bytesAcked, retries: 0, ...withRate(context, bytesAcked, event.at) }
    }),
    scheduleRetry: assign(({ context }) => ({
      retryDelay: retryDelayMs(context.retries),
      retries: context.retries + 1,
    })),
    setFailure: assign({
      error: ({ event }) =>
        event.type === 'CHUNK_FAILED' ? event.message : errorMessage((event as { error?: unknown }).error),
    }),
  },
  delays: {
    retryDelay: ({ context }) => context.retryDelay,
  },
}).createMachine({
  id: 'bulkUpload',
  context: ({ input }) => {
    const chunkSize = input.chunkSize ?? DEFAULT_CHUNK_SIZE
    const acked = [...new Set(input.resumeFrom?.ackedChunks ?? [])]
      .filter((i) => i >= 0 && i < chunkCount(input.size, chunkSize))
      .sort((a, b) => a - b)
    const bytesAcked = acked.reduce((sum, i) => sum + chunkBytes(i, input.size, chunkSize), 0)
    return {
      size: input.size,
      chunkSize,
      concurrency: input.concurrency ?? DEFAULT_CONCURRENCY,
      snapshotName: input.snapshotName ?? null,
      resume: input.resumeFrom !== undefined,
      diskId: input.resumeFrom?.diskId ?? null,
      acked,
      bytesTotal: input.size,
      bytesAcked,
      startedAt: null,
      samples: [],
      rate: 0,
      etaSeconds: null,
      error: null,
      retries: 0,
      retryDelay: RETRY_BASE_MS,
      bulkStarted: false,
      cancelRequested: false,
    }
  },
  initial: 'preparing',
  states: {
    preparing: {
      entry: assign({ startedAt: () => Date.now() }),
      always: [{ guard: 'resuming', target: 'checking' }, { target: 'creating' }],
    },
    creating: {
      invoke: {
        id: 'createDisk',
        src: 'createDisk',
        input: ({ context }) => ({ size: context.size }),
        onDone: [
          // Cancelled while the disk was being created: it exists now, so delete it.
          {
            guard: 'cancelRequested',
            target: 'cancelling.deleting',
            actions: assign({ diskId: ({ event }) => event.output.id }),
          },
          { target: 'starting', actions: assign({ diskId: ({ event }) => event.output.id }) },
        ],
        onError: [
          { guard: 'cancelRequested', target: 'cancelled' },
          { target: 'failed', actions: 'setFailure' },
        ],
      },
      on: { CANCEL: { actions: assign({ cancelRequested: true }) } },
    },
    checking: {
      invoke: {
        id: 'fetchDisk',
        src: 'fetchDisk',
        input: diskRef,
        onDone: [
          // Bulk writes were started before the reload: carry on writing.
          { guard: 'diskImporting', target: 'uploading', actions: assign({ bulkStarted: true }) },
          { guard: 'diskImportReady', target: 'starting' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => `The disk cannot take an upload in state ${event.output.state.state}`,
            }),
          },
        ],
        onError: { target: 'failed', actions: 'setFailure' },
      },
      on: { CANCEL: 'cancelling' },
    },
    starting: {
      invoke: {
        id: 'startBulkWrite',
        src: 'startBulkWrite',
        input: diskRef,
        onDone: { target: 'uploading', actions: assign({ bulkStarted: true }) },
        onError: { target: 'failed', actions: 'setFailure' },
      },
      // bulk-write-start may have reached the server: stop it before deleting.
      on: { CANCEL: { target: 'cancelling', actions: assign({ bulkStarted: true }) } },
    },
    uploading: {
      invoke: {
        id: 'uploadChunks',
        src: 'uploadChunks',
        input: ({ context }) => ({
          diskId: context.diskId!,
          size: context.size,
          chunkSize: context.chunkSize,
          concurrency: context.concurrency,
          acked: context.acked,
        }),
      },
      on: {
        CHUNK_ACKED: { actions: 'ack' },
        // Belt and braces: bulk-write-stop only once the machine itself counted every chunk.
        ALL_ACKED: [
          { guard: 'allAcked', target: 'stopping' },
          { target: 'failed', actions: assign({ error: 'The upload ended with chunks not acknowledged' }) },
        ],
        CHUNK_FAILED: [
          { guard: 'networkFailure', target: 'paused', actions: ['scheduleRetry', 'setFailure'] },
          { target: 'failed', actions: 'setFailure' },
        ],
        OFFLINE: { target: 'paused', actions: 'scheduleRetry' },
        CANCEL: 'cancelling',
      },
    },
    paused: {
      after: { retryDelay: 'uploading' },
      on: {
        ONLINE: 'uploading',
        CANCEL: 'cancelling',
      },
      exit: assign({ error: null }),
    },
    stopping: {
      invoke: {
        id: 'stopBulkWrite',
        src: 'stopBulkWrite',
        input: diskRef,
        onDone: { target: 'finalizing', actions: assign({ bulkStarted: false }) },
        onError: { target: 'failed', actions: 'setFailure' },
      },
      on: { CANCEL: 'cancelling' },
    },
    finalizing: {
      invoke: {
        id: 'finalizeDisk',
        src: 'finalizeDisk',
        input: ({ context }) => ({ diskId: context.diskId!, snapshotName: context.snapshotName }),
        onDone: 'done',
        onError: { target: 'failed', actions: 'setFailure' },
      },
      on: { CANCEL: 'cancelling' },
    },
    failed: {
      // The disk is left as it is; CANCEL cleans it up like at any other point.
      on: { CANCEL: 'cancelling' },
    },
    cancelling: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'bulkStarted', target: 'stopping' },
            { guard: 'hasDisk', target: 'deleting' },
            { target: '#bulkUpload.cancelled' },
          ],
        },
        stopping: {
          invoke: {
            id: 'cancelStopBulkWrite',
            src: 'stopBulkWrite',
            input: diskRef,
            // Whether or not the stop worked, the disk is deleted next.
            onDone: 'deleting',
            onError: 'deleting',
          },
        },
        deleting: {
          invoke: {
            id: 'cancelDeleteDisk',
            src: 'deleteDisk',
            input: diskRef,
            onDone: { target: '#bulkUpload.cancelled', actions: assign({ error: null }) },
            onError: {
              target: '#bulkUpload.cancelled',
              actions: assign({
                error: ({ event }) => `The disk could not be deleted: ${errorMessage(event.error)}`,
              }),
            },
          },
        },
      },
    },
    cancelled: { type: 'final' },
    done: { type: 'final' },
  },
})

export type BulkUploadMachine = typeof bulkUploadMachine

/** What to persist (next to the file's fingerprint) to resume after a reload. */
export function resumePoint(c: BulkUploadContext): { diskId: string; ackedChunks: number[] } | null {
  return c.diskId ? { diskId: c.diskId, ackedChunks: [...c.acked] } : null
}

/**
 * A file's identity for resuming: its size and a SHA-256 of its first chunk's bytes (FNV-1a when
 * crypto.subtle is missing, e.g. on an insecure origin).
 */
export async function fileFingerprint(size: number, firstChunkBytes: Uint8Array): Promise<string> {
  const subtle = globalThis.crypto?.subtle
  if (subtle) {
    const digest = await subtle.digest('SHA-256', firstChunkBytes as Uint8Array<ArrayBuffer>)
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
    return `${size}-sha256-${hex}`
  }
  let h = 0x811c9dc5
  for (const byte of firstChunkBytes) {
    h ^= byte
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return `${size}-fnv1a-${h.toString(16).padStart(8, '0')}`
}
