// "Something went wrong" (spec section 8, "Any other error"): the error is logged by the boundary.
import { S } from '../strings'
import { StatusPage } from './NotFoundPage'

export function ErrorPage({ error }: { error?: Error }) {
  void error
  return <StatusPage title={S.errorTitle} body={S.errorBody} />
}

/** Spec section 8's default error page, for a render error outside every route (the app's own): the
 * error's message as text, or the catalogue's body when it has none. */
export function UnexpectedErrorPage({ error }: { error: Error }) {
  return <StatusPage title={S.unexpectedAppError} body={error.message || S.errorBody} />
}
