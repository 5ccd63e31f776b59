import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirect'

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeRedirect('/projects/mock-project/instances?page=abc')).toBe(
      '/projects/mock-project/instances?page=abc',
    )
  })
  it('ignores absolute, protocol-relative and backslash URLs', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
    ]) {
      expect(safeRedirect(bad)).toBe('/projects')
    }
  })
  it('defaults to /projects when missing, and never returns to /login', () => {
    expect(safeRedirect(null)).toBe('/projects')
    expect(safeRedirect('/login/default-silo/local')).toBe('/projects')
  })
  it('property: the result is always a single-slash path', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = safeRedirect(s)
        expect(r.startsWith('/')).toBe(true)
        expect(r.startsWith('//')).toBe(false)
      }),
    )
  })
})
