import { describe, expect, it } from 'vitest'
import { compareVersions } from './semver'

const sign = (n: number) => Math.sign(n)

/** Each pair in precedence order: the first is lower, whichever way round it is asked. */
function expectOrdered(pairs: readonly (readonly [string, string])[]) {
  for (const [lower, higher] of pairs) {
    expect(sign(compareVersions(lower, higher)), `${lower} < ${higher}`).toBe(-1)
    expect(sign(compareVersions(higher, lower)), `${higher} > ${lower}`).toBe(1)
  }
}

describe('compareVersions', () => {
  it('orders the semver.org precedence example', () => {
    const chain = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
    ]
    for (let i = 0; i < chain.length; i++) {
      for (let j = 0; j < chain.length; j++) {
        const a = chain[i] as string
        const b = chain[j] as string
        expect(sign(compareVersions(a, b)), `${a} vs ${b}`).toBe(sign(i - j))
      }
    }
    expect([...chain].reverse().sort(compareVersions)).toEqual(chain)
  })

  it('compares major, minor and patch numerically, not as strings', () => {
    expectOrdered([
      ['9.0.0', '10.0.0'],
      ['1.9.0', '1.10.0'],
      ['1.0.9', '1.0.10'],
      ['1.99.99', '2.0.0'],
      ['16.0.0', '17.0.0'],
      ['15.1.0', '16.0.0'],
    ])
  })

  it('treats equal versions as equal and ignores build metadata', () => {
    for (const [a, b] of [
      ['1.2.3', '1.2.3'],
      ['1.0.0+build.1', '1.0.0+build.2'],
      ['1.0.0-rc.1+x', '1.0.0-rc.1'],
    ]) {
      expect(compareVersions(a as string, b as string), `${a} = ${b}`).toBe(0)
    }
    expectOrdered([['1.0.0-beta', '1.0.0+20130313144700']])
  })

  it('puts a pre-release below its release and above the previous release', () => {
    expectOrdered([
      ['1.0.0-rc.1', '1.0.0'],
      ['0.9.9', '1.0.0-rc.1'],
    ])
  })

  it('compares numeric pre-release identifiers numerically and below alphanumeric ones', () => {
    expectOrdered([
      ['1.0.0-2', '1.0.0-10'],
      ['1.0.0-999', '1.0.0-a'],
      ['1.0.0-alpha.9', '1.0.0-alpha.beta'],
      // Alphanumeric identifiers in ASCII order: upper case before lower case.
      ['1.0.0-Beta', '1.0.0-alpha'],
    ])
  })

  it('handles numbers beyond the safe integer range', () => {
    expectOrdered([
      ['1.0.0-18446744073709551615', '1.0.0-18446744073709551616'],
      ['9007199254740992.0.0', '9007199254740993.0.0'],
    ])
  })

  it('orders text that is not a version after every version, consistently', () => {
    expectOrdered([
      ['1.0.0', 'not-a-version'],
      ['abc', 'abd'],
    ])
  })
})
