import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
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
import { beginAction } from '../hooks/live-actions'
import { runAction } from '../hooks/run-action'
import { performInstanceAction } from '../hooks/use-instance-actor'
import { diskRowRefusal, instanceRowRefusal } from './row-state'

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

  it('reads busy from the moment an action is chosen, before the machine code has loaded', () => {
    const disk = makeDisk('detached')
    const handle = beginAction(disk.id)
    expect(diskRowRefusal(disk, 'DELETE')).toBe('Another action on this disk is in progress')
    handle.end()
    expect(diskRowRefusal(disk, 'DELETE')).toBeNull()
  })

  it('an action chosen on a row is busy at once, and a refused one frees the row again', async () => {
    const instance = makeInstance('stopped')
    const refused = performInstanceAction(instance, 'STOP')
    expect(instanceRowRefusal(instance, 'START')).toBe(INSTANCE_BUSY_REASON)
    await expect(refused).rejects.toThrow(instanceActionRefusal.STOP)
    expect(instanceRowRefusal(instance, 'START')).toBeNull()
  })
})

// Issue 11: a list paints without xstate or a machine module. Follows the static imports (the ones a
// bundler puts in the same load; `import type` and `import()` excluded) from what a list row uses.
describe('what a list row imports', () => {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
  const importRe = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/gm

  function resolveFile(from: string, spec: string): string | null {
    const base = resolve(dirname(from), spec)
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}/index.ts`]) {
      if (existsSync(candidate) && !candidate.endsWith('/') && /\.[cm]?[jt]sx?$/.test(candidate)) {
        return candidate
      }
    }
    return null
  }

  function staticImports(entry: string): Set<string> {
    const seen = new Set<string>()
    const reached = new Set<string>()
    const walk = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      reached.add(file.slice(root.length + 1))
      for (const [, typeOnly, spec] of readFileSync(file, 'utf8').matchAll(importRe)) {
        if (typeOnly || !spec) continue
        if (!spec.startsWith('.')) {
          reached.add(spec)
          continue
        }
        const next = resolveFile(file, spec)
        if (next) walk(next)
      }
    }
    walk(resolve(root, entry))
    return reached
  }

  it.each([
    'src/ui/row-state.ts',
    'src/ui/StateBadge.tsx',
    'src/components/RowMenu.tsx',
    'src/hooks/use-instance-actor.ts',
    'src/hooks/use-disk-actor.ts',
    'storage/connectivity.ts',
  ])('%s reaches neither xstate nor a machine', (entry) => {
    const reached = [...staticImports(entry)]
    expect(reached.filter((m) => /^(xstate|@xstate\/)|\.machine\.ts$/.test(m))).toEqual([])
  })

  it('the walk does see a machine where there is one', () => {
    expect([...staticImports('src/hooks/instance-actor.ts')]).toEqual(
      expect.arrayContaining(['xstate', 'machines/instance.machine.ts']),
    )
  })
})
