// The one form hook (issue 10): values, field props, validation by the generated schemas
// (src/forms/validation.ts), one submit in flight at a time, and a failed submit that keeps every
// value and puts the catalogue's message (spec 8) on the field it is about. Side-modal forms render it
// through SideModalForm; a full-page form spreads `formProps` on its own <form>.
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { OfflineError } from '../../storage'
import { camelKey, snakeKey } from '../api/casing'
import { toUserError } from '../api/errors'
import type { ApiFailure, ApiResult } from '../api/types'
import { check, type FieldRule } from '../forms/validation'
import { T } from '../strings'
import { type DraftValues, useDraft } from './use-draft'

export type FormValues = Record<string, unknown>
type Key<V> = keyof V & string
type FieldErrors<V> = Partial<Record<Key<V>, string>>

/** Thrown by a `submit` that failed without an ApiResult: the message goes on `field` or the form. */
export class FormError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

export interface UseFormOptions<V extends FormValues, R> {
  /** Names the form: its DOM id prefix and its draft key (spec'd per form, e.g. `ssh-key-create`). */
  id: string
  initial: V
  /** Per-field rules; each carries a generated schema and the spec's message. */
  rules?: { [K in Key<V>]?: FieldRule<V[K]> }
  /** Rules that depend on more than one field (e.g. a file only when the source is "upload"). */
  check?: (values: V) => FieldErrors<V>
  /** Called once the values are valid; false holds the submit back (e.g. a second confirmation step). */
  beforeSubmit?: (values: V) => boolean
  /** Sends the values. A failed ApiResult or a thrown error keeps the form open with the message. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a submit with no ApiResult to report just resolves
  submit: (values: V) => Promise<ApiResult<R> | undefined | void>
  /**
   * After a successful send. `away`: the form was closed while its request was on the wire (Cancel
   * and Close stay usable), so what it would do next on screen (go to the new resource, close) must
   * not happen; what it says (a toast) still should.
   */
  onSuccess?: (data: R | undefined, values: V, outcome: { away: boolean }) => void
  /** A send that failed after the form was closed: nowhere is left to show it but a toast. */
  onFailedAway?: (message: string) => void
  /**
   * Keep the values across a 401 sign-in round trip (useDraft). Password-like, file and binary values
   * are never stored. A function vets what comes back (e.g. a role that is still offered).
   */
  draft?: boolean | ((saved: Partial<V>) => Partial<V>)
  /** The field an ObjectAlreadyExists answer is about; `name` when the form has one. */
  nameField?: Key<V>
}

/** Props for FormField's TextField/TextArea/Select (they derive aria-invalid and aria-describedby). */
export interface FieldProps {
  id: string
  name: string
  value: string
  error: string | undefined
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void
  onBlur: () => void
}

export interface Form<V extends FormValues> {
  values: V
  set: <K extends Key<V>>(key: K, value: V[K]) => void
  field: (key: Key<V>) => FieldProps
  /** Raw props for a bare control: the same wiring FormField gives its controls. */
  control: (key: Key<V>) => {
    id: string
    name: string
    onBlur: () => void
    'aria-invalid': true | undefined
    'aria-describedby': string | undefined
  }
  /** The message shown for a field now (after leaving it changed, or after a submit attempt). */
  error: (key: Key<V>) => string | undefined
  formError: string | undefined
  /** What the side modal's error summary lists: shown field errors after a submit, then the form error. */
  summary: string[]
  submitting: boolean
  formProps: { id: string; noValidate: true; onSubmit: (e?: FormEvent) => void }
  /** Submits as the form would (for submit buttons outside the <form>). */
  submit: () => void
}

const FIELD_PATH = /^unable to parse (?:JSON )?body:\s*([A-Za-z_]\w*)/i
const words = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The form field a 400 is about, when it can be told: the field path of a body parse error, or the
 * one field whose name the message mentions ("Failed to parse public key" -> publicKey).
 */
export function fieldOfMessage(message: string, fields: readonly string[]): string | undefined {
  const path = FIELD_PATH.exec(message)?.[1]
  if (path && fields.includes(camelKey(path))) return camelKey(path)
  const named = fields.filter((f) => {
    return new RegExp(`\\b(${escapeRe(words(f))}|${escapeRe(snakeKey(f))})\\b`, 'i').test(message)
  })
  return named.length === 1 ? named[0] : undefined
}

/**
 * Where a failed call's catalogue message goes: a field of the form, or the form itself. The failure
 * names its call, so a form that sends several words the one that failed.
 */
export function placeFailure(
  failure: ApiFailure,
  fields: readonly string[],
  nameField: string | undefined,
): { field?: string; message: string } {
  const { message, errorCode, statusCode } = toUserError(failure.op, failure)
  if (errorCode === 'ObjectAlreadyExists' && nameField && fields.includes(nameField))
    return { field: nameField, message }
  if (statusCode === 400 && failure.type === 'error') {
    const field = fieldOfMessage(failure.data.message, fields)
    if (field) return { field, message }
  }
  return { message }
}

function sameKind(a: unknown, b: unknown): boolean {
  return a === null || b === null ? a === b : typeof a === typeof b
}

export function useForm<V extends FormValues, R = unknown>(opts: UseFormOptions<V, R>): Form<V> {
  const domId = `${opts.id}-${useId().replace(/:/g, '')}`
  const [values, setValues] = useState<V>(opts.initial)
  const [touched, setTouched] = useState<Partial<Record<Key<V>, true>>>({})
  // The fields given a value in this form (typed, picked): only leaving one of those shows its message.
  const edited = useRef(new Set<string>())
  const [attempted, setAttempted] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors<V>>({})
  const [formError, setFormError] = useState<string>()
  const [submitting, setSubmitting] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)
  const inFlight = useRef(false)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const latest = useRef(opts)
  latest.current = opts
  const valuesRef = useRef(values)
  valuesRef.current = values

  const draftOpt = opts.draft
  useDraft(draftOpt ? opts.id : `${opts.id}:no-draft`, draftOpt ? (values as DraftValues) : {}, (saved) => {
    if (!draftOpt) return
    const initial = latest.current.initial
    const typed: Partial<V> = {}
    for (const k of Object.keys(initial) as Key<V>[])
      if (k in saved && sameKind(saved[k], initial[k])) typed[k] = saved[k] as V[Key<V>]
    const kept = typeof draftOpt === 'function' ? draftOpt(typed) : typed
    setValues((cur) => ({ ...cur, ...kept }))
  })

  const clientErrors = (vals: V): FieldErrors<V> => {
    const out: FieldErrors<V> = {}
    const { rules = {}, check: cross } = latest.current
    for (const k of Object.keys(rules) as Key<V>[]) {
      const rule = (rules as Record<string, FieldRule<unknown> | undefined>)[k]
      const msg = rule ? check(rule, vals[k]) : undefined
      if (msg) out[k] = msg
    }
    return { ...out, ...cross?.(vals) }
  }
  const errors = { ...clientErrors(values), ...serverErrors }
  const keys = Object.keys(opts.initial) as Key<V>[]
  const shown = (k: Key<V>) => (attempted || touched[k] || serverErrors[k] ? errors[k] : undefined)

  const set = useCallback(<K extends Key<V>>(key: K, value: V[K]) => {
    edited.current.add(key)
    setValues((cur) => ({ ...cur, [key]: value }))
    // A server's word on a field is about the value it was sent: a new value drops it.
    setServerErrors((cur) => {
      if (!(key in cur)) return cur
      const { [key]: _gone, ...rest } = cur
      return rest as FieldErrors<V>
    })
  }, [])

  // Passing through a field without changing it (the form opens with focus in its first field) says
  // nothing yet; a submit attempt shows every message.
  const blur = (key: Key<V>) => {
    if (edited.current.has(key)) setTouched((cur) => (cur[key] ? cur : { ...cur, [key]: true }))
  }

  async function submit() {
    if (inFlight.current) return
    const vals = valuesRef.current
    setAttempted(true)
    setFormError(undefined)
    setServerErrors({})
    if (Object.keys(clientErrors(vals)).length > 0) {
      setFocusRequest((n) => n + 1)
      return
    }
    if (latest.current.beforeSubmit?.(vals) === false) return
    inFlight.current = true
    setSubmitting(true)
    const { nameField = 'name' in vals ? 'name' : undefined } = latest.current
    let failed: { field?: string; message: string } | undefined
    let data: R | undefined
    try {
      const result = await latest.current.submit(vals)
      if (result && result.type !== 'success') failed = placeFailure(result, keys, nameField)
      else data = result?.data
    } catch (e) {
      failed =
        e instanceof FormError
          ? { message: e.message, ...(e.field ? { field: e.field } : {}) }
          : { message: e instanceof OfflineError ? T.offline : e instanceof Error ? e.message : String(e) }
    } finally {
      inFlight.current = false
      setSubmitting(false)
    }
    const away = !mounted.current
    if (!failed) {
      latest.current.onSuccess?.(data, vals, { away })
      return
    }
    const { field, message } = failed
    if (away) {
      latest.current.onFailedAway?.(message)
      return
    }
    if (field && keys.includes(field as Key<V>)) {
      setServerErrors({ [field]: message } as FieldErrors<V>)
      setFocusRequest((n) => n + 1)
    } else setFormError(message)
  }

  // Focus the first invalid control, in document order, after a failed submit.
  useEffect(() => {
    if (focusRequest === 0) return
    const form = document.getElementById(domId)
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
    first?.focus()
  }, [focusRequest, domId])

  const fieldId = (k: string) => `${domId}-${k}`
  const summary = [
    ...(attempted ? keys.map((k) => shown(k)).filter((m): m is string => Boolean(m)) : []),
    ...(formError ? [formError] : []),
  ]

  return {
    values,
    set,
    field: (key) => ({
      id: fieldId(key),
      name: key,
      value: String(values[key] ?? ''),
      error: shown(key),
      onChange: (e) => set(key, e.target.value as V[typeof key]),
      onBlur: () => blur(key),
    }),
    control: (key) => ({
      id: fieldId(key),
      name: key,
      onBlur: () => blur(key),
      'aria-invalid': shown(key) ? true : undefined,
      'aria-describedby': shown(key) ? `${fieldId(key)}-error` : undefined,
    }),
    error: shown,
    formError,
    summary,
    submitting,
    formProps: {
      id: domId,
      noValidate: true,
      onSubmit: (e) => {
        e?.preventDefault()
        void submit()
      },
    },
    submit: () => void submit(),
  }
}
