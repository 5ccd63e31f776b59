// Who may use the /__mock/* test hooks. They re-seed the database, read back written bytes and
// freeze state transitions: powers no API user has, so the mock must not hand them to anyone who can
// reach it. They answer in test runs (MOCK_TEST_HOOKS=1 for `npm start` under playwright, implied
// under vitest) and otherwise only to a fleet admin; to anyone else they do not exist (404, as an
// unknown path), so a probe learns nothing.
import { type DefaultBodyType, HttpResponse, http, type PathParams, type StrictResponse } from 'msw'
import { db } from '../db'
import { fleetRole, resolveCaller, SESSION_COOKIE } from './auth'
import { randomId } from './ids'

/** MOCK_TEST_HOOKS=1 or vitest. In the browser there is no `process`: never a test run there. */
export function isTestRun(): boolean {
  // Read through a variable at call time: bundlers cannot inline it, and tests can flip it.
  const env: Record<string, string | undefined> | undefined =
    typeof process !== 'undefined' && process.env ? process.env : undefined
  return env?.MOCK_TEST_HOOKS === '1' || Boolean(env?.VITEST)
}

export function hooksAllowed(request: Request, cookies: Record<string, string>): boolean {
  if (isTestRun()) return true
  const caller = resolveCaller(db, request.headers.get('authorization'), cookies[SESSION_COOKIE])
  return caller !== undefined && fleetRole(db, caller.user) === 'admin'
}

/** The answer of the Node server to a path it does not know (mocks/server.ts). */
export function unknownPath(): Response {
  const requestId = randomId()
  return HttpResponse.json(
    { request_id: requestId, error_code: 'Not Found', message: 'Not Found' },
    { status: 404, headers: { 'x-request-id': requestId } },
  )
}

type Resolver = (info: {
  request: Request
  params: PathParams
  cookies: Record<string, string>
}) => Response | StrictResponse<DefaultBodyType> | Promise<Response | StrictResponse<DefaultBodyType>>

/** An msw handler for a test hook under `*\/__mock/...`, behind `hooksAllowed`. */
export function testHook(method: 'get' | 'post', path: `/__mock/${string}`, resolver: Resolver) {
  return http[method](`*${path}`, (info) =>
    hooksAllowed(info.request, info.cookies) ? resolver(info) : unknownPath(),
  )
}
