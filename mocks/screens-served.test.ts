// "The mock serves every operation these screens call" (issues 12-16): every operation name the
// console's code names (as a quoted string: useList('vpcList', ...), mutate('vpcCreate', ...), a
// route's prefetch) has a handler in the mock, so no screen meets an unserved call in mock mode.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { operations } from '../src/api/__generated__/operations'
import { registry } from './handlers'

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name)
    if (e.isDirectory()) return e.name === '__generated__' ? [] : sources(p)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : []
  })
}

const root = join(import.meta.dirname, '..')
const files = [...sources(join(root, 'src')), ...sources(join(root, 'storage'))]
const named = new Set<string>()
for (const f of files) {
  for (const m of readFileSync(f, 'utf8').matchAll(/['"]([a-z][A-Za-z]+)['"]/g)) {
    const name = m[1] as string
    if (Object.hasOwn(operations, name)) named.add(name)
  }
}

describe('the mock serves what the screens call', () => {
  it("finds the screens' operations (the scan works)", () => {
    for (const op of ['instanceList', 'vpcFirewallRulesUpdate', 'systemPolicyView', 'timeseriesQuery']) {
      expect(named.has(op), op).toBe(true)
    }
  })

  it('has a handler for every operation the console names', () => {
    const served = new Set<string>(registry.keys())
    const unserved = [...named].filter((op) => !served.has(op)).sort()
    expect(unserved).toEqual([])
  })
})
