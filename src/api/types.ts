// Type-level view of the generated API contract as the console sees it (spec section 7): keys are
// camelCase, and timestamp keys (time_*, *_time, *_expiration, timestamp) are Dates. Nothing here is
// a hand-written payload type: every shape is derived from src/api/__generated__/nexus.ts.
import type { components, operations as Ops } from './__generated__/nexus'
import type { OperationName } from './__generated__/operations'

export type { OperationName }
export type Schemas = components['schemas']

/** snake_case -> camelCase for one key. */
export type CamelKey<S extends string> = S extends `${infer H}_${infer T}`
  ? `${H}${Capitalize<CamelKey<T>>}`
  : S

/** Keys whose values the client turns into Dates (spec section 7). */
export type IsTimeKey<K> = K extends
  | `time_${string}`
  | `${string}_time`
  | `${string}_expiration`
  | 'timestamp'
  ? true
  : false

type DateOf<T> = T extends string ? Date : T extends readonly (infer U)[] ? DateOf<U>[] : T

/** The console-side (camelCase, Dates) view of a wire (snake_case) type, deep. */
export type Camel<T> = T extends Date | BinaryBody
  ? T
  : T extends readonly (infer U)[]
    ? Camel<U>[]
    : T extends object
      ? {
          [K in keyof T as K extends string ? CamelKey<K> : K]: IsTimeKey<K> extends true
            ? DateOf<T[K]>
            : Camel<T[K]>
        }
      : T

/** The wire (snake_case) view of a console-side object: used for request bodies and queries. */
export type Schema<N extends keyof Schemas> = Camel<Schemas[N]>

/** `diskList` -> `disk_list`: the type-level `snakeKey`, which gives an operation's contract id back. */
type SnakeKey<S extends string, Done extends string = ''> = S extends `${infer H}${infer Rest}`
  ? SnakeKey<Rest, `${Done}${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}`>
  : Done
/** The contract's description of an operation, in its generated `operations` type. */
export type OpOf<N extends OperationName> = Ops[SnakeKey<N> & keyof Ops]

type Params<O> = O extends { parameters: infer P } ? P : never
type PathOf<O> = Params<O> extends { path: infer X } ? X : Params<O> extends { path?: infer X } ? X : never
type QueryOf<O> = Params<O> extends { query: infer X } ? X : Params<O> extends { query?: infer X } ? X : never
type BodyOf<O> = O extends { requestBody: { content: infer C } }
  ? ContentBody<C>
  : O extends { requestBody?: { content: infer C } }
    ? ContentBody<C>
    : never

// The contract types an octet-stream body (the SAML assertion) as `string`; the client sends bytes as is.
type ContentBody<C> = C extends { 'application/octet-stream': unknown } ? BinaryBody : C[keyof C]

/** What an `application/octet-stream` request body may be: passed to fetch untouched. */
export type BinaryBody = Blob | ArrayBuffer | ArrayBufferView

type Clean<T> = [T] extends [never] ? never : [T] extends [undefined] ? never : Camel<NonNullable<T>>

/**
 * What `api.call(name, params)` takes: camelCase path params, query params and body. A member whose
 * own fields are all optional (a list's query) may be left out, and so may the whole argument.
 */
export type ApiParams<N extends OperationName> = OptionalWhenEmpty<
  DropNever<{
    path: Clean<PathOf<OpOf<N>>>
    query: Clean<QueryOf<OpOf<N>>>
    body: Clean<BodyOf<OpOf<N>>>
  }>
>

type OptionalWhenEmpty<T> = Flat<
  { [K in keyof T as object extends T[K] ? K : never]?: T[K] } & {
    [K in keyof T as object extends T[K] ? never : K]: T[K]
  }
>
type Flat<T> = { [K in keyof T]: T[K] }

type DropNever<T> = { [K in keyof T as [T[K]] extends [never] ? never : K]: T[K] }

type TwoXXBody<R> = {
  [S in keyof R]: S extends 200 | 201 | 202 | 204
    ? R[S] extends { content: infer C }
      ? C[keyof C]
      : undefined
    : never
}[keyof R]

// A few operations (device auth and token, support bundle downloads) only declare a `default`
// response with untyped content: their success body is `unknown` rather than `never`.
type DefaultBody<R> = R extends { default: { content: infer C } } ? C[keyof C] : never

type SuccessBody<O> = O extends { responses: infer R }
  ? [TwoXXBody<R>] extends [never]
    ? DefaultBody<R>
    : TwoXXBody<R>
  : never

/** The camelCase, Date-converted success body of an operation (undefined for 204). */
export type ApiResponse<N extends OperationName> = Camel<SuccessBody<OpOf<N>>>

/** Operations whose success body is a results page `{ items, next_page }`. */
export type ListOperationName = {
  [N in OperationName]: ApiResponse<N> extends { items: unknown[]; nextPage?: unknown } ? N : never
}[OperationName]

export type ListItem<N extends ListOperationName> = ApiResponse<N> extends { items: (infer I)[] } ? I : never

/** Error body of the API, camelCase (spec section 3: message, errorCode, statusCode, requestId). */
export type ApiErrorBody = { requestId: string; errorCode?: string | null; message: string }

/**
 * Result of every call (spec section 7): success; error (non-OK status, parsed body);
 * client_error (the body was not valid JSON, or the request never got a response). A failure names
 * its call (`op`), so what shows it (a form, a toast) words it by the call that failed, whichever of
 * several calls that was.
 */
export type ApiResult<T> =
  | { type: 'success'; data: T; response: Response }
  | { type: 'error'; op: OperationName; data: ApiErrorBody & { statusCode: number }; response: Response }
  | {
      type: 'client_error'
      op: OperationName
      error: Error
      text: string
      response?: Response
      network: boolean
      /**
       * With `network`: the browser said it was online when the request left, so it may have reached
       * the server (a write may have been done though the link is gone now).
       */
      sentOnline?: boolean
    }

/** The failed branches of a result (what the error catalogue, src/api/errors.ts, takes). */
export type ApiFailure = Exclude<ApiResult<unknown>, { type: 'success' }>

// Common resource aliases, all derived from the contract.
export type Instance = Schema<'Instance'>
export type InstanceState = Schemas['InstanceState']
export type Disk = Schema<'Disk'>
export type DiskState = Schemas['DiskState']['state']
export type Project = Schema<'Project'>
export type Snapshot = Schema<'Snapshot'>
export type Image = Schema<'Image'>
export type Vpc = Schema<'Vpc'>
export type FloatingIp = Schema<'FloatingIp'>
export type SiloRole = Schemas['SiloRole']
export type CurrentUser = Schema<'CurrentUser'>
export type Group = Schema<'Group'>
export type SshKey = Schema<'SshKey'>
export type Silo = Schema<'Silo'>
export type IpPool = Schema<'IpPool'>
export type Sled = Schema<'Sled'>
