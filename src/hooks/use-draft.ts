// Unsaved form input across a sign-in round trip (issue 9). When the session expires while a form is
// open, the 401 handler (session.ts) saves what every open form holds, before it wipes the cache and
// sends the user to login; when the same user lands back on the same path, the form takes its values
// back and the saved copy is deleted. Drafts live in sessionStorage (this tab only, gone with the
// browser session) and are keyed by the cache scope, so another user signing in never sees them.
import { useEffect, useRef } from 'react'
import { getCacheScope } from '../../storage'

export type DraftValues = Record<string, unknown>

const DRAFT_PREFIX = 'rack-console:draft:'

/** formId -> the latest values of that form, for every form mounted right now. */
const openForms = new Map<string, () => DraftValues>()

// A secret typed into a form must never reach storage: fields named like one are dropped.
const SECRET_KEY = /pass(word|phrase)?|secret|private/i

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined
  } catch {
    return undefined
  }
}

function draftKey(owner: string, path: string): string {
  return `${DRAFT_PREFIX}${JSON.stringify([owner, path])}`
}

function ownerOf(key: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(key.slice(DRAFT_PREFIX.length))
    return Array.isArray(parsed) && typeof parsed[0] === 'string' ? parsed[0] : undefined
  } catch {
    return undefined
  }
}

const isBinary = (v: unknown) =>
  (typeof Blob !== 'undefined' && v instanceof Blob) ||
  (typeof FileList !== 'undefined' && v instanceof FileList) ||
  v instanceof ArrayBuffer ||
  ArrayBuffer.isView(v)

/**
 * What of a form's values may be stored: plain data only. Password-like fields, files and other
 * binary values are left out (a file cannot be restored anyway; the user picks it again).
 */
export function draftable(values: DraftValues): DraftValues {
  const out: DraftValues = {}
  for (const [key, value] of Object.entries(values)) {
    if (SECRET_KEY.test(key)) continue
    const kept = keep(value)
    if (kept !== undefined) out[key] = kept
  }
  return out
}

function keep(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (isBinary(value) || typeof value !== 'object') return undefined
  if (Array.isArray(value)) return value.map(keep).filter((v) => v !== undefined)
  if (Object.getPrototypeOf(value) !== Object.prototype) return undefined
  return draftable(value as DraftValues)
}

/** The current location as redirect_uri carries it (path plus query). */
export function currentPath(): string {
  const loc = globalThis.location
  return loc ? `${loc.pathname}${loc.search}` : '/'
}

/**
 * Saves the values of every open form for `owner` (the cache scope) at `path`. Called by the 401
 * handler before the wipe; a full or missing sessionStorage only means nothing is kept.
 */
export function saveOpenDrafts(owner: string | null, path: string = currentPath()): void {
  const store = storage()
  if (!owner || !store || openForms.size === 0) return
  const forms: Record<string, DraftValues> = {}
  for (const [formId, read] of openForms) {
    const values = read()
    if (Object.keys(values).length > 0) forms[formId] = values
  }
  if (Object.keys(forms).length === 0) return
  try {
    store.setItem(draftKey(owner, path), JSON.stringify(forms))
  } catch {
    // Quota or privacy mode: losing a draft is what happened before drafts existed.
  }
}

/** Deletes every saved draft that does not belong to `owner` (null: all of them). */
export function discardDraftsExcept(owner: string | null): void {
  const store = storage()
  if (!store) return
  const keys: string[] = []
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i)
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key)
  }
  for (const key of keys) if (owner === null || ownerOf(key) !== owner) store.removeItem(key)
}

/** Registers an open form's value reader (useDraft does this on mount); returns the unregister. */
export function registerOpenForm(formId: string, read: () => DraftValues): () => void {
  const wrapped = () => draftable(read())
  openForms.set(formId, wrapped)
  return () => {
    if (openForms.get(formId) === wrapped) openForms.delete(formId)
  }
}

/** Takes (reads and deletes) one form's saved values. */
export function takeDraft(owner: string, path: string, formId: string): DraftValues | undefined {
  const store = storage()
  if (!store) return undefined
  const key = draftKey(owner, path)
  let forms: Record<string, DraftValues>
  try {
    forms = JSON.parse(store.getItem(key) ?? 'null') ?? {}
  } catch {
    store.removeItem(key)
    return undefined
  }
  const values = forms[formId]
  if (values === undefined) return undefined
  delete forms[formId]
  if (Object.keys(forms).length === 0) store.removeItem(key)
  else store.setItem(key, JSON.stringify(forms))
  return values && typeof values === 'object' ? values : undefined
}

/**
 * Registers an open form so its `values` survive a session expiry, and hands a saved draft for this
 * user and path back through `restore` once, on mount. The values given to `restore` come from
 * storage: check their types before use. Never pass passwords or files in `values` (they are dropped
 * anyway).
 */
export function useDraft<T extends DraftValues>(
  formId: string,
  values: T,
  restore: (saved: Partial<T>) => void,
): void {
  const latest = useRef(values)
  latest.current = values
  const restoreRef = useRef(restore)
  restoreRef.current = restore

  useEffect(() => {
    const owner = getCacheScope()
    const saved = owner ? takeDraft(owner, currentPath(), formId) : undefined
    if (saved) restoreRef.current(saved as Partial<T>)
    return registerOpenForm(formId, () => latest.current)
  }, [formId])
}
