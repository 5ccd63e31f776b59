// Deleting a row of a list that has no lifecycle machine (projects, SSH keys, tokens): the row leaves
// every cached page at once, the list is refetched, and a toast says it is done. A refusal rejects,
// so the confirm dialog shows the API's message (spec 4, interface behaviours).
import { mutate } from '../../storage'
import { unwrap } from '../api/errors'
import type { ApiParams, ListOperationName, OperationName } from '../api/types'
import { toast } from '../components/toast-queue'
import type { Kind } from './kinds'
import { toastDeleted } from './row-actions'

export async function deleteListed<N extends OperationName>(
  op: N,
  params: ApiParams<N>,
  row: { id: string; list: ListOperationName },
  done?: string,
): Promise<void> {
  unwrap(await mutate(op, params, { removes: { id: row.id }, invalidates: [{ endpoint: row.list }] }))
  if (done) toast.success(done)
}

/**
 * The delete of a list's row: `params` names the row to the API, and the toast says "<kind> <name>
 * deleted" ("Project web deleted").
 */
export function rowDelete<N extends OperationName, R extends { id: string; name: string }>(
  kind: Kind,
  op: N,
  list: ListOperationName,
  params: (row: R) => ApiParams<N>,
): (row: R) => Promise<void> {
  return async (row) => {
    await deleteListed(op, params(row), { id: row.id, list })
    toastDeleted(kind, row.name)
  }
}
