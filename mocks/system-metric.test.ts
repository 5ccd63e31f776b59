// GET /v1/system/metrics/{metric}: the fleet's utilization history, scoped to one silo by `silo`, for
// fleet viewers only; it shares its series with the silo's own /v1/metrics/{metric}.
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetDb } from './db'
import { sessionHandlers } from './handlers/session'
import { siloHandlers } from './handlers/silo'
import { systemHandlers } from './handlers/system'
import { configureMock } from './lib/config'
import { seedIds as ids } from './seed/ids'

const BASE = 'http://rack.test'
const ADMIN = 'oxide-token-demo-fleet-admin-cli'
const VIEWER = 'test-token-system-metric-viewer'
const server = setupServer(...sessionHandlers, ...siloHandlers, ...systemHandlers)
const DAY = { start_time: '2025-06-01T00:00:00Z', end_time: '2025-06-02T00:00:00Z', limit: '24' }

async function get(path: string, query: Record<string, string>, token = ADMIN) {
  const url = new URL(path, BASE)
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  // biome-ignore lint/suspicious/noExplicitAny: the body is checked field by field
  return { status: res.status, body: (await res.json()) as any }
}
const data = (body: { items: { datum: { datum: number } }[] }) => body.items.map((m) => m.datum.datum)

beforeAll(() => {
  configureMock({ delay: [0, 0], chaos: 0 })
  server.listen({ onUnhandledRequest: 'error' })
  resetDb().accessTokens.push({
    id: 'a0000000-0000-4000-8000-0000000000a1',
    token: VIEWER,
    user_id: ids.siloViewer,
    time_created: new Date().toISOString(),
    time_expires: null,
  })
})
afterAll(() => server.close())

describe('systemMetric', () => {
  it('answers one measurement per step within the range, in the order asked for', async () => {
    const res = await get('/v1/system/metrics/cpus_provisioned', { ...DAY, order: 'descending' })
    expect(res.status).toBe(200)
    expect(res.body.items).toHaveLength(24)
    const times = res.body.items.map((m: { timestamp: string }) => Date.parse(m.timestamp))
    expect(times[0]).toBeGreaterThan(times[23])
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.parse(DAY.start_time))
    expect(Math.max(...times)).toBeLessThan(Date.parse(DAY.end_time))
  })

  it("scopes to a silo: the silo's series is the one its own users see", async () => {
    const fleet = await get('/v1/system/metrics/ram_provisioned', DAY)
    const silo = await get('/v1/system/metrics/ram_provisioned', { ...DAY, silo: 'default-silo' })
    const own = await get('/v1/metrics/ram_provisioned', DAY)
    expect(data(silo.body)).toEqual(data(own.body))
    expect(data(fleet.body)).not.toEqual(data(silo.body))
    expect((await get('/v1/system/metrics/ram_provisioned', { ...DAY, silo: 'no-such-silo' })).status).toBe(
      404,
    )
  })

  it('ends at what is provisioned now, as the utilization counts say', async () => {
    // A window that ends before now, so which measurement is the newest does not race the clock.
    const now = Date.now()
    const window = {
      start_time: new Date(now - 3_600_000).toISOString(),
      end_time: new Date(now - 60_000).toISOString(),
      limit: '60',
      order: 'descending',
    }
    const res = await get('/v1/system/metrics/cpus_provisioned', window)
    const newest = res.body.items[0]
    const silos = await get('/v1/system/utilization/silos', { limit: '100' })
    const provisioned = silos.body.items.reduce(
      (n: number, s: { provisioned: { cpus: number } }) => n + s.provisioned.cpus,
      0,
    )
    expect(provisioned).toBeGreaterThan(0)
    expect(newest.datum.datum).toBe(provisioned)
  })

  it('refuses a user without a fleet role', async () => {
    expect((await get('/v1/system/metrics/cpus_provisioned', DAY, VIEWER)).status).toBe(403)
  })
})
