// "Something went wrong" (spec section 8, "Any other error"): the error is logged by the boundary.
import { S } from '../strings'
import { StatusPage } from './NotFoundPage'

export function ErrorPage({ error }: { error?: Error }) {
  void error
  return <StatusPage title={S.errorTitle} body={S.errorBody} />
}
