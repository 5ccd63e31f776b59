import { describe, expect, it, vi } from 'vitest'
import { S, T } from '../strings'
import {
  alreadyExistsMessage,
  cleanJsonParseMessage,
  NO_GROUP_NOTICE_DOCS_URL,
  shouldShowNoGroupNotice,
  toUserError,
  unwrap,
} from './errors'
import type { ApiFailure } from './types'

const httpError = (statusCode: number, message: string, errorCode?: string): ApiFailure => ({
  type: 'error',
  op: 'projectView',
  data: { statusCode, message, errorCode: errorCode ?? null, requestId: 'req-1' },
  response: new Response(null, { status: statusCode }),
})

describe('toUserError: the spec 8 catalogue', () => {
  it('403 -> "Action not authorized", whatever the server said', () => {
    const e = toUserError('projectView', httpError(403, 'actor does not have permission', 'Forbidden'))
    expect(e).toEqual({
      kind: 'forbidden',
      message: 'Action not authorized',
      statusCode: 403,
      errorCode: 'Forbidden',
      requestId: 'req-1',
    })
    expect(e.message).toBe(S.notAuthorized)
  })

  it('ObjectNotFound -> the server message with its first letter capitalised', () => {
    const e = toUserError(
      'projectView',
      httpError(404, 'not found: project with name "web"', 'ObjectNotFound'),
    )
    expect(e.kind).toBe('not_found')
    expect(e.message).toBe('Not found: project with name "web"')
  })

  it('ObjectAlreadyExists -> kind from the message after "already exists"', () => {
    const e = toUserError(
      'projectCreate',
      httpError(400, 'already exists: project "web"', 'ObjectAlreadyExists'),
    )
    expect(e.message).toBe('Project name already exists')
    expect(e.kind).toBe('client')
    // The message wins over the operation: a disk created from an instance form names the disk.
    expect(alreadyExistsMessage('instanceCreate', 'already exists: disk "boot"')).toBe(
      'Disk name already exists',
    )
    expect(alreadyExistsMessage('vpcSubnetCreate', 'already exists: vpc-subnet "a"')).toBe(
      'VPC subnet name already exists',
    )
    expect(alreadyExistsMessage('floatingIpCreate', 'already exists: floating_ip "a"')).toBe(
      'Floating IP name already exists',
    )
    expect(alreadyExistsMessage('antiAffinityGroupCreate', 'already exists: anti_affinity_group "g"')).toBe(
      'Anti-affinity group name already exists',
    )
  })

  it('ObjectAlreadyExists -> kind from the word before "create" in the operation name otherwise', () => {
    expect(toUserError('projectCreate', httpError(400, 'object exists', 'ObjectAlreadyExists')).message).toBe(
      'Project name already exists',
    )
    expect(alreadyExistsMessage('vpcSubnetCreate', '')).toBe('Subnet name already exists')
    expect(alreadyExistsMessage('floatingIpCreate', 'duplicate')).toBe('IP name already exists')
    expect(alreadyExistsMessage('instanceCreate', '')).toBe('Instance name already exists')
    expect(alreadyExistsMessage('instanceCreate', '').endsWith(S.alreadyExistsSuffix)).toBe(true)
  })

  it('JSON parse messages are cleaned to their core and capitalised', () => {
    const raw =
      'unable to parse JSON body: name: name contains invalid character: "$" (allowed characters are lowercase ASCII, digits, and "-") at line 1 column 20'
    const e = toUserError('projectCreate', httpError(400, raw, 'InvalidRequest'))
    expect(e.message).toBe(
      'Name contains invalid character: "$" (allowed characters are lowercase ASCII, digits, and "-")',
    )
    expect(
      cleanJsonParseMessage(
        'unable to parse JSON body: invalid value: integer `-1`, expected u32 at line 1 column 43',
      ),
    ).toBe('Invalid value: integer `-1`, expected u32')
    expect(cleanJsonParseMessage('unable to parse JSON body: missing field `name` at line 1 column 2')).toBe(
      'Missing field `name`',
    )
  })

  it('other errors: the capitalised server message, or "Unknown server error"', () => {
    expect(
      toUserError('instanceStart', httpError(400, 'instance is not stopped', 'InvalidRequest')).message,
    ).toBe('Instance is not stopped')
    const empty = toUserError('instanceStart', httpError(500, ''))
    expect(empty).toMatchObject({ kind: 'server', message: 'Unknown server error', statusCode: 500 })
    expect(empty.message).toBe(S.unknownServerError)
    expect(empty.errorCode).toBeUndefined()
    expect(toUserError('instanceStart', httpError(503, '   ')).message).toBe('Unknown server error')
  })

  it('401 and 404 keep their kinds for redirect and the not-found page', () => {
    expect(toUserError('currentUserView', httpError(401, 'credentials missing')).kind).toBe('unauthorized')
    expect(toUserError('projectView', httpError(404, 'route not found')).kind).toBe('not_found')
    expect(toUserError('projectView', httpError(422, 'bad')).kind).toBe('client')
  })

  it('unreadable response -> "Error reading API response"', () => {
    const failure: ApiFailure = {
      type: 'client_error',
      op: 'projectView',
      error: new SyntaxError('Unexpected token < in JSON'),
      text: '<html>',
      response: new Response('<html>', { status: 200, headers: { 'x-request-id': 'r-9' } }),
      network: false,
    }
    expect(toUserError('projectList', failure)).toEqual({
      kind: 'unreadable',
      message: 'Error reading API response',
      statusCode: 200,
      requestId: 'r-9',
    })
    expect(S.unreadableResponse).toBe('Error reading API response')
  })

  it('an unreadable 401/403/404 keeps the kind its status calls for', () => {
    const page = (status: number): ApiFailure => ({
      type: 'client_error',
      op: 'projectView',
      error: new SyntaxError('Unexpected token <'),
      text: '<h1>nope</h1>',
      response: new Response('<h1>nope</h1>', { status }),
      network: false,
    })
    expect(toUserError('projectView', page(401))).toMatchObject({
      kind: 'unauthorized',
      message: S.unreadableResponse,
    })
    expect(toUserError('projectView', page(403))).toMatchObject({
      kind: 'forbidden',
      message: 'Action not authorized',
    })
    expect(toUserError('projectView', page(404))).toMatchObject({
      kind: 'not_found',
      message: S.unreadableResponse,
    })
    expect(toUserError('projectView', page(502))).toMatchObject({ kind: 'unreadable', statusCode: 502 })
  })

  it('no response at all is a network error, not an unreadable one', () => {
    const failure: ApiFailure = {
      type: 'client_error',
      op: 'projectView',
      error: new TypeError('fetch failed'),
      text: '',
      network: true,
    }
    // The browser says it is online: the server did not answer; a write may have been done.
    expect(toUserError('projectList', failure)).toEqual({ kind: 'network', message: T.noAnswer })
    expect(toUserError('projectCreate', failure)).toEqual({ kind: 'network', message: T.noAnswerToWrite })
    // A query sent by POST changes nothing.
    expect(toUserError('timeseriesQuery', failure)).toEqual({ kind: 'network', message: T.noAnswer })
    // The browser says it is offline: that is what the operator is told.
    vi.stubGlobal('navigator', { onLine: false })
    try {
      expect(toUserError('projectCreate', failure)).toEqual({ kind: 'network', message: T.offline })
      // ...unless a write left while it was online: the link went after, and it may have been done.
      const lostOnTheWay: ApiFailure = { ...failure, sentOnline: true }
      expect(toUserError('floatingIpDelete', lostOnTheWay)).toEqual({
        kind: 'network',
        message: T.noAnswerToWrite,
      })
      expect(toUserError('projectList', lostOnTheWay)).toEqual({ kind: 'network', message: T.offline })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('no-group notice (spec 6)', () => {
  it('shows only when the user has no group and no silo role', () => {
    expect(shouldShowNoGroupNotice({ groupCount: 0, siloRoleCount: 0 })).toBe(true)
    expect(shouldShowNoGroupNotice({ groupCount: 1, siloRoleCount: 0 })).toBe(false)
    expect(shouldShowNoGroupNotice({ groupCount: 0, siloRoleCount: 1 })).toBe(false)
    expect(shouldShowNoGroupNotice({ groupCount: 2, siloRoleCount: 3 })).toBe(false)
  })

  it('links to external documentation and uses the spec text', () => {
    expect(new URL(NO_GROUP_NOTICE_DOCS_URL).protocol).toBe('https:')
    expect(S.noGroupNotice).toBe(
      'You are not in any groups and have no role on the silo. This usually means the identity provider is not set up correctly.',
    )
  })
})

describe('unwrap', () => {
  it('gives the data of a success', () => {
    expect(unwrap({ type: 'success', data: { name: 'web' }, response: new Response() })).toEqual({
      name: 'web',
    })
  })

  it('rejects with the catalogue message of the call that failed, named by the failure', () => {
    // A bare "already exists" is worded from the failed operation, which the failure carries.
    const clash = (op: 'vpcCreate' | 'diskCreate') => ({
      ...httpError(400, 'already exists', 'ObjectAlreadyExists'),
      op,
    })
    expect(() => unwrap(clash('vpcCreate'))).toThrow('VPC name already exists')
    expect(() => unwrap(clash('diskCreate'))).toThrow('Disk name already exists')
    expect(() => unwrap(httpError(403, 'no', 'Forbidden'))).toThrow(S.notAuthorized)
  })
})
