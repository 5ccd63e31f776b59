// `npm test`: every check in order (typecheck, lint, unit, e2e), each timed, then one summary line
// `test: N passed, N failed` counting unit and e2e tests (a failed static check counts as one failure).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'

type Step = {
  name: string
  cmd: string
  env?: Record<string, string>
  count?: () => { passed: number; failed: number }
}

// Absolute paths: playwright resolves reporter output against its config's folder (tests/).
const out = resolve('test-results')
mkdirSync(out, { recursive: true })
const vitestJson = `${out}/vitest.json`
const pwJson = `${out}/playwright.json`
for (const f of [vitestJson, pwJson]) rmSync(f, { force: true })

const readJson = <T>(path: string): T | undefined =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined

const steps: Step[] = [
  { name: 'typecheck', cmd: 'npm run -s typecheck' },
  { name: 'lint', cmd: 'npm run -s lint' },
  {
    name: 'unit',
    cmd: `npx vitest run --reporter=default --reporter=json --outputFile.json=${vitestJson}`,
    count: () => {
      const r = readJson<{ numPassedTests: number; numFailedTests: number }>(vitestJson)
      return { passed: r?.numPassedTests ?? 0, failed: r?.numFailedTests ?? 1 }
    },
  },
  {
    name: 'e2e',
    cmd: 'npx playwright test -c tests/playwright.config.ts',
    env: { PW_JSON: pwJson },
    count: () => {
      const r = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(pwJson)
      return { passed: (r?.stats.expected ?? 0) + (r?.stats.flaky ?? 0), failed: r?.stats.unexpected ?? 1 }
    },
  },
]

let passed = 0
let failed = 0
const lines: string[] = []
const only = process.argv.slice(2)
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue
  const started = Date.now()
  console.log(`\n=== ${step.name}: ${step.cmd}`)
  const r = spawnSync(step.cmd, { shell: true, stdio: 'inherit', env: { ...process.env, ...step.env } })
  const ok = r.status === 0
  const secs = ((Date.now() - started) / 1000).toFixed(1)
  if (step.count) {
    const c = step.count()
    passed += c.passed
    failed += ok ? c.failed : Math.max(1, c.failed)
    lines.push(`${step.name}: ${ok ? 'ok' : 'FAILED'} (${c.passed} passed, ${c.failed} failed, ${secs} s)`)
  } else {
    if (!ok) failed += 1
    lines.push(`${step.name}: ${ok ? 'ok' : 'FAILED'} (${secs} s)`)
  }
}
console.log(`\n${lines.join('\n')}`)
console.log(`test: ${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
