// Silo access (GET/PUT /v1/policy): role assignments on the signed-in user's silo.
import { mutate, useResource } from '../../../storage'
import { api } from '../../api/client'
import type { ApiParams } from '../../api/types'
import { AccessScreen, type PolicyIo } from '../../forms/access'
import { ASSIGNABLE_ROLES } from '../../util/roles'

type Body = ApiParams<'policyUpdate'>['body']

const io: PolicyIo = {
  viewOp: 'policyView',
  updateOp: 'policyUpdate',
  fetch: () => api.call('policyView', {}),
  save: (assignments) =>
    mutate(
      'policyUpdate',
      { body: { roleAssignments: assignments } as Body },
      { invalidates: [{ endpoint: 'policyView' }] },
    ),
}

export default function SiloAccessPage() {
  const policy = useResource('policyView', {})
  return <AccessScreen level="silo" scopeLabel="this silo" policy={policy} io={io} roles={ASSIGNABLE_ROLES} />
}
