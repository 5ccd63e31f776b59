// SAML sign-in (spec section 7: POST /login/{silo}/saml/{provider}). The POST goes through a real
// form submission because the provider's answer is a redirect the browser must follow itself.
import { type FormEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import { useSearch } from 'wouter'
import { safeRedirect } from '../../api/client'
import { paths, withSearch } from '../../paths'
import { useRouteParams } from '../../route-context'
import { pendingLogout, retryPendingLogout, sessionReplaced } from '../../session'
import { T } from '../../strings'

export default function LoginSamlPage() {
  const { silo, provider } = useRouteParams('silo', 'provider')
  const redirectUri = safeRedirect(new URLSearchParams(useSearch()).get('redirect_uri'))
  const [blocked, setBlocked] = useState(false)
  // The same URL as this page: a POST there starts the provider's sign-in (the server proxies it).
  const action = withSearch(
    paths.loginSaml({ silo, provider }),
    new URLSearchParams({ redirect_uri: redirectUri }),
  )

  // The provider's answer comes back as a fresh page load: a sign-out still pending then would end
  // the new session at start. So the old session must be ended first; until it is, no SAML sign-in.
  function submit(e: FormEvent<HTMLFormElement>) {
    if (!pendingLogout()) return
    e.preventDefault()
    const form = e.currentTarget
    void retryPendingLogout().then((ended) => {
      setBlocked(!ended)
      if (!ended) return
      sessionReplaced()
      form.submit()
    })
  }

  return (
    <form method="post" action={action} onSubmit={submit} className={css({ display: 'grid', gap: '5' })}>
      <div>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Sign in</h1>
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
          Silo <strong>{silo}</strong> uses single sign-on.
        </p>
      </div>
      {blocked && (
        <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm' })}>
          {T.previousSessionNotEnded}
        </p>
      )}
      <button type="submit" className={button({ variant: 'primary' })}>
        Sign in with {provider}
      </button>
    </form>
  )
}
