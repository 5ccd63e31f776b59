// Local login (spec sections 2 and 7: POST /v1/login/{silo}/local). A wrong password shows a clear
// error and keeps the username; success goes to the same-origin redirect_uri or /projects.
import { type FormEvent, useId, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import { useLocation, useSearch } from 'wouter'
import { api, safeRedirect } from '../../api/client'
import { toUserError } from '../../api/errors'
import { TextField } from '../../components/FormField'
import { useRouteParams } from '../../route-context'
import { adoptUser, holdLogoutRetries, retryPendingLogout, sessionReplaced } from '../../session'

export const LOGIN_FAILED = 'Could not sign in. Check the username and password and try again.'

type Credentials = { username: string; password: string }

/** The two fields of the form: both required, both named for the browser's password manager. */
const CREDENTIAL_FIELDS: readonly {
  name: keyof Credentials
  label: string
  type?: 'password'
  autoComplete: string
}[] = [
  { name: 'username', label: 'Username', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
]

export default function LoginLocalPage() {
  const { silo } = useRouteParams('silo')
  const [, navigate] = useLocation()
  const redirectUri = new URLSearchParams(useSearch()).get('redirect_uri')
  const [credentials, setCredentials] = useState<Credentials>({ username: '', password: '' })
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const errorId = useId()
  const passwordField = useRef<HTMLInputElement>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (pending) return
    setPending(true)
    setError(null)
    // A sign-out still waiting for the server gets its chance first, so the old session ends
    // rather than being orphaned by the new cookie (that new cookie replaces it here either way).
    await retryPendingLogout()
    holdLogoutRetries()
    const result = await api.call('loginLocal', { path: { siloName: silo }, body: credentials })
    setPending(false)
    if (result.type === 'success') {
      sessionReplaced()
      // Learn who signed in before leaving, so the first screen reads and fills this user's cache
      // at once (and another user's cache on this device is wiped first).
      const me = await api.call('currentUserView', {})
      if (me.type === 'success')
        await adoptUser({ userId: me.data.id, siloId: me.data.siloId, displayName: me.data.displayName })
      // In-app navigation: the cache scope is already this user's, and the in-browser mock (whose
      // sessions live in page memory) keeps the new session.
      navigate(safeRedirect(redirectUri, window.location.origin), { replace: true })
      return
    }
    setCredentials((c) => ({ ...c, password: '' }))
    // Focus goes where the next try starts (the button it left was busy, not gone).
    passwordField.current?.focus()
    setError(
      result.type === 'error' && result.data.statusCode === 401
        ? LOGIN_FAILED
        : toUserError('loginLocal', result).message,
    )
  }

  return (
    <form
      onSubmit={submit}
      className={css({ display: 'grid', gap: '5' })}
      aria-describedby={error ? errorId : undefined}
    >
      <div>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Sign in</h1>
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
          Silo <strong>{silo}</strong>
        </p>
      </div>
      {CREDENTIAL_FIELDS.map((field) => (
        <TextField
          key={field.name}
          {...field}
          {...(field.name === 'password' ? { ref: passwordField } : {})}
          required
          value={credentials[field.name]}
          onChange={(e) => {
            const { value } = e.target
            setCredentials((c) => ({ ...c, [field.name]: value }))
          }}
        />
      ))}
      {error && (
        <p id={errorId} role="alert" className={css({ color: 'danger.fg', fontSize: 'sm' })}>
          {error}
        </p>
      )}
      {/* aria-disabled, not disabled: a disabled button loses focus, and the keyboard user with it. */}
      <button
        type="submit"
        className={button({ variant: 'primary' })}
        aria-disabled={pending || undefined}
        aria-busy={pending}
      >
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  )
}
