import { describe, expect, it, vi } from 'vitest'
import { instanceActionRefusal } from '../../../machines/instance.machine'
import { makeInstance } from '../../../machines/testing/fixtures'
import { memberChoices } from './affinity-actions'

vi.mock('../../../storage', () => ({}))

const inst = (name: string, state: Parameters<typeof makeInstance>[0], n: number) =>
  makeInstance(state, { name, id: `00000000-0000-4000-8000-00000000000${n}` })

describe('memberChoices', () => {
  const stopped = inst('stopped-one', 'stopped', 1)
  const running = inst('running-one', 'running', 2)
  const member = inst('member-one', 'stopped', 3)
  const failed = inst('failed-one', 'failed', 4)

  it('offers the stopped non-members first and keeps the others disabled with their state', () => {
    const c = memberChoices([running, stopped, member, failed], [{ id: member.id }])
    expect(c.options).toEqual([
      { value: stopped.id, label: 'stopped-one' },
      { value: running.id, label: 'running-one (running)', disabled: true },
      { value: failed.id, label: 'failed-one (failed)', disabled: true },
    ])
    expect(c.eligible).toBe(1)
    // The instance machine's own words, not a copy of them.
    expect(c.refusal).toBe(instanceActionRefusal.ADD_TO_AFFINITY_GROUP)
  })

  it('leaves members out altogether and has no refusal when every candidate may join', () => {
    const c = memberChoices([stopped, member], [{ id: member.id }])
    expect(c.options.map((o) => o.label)).toEqual(['stopped-one'])
    expect(c.refusal).toBeNull()
  })

  it('has nothing eligible when every non-member is refused', () => {
    const c = memberChoices([running, member], [{ id: member.id }])
    expect(c.eligible).toBe(0)
    expect(c.refusal).toBe(instanceActionRefusal.ADD_TO_AFFINITY_GROUP)
  })
})
