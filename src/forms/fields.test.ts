import { describe, expect, it } from 'vitest'
import { optionsOf } from './fields'

describe('optionsOf', () => {
  it('labels each value by itself, capitalised, in the order given', () => {
    expect(optionsOf('allow', 'deny')).toEqual([
      { value: 'allow', label: 'Allow' },
      { value: 'deny', label: 'Deny' },
    ])
  })
})
