// Behaviour of the mock over real HTTP (in-process server): sessions, errors, uniqueness, pagination
// at scale, roles, the device flow, bulk import, state timers, the serial console websocket, chaos
// and delay, the test hooks, and the static host's headers.
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { Api } from './contract/api'
import { configureMock } from './lib/config'
import { SERIAL_GREETING } from './lib/serial'
import { CSP, isApiRequest, startServer } from './server'
import { FAST_MOCK, type MockServer, withMockServer } from './test-server'

const GiB = 1024 ** 3
let server: MockServer
let api: Api

withMockServer((s, a) => {
  server = s
  api = a
})
afterEach(() => configureMock(FAST_MOCK))

type Page<T> = { items: T[]; next_page: string | null }
type Named = { id: string; name: string }

describe('sessions', () => {
  it('login sets a session cookie that works until logout clears it', async () => {
    const me = await api.ok<{
      display_name: string
      silo_name: string
      silo_admin: boolean
      fleet_viewer: boolean
    }>('currentUserView')
    expect(me).toMatchObject({
      display_name: 'fleet-admin',
      silo_name: 'default-silo',
      silo_admin: true,
      fleet_viewer: true,
    })
    const out = await api.call('logout')
    expect(out.status).toBe(204)
    expect(out.headers.getSetCookie()[0]).toMatch(/^session=;.*Max-Age=0/)
    const after = await api.call('currentUserView')
    expect(after.status).toBe(401)
    expect(await after.json()).toMatchObject({
      error_code: 'Unauthorized',
      message: 'credentials missing or invalid',
    })
  })

  it('a wrong password is 401 with the error shape and no cookie', async () => {
    const res = await api.call('loginLocal', {
      path: { silo_name: 'default-silo' },
      body: { username: 'fleet-admin', password: 'wrong' },
      cookie: '',
    })
    expect(res.status).toBe(401)
    expect(res.headers.getSetCookie()).toEqual([])
    const body = await res.json()
    expect(body).toMatchObject({ error_code: 'Unauthorized', message: 'credentials missing or invalid' })
    expect(typeof body.request_id).toBe('string')
  })

  it('SAML login signs in as fleet-admin and redirects (303) to a same-site redirect_uri only', async () => {
    const res = await fetch(
      `${server.url}/login/default-silo/saml/mock-idp?redirect_uri=/projects/mock-project`,
      {
        method: 'POST',
        body: 'SAMLResponse=x',
        redirect: 'manual',
      },
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/projects/mock-project')
    const cookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? ''
    expect(await new Api(server.url, cookie).ok('currentUserView')).toMatchObject({
      display_name: 'fleet-admin',
    })
    const evil = await fetch(`${server.url}/login/default-silo/saml/mock-idp?redirect_uri=//evil.example`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(evil.headers.get('location')).toBe('/projects')
    const unknown = await fetch(`${server.url}/login/default-silo/saml/nope`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(unknown.status).toBe(404)
  })
})

describe('errors and validation', () => {
  it('names are unique within their parent (ObjectAlreadyExists)', async () => {
    const res = await api.call('projectCreate', { body: { name: 'mock-project', description: '' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      error_code: 'ObjectAlreadyExists',
      message: 'already exists: project "mock-project"',
    })
    const dup = await api.call('instanceCreate', {
      query: { project: 'mock-project' },
      body: {
        name: 'db1',
        description: '',
        hostname: 'x',
        ncpus: 1,
        memory: GiB,
        network_interfaces: { type: 'none' },
      },
    })
    expect(await dup.json()).toMatchObject({ message: 'already exists: instance "db1"' })
  })

  it('missing resources are ObjectNotFound with the name', async () => {
    const res = await api.call('instanceView', {
      path: { instance: 'nope' },
      query: { project: 'mock-project' },
    })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({
      error_code: 'ObjectNotFound',
      message: 'not found: instance with name "nope"',
    })
  })

  it('bodies that break the contract are 400 without an error code', async () => {
    const res = await api.call('projectCreate', { body: { name: 'Not-A-Valid-Name', description: '' } })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.error_code).toBeUndefined()
    expect(body.message).toMatch(/^unable to parse JSON body: name /)
    const missing = await api.call('projectCreate', { body: { description: '' } })
    expect((await missing.json()).message).toMatch(/required property 'name'/)
  })

  it('accepts OpenAPI nullable fields as null', async () => {
    const res = await api.call('projectUpdate', {
      path: { project: 'mock-project' },
      body: { name: null, description: 'new' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ name: 'mock-project', description: 'new' })
  })
})

describe('projects', () => {
  it('a project is deleted only when empty; the refusal names what is left, as the platform does', async () => {
    const seeded = await api.call('projectDelete', { path: { project: 'mock-project' } })
    expect(seeded.status).toBe(400)
    expect(await seeded.json()).toMatchObject({
      message: 'project to be deleted contains an instance: db1',
    })
    // A new project holds its default VPC until that is deleted.
    await api.ok('projectCreate', { body: { name: 'left-empty', description: '' } })
    const withVpc = await api.call('projectDelete', { path: { project: 'left-empty' } })
    expect(withVpc.status).toBe(400)
    expect(await withVpc.json()).toMatchObject({ message: 'project to be deleted contains a vpc: default' })
    const vpc = await api.call('vpcDelete', { path: { vpc: 'default' }, query: { project: 'left-empty' } })
    expect(vpc.status).toBe(204)
    expect((await api.call('projectDelete', { path: { project: 'left-empty' } })).status).toBe(204)
    expect((await api.call('projectView', { path: { project: 'left-empty' } })).status).toBe(404)
  })

  it('a rename to a taken name is ObjectAlreadyExists and changes nothing', async () => {
    await api.ok('projectCreate', { body: { name: 'renamed-later', description: 'before' } })
    const res = await api.call('projectUpdate', {
      path: { project: 'renamed-later' },
      body: { name: 'mock-project', description: 'after' },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      error_code: 'ObjectAlreadyExists',
      message: 'already exists: project "mock-project"',
    })
    expect(await api.ok('projectView', { path: { project: 'renamed-later' } })).toMatchObject({
      description: 'before',
    })
  })
})

describe('pagination', () => {
  it('walks all 10,000 instances of scale-project 50 at a time with page tokens', async () => {
    const names: string[] = []
    let token: string | null = null
    let pages = 0
    const started = Date.now()
    do {
      const page: Page<Named> = await api.ok('instanceList', {
        query: token ? { page_token: token, limit: 50 } : { project: 'scale-project', limit: 50 },
      })
      names.push(...page.items.map((i) => i.name))
      token = page.next_page
      pages++
    } while (token)
    expect(names.length).toBe(10_000)
    expect(new Set(names).size).toBe(10_000)
    expect(names[0]).toBe('instance-00001')
    expect(names[9_999]).toBe('instance-10000')
    expect(names).toEqual([...names].sort())
    // 200 full pages, then the empty page that ends the scan (dropshot's behaviour).
    expect(pages).toBe(201)
    expect(Date.now() - started).toBeLessThan(15_000)
  })

  it('sorts by name descending and rejects unknown sort modes and bad limits', async () => {
    const page = await api.ok<Page<Named>>('instanceList', {
      query: { project: 'scale-project', limit: 3, sort_by: 'name_descending' },
    })
    expect(page.items.map((i) => i.name)).toEqual(['instance-10000', 'instance-09999', 'instance-09998'])
    const next = await api.ok<Page<Named>>('instanceList', {
      query: { page_token: page.next_page ?? '', limit: 2 },
    })
    expect(next.items.map((i) => i.name)).toEqual(['instance-09997', 'instance-09996'])
    expect(
      (await api.call('instanceList', { query: { project: 'mock-project', sort_by: 'bogus' } })).status,
    ).toBe(400)
    expect((await api.call('instanceList', { query: { project: 'mock-project', limit: 0 } })).status).toBe(
      400,
    )
    expect((await api.call('instanceList', { query: { page_token: 'garbage!' } })).status).toBe(400)
  })
})

describe('roles', () => {
  it('a silo viewer can read but not create', async () => {
    const viewer = new Api(server.url)
    await viewer.login('silo-viewer')
    expect((await viewer.call('projectList')).status).toBe(200)
    expect((await viewer.call('instanceList', { query: { project: 'mock-project' } })).status).toBe(200)
    const res = await viewer.call('projectCreate', { body: { name: 'viewer-project', description: '' } })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ error_code: 'Forbidden' })
    const stop = await viewer.call('instanceStop', {
      path: { instance: 'db1' },
      query: { project: 'mock-project' },
    })
    expect(stop.status).toBe(403)
    expect(await viewer.ok('currentUserView')).toMatchObject({ silo_admin: false, fleet_viewer: false })
  })

  it('a user without any role gets 403 everywhere but /v1/me*', async () => {
    const nobody = new Api(server.url)
    await nobody.login('no-role')
    expect((await nobody.call('currentUserView')).status).toBe(200)
    expect(await nobody.ok<Page<unknown>>('currentUserGroups')).toEqual({ items: [], next_page: null })
    expect((await nobody.call('projectList')).status).toBe(403)
    expect((await nobody.call('utilizationView')).status).toBe(403)
    expect((await nobody.call('policyView')).status).toBe(403)
  })

  it('a project role grants access to that project only', async () => {
    const nobody = new Api(server.url)
    await nobody.login('no-role')
    const policy = await api.ok<{ role_assignments: unknown[] }>('projectPolicyView', {
      path: { project: 'mock-project' },
    })
    const me = await nobody.ok<{ id: string }>('currentUserView')
    await api.ok('projectPolicyUpdate', {
      path: { project: 'mock-project' },
      body: {
        role_assignments: [
          ...policy.role_assignments,
          { identity_id: me.id, identity_type: 'silo_user', role_name: 'collaborator' },
        ],
      },
    })
    const projects = await nobody.ok<Page<Named>>('projectList')
    expect(projects.items.map((p) => p.name)).toEqual(['mock-project'])
    expect((await nobody.call('instanceList', { query: { project: 'scale-project' } })).status).toBe(404)
  })

  it('a limited collaborator manages instances but not their networking', async () => {
    const limited = new Api(server.url)
    await limited.login('no-role')
    const policy = await api.ok<{ role_assignments: unknown[] }>('projectPolicyView', {
      path: { project: 'mock-project' },
    })
    const me = await limited.ok<{ id: string }>('currentUserView')
    await api.ok('projectPolicyUpdate', {
      path: { project: 'mock-project' },
      body: {
        role_assignments: [
          ...policy.role_assignments,
          { identity_id: me.id, identity_type: 'silo_user', role_name: 'limited_collaborator' },
        ],
      },
    })
    const db1 = { path: { instance: 'db1' }, query: { project: 'mock-project' } }
    expect((await limited.call('instanceStop', db1)).status).toBe(202)
    const ip = await limited.call('instanceEphemeralIpAttach', { ...db1, body: {} })
    expect(ip.status).toBe(403)
  })
})

describe('device flow', () => {
  it('issues a token after confirmation that works as a bearer token and is listed', async () => {
    const client_id = 'a1b2c3d4-0000-4000-8000-000000000001'
    const grant_type = 'urn:ietf:params:oauth:grant-type:device_code'
    const anon = new Api(server.url)
    const auth = await anon.ok<{
      device_code: string
      user_code: string
      verification_uri: string
      expires_in: number
    }>('deviceAuthRequest', { form: { client_id } })
    expect(auth.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/)
    expect(auth.verification_uri).toBe(`${server.url}/device/verify`)

    const pending = await anon.call('deviceAccessToken', {
      form: { grant_type, device_code: auth.device_code, client_id },
    })
    expect(pending.status).toBe(400)
    expect(await pending.json()).toMatchObject({ error: 'authorization_pending' })

    expect((await anon.call('deviceAuthConfirm', { body: { user_code: auth.user_code } })).status).toBe(401)
    expect((await api.call('deviceAuthConfirm', { body: { user_code: 'ZZZZ-ZZZZ' } })).status).toBe(404)
    expect(
      (await api.call('deviceAuthConfirm', { body: { user_code: auth.user_code.toLowerCase() } })).status,
    ).toBe(204)
    // A code is good for one confirmation only.
    expect((await api.call('deviceAuthConfirm', { body: { user_code: auth.user_code } })).status).toBe(404)

    const token = await anon.ok<{ access_token: string; token_type: string }>('deviceAccessToken', {
      form: { grant_type, device_code: auth.device_code, client_id },
    })
    expect(token.token_type).toBe('Bearer')
    expect(token.access_token).toMatch(/^oxide-token-/)
    const again = await anon.call('deviceAccessToken', {
      form: { grant_type, device_code: auth.device_code, client_id },
    })
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' })

    const viaBearer = await anon.ok<{ display_name: string }>('currentUserView', {
      token: token.access_token,
    })
    expect(viaBearer.display_name).toBe('fleet-admin')
    const tokens = await api.ok<Page<{ id: string }>>('currentUserAccessTokenList')
    expect(tokens.items.length).toBe(2)
    const newest = tokens.items.find((t) => t.id !== tokens.items[0]?.id) ?? tokens.items[0]
    // Deleting the token revokes it.
    for (const t of tokens.items) await api.ok('currentUserAccessTokenDelete', { path: { token_id: t.id } })
    expect(newest).toBeDefined()
    expect((await anon.call('currentUserView', { token: token.access_token })).status).toBe(401)
  })
})

describe('bulk import', () => {
  it('keeps the written bytes: their SHA-256 matches, and finalize snapshots the disk', async () => {
    const disk = await api.ok<Named & { state: { state: string } }>('diskCreate', {
      query: { project: 'mock-project' },
      body: {
        name: 'upload',
        description: '',
        size: GiB,
        disk_backend: { type: 'distributed', disk_source: { type: 'importing_blocks', block_size: 512 } },
      },
    })
    expect(disk.state.state).toBe('import_ready')
    const bytes = randomBytes(3 * 512 * 1024 + 4096)
    const write = (offset: number, chunk: Buffer) =>
      api.call('diskBulkWriteImport', {
        path: { disk: disk.id },
        body: { offset, base64_encoded_data: chunk.toString('base64') },
      })
    expect((await write(0, bytes.subarray(0, 512))).status).toBe(400) // not started yet
    await api.ok('diskBulkWriteImportStart', { path: { disk: disk.id } })
    const chunk = 512 * 1024
    const offsets = [2 * chunk, 0, 3 * chunk, chunk] // out of order on purpose
    for (const off of offsets) expect((await write(off, bytes.subarray(off, off + chunk))).status).toBe(204)
    expect((await write(100, bytes.subarray(0, 512))).status).toBe(400) // misaligned
    await api.ok('diskBulkWriteImportStop', { path: { disk: disk.id } })
    await api.ok('diskFinalizeImport', { path: { disk: disk.id }, body: { snapshot_name: 'upload-snap' } })

    const hash = await (await fetch(`${server.url}/__mock/disks/${disk.id}/sha256`)).json()
    expect(hash).toEqual({ sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length })

    const finalized = await api.until(
      () => api.ok<{ state: { state: string } }>('diskView', { path: { disk: disk.id } }),
      (d) => d.state.state === 'detached',
    )
    expect(finalized.state.state).toBe('detached')
    const snap = await api.ok<{ disk_id: string }>('snapshotView', {
      path: { snapshot: 'upload-snap' },
      query: { project: 'mock-project' },
    })
    expect(snap.disk_id).toBe(disk.id)
  })
})

describe('state timers', () => {
  it('stop goes stopping -> stopped by timer; start goes starting -> running', async () => {
    const P = { project: 'mock-project' }
    const stopping = await api.ok<{ run_state: string }>('instanceStop', {
      path: { instance: 'db1' },
      query: P,
    })
    expect(stopping.run_state).toBe('stopping')
    const view = () => api.ok<{ run_state: string }>('instanceView', { path: { instance: 'db1' }, query: P })
    expect((await api.until(view, (i) => i.run_state === 'stopped')).run_state).toBe('stopped')
    const starting = await api.ok<{ run_state: string }>('instanceStart', {
      path: { instance: 'db1' },
      query: P,
    })
    expect(starting.run_state).toBe('starting')
    expect((await api.until(view, (i) => i.run_state === 'running')).run_state).toBe('running')
  })

  it('rejects actions the state does not allow, and seeded transitional states stay put', async () => {
    const P = { project: 'mock-project' }
    const reboot = await api.call('instanceReboot', { path: { instance: 'web1' }, query: P })
    expect(reboot.status).toBe(400)
    expect(await reboot.json()).toMatchObject({
      error_code: 'InvalidRequest',
      message: 'cannot reboot instance in state "stopped"',
    })
    expect((await api.call('instanceDelete', { path: { instance: 'db1' }, query: P })).status).toBe(400)
    await new Promise((r) => setTimeout(r, 100))
    const seeded = await api.ok<{ run_state: string }>('instanceView', {
      path: { instance: 'not-there-yet' },
      query: P,
    })
    expect(seeded.run_state).toBe('starting')
  })

  it('a reset cancels pending timers and restores the seed', async () => {
    configureMock({ timeScale: 1 })
    await api.ok('instanceStop', { path: { instance: 'db1' }, query: { project: 'mock-project' } })
    expect((await fetch(`${server.url}/__mock/reset`, { method: 'POST' })).status).toBe(204)
    await api.login('fleet-admin')
    const db1 = await api.ok<{ run_state: string }>('instanceView', {
      path: { instance: 'db1' },
      query: { project: 'mock-project' },
    })
    expect(db1.run_state).toBe('running')
  })
})

describe('serial console websocket', () => {
  const wsUrl = () =>
    `${server.url.replace('http', 'ws')}/v1/instances/db1/serial-console/stream?project=mock-project`

  it('greets after about a second, echoes input and answers Enter with a newline', async () => {
    const ws = new WebSocket(wsUrl(), { headers: { cookie: api.cookie ?? '' }, origin: server.url })
    const received: string[] = []
    const opened = Date.now()
    let greetedAfter = 0
    const greeted = new Promise<void>((resolve) => {
      ws.on('message', (data: Buffer) => {
        received.push(data.toString())
        if (received.length === 1) {
          greetedAfter = Date.now() - opened
          resolve()
        }
      })
    })
    await new Promise((r) => ws.once('open', r))
    await greeted
    expect(received[0]).toBe(SERIAL_GREETING)
    expect(greetedAfter).toBeGreaterThanOrEqual(900)
    const echoed = new Promise<string>((resolve) => ws.once('message', (d: Buffer) => resolve(d.toString())))
    ws.send(Buffer.from('ls\r'))
    expect(await echoed).toBe('ls\r\n')
    ws.close()
  })

  it('refuses a connection without a session', async () => {
    const ws = new WebSocket(wsUrl(), { origin: server.url })
    const status = await new Promise<number>((resolve) =>
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    )
    expect(status).toBe(401)
  })
})

describe('mock behaviour knobs', () => {
  it('chaos fails requests with 401, 403, 404 or 500', async () => {
    configureMock({ chaos: 1 })
    const statuses = new Set<number>()
    for (let i = 0; i < 40; i++) statuses.add((await api.call('projectList')).status)
    for (const s of statuses) expect([401, 403, 404, 500]).toContain(s)
    expect(statuses.has(404)).toBe(true)
    configureMock({ chaos: 0 })
    expect((await api.call('projectList')).status).toBe(200)
  })

  it('delays /v1 requests within the configured range', async () => {
    configureMock({ delay: [120, 150] })
    const t = Date.now()
    await api.ok('ping')
    expect(Date.now() - t).toBeGreaterThanOrEqual(115)
  })
})

describe('static host', () => {
  it('routes API paths; GETs under /login and /device are pages', () => {
    expect(isApiRequest('GET', '/v1/projects')).toBe(true)
    expect(isApiRequest('GET', '/experimental/v1/probes')).toBe(true)
    expect(isApiRequest('POST', '/device/auth')).toBe(true)
    expect(isApiRequest('POST', '/login/default-silo/saml/mock-idp')).toBe(true)
    expect(isApiRequest('GET', '/login/default-silo/local')).toBe(false)
    expect(isApiRequest('GET', '/device/verify')).toBe(false)
    expect(isApiRequest('GET', '/projects')).toBe(false)
  })

  it('serves the SPA with CSP and cache headers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rack-dist-'))
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Rack</title>')
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)')
    const s = await startServer({ port: 0, dist: dir })
    try {
      const page = await fetch(`${s.url}/projects/mock-project/instances`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<title>Rack</title>')
      expect(page.headers.get('content-security-policy')).toBe(CSP)
      expect(page.headers.get('cache-control')).toBe('no-cache')
      const login = await fetch(`${s.url}/login/default-silo/local`)
      expect(login.headers.get('content-security-policy')).toBe(CSP)
      expect((await fetch(`${s.url}/sw.js`)).headers.get('cache-control')).toBe('no-cache')
      expect((await fetch(`${s.url}/assets/app-abc123.js`)).headers.get('cache-control')).toContain(
        'immutable',
      )
      expect((await fetch(`${s.url}/v1/ping`)).status).toBe(200)
    } finally {
      await s.close()
    }
  })
})
