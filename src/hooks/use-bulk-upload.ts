// A disk from an image file, uploaded by bulk writes (spec section 4: start, write, stop, finalize).
// The bulk-upload machine (machines/bulk-upload.machine.ts) owns the flow; this module gives it its
// I/O for one file and one disk (API calls, file slices as base64), tells it when the network goes
// and comes back, and keeps a resume point in localStorage so an upload cut short by a reload can go
// on where it stopped when the user picks the same file again.
//
// Uploads live at module level, one per project, not in the form: closing the form or moving to
// another page does not stop an upload, and reopening the form shows it again.
import { useSelector } from '@xstate/react'
import { useSyncExternalStore } from 'react'
import { type Actor, createActor, fromPromise } from 'xstate'
import {
  type BulkUploadContext,
  bulkUploadMachine,
  chunkUploader,
  DEFAULT_CHUNK_SIZE,
  fileFingerprint,
  networkError,
  resumePoint,
  uploadProgress,
} from '../../machines/bulk-upload.machine'
import { registerActor } from '../../machines/live-actors'
import { invalidate, mutate, onReconnect, reportNetworkFailure, reportSuccess } from '../../storage'
import { api } from '../api/client'
import { toUserError } from '../api/errors'
import type { ApiResult, Disk, OperationName } from '../api/types'
import { toast } from '../components'
import { bytesToBase64, padToBlock } from '../util/base64'
import { GiB } from '../util/bytes'
import { devActorOptions } from './dev-inspect'

/** Block size of uploaded disks: the smallest the API takes, so any 512-byte-aligned image fits. */
export const UPLOAD_BLOCK_SIZE = 512
export const PAUSED_TEXT = 'Paused: waiting for the network'

type DiskRef = { diskId: string }

export type UploadTarget = { project: string; name: string; description: string }

/** What is kept in localStorage to resume an upload after a reload. */
export type SavedUpload = UploadTarget & {
  diskId: string
  ackedChunks: number[]
  chunkSize: number
  size: number
  fileName: string
  fingerprint: string
  savedAt: number
}

const STORE_KEY = 'rack-console:disk-uploads'
const storeKey = (t: { project: string; name: string }) => `${t.project}/${t.name}`

function readStore(): Record<string, SavedUpload> {
  try {
    const v = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}') as unknown
    return v && typeof v === 'object' ? (v as Record<string, SavedUpload>) : {}
  } catch {
    return {}
  }
}
function writeStore(all: Record<string, SavedUpload>) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(all))
  } catch {
    // Storage full or unavailable: the upload still runs, it just cannot resume after a reload.
  }
}
function saveUpload(s: SavedUpload) {
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

/** The fingerprint of a file: its size and a hash of its first chunk. */
export async function fingerprintFile(file: Blob): Promise<string> {
  const head = new Uint8Array(await file.slice(0, DEFAULT_CHUNK_SIZE).arrayBuffer())
  return fileFingerprint(file.size, head)
}

/** Disk size for a file: whole GiB (the API's rule), at least 1 GiB. */
export function diskSizeFor(fileSize: number): number {
  return Math.max(1, Math.ceil(fileSize / GiB)) * GiB
}

function unwrap<T>(name: OperationName, result: ApiResult<T>): T {
  if (result.type === 'success') {
    reportSuccess()
    return result.data
  }
  if (result.type === 'client_error' && result.network) {
    reportNetworkFailure()
    throw networkError(result.error.message)
  }
  reportSuccess()
  throw new Error(toUserError(name, result).message)
}

function uploadMachineFor(file: Blob, target: UploadTarget) {
  const diskKeys = [{ endpoint: 'diskList' as const }, { endpoint: 'diskView' as const }]
  const ref = (diskId: string) => ({ path: { disk: diskId } })
  return bulkUploadMachine.provide({
    actors: {
      createDisk: fromPromise<Pick<Disk, 'id'>, { size: number }>(async ({ input }) =>
        unwrap(
          'diskCreate',
          await mutate(
            'diskCreate',
            {
              query: { project: target.project },
              body: {
                name: target.name,
                description: target.description,
                size: diskSizeFor(input.size),
                diskBackend: {
                  type: 'distributed',
                  diskSource: { type: 'importing_blocks', blockSize: UPLOAD_BLOCK_SIZE },
                },
              },
            },
            { invalidates: diskKeys },
          ),
        ),
      ),
      fetchDisk: fromPromise<Pick<Disk, 'id' | 'state'>, DiskRef>(async ({ input }) =>
        unwrap('diskView', await api.call('diskView', ref(input.diskId))),
      ),
      startBulkWrite: fromPromise<unknown, DiskRef>(async ({ input }) =>
        unwrap('diskBulkWriteImportStart', await api.call('diskBulkWriteImportStart', ref(input.diskId))),
      ),
      stopBulkWrite: fromPromise<unknown, DiskRef>(async ({ input }) =>
        unwrap('diskBulkWriteImportStop', await api.call('diskBulkWriteImportStop', ref(input.diskId))),
      ),
      finalizeDisk: fromPromise<unknown, DiskRef & { snapshotName: string | null }>(async ({ input }) =>
        unwrap(
          'diskFinalizeImport',
          await mutate(
            'diskFinalizeImport',
            { ...ref(input.diskId), body: input.snapshotName ? { snapshotName: input.snapshotName } : {} },
            { invalidates: diskKeys },
          ),
        ),
      ),
      deleteDisk: fromPromise<unknown, DiskRef>(async ({ input }) =>
        unwrap(
          'diskDelete',
          await mutate('diskDelete', ref(input.diskId), {
            removes: { id: input.diskId },
            invalidates: diskKeys,
          }),
        ),
      ),
      uploadChunks: chunkUploader({
        readChunk: async (offset, size) => {
          const bytes = new Uint8Array(await file.slice(offset, offset + size).arrayBuffer())
          // The last chunk of a file that is not block-aligned is padded with zeros.
          return bytesToBase64(padToBlock(bytes, UPLOAD_BLOCK_SIZE))
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
export type Upload = { actor: UploadActor; target: UploadTarget; fileName: string }

// One upload per project at a time (the form shows it); listeners re-render the forms.
const uploads = new Map<string, Upload>()
const listeners = new Set<() => void>()
const notify = () => {
  for (const l of listeners) l()
}

/** Starts uploading `file` as a new disk (or resumes a saved upload of the same file). */
export async function startUpload(file: File, target: UploadTarget, resume?: SavedUpload): Promise<Upload> {
  const fingerprint = await fingerprintFile(file)
  const actor = createActor(uploadMachineFor(file, target), {
    ...devActorOptions(),
    input: {
      size: file.size,
      ...(resume
        ? {
            chunkSize: resume.chunkSize,
            resumeFrom: { diskId: resume.diskId, ackedChunks: resume.ackedChunks },
          }
        : {}),
    },
  })
  const upload: Upload = { actor, target, fileName: file.name }
  const unregister = import.meta.env.DEV ? registerActor(`upload ${target.name}`, actor) : () => {}

  // Persist the resume point whenever it moves (a new disk id or another acknowledged chunk).
  let lastSaved = ''
  const persist = (c: BulkUploadContext) => {
    const point = resumePoint(c)
    if (!point) return
    const stamp = `${point.diskId}:${point.ackedChunks.length}`
    if (stamp === lastSaved) return
    lastSaved = stamp
    saveUpload({
      ...target,
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
    // Finished: done or cancelled. Nothing to resume any more.
    sub.unsubscribe()
    window.removeEventListener('online', online)
    window.removeEventListener('offline', offline)
    stopReconnect()
    unregister()
    forgetUpload(target)
    if (s.matches('done')) {
      toast.success(`Disk ${target.name} created`, `${file.name} was uploaded.`)
      void invalidate([{ endpoint: 'diskList' }])
    } else if (s.context.error) {
      toast.error(`Upload of ${target.name} cancelled`, s.context.error)
    }
    notify()
  })
  uploads.set(target.project, upload)
  actor.start()
  notify()
  return upload
}

/** Forget a finished (or failed and left) upload so the form can start another. */
export function clearUpload(project: string) {
  const u = uploads.get(project)
  if (!u) return
  const s = u.actor.getSnapshot()
  if (s.status === 'active' && !s.matches('failed')) return
  if (s.status === 'active') u.actor.stop()
  uploads.delete(project)
  notify()
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => {
    listeners.delete(l)
  }
}

/** The current upload of a project, if any (re-renders when one starts, changes or ends). */
export function useProjectUpload(project: string): Upload | undefined {
  return useSyncExternalStore(subscribe, () => uploads.get(project))
}

/** What the form shows of an upload. */
export function useUploadView(actor: UploadActor) {
  return useSelector(
    actor,
    (s) => {
      const phase =
        s.status === 'done'
          ? s.matches('done')
            ? 'done'
            : 'cancelled'
          : String(typeof s.value === 'string' ? s.value : Object.keys(s.value)[0])
      return {
        phase: phase as
          | 'preparing'
          | 'creating'
          | 'checking'
          | 'starting'
          | 'uploading'
          | 'paused'
          | 'stopping'
          | 'finalizing'
          | 'failed'
          | 'cancelling'
          | 'cancelled'
          | 'done',
        error: s.context.error,
        ...uploadProgress(s.context),
      }
    },
    shallowEqual,
  )
}

function shallowEqual<T extends object>(a: T, b: T): boolean {
  const ka = Object.keys(a) as (keyof T)[]
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]))
}
