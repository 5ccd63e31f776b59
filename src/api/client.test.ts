import fc from 'fast-check'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest'
import {
  api,
  buildPath,
  buildQuery,
  createApiClient,
  getApiToken,
  loginRedirectPath,
  onUnauthorized,
  redirectTarget,
  safeRedirect,
  setApiToken,
  type UnauthorizedInfo,
} from './client'
import { toUserError } from './errors'

const BASE = 'http://rack.test'
const server = setupServer()
let logged: MockInstance<typeof console.error>

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  setApiToken(undefined)
})
afterAll(() => server.close())

const project = (name: string, extra: Record<string, unknown> = {}) => ({
  id: '0c7a1e7e-5b1a-4c55-9f0e-2c1f3a4b5c6d',
  name,
  description: `the ${name} project`,
  time_created: '2024-01-02T03:04:05.123456Z',
  time_modified: '2024-02-03T04:05:06Z',
  ...extra,
})

const client = (opts: Parameters<typeof createApiClient>[0] = {}) =>
  createApiClient({ baseUrl: BASE, ...opts })

/** Records the one request a handler saw. */
function capture() {
  const seen: Request[] = []
  return { seen, last: () => seen[seen.length - 1]! }
}

describe('requests (spec 7 conventions)', () => {
  it('takes method and path from the operations table; path params are URL-encoded', async () => {
    const c = capture()
    server.use(
      http.get(`${BASE}/v1/projects/:project`, ({ request }) => {
        c.seen.push(request)
        return HttpResponse.json(project('web'))
      }),
    )
    const r = await client().call('projectView', { path: { project: 'we b/1' } })
    expect(r.type).toBe('success')
    expect(c.last().method).toBe('GET')
    expect(new URL(c.last().url).pathname).toBe('/v1/projects/we%20b%2F1')
  })

  it('fills snake_case placeholders from camelCase path params', () => {
    expect(buildPath('/login/{silo_name}/saml/{provider_name}', { siloName: 's', providerName: 'p q' })).toBe(
      '/login/s/saml/p%20q',
    )
    expect(() => buildPath('/v1/projects/{project}', {})).toThrow(/project/)
  })

  it('snake_cases query keys, drops null/undefined, repeats array keys, writes Dates as ISO', () => {
    expect(
      buildQuery({
        pageToken: 'abc',
        sortBy: 'name_ascending',
        project: undefined,
        vpc: null,
        tag: ['a', 'b'],
        startTime: new Date('2024-01-01T00:00:00Z'),
      }),
    ).toBe('?page_token=abc&sort_by=name_ascending&tag=a&tag=b&start_time=2024-01-01T00%3A00%3A00.000Z')
    expect(buildQuery({ project: undefined })).toBe('')
  })

  it('sends the query over the wire', async () => {
    const c = capture()
    server.use(
      http.get(`${BASE}/v1/instances`, ({ request }) => {
        c.seen.push(request)
        return HttpResponse.json({ items: [], next_page: null })
      }),
    )
    await client().call('instanceList', { query: { project: 'web', limit: 50, pageToken: undefined } })
    const q = new URL(c.last().url).searchParams
    expect([...q.entries()]).toEqual([
      ['project', 'web'],
      ['limit', '50'],
    ])
  })

  it('sends JSON bodies in snake_case', async () => {
    const c = capture()
    let body: unknown
    server.use(
      http.post(`${BASE}/v1/me/ssh-keys`, async ({ request }) => {
        c.seen.push(request)
        body = await request.json()
        return HttpResponse.json(
          {
            id: '6f1d9f0a-1b2c-4d3e-8f90-a1b2c3d4e5f6',
            name: 'k',
            description: 'd',
            public_key: 'ssh-ed25519 AAAA',
            silo_user_id: '6f1d9f0a-1b2c-4d3e-8f90-a1b2c3d4e5f7',
            time_created: '2024-01-01T00:00:00Z',
            time_modified: '2024-01-01T00:00:00Z',
          },
          { status: 201 },
        )
      }),
    )
    const r = await client().call('currentUserSshKeyCreate', {
      body: { name: 'k', description: 'd', publicKey: 'ssh-ed25519 AAAA' },
    })
    expect(body).toEqual({ name: 'k', description: 'd', public_key: 'ssh-ed25519 AAAA' })
    expect(c.last().headers.get('content-type')).toMatch(/^application\/json/)
    expect(r.type === 'success' && r.data.publicKey).toBe('ssh-ed25519 AAAA')
  })

  it('form-encodes the device endpoints with snake_case keys', async () => {
    const c = capture()
    let form = ''
    server.use(
      http.post(`${BASE}/device/auth`, async ({ request }) => {
        c.seen.push(request)
        form = await request.text()
        return HttpResponse.json({ device_code: 'dc', user_code: 'ABCD-EFGH', expires_in: 300 })
      }),
    )
    const r = await client().call('deviceAuthRequest', {
      body: { clientId: '6f1d9f0a-1b2c-4d3e-8f90-a1b2c3d4e5f6', ttlSeconds: null },
    })
    expect(c.last().headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/)
    expect(Object.fromEntries(new URLSearchParams(form))).toEqual({
      client_id: '6f1d9f0a-1b2c-4d3e-8f90-a1b2c3d4e5f6',
    })
    // The contract leaves this body untyped; JSON is still read and camelCased.
    expect(r).toMatchObject({
      type: 'success',
      data: { deviceCode: 'dc', userCode: 'ABCD-EFGH', expiresIn: 300 },
    })
  })

  it('passes an octet-stream body through untouched', async () => {
    let received: Uint8Array | undefined
    let type: string | null = null
    server.use(
      http.post(`${BASE}/login/:silo/saml/:provider`, async ({ request }) => {
        type = request.headers.get('content-type')
        received = new Uint8Array(await request.arrayBuffer())
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const bytes = new Uint8Array([0, 1, 2, 255])
    await client().call('loginSaml', {
      path: { siloName: 'corp', providerName: 'okta' },
      body: new Blob([bytes]),
    })
    expect(type).toBe('application/octet-stream')
    expect(received).toEqual(bytes)
  })

  it('sends a bearer Authorization header only when a token is configured', async () => {
    const c = capture()
    server.use(
      http.get(`${BASE}/v1/ping`, ({ request }) => {
        c.seen.push(request)
        return HttpResponse.json({ status: 'ok' })
      }),
    )
    await client({ getToken: () => 'tok-123' }).call('ping')
    expect(c.last().headers.get('authorization')).toBe('Bearer tok-123')
    await client({ getToken: () => undefined }).call('ping')
    expect(c.last().headers.get('authorization')).toBeNull()
    await client().call('ping')
    expect(c.last().headers.get('authorization')).toBeNull()
  })

  it('does not retry a failed request (spec 9)', async () => {
    let count = 0
    server.use(
      http.get(`${BASE}/v1/ping`, () => {
        count++
        return HttpResponse.json({ request_id: 'r', message: 'busy' }, { status: 503 })
      }),
    )
    const r = await client().call('ping')
    expect(r.type).toBe('error')
    expect(count).toBe(1)
  })
})

describe('results (spec 7)', () => {
  it('success: camelCase keys and Dates on time keys', async () => {
    server.use(http.get(`${BASE}/v1/projects/web`, () => HttpResponse.json(project('web'))))
    const r = await client().call('projectView', { path: { project: 'web' } })
    if (r.type !== 'success') throw new Error(`expected success, got ${r.type}`)
    expect(r.data.name).toBe('web')
    expect(r.data.timeCreated).toEqual(new Date('2024-01-02T03:04:05.123Z'))
    expect(r.data.timeModified).toBeInstanceOf(Date)
    expect(r.data).not.toHaveProperty('time_created')
    expect(r.response.status).toBe(200)
    expect(logged).not.toHaveBeenCalled()
  })

  it('204: data is undefined', async () => {
    server.use(http.delete(`${BASE}/v1/projects/web`, () => new HttpResponse(null, { status: 204 })))
    const r = await client().call('projectDelete', { path: { project: 'web' } })
    expect(r).toMatchObject({ type: 'success', data: undefined })
  })

  it('non-OK: error with the camelCased body and the status code, logged once', async () => {
    server.use(
      http.get(`${BASE}/v1/projects/nope`, () =>
        HttpResponse.json(
          {
            request_id: 'req-42',
            error_code: 'ObjectNotFound',
            message: 'not found: project with name "nope"',
          },
          { status: 404 },
        ),
      ),
    )
    const r = await client().call('projectView', { path: { project: 'nope' } })
    expect(r).toMatchObject({
      type: 'error',
      data: {
        requestId: 'req-42',
        errorCode: 'ObjectNotFound',
        message: 'not found: project with name "nope"',
        statusCode: 404,
      },
    })
    expect(logged).toHaveBeenCalledTimes(1)
    const line = String(logged.mock.calls[0]?.[0])
    for (const part of [
      `${BASE}/v1/projects/nope`,
      'req-42',
      'ObjectNotFound',
      'not found: project with name "nope"',
    ])
      expect(line).toContain(part)
  })

  it('non-OK without a body: error carrying the status and the x-request-id header', async () => {
    server.use(
      http.get(
        `${BASE}/v1/ping`,
        () => new HttpResponse(null, { status: 502, headers: { 'x-request-id': 'edge-1' } }),
      ),
    )
    const r = await client().call('ping')
    expect(r).toMatchObject({ type: 'error', data: { statusCode: 502, requestId: 'edge-1', message: '' } })
    if (r.type === 'error') expect(toUserError('ping', r).message).toBe('Unknown server error')
  })

  it('body not valid JSON: client_error with network false and the text', async () => {
    server.use(http.get(`${BASE}/v1/ping`, () => HttpResponse.html('<html>proxy says hi</html>')))
    const r = await client().call('ping')
    expect(r).toMatchObject({ type: 'client_error', network: false, text: '<html>proxy says hi</html>' })
    if (r.type !== 'client_error') throw new Error('expected client_error')
    expect(r.response?.status).toBe(200)
    expect(toUserError('ping', r).message).toBe('Error reading API response')
    expect(logged).toHaveBeenCalledTimes(1)
  })

  it('an error status with a non-JSON body is also client_error', async () => {
    server.use(http.get(`${BASE}/v1/ping`, () => HttpResponse.text('Bad Gateway', { status: 502 })))
    const r = await client().call('ping')
    expect(r).toMatchObject({ type: 'client_error', network: false, text: 'Bad Gateway' })
  })

  it('no response (offline): client_error with network true', async () => {
    server.use(http.get(`${BASE}/v1/ping`, () => HttpResponse.error()))
    const r = await client().call('ping')
    expect(r).toMatchObject({ type: 'client_error', network: true })
    if (r.type === 'client_error') expect(toUserError('ping', r).kind).toBe('network')
    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0]?.[0])).toContain(`${BASE}/v1/ping`)
  })

  it('asks the browser never to store or reuse an answer in its HTTP cache (sign-out cannot wipe that)', async () => {
    const seen: Request[] = []
    const fetcher = (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init)
      seen.push(request)
      return Promise.resolve(Response.json({ status: 'ok' }))
    }
    await client({ fetch: fetcher }).call('ping')
    expect(seen.map((r) => r.cache)).toEqual(['no-store'])
  })

  it('a custom fetch that rejects is a network failure too', async () => {
    const r = await client({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) }).call('ping')
    // Sent while the browser said online: it may have reached the server.
    expect(r).toMatchObject({ type: 'client_error', network: true, sentOnline: true })
    if (r.type === 'client_error') expect(r.error.message).toBe('Failed to fetch')
    vi.stubGlobal('navigator', { onLine: false })
    const never = await client({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) }).call('ping')
    expect(never).toMatchObject({ type: 'client_error', network: true, sentOnline: false })
  })

  it('a request slower than the timeout is a network failure', async () => {
    server.use(
      http.get(`${BASE}/v1/ping`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 300))
        return HttpResponse.json({ status: 'ok' })
      }),
    )
    const r = await client({ timeout: 30 }).call('ping')
    expect(r).toMatchObject({ type: 'client_error', network: true })
  })

  it('call works as a detached function (storage is handed `api.call`)', async () => {
    server.use(http.get(`${BASE}/v1/ping`, () => HttpResponse.json({ status: 'ok' })))
    const { call } = client()
    expect(await call('ping')).toMatchObject({ type: 'success', data: { status: 'ok' } })
  })

  it("a caller's abort rejects with the AbortError and is not logged", async () => {
    server.use(
      http.get(`${BASE}/v1/ping`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 200))
        return HttpResponse.json({ status: 'ok' })
      }),
    )
    const controller = new AbortController()
    const pending = client().call('ping', {}, { signal: controller.signal })
    setTimeout(() => controller.abort(), 10)
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(logged).not.toHaveBeenCalled()
  })

  it('a missing path param is a client_error, not a throw', async () => {
    const r = await client().call('projectView', { path: {} as { project: string } })
    expect(r).toMatchObject({ type: 'client_error', network: false })
  })

  it('an untyped download hands a non-JSON body over as a Blob', async () => {
    server.use(
      http.get(
        `${BASE}/v1/system/support-bundles/:id/download`,
        () =>
          new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
            headers: { 'content-type': 'application/zip' },
          }),
      ),
    )
    const r = await client().call('supportBundleDownload', { path: { bundleId: 'b1' } })
    if (r.type !== 'success') throw new Error('expected success')
    expect(r.data).toBeInstanceOf(Blob)
    expect(new Uint8Array(await (r.data as Blob).arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]))
  })
})

describe('response validation at the boundary', () => {
  it('a body that breaks the contract is a client_error naming the operation and the bad path', async () => {
    server.use(
      http.get(`${BASE}/v1/projects`, () =>
        HttpResponse.json({ items: [project('ok'), project('bad', { time_created: 12 })], next_page: null }),
      ),
    )
    const r = await client().call('projectList')
    if (r.type !== 'client_error') throw new Error(`expected client_error, got ${r.type}`)
    expect(r.network).toBe(false)
    expect(r.error.message).toContain('projectList')
    expect(r.error.message).toContain('items.1.time_created')
    expect(toUserError('projectList', r).message).toBe('Error reading API response')
    expect(logged).toHaveBeenCalledTimes(1)
  })

  it('a missing required field is caught as well', async () => {
    const { name: _, ...noName } = project('x')
    server.use(http.get(`${BASE}/v1/projects/x`, () => HttpResponse.json(noName)))
    const r = await client().call('projectView', { path: { project: 'x' } })
    expect(r.type).toBe('client_error')
    if (r.type === 'client_error') expect(r.error.message).toMatch(/projectView: name/)
  })

  it('extra fields are tolerated (a newer server may add some)', async () => {
    server.use(http.get(`${BASE}/v1/projects/x`, () => HttpResponse.json(project('x', { newer_field: 1 }))))
    const r = await client().call('projectView', { path: { project: 'x' } })
    expect(r.type).toBe('success')
  })

  it('validation can be turned off', async () => {
    server.use(http.get(`${BASE}/v1/projects/x`, () => HttpResponse.json({ name: 'x' })))
    const r = await client({ validate: false }).call('projectView', { path: { project: 'x' } })
    expect(r).toMatchObject({ type: 'success', data: { name: 'x' } })
  })
})

describe('401 handling (spec 2 and 8)', () => {
  const unauthorized = () =>
    HttpResponse.json({ request_id: 'r', message: 'credentials missing' }, { status: 401 })

  it('calls onUnauthorized for a 401', async () => {
    server.use(http.get(`${BASE}/v1/me`, unauthorized))
    const seen: UnauthorizedInfo[] = []
    const r = await client({ onUnauthorized: (i) => seen.push(i) }).call('currentUserView')
    expect(r).toMatchObject({ type: 'error', data: { statusCode: 401 } })
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ operation: 'currentUserView', url: `${BASE}/v1/me` })
  })

  it('does not for a 401 on local login (wrong password stays on the form)', async () => {
    server.use(http.post(`${BASE}/v1/login/:silo/local`, unauthorized))
    const onUnauthorizedSpy = vi.fn()
    const r = await client({ onUnauthorized: onUnauthorizedSpy }).call('loginLocal', {
      path: { siloName: 'corp' },
      body: { username: 'u', password: 'p' },
    })
    expect(r.type).toBe('error')
    expect(onUnauthorizedSpy).not.toHaveBeenCalled()
  })

  it('also for a 401 whose body is not JSON (a proxy page)', async () => {
    server.use(http.get(`${BASE}/v1/me`, () => HttpResponse.html('<h1>401</h1>', { status: 401 })))
    const spy = vi.fn()
    const r = await client({ onUnauthorized: spy }).call('currentUserView')
    expect(r.type).toBe('client_error')
    expect(spy).toHaveBeenCalledTimes(1)
  })

  it('does not for other statuses', async () => {
    server.use(
      http.get(`${BASE}/v1/me`, () => HttpResponse.json({ request_id: 'r', message: 'no' }, { status: 403 })),
    )
    const spy = vi.fn()
    await client({ onUnauthorized: spy }).call('currentUserView')
    expect(spy).not.toHaveBeenCalled()
  })
})

describe('the app singleton', () => {
  it('resolves against the page origin, sends the in-memory token, and fans 401s out to listeners', async () => {
    vi.stubGlobal('location', new URL(`${BASE}/projects/web/instances?page=2`))
    const auth: (string | null)[] = []
    server.use(
      http.get(`${BASE}/v1/me`, ({ request }) => {
        auth.push(request.headers.get('authorization'))
        return HttpResponse.json({ request_id: 'r', message: 'expired' }, { status: 401 })
      }),
    )
    setApiToken('secret')
    expect(getApiToken()).toBe('secret')
    const a = vi.fn()
    const b = vi.fn()
    const offA = onUnauthorized(a)
    const offB = onUnauthorized(b)
    await api.call('currentUserView')
    expect(auth).toEqual(['Bearer secret'])
    expect(a).toHaveBeenCalledTimes(1)
    expect(b).toHaveBeenCalledTimes(1)
    offA()
    setApiToken(undefined)
    await api.call('currentUserView')
    expect(auth).toEqual(['Bearer secret', null])
    expect(a).toHaveBeenCalledTimes(1)
    expect(b).toHaveBeenCalledTimes(2)
    offB()
  })

  it('never persists the token', () => {
    setApiToken('secret')
    expect(globalThis.localStorage?.getItem?.('token') ?? null).toBeNull()
    setApiToken('')
    expect(getApiToken()).toBeUndefined()
  })
})

describe('login redirect', () => {
  it('holds the current path plus query in redirect_uri', () => {
    const to = loginRedirectPath({ pathname: '/projects/web/instances', search: '?page=abc&x=1' })
    expect(to).toBe('/login?redirect_uri=%2Fprojects%2Fweb%2Finstances%3Fpage%3Dabc%26x%3D1')
    expect(new URLSearchParams(to.split('?')[1]).get('redirect_uri')).toBe(
      '/projects/web/instances?page=abc&x=1',
    )
  })

  it('leaves redirect_uri out from the root and from login pages', () => {
    expect(loginRedirectPath({ pathname: '/', search: '' })).toBe('/login')
    expect(loginRedirectPath({ pathname: '/login/corp/local', search: '?redirect_uri=%2Fx' })).toBe('/login')
  })

  it('only follows same-origin paths after login', () => {
    expect(redirectTarget('?redirect_uri=%2Fprojects%2Fweb%3Fpage%3D2')).toBe('/projects/web?page=2')
    expect(redirectTarget('')).toBe('/projects')
    expect(redirectTarget('?redirect_uri=https%3A%2F%2Fevil.example')).toBe('/projects')
    expect(redirectTarget('?redirect_uri=%2F%2Fevil.example')).toBe('/projects')
    expect(redirectTarget('?redirect_uri=%2F%5Cevil.example')).toBe('/projects')
  })

  const ORIGIN = 'http://console.test:8080'

  it('normalises before checking: dot segments, backslashes and encoded slashes cannot leave the origin', () => {
    for (const bad of [
      '/.//evil.example',
      '/./\\evil.example',
      '/a/..//evil.example',
      '/%2e/%2fevil.example',
      '/%252f%252fevil.example',
      '/\t/evil.example',
      '\\\\evil.example',
      '//evil.example/x',
      'https://evil.example',
      'HTTPS://evil.example/projects',
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,hi',
      '',
      '/login/default-silo/local',
    ]) {
      expect(safeRedirect(bad, ORIGIN), bad).toBe('/projects')
      expect(redirectTarget(`?${new URLSearchParams({ redirect_uri: bad })}`), bad).toBe('/projects')
    }
    expect(safeRedirect(null, ORIGIN)).toBe('/projects')
  })

  it('passes normal same-origin paths with their query and hash unchanged', () => {
    for (const good of [
      '/projects',
      '/projects/mock-project/instances?page=abc&x=1',
      '/settings/ssh-keys-new',
      '/system/access?edit=5f0c#top',
    ]) {
      expect(safeRedirect(good, ORIGIN)).toBe(good)
    }
    // A full URL of this very origin is still a path here.
    expect(safeRedirect(`${ORIGIN}/settings/profile?a=1`, ORIGIN)).toBe('/settings/profile?a=1')
  })

  it('property: any string gives one leading slash on the same origin, and never throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({
            unit: fc.constantFrom('/', '\\', '.', '%', '2', 'e', 'f', 'F', ':', '\t', 'a', '@', '?', '#'),
          }),
          fc.webUrl(),
        ),
        (s) => {
          const r = safeRedirect(s, ORIGIN)
          expect(r.startsWith('/')).toBe(true)
          expect(r.startsWith('//')).toBe(false)
          expect(r.startsWith('/\\')).toBe(false)
          expect(new URL(r, ORIGIN).origin).toBe(ORIGIN)
        },
      ),
      { numRuns: 2000 },
    )
  })
})

describe('listAll', () => {
  const pages: Record<string, { items: ReturnType<typeof project>[]; next_page: string | null }> = {
    '': { items: [project('a'), project('b')], next_page: 't2' },
    t2: { items: [project('c')], next_page: 't3' },
    t3: { items: [project('d')], next_page: null },
  }

  it('walks page_token/next_page until the last page, keeping the other query params', async () => {
    const queries: string[] = []
    server.use(
      http.get(`${BASE}/v1/projects`, ({ request }) => {
        const url = new URL(request.url)
        queries.push(url.search)
        return HttpResponse.json(pages[url.searchParams.get('page_token') ?? ''])
      }),
    )
    const r = await client().listAll('projectList', { query: { limit: 2, sortBy: 'name_ascending' } })
    if (r.type !== 'success') throw new Error('expected success')
    expect(r.data.items.map((p) => p.name)).toEqual(['a', 'b', 'c', 'd'])
    expect(r.data.items[0]?.timeCreated).toBeInstanceOf(Date)
    expect(r.data.nextPage).toBeNull()
    expect(queries).toEqual([
      '?limit=2&sort_by=name_ascending',
      '?limit=2&sort_by=name_ascending&page_token=t2',
      '?limit=2&sort_by=name_ascending&page_token=t3',
    ])
  })

  it('stops at maxPages and reports where it stopped', async () => {
    server.use(
      http.get(`${BASE}/v1/projects`, ({ request }) =>
        HttpResponse.json(pages[new URL(request.url).searchParams.get('page_token') ?? '']),
      ),
    )
    const r = await client().listAll('projectList', {}, { maxPages: 2 })
    expect(r).toMatchObject({ type: 'success', data: { nextPage: 't3' } })
    if (r.type === 'success') expect(r.data.items).toHaveLength(3)
  })

  it('returns the first failure as is', async () => {
    server.use(
      http.get(`${BASE}/v1/projects`, ({ request }) =>
        new URL(request.url).searchParams.get('page_token')
          ? HttpResponse.json({ request_id: 'r2', message: 'boom' }, { status: 500 })
          : HttpResponse.json(pages['']),
      ),
    )
    const r = await client().listAll('projectList')
    expect(r).toMatchObject({ type: 'error', data: { statusCode: 500, message: 'boom' } })
  })
})
