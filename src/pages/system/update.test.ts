import { describe, expect, it } from 'vitest'
import { componentCounts, progressText, targetRefusal } from './update'

describe('which release may become the target', () => {
  it('refuses the target itself and any older release, by version precedence', () => {
    expect(targetRefusal('16.0.0', '16.0.0')).toBe('16.0.0 is already the target release')
    expect(targetRefusal('15.1.0', '16.0.0')).toBe(
      '15.1.0 is older than the target release 16.0.0: the system cannot be downgraded',
    )
    // A pre-release comes before its release; 10 is newer than 9 (not string order).
    expect(targetRefusal('16.0.0-rc.1', '16.0.0')).toMatch(/older than the target release/)
    expect(targetRefusal('10.0.0', '9.0.0')).toBeNull()
    expect(targetRefusal('17.0.0', '16.0.0')).toBeNull()
    // Other build metadata is another release of equal precedence: the API takes it as a new target.
    expect(targetRefusal('1.0.0+b', '1.0.0+a')).toBeNull()
  })

  it('allows any release when no target was ever set, and none while the target is not known', () => {
    expect(targetRefusal('1.0.0', null)).toBeNull()
    expect(targetRefusal('17.0.0', undefined)).toBe('The current target release is not known yet')
  })
})

describe('components by release', () => {
  const counts = { unknown: 1, '9.0.0': 2, 'install dataset': 3, '10.0.0': 4, '16.0.0': 29, '11.0.0': 0 }

  it('lists the target first, then newer to older, then what is not a release, without empty ones', () => {
    const rows = componentCounts(counts, '9.0.0')
    expect(rows.map((r) => r.label)).toEqual([
      '9.0.0',
      '16.0.0',
      '10.0.0',
      'Initial install',
      'Not an uploaded release',
    ])
    expect(rows.filter((r) => r.isTarget).map((r) => r.version)).toEqual(['9.0.0'])
  })

  it('says how many run the target release', () => {
    expect(progressText(componentCounts(counts, '16.0.0'), '16.0.0')).toBe(
      '29 of 39 components run the target release.',
    )
    expect(progressText(componentCounts({ '16.0.0': 31 }, '16.0.0'), '16.0.0')).toBe(
      'All 31 components run the target release.',
    )
    expect(progressText(componentCounts({ 'install dataset': 1 }, null), null)).toBe(
      '1 component; no target release has been set.',
    )
  })
})
