// SAML sign-in (spec section 7: POST /login/{silo}/saml/{provider}). The POST goes through a real
// form submission because the provider's answer is a redirect the browser must follow itself.
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { useSearch } from 'wouter'
import { useRouteParams } from '../../route-context'
import { safeRedirect } from '../../util/redirect'

export default function LoginSamlPage() {
  const { silo, provider } = useRouteParams('silo', 'provider')
  const redirectUri = safeRedirect(new URLSearchParams(useSearch()).get('redirect_uri'))
  const action = `/login/${encodeURIComponent(silo)}/saml/${encodeURIComponent(provider)}?${new URLSearchParams(
    {
      redirect_uri: redirectUri,
    },
  )}`
  return (
    <form method="post" action={action} className={css({ display: 'grid', gap: '5' })}>
      <div>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Sign in</h1>
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
          Silo <strong>{silo}</strong> uses single sign-on.
        </p>
      </div>
      <button type="submit" className={button({ variant: 'primary' })}>
        Sign in with {provider}
      </button>
    </form>
  )
}
