// A disk from an image file, uploaded by bulk writes (spec section 4: start, write, stop, finalize).
// The bulk-upload machine (machines/bulk-upload.machine.ts) owns the flow; this module gives it its
// I/O for one file and one disk (API calls, file slices as base64), tells it when the network goes
// and comes back, and keeps a resume point in localStorage so an upload cut short by a reload can go
// on where it stopped when the user picks the same file again.
//
// A file is recognised by its size and the SHA-256 of its whole content (hashed in a worker, with
// progress), never by a prefix: two images that differ only further in must not resume each other's
// upload. Resume points belong to the signed-in user (`rack-console:uploads:<userId>`).
//
// No read-back: the platform's API has no call that returns a disk's bytes (only bulk writes in), so
// the console cannot verify an uploaded disk against the file's hash. Every chunk counts only once the
// server acknowledged its write; the e2e tests compare the mock's hash of the written bytes instead.
//
// Uploads live at module level, one per project and kind (a disk, an image), not in the form: closing
// the form or moving to another page does not stop an upload, and reopening the form shows it again.
//
// An image upload (startImageUpload) is a disk upload into a temporary disk whose finalize takes a
// snapshot; the machine then makes the image from the snapshot and deletes the temporary disk and the
// snapshot (the API keeps an image's data when the snapshot it came from is deleted, and the mock
// allows it), so the project is left with just the image. Image uploads keep no resume point: a
// reload ends them (the temporary disk is then an ordinary disk the user can delete).
//
// Block size: an upload's disk is created for import with the target's block size (512 unless the
// form chose another, nexus.json BlockSize), so an image made from it has that block size. A saved
// resume point keeps the block size: a resumed upload uses the saved one whatever the caller asks
// (a record saved before block sizes were kept was 512), and refuses to write into a disk whose block
// size turns out to be another.
import { useSelector } from '@xstate/react'
import { useEffect, useSyncExternalStore } from 'react'
import { type Actor, createActor, fromPromise, waitFor } from 'xstate'
import {
  type BulkUploadContext,
  bulkUploadMachine,
  chunkUploader,
  type FailureKind,
  fileFingerprint,
  httpError,
  type ImageStepInput,
  networkError,
  resumePoint,
  uploadProgress,
} from '../../machines/bulk-upload.machine'
import { registerActor } from '../../machines/live-actors'
import {
  getCacheScope,
  invalidate,
  mutate,
  OfflineError,
  onReconnect,
  reportNetworkFailure,
  reportSuccess,
  scopeKey,
} from '../../storage'
import { api } from '../api/client'
import { alreadyExistsMessage, toUserError } from '../api/errors'
import type { ApiParams, ApiResult, Disk, OperationName, Schemas } from '../api/types'
import { toast } from '../components'
import { LEGACY_UPLOADS_KEY, rememberedScope, UPLOADS_KEY_PREFIX } from '../session'
import { S, T } from '../strings'
import { bytesToBase64, padToBlock } from '../util/base64'
import { GiB, gibToHold } from '../util/bytes'
import { type FileHashJob, hashFile } from '../workers/file-hash'
import { devActorOptions } from './dev-inspect'

/** A block size the API takes for a disk (nexus.json BlockSize). */
export type BlockSize = Schemas['BlockSize']
/** Default block size of uploaded disks: the smallest the API takes, so any 512-byte-aligned image fits. */
export const UPLOAD_BLOCK_SIZE: BlockSize = 512
export const PAUSED_TEXT = 'Paused: waiting for the network'

type DiskRef = { diskId: string }

/** The image an image upload ends in. */
export type ImageSpec = { name: string; description: string; os: string; version: string }

/**
 * `name` is the disk's; an image upload's disk (and snapshot) is a temporary one named for it.
 * `blockSize` is the disk's (UPLOAD_BLOCK_SIZE when left out).
 */
export type UploadTarget = {
  project: string
  name: string
  description: string
  image?: ImageSpec
  blockSize?: BlockSize
}

/** The block size an upload's disk is created with. */
export const blockSizeOf = (t: Pick<UploadTarget, 'blockSize'>): BlockSize => t.blockSize ?? UPLOAD_BLOCK_SIZE

export type UploadKind = 'disk' | 'image'
const kindOf = (t: UploadTarget): UploadKind => (t.image ? 'image' : 'disk')
const slotKey = (project: string, kind: UploadKind) => `${kind}:${project}`

/**
 * What is kept in localStorage to resume an upload after a reload (with the block size the disk was
 * created with; a record without one is from before block sizes were kept: 512).
 */
export type SavedUpload = UploadTarget & {
  diskId: string
  ackedChunks: number[]
  chunkSize: number
  size: number
  fileName: string
  fingerprint: string
  savedAt: number
}

const storeKey = (t: { project: string; name: string }) => `${t.project}/${t.name}`

let legacyDropped = false
/**
 * The signed-in user's key, or null when nobody is known (then nothing is saved or offered). The
 * user is this tab's: another tab may have signed someone else in (this tab then leaves).
 */
function userStoreKey(): string | null {
  try {
    if (!legacyDropped) {
      legacyDropped = true
      localStorage.removeItem(LEGACY_UPLOADS_KEY)
    }
  } catch {
    // No storage: nothing to drop.
  }
  const scope = rememberedScope()
  return scope && getCacheScope() === scopeKey(scope) ? `${UPLOADS_KEY_PREFIX}:${scope.userId}` : null
}

function readStore(): Record<string, SavedUpload> {
  const key = userStoreKey()
  if (!key) return {}
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? '{}') as unknown
    return v && typeof v === 'object' ? (v as Record<string, SavedUpload>) : {}
  } catch {
    return {}
  }
}
function writeStore(all: Record<string, SavedUpload>) {
  const key = userStoreKey()
  if (!key) return
  try {
    localStorage.setItem(key, JSON.stringify(all))
  } catch {
    // Storage full or unavailable: the upload still runs, it just cannot resume after a reload.
  }
}
export function saveUpload(s: SavedUpload) {
  writeStore({ ...readStore(), [storeKey(s)]: s })
}
export function forgetUpload(t: { project: string; name: string }) {
  const all = readStore()
  delete all[storeKey(t)]
  writeStore(all)
}

/** Saved uploads of `project` whose file has this fingerprint (the same file picked again). */
export function resumableUploads(project: string, fingerprint: string): SavedUpload[] {
  return Object.values(readStore()).filter((s) => s.project === project && s.fingerprint === fingerprint)
}

/** Hashing of the file last picked: its fingerprint once done, and how far it got. */
export type FileCheck = {
  file: Blob
  /** Fraction of the file hashed, 0 to 1. */
  progress: number
  fingerprint: string | null
  error: string | null
  promise: Promise<string>
}

let currentCheck: (FileCheck & { job: FileHashJob }) | null = null
const checkListeners = new Set<() => void>()
const notifyChecks = () => {
  for (const l of checkListeners) l()
}

/**
 * The fingerprint of a file (its size and the SHA-256 of all its bytes), hashed once per file picked:
 * the form shows the progress and the upload reuses the result. Checking another file cancels the
 * previous check.
 */
export function checkFile(file: Blob): FileCheck {
  if (currentCheck?.file === file) return currentCheck
  currentCheck?.job.cancel()
  const job = hashFile(file, (done, total) => {
    if (currentCheck?.file !== file) return
    currentCheck = { ...currentCheck, progress: total === 0 ? 1 : done / total }
    notifyChecks()
  })
  const promise = job.promise.then((hex) => fileFingerprint(file.size, hex))
  currentCheck = { file, progress: 0, fingerprint: null, error: null, promise, job }
  promise.then(
    (fingerprint) => {
      if (currentCheck?.file !== file) return
      currentCheck = { ...currentCheck, progress: 1, fingerprint }
      notifyChecks()
    },
    (error: unknown) => {
      if (currentCheck?.file !== file) return
      currentCheck = { ...currentCheck, error: error instanceof Error ? error.message : String(error) }
      notifyChecks()
    },
  )
  notifyChecks()
  return currentCheck
}

const subscribeChecks = (l: () => void) => {
  checkListeners.add(l)
  return () => {
    checkListeners.delete(l)
  }
}

/** The check of `file` (started on first use), re-rendering as it progresses; undefined without a file. */
export function useFileCheck(file: Blob | null): FileCheck | undefined {
  const check = useSyncExternalStore(subscribeChecks, () => currentCheck)
  useEffect(() => {
    if (file) checkFile(file)
  }, [file])
  return file && check?.file === file ? check : undefined
}

/** Disk size for a file: whole GiB (the API's rule), at least 1 GiB. */
export function diskSizeFor(fileSize: number): number {
  return gibToHold(fileSize) * GiB
}

/**
 * The data of a successful call; otherwise throws what the machine needs to decide: a network error
 * (no answer), or the catalogue message with the HTTP status (5xx and 429 are retried, others fail).
 */
function unwrap<T>(name: OperationName, result: ApiResult<T>): T {
  if (result.type === 'success') {
    reportSuccess()
    return result.data
  }
  if (result.type === 'client_error' && result.network) {
    reportNetworkFailure()
    // The catalogue's words ("The server did not answer…"), not the browser's ("Failed to fetch").
    throw networkError(toUserError(name, result).message)
  }
  reportSuccess()
  const message = toUserError(name, result).message
  const status = result.type === 'error' ? result.data.statusCode : result.response?.status
  throw status === undefined ? new Error(message) : httpError(message, status)
}

/** mutate() refuses at once while the app believes it is offline: for the upload that is a pause. */
async function mutateOrNetworkError<R>(call: () => Promise<R>): Promise<R> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof OfflineError) throw networkError(T.offline)
    throw error
  }
}

/** How often a temporary snapshot or disk is re-read while the server moves it along. */
export const POLL_MS = 500

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const t = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(t)
      reject(signal.reason)
    })
  })

/** Re-reads until `ready` says yes; a read that fails throws (the machine decides on a retry). */
export async function pollUntil<T>(
  read: () => Promise<T>,
  ready: (t: T) => boolean,
  signal: AbortSignal,
  ms = POLL_MS,
): Promise<T> {
  for (;;) {
    const value = await read()
    if (ready(value)) return value
    await sleep(ms, signal)
  }
}

const diskKeys = [{ endpoint: 'diskList' as const }, { endpoint: 'diskView' as const }]
const snapshotKeys = [{ endpoint: 'snapshotList' as const }, { endpoint: 'snapshotView' as const }]
const diskRef = (diskId: string) => ({ path: { disk: diskId } })

const deleteDiskCall = async (diskId: string) =>
  unwrap(
    'diskDelete',
    await mutateOrNetworkError(() =>
      mutate('diskDelete', diskRef(diskId), { removes: { id: diskId }, invalidates: diskKeys }),
    ),
  )

/**
 * Deletes an image upload's temporary disk (once it left finalizing: the API refuses a finalizing
 * disk) and the snapshot finalize took, if it was taken (waiting until it is no longer being created).
 */
async function deleteTemporary(project: string, diskId: string, snapshotName: string, signal: AbortSignal) {
  const disk = await pollUntil(
    async () => unwrap('diskView', await api.call('diskView', diskRef(diskId))),
    (d) => d.state.state !== 'finalizing',
    signal,
  )
  await deleteDiskCall(disk.id)
  const params = { path: { snapshot: snapshotName }, query: { project } }
  const found = await api.call('snapshotView', params)
  if (found.type === 'error' && found.data.statusCode === 404) return
  const snapshot = await pollUntil(
    async () => unwrap('snapshotView', await api.call('snapshotView', params)),
    (s) => s.state !== 'creating',
    signal,
  )
  unwrap(
    'snapshotDelete',
    await mutateOrNetworkError(() =>
      mutate(
        'snapshotDelete',
        { path: { snapshot: snapshot.id } },
        { removes: { id: snapshot.id }, invalidates: snapshotKeys },
      ),
    ),
  )
}

/** The image from the snapshot, once the snapshot is ready (a faulted one refuses). */
async function createImageFrom(project: string, image: ImageSpec, snapshotName: string, signal: AbortSignal) {
  const snapshot = await pollUntil(
    async () =>
      unwrap(
        'snapshotView',
        await api.call('snapshotView', { path: { snapshot: snapshotName }, query: { project } }),
      ),
    (s) => s.state !== 'creating',
    signal,
  )
  if (snapshot.state !== 'ready') throw new Error(`The snapshot of the upload is ${snapshot.state}`)
  return unwrap(
    'imageCreate',
    await mutateOrNetworkError(() =>
      mutate(
        'imageCreate',
        { query: { project }, body: { ...image, source: { type: 'snapshot', id: snapshot.id } } },
        { invalidates: [{ endpoint: 'imageList' }] },
      ),
    ),
  )
}

/** "Image name already exists" when the project has an image of that name; undefined otherwise. */
export async function imageNameTaken(project: string, name: string): Promise<string | undefined> {
  const found = await api.call('imageView', { path: { image: name }, query: { project } })
  return found.type === 'success' ? alreadyExistsMessage('imageCreate', '') : undefined
}

const isAlreadyExists = (result: ApiResult<unknown>) =>
  result.type === 'error' && result.data.errorCode === 'ObjectAlreadyExists'

/** How far the server's clock may be from this device's when a disk's creation time is compared. */
const CLOCK_SKEW_MS = 2 * 60_000

/** When the creates whose answers were lost went out and failed, by this device's clock. */
type LostWindow = { from: number; to: number }

/**
 * The disk a create whose answer was lost did make, found by its name: it is this upload's only when
 * it was created while such a create was out (give or take CLOCK_SKEW_MS), is still waiting for its
 * blocks (import_ready: nothing has been written to it) and has the size, block size and description
 * asked for. Anything else keeps the name taken, as the API said. A read that fails for another reason
 * than a missing disk fails the upload as that read's failure (a network or server error: Retry).
 */
async function diskMadeByLostCreate(
  project: string,
  body: ApiParams<'diskCreate'>['body'] & {
    diskBackend: { type: 'distributed'; diskSource: { type: 'importing_blocks'; blockSize: BlockSize } }
  },
  lost: LostWindow,
): Promise<Pick<Disk, 'id'> | undefined> {
  const found = await api.call('diskView', { path: { disk: body.name }, query: { project } })
  if (found.type === 'error' && found.data.statusCode === 404) return undefined
  const disk = unwrap('diskView', found)
  const created = disk.timeCreated.getTime()
  const same =
    created >= lost.from - CLOCK_SKEW_MS &&
    created <= lost.to + CLOCK_SKEW_MS &&
    disk.state.state === 'import_ready' &&
    disk.size === body.size &&
    disk.blockSize === body.diskBackend.diskSource.blockSize &&
    disk.description === body.description
  return same ? disk : undefined
}

function uploadMachineFor(file: Blob, target: UploadTarget) {
  const ref = diskRef
  const { project, image } = target
  const blockSize = blockSizeOf(target)
  const snapshotOf = (name: string | null) => name ?? target.name
  // Set once a create's answer did not arrive: the disk may have been made all the same.
  let lost: LostWindow | null = null
  return bulkUploadMachine.provide({
    actors: {
      createDisk: fromPromise<Pick<Disk, 'id'>, { size: number }>(async ({ input }) => {
        const body = {
          name: target.name,
          description: target.description,
          size: diskSizeFor(input.size),
          diskBackend: {
            type: 'distributed' as const,
            diskSource: { type: 'importing_blocks' as const, blockSize },
          },
        }
        const sentAt = Date.now()
        const result = await mutateOrNetworkError(() =>
          mutate('diskCreate', { query: { project }, body }, { invalidates: diskKeys }),
        )
        if (lost && isAlreadyExists(result)) {
          const made = await diskMadeByLostCreate(project, body, lost)
          if (made) return made
        }
        if (result.type === 'client_error' && result.network)
          lost = { from: Math.min(lost?.from ?? sentAt, sentAt), to: Date.now() }
        return unwrap('diskCreate', result)
      }),
      fetchDisk: fromPromise<Pick<Disk, 'id' | 'state'>, DiskRef>(async ({ input }) => {
        const disk = unwrap('diskView', await api.call('diskView', ref(input.diskId)))
        // A resumed upload writes in its own block size: never into a disk of another.
        if (disk.blockSize !== blockSize) throw new Error(blockSizeMismatch(disk.blockSize, blockSize))
        return disk
      }),
      startBulkWrite: fromPromise<unknown, DiskRef>(async ({ input }) =>
        unwrap('diskBulkWriteImportStart', await api.call('diskBulkWriteImportStart', ref(input.diskId))),
      ),
      stopBulkWrite: fromPromise<unknown, DiskRef>(async ({ input }) =>
        unwrap('diskBulkWriteImportStop', await api.call('diskBulkWriteImportStop', ref(input.diskId))),
      ),
      finalizeDisk: fromPromise<unknown, DiskRef & { snapshotName: string | null }>(async ({ input }) =>
        unwrap(
          'diskFinalizeImport',
          await mutateOrNetworkError(() =>
            mutate(
              'diskFinalizeImport',
              { ...ref(input.diskId), body: input.snapshotName ? { snapshotName: input.snapshotName } : {} },
              { invalidates: diskKeys },
            ),
          ),
        ),
      ),
      // An image upload's disk is temporary: cancelling removes its snapshot too.
      deleteDisk: fromPromise<unknown, DiskRef>(({ input, signal }) =>
        image ? deleteTemporary(project, input.diskId, target.name, signal) : deleteDiskCall(input.diskId),
      ),
      createImage: fromPromise<unknown, ImageStepInput>(async ({ input, signal }) => {
        if (!image) throw new Error('This upload makes a disk, not an image')
        return createImageFrom(project, image, snapshotOf(input.snapshotName), signal)
      }),
      cleanupImport: fromPromise<unknown, ImageStepInput>(({ input, signal }) =>
        deleteTemporary(project, input.diskId, snapshotOf(input.snapshotName), signal),
      ),
      uploadChunks: chunkUploader({
        readChunk: async (offset, size) => {
          const bytes = new Uint8Array(await file.slice(offset, offset + size).arrayBuffer())
          // The last chunk of a file that is not block-aligned is padded with zeros.
          return bytesToBase64(padToBlock(bytes, blockSize))
        },
        writeChunk: async ({ diskId, offset, base64Data }) =>
          unwrap(
            'diskBulkWriteImport',
            await api.call('diskBulkWriteImport', {
              path: { disk: diskId },
              body: { offset, base64EncodedData: base64Data },
            }),
          ),
      }),
    },
  })
}

export type UploadActor = Actor<ReturnType<typeof uploadMachineFor>>
export type Upload = {
  actor: UploadActor
  target: UploadTarget
  fileName: string
  /** Deleting was confirmed in the confirm dialog, which reports its own failure. */
  deleteConfirmed?: boolean
}

// One upload per project and kind at a time (the form shows it); listeners re-render the forms.
const uploads = new Map<string, Upload>()
const listeners = new Set<() => void>()
const notify = () => {
  for (const l of listeners) l()
}

/** Why a resumed upload refuses its disk: the disk was made with another block size. */
export const blockSizeMismatch = (disk: number, upload: number) =>
  `The disk's block size (${disk} bytes) is not the upload's (${upload} bytes)`

/**
 * The disk could not be created, in a way a retry does not get past (its name is taken, a quota):
 * nothing was uploaded and no upload is left behind; the form that asked says why and keeps its values.
 */
export class UploadRefusedError extends Error {
  override name = 'UploadRefusedError'
}

/**
 * Starts uploading `file` as a new disk (or resumes a saved upload of the same file, with the block
 * size it started with: the saved one wins over `target.blockSize`).
 */
export async function startUpload(file: File, asked: UploadTarget, resume?: SavedUpload): Promise<Upload> {
  const target: UploadTarget = resume ? { ...asked, blockSize: blockSizeOf(resume) } : asked
  // Only a disk upload can resume after a reload, so only it needs the file's fingerprint.
  const fingerprint = target.image ? null : await checkFile(file).promise
  const slot = slotKey(target.project, kindOf(target))
  const actor = createActor(uploadMachineFor(file, target), {
    ...devActorOptions(),
    input: {
      size: file.size,
      ...(target.image ? { image: true, snapshotName: target.name } : {}),
      ...(resume
        ? {
            chunkSize: resume.chunkSize,
            resumeFrom: { diskId: resume.diskId, ackedChunks: resume.ackedChunks },
          }
        : {}),
    },
  })
  const upload: Upload = { actor, target, fileName: file.name }
  let refused = false
  const unregister = import.meta.env.DEV ? registerActor(`upload ${target.name}`, actor) : () => {}

  // Persist the resume point whenever it moves (a new disk id or another acknowledged chunk).
  let lastSaved = ''
  const persist = (c: BulkUploadContext) => {
    const point = resumePoint(c)
    if (!point || fingerprint === null) return
    const stamp = `${point.diskId}:${point.ackedChunks.length}`
    if (stamp === lastSaved) return
    lastSaved = stamp
    saveUpload({
      ...target,
      blockSize: blockSizeOf(target),
      ...point,
      chunkSize: c.chunkSize,
      size: file.size,
      fileName: file.name,
      fingerprint,
      savedAt: Date.now(),
    })
  }

  const online = () => actor.send({ type: 'ONLINE' })
  const offline = () => actor.send({ type: 'OFFLINE' })
  window.addEventListener('online', online)
  window.addEventListener('offline', offline)
  const stopReconnect = onReconnect(online)

  const sub = actor.subscribe((s) => {
    if (s.status === 'active') {
      persist(s.context)
      notify()
      return
    }
    // Finished: done, cancelled or dismissed. Nothing to resume any more.
    sub.unsubscribe()
    window.removeEventListener('online', online)
    window.removeEventListener('offline', offline)
    stopReconnect()
    unregister()
    // A disk refused at creation saved nothing: a resume point under the same name is another
    // upload's, and stays.
    if (!refused) forgetUpload(target)
    if (s.matches('done') && target.image) {
      toast.success(`Image ${target.image.name} created`, `${file.name} was uploaded.`)
      if (s.context.error) toast.error(`Cleanup after image ${target.image.name}`, s.context.error)
      void invalidate([{ endpoint: 'imageList' }, { endpoint: 'diskList' }, { endpoint: 'snapshotList' }])
    } else if (s.matches('done')) {
      toast.success(`Disk ${target.name} created`, `${file.name} was uploaded.`)
      void invalidate([{ endpoint: 'diskList' }])
    } else if (s.matches('dismissed')) {
      // The form shows a new form at once; the disk stays as the server has it.
      uploads.delete(slot)
      void invalidate([{ endpoint: 'diskList' }])
    } else if (s.context.error && !upload.deleteConfirmed) {
      toast.error(`Upload of ${target.image?.name ?? target.name} cancelled`, s.context.error)
    }
    notify()
  })
  actor.start()
  // The disk is made first, before the upload takes the form's place: a refusal there goes back to
  // the form. A failure a retry can get past (the link) becomes the upload's panel, with Retry.
  if (!resume) {
    const made = await waitFor(actor, (s) => !s.matches('preparing') && !s.matches('creating'))
    if (made.matches('failed') && made.context.diskId === null && !made.can({ type: 'RETRY' })) {
      const message = made.context.error ?? S.unknownServerError
      refused = true
      actor.send({ type: 'DISMISS' })
      throw new UploadRefusedError(message)
    }
  }
  uploads.set(slot, upload)
  notify()
  return upload
}

/** A name for an image upload's temporary disk and snapshot: a valid name no user would pick. */
export function temporaryName(random: (n: number) => number = (n) => Math.floor(Math.random() * n)): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
  let suffix = ''
  for (let i = 0; i < 10; i++) suffix += alphabet[random(alphabet.length)]
  return `tmp-image-upload-${suffix}`
}

/**
 * Uploads `file` as the image `image` of `project` (through a temporary disk and snapshot, both of
 * `blockSize`, which the image then has).
 */
export function startImageUpload(
  file: File,
  project: string,
  image: ImageSpec,
  blockSize: BlockSize = UPLOAD_BLOCK_SIZE,
): Promise<Upload> {
  return startUpload(file, {
    project,
    name: temporaryName(),
    description: `Temporary disk for the upload of image ${image.name}`,
    image,
    blockSize,
  })
}

/** Forget a finished upload so the form can start another. */
export function clearUpload(project: string, kind: UploadKind = 'disk') {
  const slot = slotKey(project, kind)
  const u = uploads.get(slot)
  if (!u) return
  if (u.actor.getSnapshot().status === 'active') return
  uploads.delete(slot)
  notify()
}

/** Keep the disk as it is on the server, forget the upload and its resume point. */
export function dismissUpload(upload: Upload) {
  upload.actor.send({ type: 'DISMISS' })
}

/**
 * Go on with a failed upload from where it stands (the machine takes RETRY only after a failure a
 * retry can get past: `UploadView.canRetry`). Chunks already acknowledged are not sent again.
 */
export function retryUpload(upload: Upload) {
  upload.actor.send({ type: 'RETRY' })
}

/**
 * Delete a disk that finished importing, after the user confirmed it (the machine waits in
 * `cancelling.confirming`). Resolves once the upload ended; rejects with the reason the disk stayed.
 */
export function deleteFinishedDisk(upload: Upload): Promise<void> {
  return new Promise((resolve, reject) => {
    const sub = upload.actor.subscribe((s) => {
      if (s.status === 'active') return
      sub.unsubscribe()
      if (s.matches('cancelled') && s.context.error) reject(new Error(s.context.error))
      else resolve()
    })
    upload.deleteConfirmed = true
    upload.actor.send({ type: 'CONFIRM_DELETE' })
  })
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => {
    listeners.delete(l)
  }
}

/** The current upload of a project, if any (re-renders when one starts, changes or ends). */
export function useProjectUpload(project: string, kind: UploadKind = 'disk'): Upload | undefined {
  return useSyncExternalStore(subscribe, () => uploads.get(slotKey(project, kind)))
}

export type UploadPhase =
  | 'preparing'
  | 'creating'
  | 'checking'
  | 'starting'
  | 'uploading'
  | 'paused'
  | 'stopping'
  | 'finalizing'
  /** Image uploads: the image is made from the snapshot, then the temporary disk and snapshot go. */
  | 'imaging'
  | 'cleaningUp'
  | 'failed'
  | 'cancelling'
  /** Cancel found the disk finished importing: delete it only if the user confirms. */
  | 'confirmDelete'
  | 'cancelled'
  | 'dismissed'
  | 'done'

/** What the form shows of an upload. */
export function useUploadView(actor: UploadActor) {
  return useSelector(
    actor,
    (s) => {
      const phase: UploadPhase = s.matches({ cancelling: 'confirming' })
        ? 'confirmDelete'
        : (String(typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as UploadPhase)
      return {
        phase,
        error: s.context.error,
        /** Why the upload is paused: the network, or the server answering 5xx or 429. */
        pausedFor: (s.matches('paused') ? s.context.failure : null) as FailureKind | null,
        /** The machine takes RETRY now: the upload failed for a reason a retry can get past. */
        canRetry: s.can({ type: 'RETRY' }),
        ...uploadProgress(s.context),
      }
    },
    shallowEqual,
  )
}

export type UploadView = ReturnType<typeof useUploadView>

function shallowEqual<T extends object>(a: T, b: T): boolean {
  const ka = Object.keys(a) as (keyof T)[]
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]))
}
