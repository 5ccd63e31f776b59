// Disk from an image file, by bulk writes (spec section 4: start, write, stop, finalize).
//
//   creating (createDisk, state import_ready) -> starting (bulk-write-start) -> uploading (chunked
//   base64 writes, a few in flight) -> stopping (bulk-write-stop) -> finalizing (finalize, optional
//   snapshot) -> done
//
// With `image: true` (an image file uploaded as an image): finalize snapshots the disk, then
//   imaging (createImage: waits for the snapshot, creates the image from it) -> cleaningUp
//   (cleanupImport: deletes the temporary disk and snapshot) -> done
// The disk is temporary then, so CANCEL deletes it (through the injected deleteDisk, which removes
// the snapshot too) without asking, even once it finished importing. CANCEL is not taken while the
// image is being made: the image may exist by the time a cancel could act, and an image the user asked
// for is never removed behind their back. A failed cleanup does not undo the image: `done` keeps the
// failure in `error` so the user hears that a temporary disk or snapshot was left.
//
// - Transient failures are retried with backoff (1 s, 2 s, 4 s ... capped at 15 s): a network error
//   (the injected call rejects with `{ network: true }`) or a 429 as long as it takes, a 5xx
//   MAX_SERVER_RETRIES times in a row. Anything else (a 4xx) goes to `failed` at once with its message.
//   A chunk write that fails pauses the upload, which resumes after the backoff (or at once on ONLINE)
//   from the lowest unacknowledged chunk, re-sending only unacknowledged chunks.
// - A failed or unanswered start, stop or finalize may still have taken effect on the server (the
//   answer can be lost after the server acted). So after any such failure the machine re-reads the
//   disk (`checking`) and goes on from the state the server reports: a disk that left the import
//   states after finalize is done; an import_ready disk after stop goes on to finalize; and so on.
//   Only when the call visibly did not take effect is it retried (if transient) or the upload failed.
// - CANCEL at any point re-reads the disk first: an importing disk is stopped then deleted, a disk
//   that never finished importing is deleted, and a disk that finished importing is never deleted
//   without asking: the machine waits in `cancelling.confirming` for CONFIRM_DELETE or DISMISS.
// - DISMISS on a failed upload ends it as `dismissed`, leaving the disk as it is on the server.
// - RETRY on a failed upload goes on from where it stands, with the retry counters reset, when the
//   failure was transient (a network error, a 429 or a 5xx whose automatic retries ran out, or one
//   that is not retried automatically, like a failed createDisk): to createDisk when there is no disk
//   yet, otherwise to the step that failed, as the end of a backoff does (`retrying`), so chunks
//   already acknowledged are not sent again. A refusal (a 4xx: a taken name, a read-only disk; a file
//   that cannot be read), a disk in a state the upload cannot go on from, or a failed cancel (CANCEL
//   again is its retry) does not take RETRY: the user changes something, dismisses or cancels.
// - `done` is reached only once the server confirmed the finalize (its answer, or the disk's state).
// - Resume after a reload: start with `resumeFrom: { diskId, ackedChunks }` (persist `context.diskId`
//   and `context.acked` next to the file's fingerprint); creation is skipped, and bulk-write-start too
//   when the disk is already importing_from_bulk_writes.
//
// I/O is injected: `bulkUploadMachine.provide({ actors: { createDisk, fetchDisk, startBulkWrite,
// stopBulkWrite, finalizeDisk, deleteDisk, uploadChunks: chunkUploader({ readChunk, writeChunk }),
// createImage, cleanupImport } })` (the last two only for `image: true`).
import { and, assign, type EventObject, fromCallback, fromPromise, not, or, setup } from 'xstate'
import type { Disk, DiskState } from '../src/api/types'
import { errorMessage } from './shared'

export const DEFAULT_CHUNK_SIZE = 512 * 1024
export const DEFAULT_CONCURRENCY = 3
export const RATE_WINDOW_MS = 5000
export const RETRY_BASE_MS = 1000
export const RETRY_MAX_MS = 15_000
/** 5xx answers in a row (without progress in between) that are retried before the upload fails. */
export const MAX_SERVER_RETRIES = 5

/** Backoff before the n-th (0-based) retry after a transient failure: 1 s, 2 s, 4 s ... 15 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt)
}

/** An error the injected calls throw when the request never got an answer. */
export type NetworkError = Error & { network: true }
export function networkError(message = 'Network error'): NetworkError {
  return Object.assign(new Error(message), { network: true as const })
}
export function isNetworkError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { network?: unknown }).network === true
}

/** An error the injected calls throw for an HTTP error answer: its status decides whether to retry. */
export type HttpError = Error & { status: number }
export function httpError(message: string, status: number): HttpError {
  return Object.assign(new Error(message), { status })
}

/**
 * What a failure means for the upload: `network` (no answer) and `throttled` (429) are retried as
 * long as it takes, `server` (5xx) a bounded number of times, `fatal` (anything else) never.
 */
export type FailureKind = 'network' | 'throttled' | 'server' | 'fatal'
export function failureKind(error: unknown): FailureKind {
  if (isNetworkError(error)) return 'network'
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : null
  if (status === 429) return 'throttled'
  if (typeof status === 'number' && status >= 500) return 'server'
  return 'fatal'
}

export function chunkCount(size: number, chunkSize: number): number {
  return Math.ceil(size / chunkSize)
}
export function chunkBytes(index: number, size: number, chunkSize: number): number {
  return Math.max(0, Math.min(chunkSize, size - index * chunkSize))
}

/** The disk states of an import in progress; any other state after finalize means it took effect. */
export const IMPORT_STATES: readonly DiskState[] = ['import_ready', 'importing_from_bulk_writes']
/** States of a disk that finished importing: never deleted on CANCEL without asking. */
export const FINISHED_STATES: readonly DiskState[] = [
  'finalizing',
  'detached',
  'attaching',
  'attached',
  'detaching',
]

export type BulkUploadInput = {
  /** File size in bytes (also the disk size asked of createDisk). */
  size: number
  chunkSize?: number
  concurrency?: number
  /** Passed to finalize: a snapshot of the disk is taken with this name. */
  snapshotName?: string | null
  /** After finalize, make an image of the snapshot and delete the (temporary) disk and snapshot. */
  image?: boolean
  resumeFrom?: { diskId: string; ackedChunks: number[] }
}

/** What createImage and cleanupImport work on: the temporary disk and the snapshot finalize took. */
export type ImageStepInput = { diskId: string; snapshotName: string | null }

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
  /** Keep the disk and end the upload (a failed upload, or a finished disk the cancel asked about). */
  | { type: 'DISMISS' }
  /** Go on with a failed upload from where it stands (only after a transient failure). */
  | { type: 'RETRY' }
  /** The user confirmed deleting a disk that finished importing. */
  | { type: 'CONFIRM_DELETE' }
  // sent by the uploadChunks child
  | { type: 'CHUNK_ACKED'; index: number; at: number }
  | { type: 'CHUNK_FAILED'; index: number; message: string; kind: FailureKind }
  | { type: 'ALL_ACKED' }

/** The step the upload is at: what `checking` verifies and what a retry goes back to. */
export type UploadStep = 'resume' | 'start' | 'upload' | 'stop' | 'finalize' | 'image'

export type BulkUploadContext = {
  size: number
  chunkSize: number
  concurrency: number
  snapshotName: string | null
  /** The upload ends in an image (createImage, cleanupImport); its disk is temporary. */
  image: boolean
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
  step: UploadStep
  /**
   * The kind of the last failure (what `paused` waits out); null after progress. In `failed`, RETRY is
   * taken only after a transient kind (`fatal` there: a refusal, or nothing the upload can go on from).
   */
  failure: FailureKind | null
  /** After the pause, re-read the disk (the re-read itself failed) instead of retrying the step. */
  recheck: boolean
  retries: number
  /** Consecutive 5xx answers without progress, bounded by MAX_SERVER_RETRIES. */
  serverErrors: number
  retryDelay: number
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
  /**
   * One bulk-write request; rejects with `{ network: true }` when the request got no answer, with
   * `{ status }` for an HTTP error answer.
   */
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
                kind: failureKind(error),
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
const imageStepInput = ({ context }: { context: BulkUploadContext }): ImageStepInput => ({
  diskId: context.diskId!,
  snapshotName: context.snapshotName,
})

type Args = { context: BulkUploadContext; event: BulkUploadEvent }

/** The disk state a fetchDisk answer reports (undefined for any other event). */
const reportedState = (event: BulkUploadEvent): DiskState | undefined =>
  (event as unknown as { output?: Pick<Disk, 'state'> }).output?.state?.state

/** The kind of the failure an event reports, or the one noted before a re-read. */
function kindOf({ context, event }: Args): FailureKind {
  if (event.type === 'CHUNK_FAILED') return event.kind
  if (event.type === 'OFFLINE') return 'network'
  if ('error' in event) return failureKind((event as { error: unknown }).error)
  return context.failure ?? 'fatal'
}

const allAcked = (c: BulkUploadContext) => c.acked.length === chunkCount(c.size, c.chunkSize)

/** A transient failure with retries left: network and 429 always, 5xx MAX_SERVER_RETRIES times. */
function retryable(args: Args): boolean {
  const kind = kindOf(args)
  if (kind === 'network' || kind === 'throttled') return true
  return kind === 'server' && args.context.serverErrors < MAX_SERVER_RETRIES
}

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
    createImage: notProvided<unknown, ImageStepInput>('createImage'),
    cleanupImport: notProvided<unknown, ImageStepInput>('cleanupImport'),
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
    makesImage: ({ context }) => context.image,
    cancelRequested: ({ context }) => context.cancelRequested,
    hasDisk: ({ context }) => context.diskId !== null,
    allAcked: ({ context }) => allAcked(context),
    retryable,
    recheck: ({ context }) => context.recheck,
    /** The upload failed for a reason a retry can get past (not a refusal that needs other input). */
    canRetry: ({ context }) => context.failure !== null && context.failure !== 'fatal',
    stepIs: ({ context }, params: { step: UploadStep }) => context.step === params.step,
    /** The re-read disk is in `state` and the upload was at one of `steps`. */
    diskAt: ({ context, event }, params: { state: DiskState; steps: UploadStep[] }) =>
      reportedState(event) === params.state && params.steps.includes(context.step),
    /** The disk left the import states after our finalize (or before a reload, with every chunk sent). */
    importFinished: ({ context, event }) => {
      const state = reportedState(event)
      return (
        state !== undefined &&
        !IMPORT_STATES.includes(state) &&
        (context.step === 'finalize' || (context.step === 'resume' && allAcked(context)))
      )
    },
    /** Still in an import state, but the failed call did not take effect there. */
    stillImporting: ({ event }) => {
      const state = reportedState(event)
      return state !== undefined && IMPORT_STATES.includes(state)
    },
    diskFinished: ({ event }) => {
      const state = reportedState(event)
      return state !== undefined && FINISHED_STATES.includes(state)
    },
    diskImporting: ({ event }) => reportedState(event) === 'importing_from_bulk_writes',
  },
  actions: {
    ack: assign(({ context, event }) => {
      if (event.type !== 'CHUNK_ACKED' || context.acked.includes(event.index)) return {}
      const acked = [...context.acked, event.index].sort((a, b) => a - b)
      const bytesAcked = context.bytesAcked + chunkBytes(event.index, context.size, context.chunkSize)
      return {
        acked,
        bytesAcked,
        retries: 0,
        serverErrors: 0,
        failure: null,
        ...withRate(context, bytesAcked, event.at),
      }
    }),
    progressed: assign({ retries: 0, serverErrors: 0, failure: null, error: null }),
    noteFailure: assign(({ context, event }) => ({
      failure: kindOf({ context, event }),
      error:
        event.type === 'CHUNK_FAILED'
          ? event.message
          : event.type === 'OFFLINE'
            ? 'Network error'
            : errorMessage((event as { error?: unknown }).error),
    })),
    scheduleRetry: assign(({ context, event }) => {
      const kind = kindOf({ context, event })
      return {
        failure: kind,
        retryDelay: retryDelayMs(context.retries),
        retries: context.retries + 1,
        serverErrors: context.serverErrors + (kind === 'server' ? 1 : 0),
      }
    }),
    setFailure: assign({
      error: ({ event }) =>
        event.type === 'CHUNK_FAILED' ? event.message : errorMessage((event as { error?: unknown }).error),
      failure: ({ context, event }) => kindOf({ context, event }),
    }),
    /** RETRY: a fresh budget of automatic retries, as after progress (the failure's kind stays noted). */
    resetRetries: assign({ retries: 0, serverErrors: 0, error: null }),
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
      image: input.image ?? false,
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
      step: 'resume',
      failure: null,
      recheck: false,
      retries: 0,
      serverErrors: 0,
      retryDelay: RETRY_BASE_MS,
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
          // Cancelled while the disk was being created: it exists now, so clean it up.
          {
            guard: 'cancelRequested',
            target: 'cancelling',
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
    // Re-reads the disk: after a reload (step `resume`) or after start, stop or finalize failed, to go
    // on from what the server did rather than from what the lost answer would have said.
    checking: {
      // `recheck` says the last re-read failed: set again below if this one does.
      entry: assign({ recheck: false }),
      invoke: {
        id: 'fetchDisk',
        src: 'fetchDisk',
        input: diskRef,
        onDone: [
          {
            guard: and(['importFinished', 'makesImage']),
            target: 'imaging',
            actions: 'progressed',
          },
          { guard: 'importFinished', target: 'done', actions: 'progressed' },
          // Bulk writes are on (started before the reload, or the lost start took effect).
          {
            guard: {
              type: 'diskAt',
              params: { state: 'importing_from_bulk_writes', steps: ['resume', 'start'] },
            },
            target: 'uploading',
            actions: 'progressed',
          },
          {
            guard: { type: 'diskAt', params: { state: 'import_ready', steps: ['resume'] } },
            target: 'starting',
          },
          // The lost stop took effect.
          {
            guard: { type: 'diskAt', params: { state: 'import_ready', steps: ['stop'] } },
            target: 'finalizing',
            actions: 'progressed',
          },
          // The failed call did not take effect: retry it if the failure was transient.
          {
            guard: and(['stillImporting', 'retryable']),
            target: 'paused',
            actions: 'scheduleRetry',
          },
          {
            target: 'failed',
            actions: assign(({ event, context }) => {
              const state = event.output.state.state
              // Still importing: the upload can go on from here, the call just did not go through (a
              // 4xx, or 5xx retries used up). Its kind decides on RETRY (a 5xx keeps it), its message
              // says why (kept through a pause for a failed re-read).
              if (IMPORT_STATES.includes(state)) {
                return {
                  error: context.error ?? `The ${context.step} did not go through (the disk is ${state})`,
                }
              }
              // The disk went somewhere this upload cannot continue from.
              return { error: `The disk cannot take an upload in state ${state}`, failure: 'fatal' as const }
            }),
          },
        ],
        onError: [
          { guard: 'retryable', target: 'paused', actions: ['scheduleRetry', assign({ recheck: true })] },
          { target: 'failed', actions: 'setFailure' },
        ],
      },
      on: { CANCEL: 'cancelling' },
    },
    starting: {
      entry: assign({ step: 'start' }),
      invoke: {
        id: 'startBulkWrite',
        src: 'startBulkWrite',
        input: diskRef,
        onDone: { target: 'uploading', actions: 'progressed' },
        onError: { target: 'checking', actions: 'noteFailure' },
      },
      on: { CANCEL: 'cancelling' },
    },
    uploading: {
      entry: assign({ step: 'upload' }),
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
          {
            target: 'failed',
            actions: assign({ error: 'The upload ended with chunks not acknowledged', failure: 'fatal' }),
          },
        ],
        CHUNK_FAILED: [
          { guard: 'retryable', target: 'paused', actions: ['noteFailure', 'scheduleRetry'] },
          { target: 'failed', actions: 'setFailure' },
        ],
        OFFLINE: { target: 'paused', actions: 'scheduleRetry' },
        CANCEL: 'cancelling',
      },
    },
    paused: {
      after: { retryDelay: 'retrying' },
      on: {
        ONLINE: 'retrying',
        CANCEL: 'cancelling',
      },
      // The next attempt starts without the last error, except the re-read after a failed one: it
      // decides with the failed step's message whether that step failed for good (`checking`).
      exit: assign(({ context }) => (context.recheck ? {} : { error: null })),
    },
    // Back to what was interrupted: the re-read that failed, or the step.
    retrying: {
      always: [
        // The re-read after a reload is the resume step itself.
        {
          guard: or(['recheck', { type: 'stepIs', params: { step: 'resume' as const } }]),
          target: 'checking',
        },
        { guard: { type: 'stepIs', params: { step: 'upload' } }, target: 'uploading' },
        { guard: { type: 'stepIs', params: { step: 'start' } }, target: 'starting' },
        { guard: { type: 'stepIs', params: { step: 'stop' } }, target: 'stopping' },
        { guard: { type: 'stepIs', params: { step: 'image' } }, target: 'imaging' },
        { target: 'finalizing' },
      ],
    },
    stopping: {
      entry: assign({ step: 'stop' }),
      invoke: {
        id: 'stopBulkWrite',
        src: 'stopBulkWrite',
        input: diskRef,
        onDone: { target: 'finalizing', actions: 'progressed' },
        onError: { target: 'checking', actions: 'noteFailure' },
      },
      on: { CANCEL: 'cancelling' },
    },
    finalizing: {
      entry: assign({ step: 'finalize' }),
      invoke: {
        id: 'finalizeDisk',
        src: 'finalizeDisk',
        input: imageStepInput,
        onDone: [{ guard: 'makesImage', target: 'imaging', actions: 'progressed' }, { target: 'done' }],
        onError: { target: 'checking', actions: 'noteFailure' },
      },
      on: { CANCEL: 'cancelling' },
    },
    // The image from the snapshot finalize took. A transient failure pauses and comes back here; a
    // refusal (a taken name, a faulted snapshot) fails the upload, whose CANCEL cleans up.
    imaging: {
      entry: assign({ step: 'image' }),
      invoke: {
        id: 'createImage',
        src: 'createImage',
        input: imageStepInput,
        onDone: { target: 'cleaningUp', actions: 'progressed' },
        onError: [
          { guard: 'retryable', target: 'paused', actions: ['noteFailure', 'scheduleRetry'] },
          { target: 'failed', actions: 'setFailure' },
        ],
      },
    },
    // The image exists: whatever happens to the temporary disk and snapshot, the upload is done.
    cleaningUp: {
      invoke: {
        id: 'cleanupImport',
        src: 'cleanupImport',
        input: imageStepInput,
        onDone: 'done',
        onError: {
          target: 'done',
          actions: assign({
            error: ({ event }) =>
              `The image was created, but its temporary disk or snapshot could not be deleted: ${errorMessage(event.error)}`,
          }),
        },
      },
    },
    failed: {
      // The disk is left as it is: CANCEL cleans it up (asking first if it finished importing),
      // DISMISS keeps it, RETRY (after a transient failure) goes on from where the upload stands.
      on: {
        CANCEL: 'cancelling',
        DISMISS: 'dismissed',
        RETRY: [
          // No disk yet: create it (a create whose answer was lost may have made it; the createDisk
          // actor then takes that disk, found by its name, when it is still empty and as asked).
          { guard: and(['canRetry', not('hasDisk')]), target: 'creating', actions: 'resetRetries' },
          // Back to the step that failed, or to the re-read that did (chunks acknowledged stay so).
          { guard: 'canRetry', target: 'retrying', actions: 'resetRetries' },
        ],
      },
    },
    cancelling: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'hasDisk', target: 'checking' }, { target: '#bulkUpload.cancelled' }],
        },
        // What is on the server decides, never what this client last heard: a finalize whose answer
        // was lost may have finished the disk.
        checking: {
          invoke: {
            id: 'cancelFetchDisk',
            src: 'fetchDisk',
            input: diskRef,
            onDone: [
              // A temporary disk (image uploads) is nothing the user asked to keep.
              { guard: and(['diskFinished', not('makesImage')]), target: 'confirming' },
              { guard: 'diskImporting', target: 'stopping' },
              { target: 'deleting' },
            ],
            // Not knowing whether the disk finished, it is not deleted: the upload fails and the user
            // can cancel again (the retry of a cancel) or dismiss it; RETRY does not undo the cancel.
            onError: {
              target: '#bulkUpload.failed',
              actions: assign({
                error: ({ event }) =>
                  `The disk could not be checked, so it was not deleted: ${errorMessage(event.error)}`,
                // Not for RETRY: the user asked to end this upload.
                failure: 'fatal' as const,
              }),
            },
          },
        },
        confirming: {
          on: { CONFIRM_DELETE: 'deleting', DISMISS: '#bulkUpload.dismissed' },
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
    dismissed: { type: 'final' },
    done: { type: 'final' },
  },
})

export type BulkUploadMachine = typeof bulkUploadMachine

/** What to persist (next to the file's fingerprint) to resume after a reload. */
export function resumePoint(c: BulkUploadContext): { diskId: string; ackedChunks: number[] } | null {
  return c.diskId ? { diskId: c.diskId, ackedChunks: [...c.acked] } : null
}

/** A file's identity for resuming: its size and the SHA-256 (hex) of its whole content. */
export function fileFingerprint(size: number, sha256Hex: string): string {
  return `${size}-sha256-${sha256Hex}`
}
