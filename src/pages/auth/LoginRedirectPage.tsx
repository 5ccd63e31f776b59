// `/login` alone goes to the default silo's local login page, carrying redirect_uri (issue 6).
import { Redirect, useSearch } from 'wouter'

/** The silo whose login page `/login` opens; a deployment can point it elsewhere at build time. */
export const DEFAULT_SILO = import.meta.env.VITE_DEFAULT_SILO ?? 'default-silo'

export default function LoginRedirectPage() {
  const redirectUri = new URLSearchParams(useSearch()).get('redirect_uri')
  const query = redirectUri ? `?${new URLSearchParams({ redirect_uri: redirectUri })}` : ''
  return <Redirect to={`/login/${DEFAULT_SILO}/local${query}`} replace />
}
