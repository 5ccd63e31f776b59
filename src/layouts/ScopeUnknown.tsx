// What the signed-in layout shows while nobody is known in this tab (no cache scope): offline, the
// question whose cached data this is; online, why /v1/me could not say who is signed in. Rare screens:
// AuthLayout loads this module when one is needed (the service worker precaches it for offline use).
import { useId } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import type { QueryResult } from '../../storage'
import type { CurrentUser } from '../api/types'
import { continueAsRemembered, signOut } from '../session'
import { S, T } from '../strings'
import { QueryError } from '../ui/QueryError'

/**
 * A new browser session opened offline on a device that holds a user's cache: nobody can check who
 * is at the keyboard, so the data shows only when they say it is theirs (issue 9, shared laptops).
 */
export function WhoseDataPrompt({ name }: { name: string }) {
  const titleId = useId()
  return (
    <section
      aria-labelledby={titleId}
      className={css({ maxW: 'xl', mx: 'auto', mt: '16', display: 'grid', gap: '4' })}
    >
      <h1 id={titleId} className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>
        {T.cachedForTitle(name)}
      </h1>
      <p className={css({ color: 'fg.muted' })}>{T.cachedForBody(name)}</p>
      <div className={css({ display: 'flex', gap: '3' })}>
        <button
          type="button"
          className={button({ variant: 'primary' })}
          onClick={() => continueAsRemembered()}
        >
          {T.continueAs(name)}
        </button>
        <button type="button" className={button({ variant: 'secondary' })} onClick={() => void signOut()}>
          {S.signOut}
        </button>
      </div>
    </section>
  )
}

/**
 * /v1/me failed (a 5xx, an unreadable answer): the catalogue's message and a way to ask again, not a
 * skeleton that never ends.
 */
export function WhoIsSignedInFailed({ me }: { me: Pick<QueryResult<CurrentUser>, 'error' | 'refresh'> }) {
  if (!me.error) return null
  return (
    <div className={css({ display: 'grid', gap: '4', justifyItems: 'center' })}>
      <QueryError error={me.error} />
      <button type="button" className={button({ variant: 'secondary' })} onClick={() => void me.refresh()}>
        {T.tryAgain}
      </button>
    </div>
  )
}
