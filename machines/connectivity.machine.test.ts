import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { type ConnectivityEvent, connectivityMachine, probeDelay } from './connectivity.machine'

const t0 = new Date('2026-01-01T00:00:00Z')
const events: ConnectivityEvent[] = [
  { type: 'ONLINE' },
  { type: 'OFFLINE' },
  { type: 'NETWORK_FAILED' },
  { type: 'REQUEST_SUCCEEDED' },
]

describe('connectivity machine: every state and event, walked by shortest paths', () => {
  for (const online of [true, false]) {
    const input = { online, now: () => t0 }
    const paths = getShortestPaths(connectivityMachine, { events, input })

    it(`reaches online and offline from a browser that starts ${online ? 'online' : 'offline'}`, () => {
      const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
      expect(reached).toContain('"online"')
      expect(reached).toContain('{"offline":"waiting"}')
    })

    for (const path of paths) {
      it(`${online ? 'online' : 'offline'} start: ${path.steps.map((s) => s.event.type).join(' > ') || '(initial)'}`, () => {
        const actor = createActor(connectivityMachine, { input }).start()
        for (const step of path.steps) actor.send(step.event)
        expect(actor.getSnapshot().value).toEqual(path.state.value)
        actor.stop()
      })
    }
  }
})

describe('connectivity machine: rules', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('a network failure means offline even when the browser says online; any response means online', () => {
    let clock = t0.getTime()
    const actor = createActor(connectivityMachine, {
      input: { online: true, now: () => new Date(clock) },
    }).start()
    expect(actor.getSnapshot().matches('online')).toBe(true)
    clock += 1000
    actor.send({ type: 'NETWORK_FAILED' })
    expect(actor.getSnapshot().matches('offline')).toBe(true)
    expect(actor.getSnapshot().context.since.getTime()).toBe(clock)
    actor.send({ type: 'NETWORK_FAILED' })
    expect(actor.getSnapshot().context.since.getTime()).toBe(clock)
    clock += 1000
    actor.send({ type: 'REQUEST_SUCCEEDED' })
    expect(actor.getSnapshot().matches('online')).toBe(true)
    expect(actor.getSnapshot().context.since.getTime()).toBe(clock)
    actor.stop()
  })

  it('window events switch state both ways', () => {
    const actor = createActor(connectivityMachine, { input: { online: false } }).start()
    expect(actor.getSnapshot().matches('offline')).toBe(true)
    actor.send({ type: 'ONLINE' })
    expect(actor.getSnapshot().matches('online')).toBe(true)
    actor.send({ type: 'OFFLINE' })
    expect(actor.getSnapshot().matches('offline')).toBe(true)
    actor.stop()
  })

  it('probes with backoff while the browser claims online, and goes online when a probe answers', async () => {
    let answer = false
    const probe = vi.fn(async () => {
      if (!answer) throw new Error('down')
    })
    const machine = connectivityMachine.provide({ actors: { probe: fromPromise<void>(probe) } })
    const actor = createActor(machine, { input: { online: true } }).start()
    actor.send({ type: 'NETWORK_FAILED' })
    await vi.advanceTimersByTimeAsync(probeDelay(0) - 1)
    expect(probe).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(probe).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.attempts).toBe(1)
    await vi.advanceTimersByTimeAsync(probeDelay(1))
    expect(probe).toHaveBeenCalledTimes(2)
    answer = true
    await vi.advanceTimersByTimeAsync(probeDelay(2))
    expect(probe).toHaveBeenCalledTimes(3)
    expect(actor.getSnapshot().matches('online')).toBe(true)
    expect(actor.getSnapshot().context.attempts).toBe(0)
    actor.stop()
  })

  it('does not probe while the browser says offline', async () => {
    const probe = vi.fn(async () => undefined)
    const machine = connectivityMachine.provide({ actors: { probe: fromPromise<void>(probe) } })
    const actor = createActor(machine, { input: { online: true } }).start()
    actor.send({ type: 'OFFLINE' })
    await vi.advanceTimersByTimeAsync(120_000)
    expect(probe).not.toHaveBeenCalled()
    expect(actor.getSnapshot().matches('offline')).toBe(true)
    actor.stop()
  })

  it('caps the backoff at 30 s', () => {
    expect(probeDelay(0)).toBe(2_000)
    expect(probeDelay(3)).toBe(16_000)
    expect(probeDelay(10)).toBe(30_000)
  })
})
