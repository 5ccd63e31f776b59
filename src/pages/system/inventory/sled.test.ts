import { describe, expect, it } from 'vitest'
import {
  EXPUNGED_SLED_REASON,
  formFactorLabel,
  policyBadge,
  provisionPolicyLabel,
  provisionPolicyOf,
  provisionPolicyRefusal,
  shortId,
  sledViewParams,
  stateBadge,
  unchangedPolicyReason,
} from './sled'

const inService = (provisionPolicy: 'provisionable' | 'non_provisionable') => ({
  policy: { kind: 'in_service' as const, provisionPolicy },
})
const expunged = { policy: { kind: 'expunged' as const } }

describe('a sled provision policy', () => {
  it('is read from an in-service sled, and an expunged sled has none', () => {
    expect(provisionPolicyOf(inService('non_provisionable'))).toBe('non_provisionable')
    expect(provisionPolicyOf(expunged)).toBeNull()
    expect(provisionPolicyLabel(inService('provisionable'))).toBe('Provisionable')
    expect(provisionPolicyLabel(inService('non_provisionable'))).toBe('Non-provisionable')
    expect(provisionPolicyLabel(expunged)).toBe('—')
  })

  it('may change on an in-service sled, never on an expunged one', () => {
    expect(provisionPolicyRefusal(inService('provisionable'))).toBeNull()
    expect(provisionPolicyRefusal(inService('non_provisionable'))).toBeNull()
    expect(provisionPolicyRefusal(expunged)).toBe(EXPUNGED_SLED_REASON)
  })

  it('saving the policy the sled already has is no change, and says so', () => {
    expect(unchangedPolicyReason(inService('provisionable'), 'provisionable')).toBe(
      'The sled is already provisionable',
    )
    expect(unchangedPolicyReason(inService('provisionable'), 'non_provisionable')).toBeNull()
    expect(unchangedPolicyReason(inService('non_provisionable'), 'non_provisionable')).toBe(
      'The sled is already non-provisionable',
    )
  })
})

describe('inventory labels', () => {
  it('policies and states read as an operator says them, with their colours', () => {
    expect(policyBadge({ kind: 'in_service' })).toEqual({ label: 'In service', color: 'green' })
    expect(policyBadge({ kind: 'expunged' })).toEqual({ label: 'Expunged', color: 'red' })
    expect(stateBadge('active')).toEqual({ label: 'active', color: 'green' })
    expect(stateBadge('decommissioned')).toEqual({ label: 'decommissioned', color: 'neutral' })
    expect(formFactorLabel('u2')).toBe('U.2')
    expect(formFactorLabel('m2')).toBe('M.2')
  })

  it('a short ID is the first group of the UUID', () => {
    expect(shortId('7d3b5b2c-0d2e-4c1a-9f3b-1a2b3c4d5e6f')).toBe('7d3b5b2c')
    expect(shortId('not-a-uuid')).toBe('not')
    expect(sledViewParams('abc')).toEqual({ path: { sledId: 'abc' } })
  })
})
