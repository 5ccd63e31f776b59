// The error catalogue (spec section 8) in one place: every failed ApiResult becomes a UserError with the
// message a screen shows and a kind that tells the screen what to do (redirect, not-found page, notice).
import { S, T } from '../strings'
import { operations } from './__generated__/operations'
import { snakeKey } from './casing'
import type { ApiFailure, ApiResult, OperationName } from './types'

export type UserErrorKind =
  | 'unauthorized' // 401: the app redirects to /login (spec 2)
  | 'forbidden' // 403: "Action not authorized", maybe with the no-group notice (spec 6)
  | 'not_found' // 404: the "Page not found" page
  | 'network' // no response at all (offline): the cached data stays on screen
  | 'unreadable' // a response that is not JSON or not the contract's shape
  | 'server' // 5xx
  | 'client' // any other 4xx

export type UserError = {
  kind: UserErrorKind
  message: string
  statusCode?: number
  errorCode?: string
  requestId?: string
}

/** Documentation linked from the no-group notice (spec 6): how a silo's identity provider grants access. */
export const NO_GROUP_DOCS_URL = 'https://docs.oxide.computer/guides/configuring-access'
/** Same URL under a longer name. */
export const NO_GROUP_NOTICE_DOCS_URL = NO_GROUP_DOCS_URL

const capitalize = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s)

const ACRONYMS: Record<string, string> = { ip: 'IP', vpc: 'VPC', ssh: 'SSH', saml: 'SAML', idp: 'IdP' }

/**
 * `vpc-subnet` / `floating_ip` / `anti_affinity_group` -> `VPC subnet` / `Floating IP` /
 * `Anti-affinity group`: a resource kind as a sentence start, acronyms in capitals.
 */
function resourceLabel(kind: string): string {
  const words = kind.split(/[-_\s]+/).filter(Boolean)
  const label = words
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase())
    .join(' ')
    .replace(/\banti /g, 'anti-')
  return capitalize(label)
}

/**
 * Spec 8, ObjectAlreadyExists: "The named resource followed by "name already exists". The resource kind
 * comes from the message after "already exists", or from the word before "create" in the operation name."
 * The platform's message reads `already exists: project "web"`.
 */
export function alreadyExistsMessage(name: OperationName, serverMessage: string): string {
  const fromMessage = /already exists:?\s+([A-Za-z][\w-]*)/i.exec(serverMessage)?.[1]
  const opId = snakeKey(name)
  const words = opId.split('_')
  const i = words.lastIndexOf('create')
  const fromOperation = i > 0 ? words[i - 1] : undefined
  const kind = fromMessage ?? fromOperation
  return kind ? `${resourceLabel(kind)} ${S.alreadyExistsSuffix}` : capitalize(S.alreadyExistsSuffix)
}

const JSON_PARSE_PREFIX = /^unable to parse (?:JSON )?body:\s*/i

/**
 * Spec 8, "JSON parse message: cleaned to its core and capitalised". The platform reports body errors
 * as `unable to parse JSON body: <field path>: <problem> at line L column C`; the core is the problem.
 * Only a single-token field path is stripped, so serde's own `invalid value: ...` phrasing survives.
 */
export function cleanJsonParseMessage(message: string): string {
  let core = message.replace(JSON_PARSE_PREFIX, '')
  core = core.replace(/\s+at line \d+ column \d+\s*$/, '')
  core = core.replace(/^[A-Za-z_][\w.[\]]*:\s+(?=\S)/, '')
  return capitalize(core.trim())
}

export const isJsonParseMessage = (message: string): boolean => JSON_PARSE_PREFIX.test(message)

const kindOfStatus = (status: number): UserErrorKind =>
  status === 401
    ? 'unauthorized'
    : status === 403
      ? 'forbidden'
      : status === 404
        ? 'not_found'
        : status >= 500
          ? 'server'
          : 'client'

/** Spec 8: the message and kind for a failed call of operation `name`. */
/** The data of a successful call; otherwise rejects with the catalogue's message for the call that failed. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.type === 'success') return result.data
  throw new Error(toUserError(result.op, result).message)
}

/** Operations sent with POST that change nothing (queries, a sign-in): no "change" to check on. */
const READS_BY_POST = new Set<OperationName>(['timeseriesQuery', 'loginLocal'])

function noAnswerMessage(name: OperationName, sentOnline: boolean): string {
  const read = operations[name].method === 'GET' || READS_BY_POST.has(name)
  // A write that left while the browser was online may have been done before the link went: that
  // is worth more than "offline" (a delete whose answer was lost, then the row is gone).
  if (typeof navigator !== 'undefined' && navigator.onLine === false && (read || !sentOnline))
    return T.offline
  return read ? T.noAnswer : T.noAnswerToWrite
}

export function toUserError(name: OperationName, result: ApiFailure): UserError {
  if (result.type === 'client_error') {
    const requestId = result.response?.headers.get('x-request-id') ?? undefined
    // A request that never got an answer is a network failure, not unreadable: the UI keeps its cached
    // page. Offline when the browser says so; else the server did not answer (a timeout, a connection
    // cut on the way), and a write may have been done all the same.
    if (result.network) return { kind: 'network', message: noAnswerMessage(name, result.sentOnline === true) }
    // The status still decides what a screen does (a proxy's HTML 401/403/404 page), but the message is
    // the unreadable one, except for 403 whose message the spec fixes regardless of the body.
    const status = result.response?.status
    const byStatus = status === 401 || status === 403 || status === 404 ? kindOfStatus(status) : undefined
    return {
      kind: byStatus ?? 'unreadable',
      message: status === 403 ? S.notAuthorized : S.unreadableResponse,
      ...(result.response ? { statusCode: result.response.status } : {}),
      ...(requestId ? { requestId } : {}),
    }
  }

  const { statusCode, errorCode, message, requestId } = result.data
  const base = {
    kind: kindOfStatus(statusCode),
    statusCode,
    ...(errorCode ? { errorCode } : {}),
    ...(requestId ? { requestId } : {}),
  }
  if (statusCode === 403) return { ...base, message: S.notAuthorized }
  if (errorCode === 'ObjectNotFound') return { ...base, message: capitalize(message) || S.unknownServerError }
  if (errorCode === 'ObjectAlreadyExists') return { ...base, message: alreadyExistsMessage(name, message) }
  if (isJsonParseMessage(message))
    return { ...base, message: cleanJsonParseMessage(message) || S.unknownServerError }
  return { ...base, message: capitalize(message.trim()) || S.unknownServerError }
}

/**
 * Spec 6: with a 403, a user "in no groups and [with] no role assignment on the silo" sees the
 * no-group notice (S.noGroupNotice, linking NO_GROUP_NOTICE_DOCS_URL): their identity provider is
 * probably not sending group claims.
 */
export function shouldShowNoGroupNotice(user: { groupCount: number; siloRoleCount: number }): boolean {
  return user.groupCount === 0 && user.siloRoleCount === 0
}
