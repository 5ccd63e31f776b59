// The contract test: the server runs in-process; for every operation the mock implements, one real
// HTTP request (signed in as fleet-admin) must succeed with the contract's success status, and its
// body must validate against the operation's response schema in nexus.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../src/api/__generated__/operations'
import { Api, type CaseTable } from './contract/api'
import { coreCases } from './contract/core.cases'
import { extraContractCases } from './contract-cases-extra'
import { resetDb } from './db'
import { registry } from './handlers'
import { configureMock } from './lib/config'
import { responseSchema, successStatus, validatorFor } from './lib/spec'
import { startServer } from './server'

// Core cases (identity, projects, compute, storage) and the networking and system cases.
const cases: CaseTable = { ...coreCases, ...extraContractCases }
const implemented = [...registry.keys()]
const total = Object.keys(operations).length

let server: Awaited<ReturnType<typeof startServer>>
let api: Api
const violations: string[] = []

beforeAll(async () => {
  configureMock({ delay: [0, 0], chaos: 0, timeScale: 0.01 })
  resetDb()
  // Sockets kept open longer than the test: on a busy machine the client (undici) can reuse one the
  // server's 5 s keep-alive has just closed, and a case fails with ECONNRESET (seen in CI).
  server = await startServer({ port: 0, build: false, keepAliveTimeoutMs: 300_000 })
  api = new Api(server.url)
  await api.login('fleet-admin')
})

afterAll(async () => {
  await server?.close()
  console.log(`mock implements ${implemented.length} of ${total} operations`)
})

describe('contract', () => {
  it('has a case for every implemented operation', () => {
    const missing = implemented.filter((name) => !cases[name])
    expect(missing).toEqual([])
    expect(implemented.length).toBeGreaterThan(80)
  })

  for (const name of implemented) {
    it(`${name} answers as the contract says`, async () => {
      const run = cases[name]
      if (!run) throw new Error(`no contract case for ${name}`)
      const res = await run(api)
      const text = await res.text()
      expect(res.status, `${name}: ${text}`).toBe(successStatus(name))
      const schema = responseSchema(name)
      if (!schema) return
      const validate = validatorFor(schema)
      const body: unknown = JSON.parse(text)
      if (!validate(body)) violations.push(`${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`)
      expect(validate.errors ?? [], `${name} response violates the contract`).toEqual([])
    })
  }

  it('has zero contract violations', () => {
    expect(violations).toEqual([])
  })
})
