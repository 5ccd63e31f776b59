// Worker: the SHA-256 of a File, so hashing a disk image of several GiB never blocks the page. It
// reads the file in slices itself (a File crosses postMessage as a handle, not as its bytes) and
// reports progress after each slice.
import { sha256OfBlob } from '../util/sha256'
import type { HashReply, HashRequest } from './file-hash'

// The project's tsconfig has the DOM lib, not WebWorker: only the two members used here are typed.
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<HashRequest>) => void) | null
  postMessage: (message: HashReply) => void
}

scope.onmessage = (e) => {
  const { file, sliceSize } = e.data
  sha256OfBlob(file, {
    ...(sliceSize ? { sliceSize } : {}),
    onProgress: (bytesDone, bytesTotal) => scope.postMessage({ type: 'progress', bytesDone, bytesTotal }),
  }).then(
    (sha256) => scope.postMessage({ type: 'done', sha256 }),
    (error: unknown) =>
      scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  )
}
