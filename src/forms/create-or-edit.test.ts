import { describe, expect, it } from 'vitest'
import { kinds, writing } from '../ui/kinds'
import { createOrEditTexts, editTitle, savedMessage } from './create-or-edit'

describe('create-or-edit texts', () => {
  it('names the form, its button and its toast from the kind, as each form spelled them', () => {
    expect(createOrEditTexts(kinds.ipPool, undefined)).toEqual({
      title: 'New IP pool',
      subtitle: undefined,
      submitLabel: 'Create IP pool',
    })
    expect(createOrEditTexts(kinds.floatingIp, { name: 'web' })).toEqual({
      title: 'Edit floating IP',
      subtitle: 'web',
      submitLabel: 'Update floating IP',
    })
    expect(editTitle(kinds.vpc)).toBe('Edit VPC')
    expect(savedMessage(kinds.vpc, 'main', false)).toBe('VPC main created')
    expect(savedMessage(kinds.floatingIp, 'web', true)).toBe('Floating IP web updated')
    expect(savedMessage(kinds.router, 'r1', true)).toBe('Router r1 updated')
  })

  it('lets the button name it shorter than the title', () => {
    expect(createOrEditTexts(kinds.antiAffinityGroup, undefined, 'group')).toEqual({
      title: 'New anti-affinity group',
      subtitle: undefined,
      submitLabel: 'Create group',
    })
    expect(createOrEditTexts(kinds.antiAffinityGroup, { name: 'spread' }, 'group').submitLabel).toBe(
      'Update group',
    )
  })

  it("names the write a role reason speaks of, with the kind's article", () => {
    expect(writing('creating', kinds.ipPool)).toBe('creating an IP pool')
    expect(writing('editing', kinds.vpc)).toBe('editing a VPC')
    expect(writing('editing', kinds.antiAffinityGroup)).toBe('editing an anti-affinity group')
    expect(writing('creating', kinds.project)).toBe('creating a project')
    expect(writing('editing', kinds.router)).toBe('editing a router')
  })
})
