// The mock refuses what the real API refuses (over real HTTP, in-process server): the /__mock test
// hooks exist only in test runs or for a fleet admin, typed bodies must carry their media type (as
// dropshot checks it), the SAML redirect stays on this origin, and tests can hold state transitions.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../src/api/client'
import { Api } from './contract/api'
import { safeRedirect } from './handlers/session'
import { configureMock } from './lib/config'
import { checkMediaType } from './lib/handle'
import { isTestRun } from './lib/hooks'
import { FAST_MOCK, type MockServer, withMockServer } from './test-server'

let server: MockServer
let api: Api

withMockServer((s, a) => {
  server = s
  api = a
})
afterEach(() => {
  vi.unstubAllEnvs()
  configureMock(FAST_MOCK)
})

const P = { project: 'mock-project' }
type RunState = { run_state: string }
type Hold = { hold_all: boolean; held: string[]; parked: number }

/** Outside a test run: neither vitest's marker nor MOCK_TEST_HOOKS. */
function notATestRun() {
  vi.stubEnv('VITEST', undefined)
  vi.stubEnv('MOCK_TEST_HOOKS', undefined)
}

function hook(path: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  if (init.cookie) headers.set('cookie', init.cookie)
  return fetch(`${server.url}${path}`, { ...init, headers })
}

function transitions(body: unknown, cookie?: string): Promise<Response> {
  return hook('/__mock/transitions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    cookie,
  })
}

async function holdNow(): Promise<Hold> {
  return (await (await hook('/__mock/transitions')).json()) as Hold
}

describe('test hooks', () => {
  it('answer anyone in a test run (vitest, or MOCK_TEST_HOOKS=1)', async () => {
    expect((await hook('/__mock/reset', { method: 'POST' })).status).toBe(204)
    notATestRun()
    vi.stubEnv('MOCK_TEST_HOOKS', '1')
    expect((await hook('/__mock/reset', { method: 'POST' })).status).toBe(204)
  })

  it('outside a test run, are 404 like an unknown path to anyone but a fleet admin', async () => {
    notATestRun()
    const viewer = await new Api(server.url).login('silo-viewer')
    const disk = (await api.ok<{ items: { id: string }[] }>('diskList', { query: P })).items[0]
    expect(disk).toBeDefined()
    const calls: [string, RequestInit][] = [
      ['/__mock/reset', { method: 'POST' }],
      [`/__mock/disks/${disk?.id}/sha256`, {}],
      ['/__mock/transitions', {}],
      [
        '/__mock/transitions',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"hold":true}' },
      ],
    ]
    const unknown = await hook('/__mock/no-such-hook')
    expect(unknown.status).toBe(404)
    const unknownBody = await unknown.json()
    for (const [path, init] of calls) {
      for (const cookie of [undefined, viewer]) {
        const res = await hook(path, { ...init, cookie })
        expect(res.status, `${path} as ${cookie ? 'silo-viewer' : 'nobody'}`).toBe(404)
        const body = await res.json()
        expect(body).toMatchObject({ error_code: unknownBody.error_code, message: unknownBody.message })
        expect(typeof body.request_id).toBe('string')
      }
    }
    // Nothing happened: the refused hold holds nothing (checked as fleet admin below).
    const admin = api.cookie
    expect((await hook('/__mock/transitions', { cookie: admin })).status).toBe(200)
    expect(await (await hook('/__mock/transitions', { cookie: admin })).json()).toMatchObject({
      hold_all: false,
      held: [],
    })
    expect((await hook(`/__mock/disks/${disk?.id}/sha256`, { cookie: admin })).status).toBe(200)
    expect((await hook('/__mock/reset', { method: 'POST', cookie: admin })).status).toBe(204)
  })

  it('in the browser (no `process`) it is never a test run: only a fleet admin gets the hooks', () => {
    expect(isTestRun()).toBe(true)
    vi.stubGlobal('process', undefined)
    let inBrowser: boolean
    try {
      inBrowser = isTestRun()
    } finally {
      vi.unstubAllGlobals()
    }
    expect(inBrowser).toBe(false)
  })

  it('a bearer token of a fleet admin works too, one of another user does not', async () => {
    notATestRun()
    const tokenFor = async (user: string) => {
      const a = new Api(server.url)
      await a.login(user)
      const client_id = '0b7c7b4e-5a8f-4b5e-9c1d-2f3a4b5c6d7e'
      const grant_type = 'urn:ietf:params:oauth:grant-type:device_code'
      const auth = await a.ok<{ device_code: string; user_code: string }>('deviceAuthRequest', {
        form: { client_id },
      })
      await a.ok('deviceAuthConfirm', { body: { user_code: auth.user_code } })
      const t = await a.ok<{ access_token: string }>('deviceAccessToken', {
        form: { grant_type, device_code: auth.device_code, client_id },
      })
      return t.access_token
    }
    const bearer = (t: string) => ({ headers: { authorization: `Bearer ${t}` } })
    expect((await hook('/__mock/transitions', bearer(await tokenFor('fleet-admin')))).status).toBe(200)
    expect((await hook('/__mock/transitions', bearer(await tokenFor('silo-viewer')))).status).toBe(404)
  })
})

describe('request media types (dropshot: 415 without an error code)', () => {
  const project = { name: 'typed-body', description: '' }

  it('refuses a JSON body sent as text/plain or as a form, and changes nothing', async () => {
    for (const [type, message] of [
      ['text/plain;charset=UTF-8', 'unsupported mime type: "text/plain"'],
      [
        'application/x-www-form-urlencoded',
        'expected content type "application/json", got "application/x-www-form-urlencoded"',
      ],
    ] as const) {
      const res = await fetch(api.url('projectCreate'), {
        method: 'POST',
        headers: { cookie: api.cookie ?? '', 'content-type': type },
        body: JSON.stringify(project),
      })
      expect(res.status, type).toBe(415)
      const body = await res.json()
      expect(body).toEqual({ request_id: expect.any(String), message })
    }
    expect((await api.call('projectView', { path: { project: project.name } })).status).toBe(404)
  })

  it('refuses a login posted as text/plain: no session, no cookie', async () => {
    const res = await fetch(api.url('loginLocal', { path: { silo_name: 'default-silo' } }), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ username: 'fleet-admin', password: 'oxide' }),
    })
    expect(res.status).toBe(415)
    expect(res.headers.getSetCookie()).toEqual([])
  })

  it('accepts parameters and any case, and reads a body without a content type as JSON', async () => {
    const send = (headers: Record<string, string>, name: string) =>
      fetch(api.url('projectCreate'), {
        method: 'POST',
        headers: { cookie: api.cookie ?? '', ...headers },
        // Bytes: fetch adds no content type of its own.
        body: new TextEncoder().encode(JSON.stringify({ ...project, name })),
      })
    expect((await send({ 'content-type': 'Application/JSON; charset=utf-8' }, 'typed-a')).status).toBe(201)
    expect((await send({}, 'typed-b')).status).toBe(201)
  })

  it('form endpoints take forms only; the SAML POST takes whatever the form declares', async () => {
    const asJson = await fetch(`${server.url}/device/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: '0b7c7b4e-5a8f-4b5e-9c1d-2f3a4b5c6d7e' }),
    })
    expect(asJson.status).toBe(415)
    expect(await asJson.json()).toMatchObject({
      message: 'expected content type "application/x-www-form-urlencoded", got "application/json"',
    })
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data']) {
      const saml = await fetch(`${server.url}/login/default-silo/saml/mock-idp`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'SAMLResponse=x&RelayState=%2Fprojects%2Fmock-project',
        redirect: 'manual',
      })
      expect(saml.status, type).toBe(303)
      expect(saml.headers.get('location')).toBe('/projects/mock-project')
    }
  })

  it('the media type check itself', () => {
    expect(() => checkMediaType('application/json', null)).not.toThrow()
    expect(() => checkMediaType('application/json', ' application/json ;charset=utf-8')).not.toThrow()
    expect(() => checkMediaType('application/json', 'text/plain')).toThrow('unsupported mime type')
    expect(() => checkMediaType('application/x-www-form-urlencoded', null)).toThrow(
      'expected content type "application/x-www-form-urlencoded", got "application/json"',
    )
  })

  it("the app's API client sends the media type each operation takes", async () => {
    const cookie = api.cookie ?? ''
    const client = createApiClient({
      baseUrl: server.url,
      fetch: (input, init) => {
        const req = new Request(input, init)
        req.headers.set('cookie', cookie)
        return fetch(req)
      },
    })
    const created = await client.call('projectCreate', { body: { name: 'via-client', description: 'x' } })
    expect(created).toMatchObject({ type: 'success', data: { name: 'via-client' } })
    const device = await client.call('deviceAuthRequest', {
      body: { clientId: '0b7c7b4e-5a8f-4b5e-9c1d-2f3a4b5c6d7e', ttlSeconds: null },
    })
    expect(device.type).toBe('success')
    const login = await client.call('loginLocal', {
      path: { siloName: 'default-silo' },
      body: { username: 'silo-viewer', password: 'oxide' },
    })
    expect(login.type).toBe('success')
  })
})

describe('SAML redirect target', () => {
  const offSite = [
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%5cevil.example',
    '/%5Cevil.example',
    '/%2f%2fevil.example',
    '/\t/evil.example',
    ' //evil.example',
    'https://evil.example/projects',
    'http:evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
  ]

  it('redirects only to same-origin paths, by query or RelayState', async () => {
    for (const target of offSite) {
      for (const via of ['query', 'form'] as const) {
        const url = `${server.url}/login/default-silo/saml/mock-idp${
          via === 'query' ? `?${new URLSearchParams({ redirect_uri: target })}` : ''
        }`
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ SAMLResponse: 'x', ...(via === 'form' ? { RelayState: target } : {}) }),
          redirect: 'manual',
        })
        expect(res.status).toBe(303)
        expect(res.headers.get('location'), `${JSON.stringify(target)} by ${via}`).toBe('/projects')
      }
    }
  })

  it('keeps same-origin paths with their query and fragment', () => {
    expect(safeRedirect('/projects/mock-project/instances?page=2#top')).toBe(
      '/projects/mock-project/instances?page=2#top',
    )
    expect(safeRedirect('/settings/profile')).toBe('/settings/profile')
    expect(safeRedirect(undefined)).toBe('/projects')
    for (const target of offSite) expect(safeRedirect(target), JSON.stringify(target)).toBe('/projects')
  })
})

describe('holding state transitions', () => {
  const view = (instance: string) => api.ok<RunState>('instanceView', { path: { instance }, query: P })
  const idOf = async (instance: string) =>
    (await api.ok<{ id: string }>('instanceView', { path: { instance }, query: P })).id

  it('a held instance stays stopping after its timer is due, and stops as soon as it is released', async () => {
    const id = await idOf('db1')
    expect(await (await transitions({ hold: true, ids: [id] })).json()).toMatchObject({ held: [id] })
    const stopping = await api.ok<RunState>('instanceStop', { path: { instance: 'db1' }, query: P })
    expect(stopping.run_state).toBe('stopping')
    // The stop step came due and was parked (not merely not yet due).
    await api.until(holdNow, (h) => h.parked === 1)
    expect((await view('db1')).run_state).toBe('stopping')

    const released = (await (await transitions({ hold: false, ids: [id] })).json()) as Hold
    expect(released).toEqual({ hold_all: false, held: [], parked: 0 })
    expect((await view('db1')).run_state).toBe('stopped')
  })

  it('a hold on one resource does not hold the others', async () => {
    await transitions({ hold: true, ids: [await idOf('db1')] })
    await api.ok('instanceStop', { path: { instance: 'db1' }, query: P })
    await api.ok('instanceStart', { path: { instance: 'web1' }, query: P })
    await api.until(
      () => view('web1'),
      (i) => i.run_state === 'running',
    )
    await api.until(holdNow, (h) => h.parked === 1)
    expect((await view('db1')).run_state).toBe('stopping')
  })

  it('a hold of everything parks disks too; releasing everything completes them', async () => {
    await transitions({ hold: true })
    const disk = await api.ok<{ name: string; state: { state: string } }>('diskCreate', {
      query: P,
      body: {
        name: 'held-disk',
        description: '',
        size: 1024 ** 3,
        disk_backend: { type: 'distributed', disk_source: { type: 'blank', block_size: 4096 } },
      },
    })
    expect(disk.state.state).toBe('creating')
    await api.until(holdNow, (h) => h.parked === 1)
    const diskView = () =>
      api.ok<{ state: { state: string } }>('diskView', { path: { disk: 'held-disk' }, query: P })
    expect((await diskView()).state.state).toBe('creating')
    expect(await (await transitions({ hold: false })).json()).toEqual({
      hold_all: false,
      held: [],
      parked: 0,
    })
    expect((await diskView()).state.state).toBe('detached')
  })

  it('a reset drops every hold and parked step', async () => {
    const id = await idOf('db1')
    await transitions({ hold: true })
    await transitions({ hold: true, ids: [id] })
    await api.ok('instanceStop', { path: { instance: 'db1' }, query: P })
    await api.until(holdNow, (h) => h.parked === 1)
    expect((await hook('/__mock/reset', { method: 'POST' })).status).toBe(204)
    expect(await holdNow()).toEqual({ hold_all: false, held: [], parked: 0 })
  })

  it('refuses a malformed hold request', async () => {
    for (const body of [{}, { hold: 'yes' }, { hold: true, ids: 'db1' }, null]) {
      const res = await transitions(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await res.json()).toMatchObject({ message: expect.any(String) })
    }
    const form = await hook('/__mock/transitions', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"hold":true}',
    })
    expect(form.status).toBe(400)
    expect(await holdNow()).toEqual({ hold_all: false, held: [], parked: 0 })
  })
})
