// Shared set-up of the mock's HTTP tests: one server per file (no delay, no chaos, fast timers), a
// fresh database and a signed-in fleet admin before each test. `ready` hands both to the test file.
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { Api } from './contract/api'
import { resetDb } from './db'
import { configureMock } from './lib/config'
import { startServer } from './server'

export type MockServer = Awaited<ReturnType<typeof startServer>>

export const FAST_MOCK = { delay: [0, 0] as [number, number], chaos: 0, timeScale: 0.01 }

export function withMockServer(ready: (server: MockServer, api: Api) => void): void {
  let server: MockServer
  beforeAll(async () => {
    configureMock(FAST_MOCK)
    server = await startServer({ port: 0, build: false })
  })
  afterAll(() => server?.close())
  beforeEach(async () => {
    resetDb()
    const api = new Api(server.url)
    await api.login('fleet-admin')
    ready(server, api)
  })
}
