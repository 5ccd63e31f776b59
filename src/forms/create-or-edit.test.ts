import { describe, expect, it } from 'vitest'
import { createOrEditTexts, savedMessage } from './create-or-edit'

describe('create-or-edit texts', () => {
  it('names the form, its button and its toast from the noun, as each form spelled them', () => {
    expect(createOrEditTexts('IP pool', undefined)).toEqual({
      title: 'New IP pool',
      subtitle: undefined,
      submitLabel: 'Create IP pool',
    })
    expect(createOrEditTexts('floating IP', { name: 'web' })).toEqual({
      title: 'Edit floating IP',
      subtitle: 'web',
      submitLabel: 'Update floating IP',
    })
    expect(savedMessage('VPC', 'main', false)).toBe('VPC main created')
    expect(savedMessage('floating IP', 'web', true)).toBe('Floating IP web updated')
    expect(savedMessage('router', 'r1', true)).toBe('Router r1 updated')
  })
})
