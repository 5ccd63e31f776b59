// Early requests of a cold start. When the signed-in user is not known yet (a first visit, a new
// browser session), the layout waits for /v1/me before the page reads its data, so that the data goes
// into that user's cache scope. Waiting for the answer before asking for the page's data would make
// the calls a chain (/v1/me, then the project and the list); instead the route, once matched, asks for
// everything at once, and the cache's own requests, made later, take these answers.
import type { ApiParams, ApiResult, OperationName } from './types'

type Call = <N extends OperationName>(
  name: N,
  params: ApiParams<N>,
  opts: { signal?: AbortSignal },
) => Promise<ApiResult<unknown>>

type Early = { promise: Promise<ApiResult<unknown>>; settledAt: number | undefined }

export type EarlyRequestsOptions = {
  /** The same identity the cache gives a request (canonical JSON of name and params). */
  keyOf: (name: OperationName, params: unknown) => string
  /** An answer older than this is not handed out (the cache would find it stale anyway). */
  maxAgeMs: number
  /** True once the cache has a scope: the request made then keeps the answer, so it is handed over. */
  scoped: () => boolean
  now?: () => number
}

function abortError(): Error {
  return typeof DOMException === 'function'
    ? new DOMException('The operation was aborted.', 'AbortError')
    : Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' })
}

/** The caller stops waiting on its abort; the shared request goes on for the next taker. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(abortError())
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort)
        resolve(v)
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(e)
      },
    )
  })
}

export function createEarlyRequests(call: Call, options: EarlyRequestsOptions) {
  const now = options.now ?? (() => Date.now())
  const pending = new Map<string, Early>()

  /** Sends a GET now, unless the same one is already out. */
  function start(name: OperationName, params: unknown): void {
    const key = options.keyOf(name, params)
    const existing = pending.get(key)
    if (existing && (existing.settledAt === undefined || now() - existing.settledAt < options.maxAgeMs))
      return
    const early: Early = { promise: call(name, params as never, {}), settledAt: undefined }
    pending.set(key, early)
    early.promise.then(
      (result) => {
        early.settledAt = now()
        // Only an answer is worth handing over: after a failure the cache asks again itself.
        if (result.type !== 'success' && pending.get(key) === early) pending.delete(key)
      },
      () => {
        if (pending.get(key) === early) pending.delete(key)
      },
    )
  }

  /**
   * The cache's fetcher: an early request for the same call answers it (until a scoped request has
   * taken it: that one writes it to the cache); anything else goes to the API.
   */
  const fetcher: Call = (name, params, opts) => {
    const key = options.keyOf(name, params)
    const early = pending.get(key)
    if (!early || (early.settledAt !== undefined && now() - early.settledAt >= options.maxAgeMs)) {
      if (early) pending.delete(key)
      return call(name, params, opts)
    }
    if (options.scoped()) pending.delete(key)
    return untilAborted(early.promise, opts.signal)
  }

  return { start, fetcher, size: () => pending.size }
}
