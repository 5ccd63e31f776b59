import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { S } from '../src/strings'
import { type ConfirmCodeInput, type DeviceLoginEvent, deviceLoginMachine } from './device-login.machine'
import { allStateNodes, allTransitions, walkMachine } from './testing/graph-coverage'

function withConfirm(impl: (code: string) => Promise<unknown>) {
  const sent: string[] = []
  const machine = deviceLoginMachine.provide({
    actors: {
      confirmCode: fromPromise<unknown, ConfirmCodeInput>(({ input }) => {
        sent.push(input.userCode)
        return impl(input.userCode)
      }),
    },
  })
  return { machine, sent }
}

describe('device login machine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('enables submit only with all eight letters, sends ABCD-EFGH, ends in success', async () => {
    let resolve: (v: unknown) => void = () => {}
    const { machine, sent } = withConfirm(() => new Promise((r) => (resolve = r)))
    const actor = createActor(machine).start()
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false)
    'abcdefg'.split('').forEach((ch, i) => {
      actor.send({ type: 'INPUT', index: i, value: ch })
    })
    expect(actor.getSnapshot().context.focus).toBe(7)
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false)
    actor.send({ type: 'INPUT', index: 7, value: 'h' })
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true)
    actor.send({ type: 'SUBMIT' })
    expect(sent).toEqual(['ABCD-EFGH'])
    // pending: the button is disabled and edits are ignored
    expect(actor.getSnapshot().matches('submitting')).toBe(true)
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false)
    actor.send({ type: 'BACKSPACE', index: 7 })
    expect(actor.getSnapshot().context.boxes.join('')).toBe('ABCDEFGH')
    resolve({})
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('success')
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false)
  })

  it('failure shows "Code is invalid" and leaves the boxes editable', async () => {
    const { machine, sent } = withConfirm(async () => {
      throw new Error('400')
    })
    const actor = createActor(machine).start()
    actor.send({ type: 'PASTE', index: 0, text: 'wxyz-abcd' })
    actor.send({ type: 'SUBMIT' })
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toEqual(['WXYZ-ABCD'])
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.error).toBe(S.deviceCodeInvalid)
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true)
    actor.send({ type: 'BACKSPACE', index: 7 })
    expect(actor.getSnapshot().context.boxes.join('')).toBe('WXYZABC')
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false)
  })

  it('ignores out-of-range indexes', () => {
    const actor = createActor(deviceLoginMachine).start()
    actor.send({ type: 'INPUT', index: 8, value: 'a' })
    actor.send({ type: 'FOCUS', index: -1 })
    expect(actor.getSnapshot().context).toEqual({ boxes: Array(8).fill(''), focus: 0, error: null })
  })

  it('property: submit is possible exactly when every box holds a letter', () => {
    const ev: fc.Arbitrary<DeviceLoginEvent> = fc.oneof(
      fc.record({
        type: fc.constant('INPUT' as const),
        index: fc.nat(7),
        value: fc.string({ maxLength: 3 }),
      }),
      fc.record({
        type: fc.constant('PASTE' as const),
        index: fc.nat(7),
        text: fc.string({ maxLength: 12 }),
      }),
      fc.record({ type: fc.constant('BACKSPACE' as const), index: fc.nat(7) }),
    )
    fc.assert(
      fc.property(fc.array(ev, { maxLength: 30 }), (events) => {
        const actor = createActor(deviceLoginMachine).start()
        for (const e of events) actor.send(e)
        const { boxes } = actor.getSnapshot().context
        expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(boxes.every((b) => /^[A-Z]$/.test(b)))
        actor.stop()
      }),
    )
  })
})

describe('device login machine graph', () => {
  it('walks every state and transition', () => {
    const full = 'ABCDEFGH'
    const result = walkMachine(deviceLoginMachine, {
      events: () => [
        { type: 'PASTE', index: 0, text: full },
        { type: 'INPUT', index: 0, value: 'a' },
        { type: 'BACKSPACE', index: 0 },
        { type: 'FOCUS', index: 3 },
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.confirmCode', output: {} } as unknown as DeviceLoginEvent,
        { type: 'xstate.error.actor.confirmCode', error: new Error('x') } as unknown as DeviceLoginEvent,
      ],
      // Boxes decide the SUBMIT guard, so they are part of the walked state.
      serializeState: (s) => JSON.stringify([s.value, s.context.boxes]),
    })
    expect(result.missingNodes).toEqual([])
    expect(result.missingTransitions).toEqual([])
    expect(result.visitedNodes.size).toBe(allStateNodes(deviceLoginMachine).length)
    expect(result.takenTransitions.size).toBe(allTransitions(deviceLoginMachine).length)
  })
})
