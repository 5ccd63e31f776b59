import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { deviceLoginMachine } from './device-login.machine'
import { instanceMachine } from './instance.machine'
import { clearLiveActors, listLiveActors, registerActor, subscribeLiveActors } from './live-actors'
import { makeInstance } from './testing/fixtures'

afterEach(() => clearLiveActors())

describe('live actors registry', () => {
  it('lists registered actors with their state and context, and drops them when they stop', () => {
    const a = createActor(instanceMachine, { input: { instance: makeInstance('running') } }).start()
    const b = createActor(deviceLoginMachine).start()
    const listener = vi.fn()
    const off = subscribeLiveActors(listener)
    registerActor('instance db1', a)
    registerActor('device login', b)
    expect(listLiveActors().map((x) => x.name)).toEqual(['instance db1', 'device login'])
    const first = listLiveActors()[0]!
    expect(first.value).toEqual({ run: 'running', activity: 'idle' })
    expect((first.context as { runState: string }).runState).toBe('running')
    expect(listener).toHaveBeenCalled()

    b.send({ type: 'INPUT', index: 0, value: 'q' })
    expect((listLiveActors()[1]!.context as { boxes: string[] }).boxes[0]).toBe('Q')

    a.stop()
    expect(listLiveActors().map((x) => x.name)).toEqual(['device login'])
    off()
  })

  it('unregisters on demand', () => {
    const a = createActor(deviceLoginMachine).start()
    const unregister = registerActor('x', a)
    expect(listLiveActors()).toHaveLength(1)
    unregister()
    expect(listLiveActors()).toHaveLength(0)
    a.stop()
  })
})
