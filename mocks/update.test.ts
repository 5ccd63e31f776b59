// Behaviour of the system update mock (mocks/handlers/update.ts) over HTTP: the seeded status and
// repositories, listing by semantic version with pagination, lookups by version, and setting the
// target release (fleet admin only, no downgrade, idempotent). Their contract cases run in
// mocks/contract.test.ts with every other operation's.
import { describe, expect, it } from 'vitest'
import { Api } from './contract/api'
import { db } from './db'
import { downgradeMessage } from './handlers/update'
import { SEED_EPOCH } from './lib/ids'
import { responseSchema, validatorFor } from './lib/spec'
import { seedIds as ids } from './seed/ids'
import { seedRepoHash, updateSeed } from './seed/system'
import { type MockServer, withMockServer } from './test-server'

type Repo = { system_version: string; file_name: string; hash: string; time_created: string }
type Page = { items: Repo[]; next_page: string | null }
type Status = {
  target_release: { version: string; time_requested: string } | null
  components_by_release_version: Record<string, number>
  suspended: boolean
  contact_support: boolean
  time_last_step_planned: string
}

let server: MockServer
let api: Api
withMockServer((s, a) => {
  server = s
  api = a
})

const status = () => api.ok<Status>('systemUpdateStatus')
const versions = (page: Page) => page.items.map((r) => r.system_version)
const setTarget = (system_version: string, as: Api = api) =>
  as.call('targetReleaseUpdate', { body: { system_version } })

/** silo-viewer signed in, made a fleet viewer (reads the update screen, may not write). */
async function fleetViewer(): Promise<Api> {
  db.fleetPolicy.role_assignments.push({
    identity_id: ids.siloViewer,
    identity_type: 'silo_user',
    role_name: 'viewer',
  })
  const viewer = new Api(server.url)
  await viewer.login('silo-viewer')
  return viewer
}

describe('update status', () => {
  it('reports the seeded target release and progress', async () => {
    const s = await status()
    expect(s.target_release?.version).toBe(updateSeed.target)
    expect(s.components_by_release_version).toEqual({ '16.0.0': 29, '15.1.0': 2 })
    expect(s.suspended).toBe(false)
    expect(s.contact_support).toBe(false)
    const t = (x: string) => Date.parse(x)
    const repos = await api.ok<Page>('systemUpdateRepositoryList')
    const uploaded = (v: string) => t(repos.items.find((r) => r.system_version === v)?.time_created ?? '')
    // Requested after its repository was uploaded; all seed times are fixed (from the seed epoch).
    expect(t(s.target_release?.time_requested ?? '')).toBeGreaterThan(uploaded(updateSeed.target))
    expect(t(s.time_last_step_planned)).toBeGreaterThan(SEED_EPOCH)
    const validate = validatorFor(responseSchema('systemUpdateStatus') ?? {})
    expect(validate(s), JSON.stringify(validate.errors)).toBe(true)
  })

  it('is for fleet readers only', async () => {
    const siloViewer = new Api(server.url)
    await siloViewer.login('silo-viewer')
    expect((await siloViewer.call('systemUpdateStatus')).status).toBe(403)
    expect((await siloViewer.call('systemUpdateRepositoryList')).status).toBe(403)
    const viewer = await fleetViewer()
    expect((await viewer.call('systemUpdateStatus')).status).toBe(200)
    expect((await viewer.call('systemUpdateRepositoryList')).status).toBe(200)
    expect(
      (await viewer.call('systemUpdateRepositoryView', { path: { system_version: '16.0.0' } })).status,
    ).toBe(200)
  })
})

describe('repositories', () => {
  it('lists newest first by default, oldest first with version_ascending', async () => {
    const all = await api.ok<Page>('systemUpdateRepositoryList')
    expect(versions(all)).toEqual(['18.0.0', '17.1.0', '17.0.0', '16.0.0', '15.1.0'])
    expect(versions(all)).toEqual([...updateSeed.versions].reverse())
    const desc = await api.ok<Page>('systemUpdateRepositoryList', {
      query: { sort_by: 'version_descending' },
    })
    expect(versions(desc)).toEqual(['18.0.0', '17.1.0', '17.0.0', '16.0.0', '15.1.0'])
    const asc = await api.ok<Page>('systemUpdateRepositoryList', { query: { sort_by: 'version_ascending' } })
    expect(versions(asc)).toEqual(['15.1.0', '16.0.0', '17.0.0', '17.1.0', '18.0.0'])
    // Uploaded in version order.
    expect(asc.items.map((r) => r.time_created)).toEqual(asc.items.map((r) => r.time_created).sort())
  })

  it('carries the seeded file names and deterministic 64-hex hashes', async () => {
    const all = await api.ok<Page>('systemUpdateRepositoryList', { query: { sort_by: 'version_ascending' } })
    for (const r of all.items) {
      expect(r.file_name).toBe(`oxide-${r.system_version}.zip`)
      expect(r.hash).toMatch(/^[0-9a-f]{64}$/)
      expect(r.hash).toBe(seedRepoHash(r.system_version))
    }
    expect(new Set(all.items.map((r) => r.hash)).size).toBe(updateSeed.versions.length)
  })

  it('orders by semantic version, not by string', async () => {
    db.tufRepos.push(
      {
        system_version: '9.0.0',
        file_name: 'a.zip',
        hash: 'a'.repeat(64),
        time_created: new Date().toISOString(),
      },
      {
        system_version: '17.0.0-rc.1',
        file_name: 'b.zip',
        hash: 'b'.repeat(64),
        time_created: new Date().toISOString(),
      },
    )
    const all = await api.ok<Page>('systemUpdateRepositoryList')
    expect(versions(all)).toEqual(['18.0.0', '17.1.0', '17.0.0', '17.0.0-rc.1', '16.0.0', '15.1.0', '9.0.0'])
  })

  it('pages with limit=1 in both orders', async () => {
    for (const [sort, expected] of [
      [undefined, ['18.0.0', '17.1.0', '17.0.0', '16.0.0', '15.1.0']],
      ['version_ascending', ['15.1.0', '16.0.0', '17.0.0', '17.1.0', '18.0.0']],
    ] as const) {
      const seen: string[] = []
      let page = await api.ok<Page>('systemUpdateRepositoryList', { query: { limit: 1, sort_by: sort } })
      for (let i = 0; i < 10 && page.items.length > 0; i++) {
        expect(page.items).toHaveLength(1)
        seen.push(...versions(page))
        expect(page.next_page).toBeTruthy()
        page = await api.ok<Page>('systemUpdateRepositoryList', {
          query: { limit: 1, page_token: page.next_page ?? '' },
        })
      }
      expect(seen).toEqual(expected)
      expect(page).toEqual({ items: [], next_page: null })
    }
  })

  it('refuses an unknown sort_by and a bad limit with 400', async () => {
    const bad = await api.call('systemUpdateRepositoryList', { query: { sort_by: 'name_ascending' } })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toContain('unknown variant `name_ascending`')
    expect((await api.call('systemUpdateRepositoryList', { query: { limit: 0 } })).status).toBe(400)
  })

  it('views a repository by version; an unknown version is 404', async () => {
    const repo = await api.ok<Repo>('systemUpdateRepositoryView', { path: { system_version: '16.0.0' } })
    expect(repo).toMatchObject({ system_version: '16.0.0', file_name: 'oxide-16.0.0.zip' })
    const res = await api.call('systemUpdateRepositoryView', { path: { system_version: '9.9.9' } })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({
      error_code: 'ObjectNotFound',
      message: 'not found: tuf-repo with id "9.9.9"',
    })
  })
})

describe('target release', () => {
  it('upgrades to a newer uploaded release (204, no body)', async () => {
    const before = Date.now()
    const res = await setTarget('17.0.0')
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    const s = await status()
    expect(s.target_release?.version).toBe('17.0.0')
    expect(Date.parse(s.target_release?.time_requested ?? '')).toBeGreaterThanOrEqual(before - 1000)
  })

  it('setting the current target again changes nothing', async () => {
    const before = await status()
    const res = await setTarget(updateSeed.target)
    expect(res.status).toBe(204)
    expect(await status()).toEqual(before)
  })

  it('refuses a downgrade with 400 and keeps the target', async () => {
    const res = await setTarget('15.1.0')
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error_code?: string; message: string }
    expect(body.message).toBe(
      'Requested target release (15.1.0) must not be older than current target release (16.0.0)',
    )
    expect(body.message).toBe(downgradeMessage('15.1.0', '16.0.0'))
    expect(body.error_code).toBe('InvalidRequest')
    expect((await status()).target_release?.version).toBe('16.0.0')
    // After an upgrade to 17.0.0, 16.0.0 is a downgrade too.
    expect((await setTarget('17.0.0')).status).toBe(204)
    const again = await setTarget('16.0.0')
    expect(again.status).toBe(400)
    expect(((await again.json()) as { message: string }).message).toBe(
      'Requested target release (16.0.0) must not be older than current target release (17.0.0)',
    )
  })

  it('refuses a version without an uploaded repository with 404', async () => {
    const res = await setTarget('99.0.0')
    expect(res.status).toBe(404)
    expect(((await res.json()) as { message: string }).message).toBe('not found: tuf-repo with id "99.0.0"')
    expect((await status()).target_release?.version).toBe(updateSeed.target)
  })

  it('refuses a body that is not a semantic version with 400', async () => {
    for (const body of [{ system_version: 'latest' }, { system_version: '17.0' }, {}]) {
      const res = await api.call('targetReleaseUpdate', { body })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect((await status()).target_release?.version).toBe(updateSeed.target)
  })

  it('is for fleet admins: a fleet viewer gets 403', async () => {
    const viewer = await fleetViewer()
    expect((await setTarget('17.0.0', viewer)).status).toBe(403)
    expect((await status()).target_release?.version).toBe(updateSeed.target)
  })

  it('sets a first target when none was ever set', async () => {
    db.updateStatus.target_release = null
    expect((await setTarget('15.1.0')).status).toBe(204)
    expect((await status()).target_release?.version).toBe('15.1.0')
  })
})
