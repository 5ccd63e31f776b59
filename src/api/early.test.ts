import { describe, expect, it, vi } from 'vitest'
import { createEarlyRequests } from './early'
import type { ApiResult } from './types'

const ok = (data: unknown): ApiResult<unknown> => ({ type: 'success', data, response: new Response(null) })

function deferred() {
  let resolve: (v: ApiResult<unknown>) => void = () => {}
  const promise = new Promise<ApiResult<unknown>>((r) => (resolve = r))
  return { promise, resolve }
}

function setup() {
  let scoped = false
  let clock = 0
  const answers: Array<ReturnType<typeof deferred>> = []
  const call = vi.fn((_name: string, _params: unknown, _opts: { signal?: AbortSignal }) => {
    const d = deferred()
    answers.push(d)
    return d.promise
  })
  const early = createEarlyRequests(call as never, {
    keyOf: (name, params) => `${name} ${JSON.stringify(params)}`,
    maxAgeMs: 2_000,
    scoped: () => scoped,
    now: () => clock,
  })
  return {
    early,
    call,
    answers,
    setScoped: (v: boolean) => {
      scoped = v
    },
    advance: (ms: number) => {
      clock += ms
    },
  }
}

const listParams = { query: { project: 'p', limit: 50 } }

describe('early requests of a cold start', () => {
  it('sends the route calls at once, side by side, before anyone asks for them', () => {
    const { early, call } = setup()
    early.start('currentUserView', {})
    early.start('projectView', { path: { project: 'p' } })
    early.start('instanceList', listParams)
    expect(call.mock.calls.map((c) => c[0])).toEqual(['currentUserView', 'projectView', 'instanceList'])
  })

  it("answers the cache's later request without a second call, until a scoped request takes it", async () => {
    const { early, call, answers, setScoped } = setup()
    early.start('instanceList', listParams)
    // Before /v1/me answers (no scope): served, and kept for the request made once scoped.
    const unscoped = early.fetcher('instanceList' as never, listParams as never, {})
    answers[0]?.resolve(ok({ items: [{ id: 'i1' }] }))
    expect(await unscoped).toMatchObject({ type: 'success', data: { items: [{ id: 'i1' }] } })
    setScoped(true)
    expect(await early.fetcher('instanceList' as never, listParams as never, {})).toMatchObject({
      type: 'success',
    })
    expect(call).toHaveBeenCalledTimes(1)
    // Taken: the next request is a real one.
    void early.fetcher('instanceList' as never, listParams as never, {})
    expect(call).toHaveBeenCalledTimes(2)
  })

  it('never hands out an answer older than the max age, nor a failure', async () => {
    const { early, call, answers, advance } = setup()
    early.start('projectView', { path: { project: 'p' } })
    answers[0]?.resolve(ok({ id: 'p' }))
    await Promise.resolve()
    advance(2_000)
    void early.fetcher('projectView' as never, { path: { project: 'p' } } as never, {})
    expect(call).toHaveBeenCalledTimes(2)

    early.start('currentUserView', {})
    answers[2]?.resolve({
      type: 'error',
      op: 'currentUserView',
      data: { statusCode: 500 } as never,
      response: new Response(null),
    })
    await new Promise((r) => setTimeout(r, 0))
    void early.fetcher('currentUserView' as never, {} as never, {})
    expect(call).toHaveBeenCalledTimes(4)
  })

  it("a caller's abort ends only its own wait; the shared request goes on for the next taker", async () => {
    const { early, call, answers, setScoped } = setup()
    early.start('instanceList', listParams)
    const ctl = new AbortController()
    const first = early.fetcher('instanceList' as never, listParams as never, { signal: ctl.signal })
    ctl.abort()
    await expect(first).rejects.toMatchObject({ name: 'AbortError' })
    setScoped(true)
    const second = early.fetcher('instanceList' as never, listParams as never, {})
    answers[0]?.resolve(ok({ items: [] }))
    expect(await second).toMatchObject({ type: 'success' })
    expect(call).toHaveBeenCalledTimes(1)
  })
})
