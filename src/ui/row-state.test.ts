import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { DISK_ACTIONS, DISK_STATES, diskMachine } from '../../machines/disk.machine'
import {
  INSTANCE_ACTIONS,
  INSTANCE_BUSY_REASON,
  INSTANCE_STATES,
  type InstanceActionInput,
  instanceActionRefusal,
  instanceMachine,
} from '../../machines/instance.machine'
import { makeDisk, makeInstance } from '../../machines/testing/fixtures'
import type { Instance } from '../api/types'
import { runAction } from '../hooks/live-actions'
import { diskRowRefusal, instanceRowRefusal, instanceRowSnapshot } from './row-state'

vi.mock('../../storage', () => ({}))

afterEach(() => vi.useRealTimers())

describe('row state without a running actor', () => {
  it('answers every instance state × action as a running instance actor does', () => {
    for (const state of INSTANCE_STATES) {
      const instance = makeInstance(state)
      const actor = createActor(instanceMachine, { input: { instance } }).start()
      for (const action of INSTANCE_ACTIONS) {
        const live = actor.getSnapshot().can({ type: action } as never)
        expect(instanceRowRefusal(instance, action) === null, `${action} in ${state}`).toBe(live)
        if (!live) expect(instanceRowRefusal(instance, action)).toBe(instanceActionRefusal[action])
      }
      actor.stop()
    }
  })

  it('answers every disk state × action as a running disk actor does', () => {
    for (const state of DISK_STATES) {
      const disk = makeDisk(state)
      const actor = createActor(diskMachine, { input: { disk } }).start()
      for (const action of DISK_ACTIONS) {
        const live = actor.getSnapshot().can({ type: action } as never)
        expect(diskRowRefusal(disk, action) === null, `${action} in ${state}`).toBe(live)
      }
      actor.stop()
    }
  })

  it('resolves one snapshot per state, shared by every row in it', () => {
    expect(instanceRowSnapshot('running')).toBe(instanceRowSnapshot('running'))
  })

  it('while an action runs on an instance, its actor answers (busy), and the row falls back after', async () => {
    const instance = makeInstance('running')
    let finish: (i: Instance) => void = () => {}
    const machine = instanceMachine.provide({
      actors: {
        stopInstance: fromPromise<Instance | undefined, InstanceActionInput>(
          () => new Promise<Instance>((resolve) => (finish = resolve)),
        ),
      },
    })
    const done = runAction(
      instance.id,
      'test',
      createActor(machine, { input: { instance } }),
      { type: 'STOP' },
      () => null,
    )
    expect(instanceRowRefusal(instance, 'STOP')).toBe(INSTANCE_BUSY_REASON)
    expect(instanceRowRefusal(instance, 'REBOOT')).toBe(INSTANCE_BUSY_REASON)
    finish(makeInstance('stopping'))
    await done
    expect(instanceRowRefusal(instance, 'REBOOT')).toBeNull()
  })

  it('refuses an action the machine does not allow, without sending it', async () => {
    const instance = makeInstance('stopped')
    const actor = createActor(instanceMachine, { input: { instance } })
    await expect(
      runAction(instance.id, 'test', actor, { type: 'STOP' }, () => instanceActionRefusal.STOP),
    ).rejects.toThrow(instanceActionRefusal.STOP)
    expect(actor.getSnapshot().status).toBe('stopped')
  })
})
