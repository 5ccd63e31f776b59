// The page's side of the file-hash worker: hash a File off the main thread with progress. Where no
// worker can run (no Worker constructor, or the worker script failed to load) the same function runs
// on the main thread, slice by slice, so the page still gets an answer.
import { type HashOptions, sha256OfBlob } from '../util/sha256'

export type HashRequest = { file: Blob; sliceSize?: number }
export type HashReply =
  | { type: 'progress'; bytesDone: number; bytesTotal: number }
  | { type: 'done'; sha256: string }
  | { type: 'error'; message: string }

export type FileHashJob = {
  /** Lowercase hex SHA-256 of the whole file. */
  promise: Promise<string>
  /** Stops the hashing; the promise then rejects. */
  cancel: () => void
}

function onMainThread(file: Blob, onProgress: HashOptions['onProgress'], signal: { aborted: boolean }) {
  return sha256OfBlob(file, { ...(onProgress ? { onProgress } : {}), signal })
}

export function hashFile(
  file: Blob,
  onProgress?: (bytesDone: number, bytesTotal: number) => void,
): FileHashJob {
  const signal = { aborted: false }
  let worker: Worker | null = null
  let reject: (reason: unknown) => void = () => {}
  const promise = new Promise<string>((resolve, rejectPromise) => {
    reject = rejectPromise
    const fallback = () => {
      worker?.terminate()
      worker = null
      onMainThread(file, onProgress, signal).then(resolve, rejectPromise)
    }
    if (typeof Worker === 'undefined') {
      fallback()
      return
    }
    try {
      worker = new Worker(new URL('./file-hash.worker.ts', import.meta.url), { type: 'module' })
    } catch {
      fallback()
      return
    }
    worker.onmessage = (e: MessageEvent<HashReply>) => {
      const reply = e.data
      if (reply.type === 'progress') onProgress?.(reply.bytesDone, reply.bytesTotal)
      else {
        worker?.terminate()
        worker = null
        if (reply.type === 'done') resolve(reply.sha256)
        else rejectPromise(new Error(reply.message))
      }
    }
    // The script did not load or threw before answering: hash here instead.
    worker.onerror = (e) => {
      e.preventDefault()
      fallback()
    }
    worker.postMessage({ file } satisfies HashRequest)
  })
  return {
    promise,
    cancel: () => {
      signal.aborted = true
      worker?.terminate()
      worker = null
      reject(new Error('Hashing was cancelled'))
    },
  }
}
