// GET /v1/metrics/{metric}: the silo's utilization history, scoped to one project by `project` (a
// name or an id, nexus.json's NameOrId): the project's own series, ending at what the project has
// provisioned; an unknown project is a 404.
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetDb } from './db'
import { sessionHandlers } from './handlers/session'
import { provisionedIn, siloHandlers } from './handlers/silo'
import { configureMock } from './lib/config'
import { seedIds as ids } from './seed/ids'

const BASE = 'http://rack.test'
const ADMIN = 'oxide-token-demo-fleet-admin-cli'
const server = setupServer(...sessionHandlers, ...siloHandlers)
const DAY = { start_time: '2025-06-01T00:00:00Z', end_time: '2025-06-02T00:00:00Z', limit: '24' }

async function get(path: string, query: Record<string, string>) {
  const url = new URL(path, BASE)
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
  const res = await fetch(url, { headers: { authorization: `Bearer ${ADMIN}` } })
  // biome-ignore lint/suspicious/noExplicitAny: the body is checked field by field
  return { status: res.status, body: (await res.json()) as any }
}
const data = (body: { items: { datum: { datum: number } }[] }) => body.items.map((m) => m.datum.datum)

let db: ReturnType<typeof resetDb>
beforeAll(() => {
  configureMock({ delay: [0, 0], chaos: 0 })
  server.listen({ onUnhandledRequest: 'error' })
  db = resetDb()
})
afterAll(() => server.close())

describe('siloMetric', () => {
  it("scopes to a project by name or id: the project's own series", async () => {
    const silo = await get('/v1/metrics/ram_provisioned', DAY)
    const byName = await get('/v1/metrics/ram_provisioned', { ...DAY, project: 'mock-project' })
    const byId = await get('/v1/metrics/ram_provisioned', { ...DAY, project: ids.mockProject })
    expect(byName.status).toBe(200)
    expect(byName.body.items).toHaveLength(24)
    expect(data(byId.body)).toEqual(data(byName.body))
    expect(data(byName.body)).not.toEqual(data(silo.body))
    expect((await get('/v1/metrics/ram_provisioned', { ...DAY, project: 'no-such-project' })).status).toBe(
      404,
    )
  })

  it('ends at what the project has provisioned now, not the whole silo', async () => {
    const now = Date.now()
    const window = {
      start_time: new Date(now - 3_600_000).toISOString(),
      end_time: new Date(now - 60_000).toISOString(),
      limit: '60',
      order: 'descending',
    }
    const project = await get('/v1/metrics/cpus_provisioned', { ...window, project: 'scale-project' })
    const silo = await get('/v1/metrics/cpus_provisioned', window)
    const own = provisionedIn(db, ids.silo, ids.scaleProject).cpus
    expect(project.body.items[0].datum.datum).toBe(own)
    expect(silo.body.items[0].datum.datum).toBe(provisionedIn(db, ids.silo).cpus)
    expect(own).toBeLessThan(provisionedIn(db, ids.silo).cpus)
  })
})
