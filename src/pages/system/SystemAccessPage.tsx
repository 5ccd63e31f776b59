// System (fleet) access (GET/PUT /v1/system/policy): readable by fleet viewers, changeable by fleet
// admins. Identities from other silos are shown by id (the user and group lists are the silo's).
import { mutate, useResource } from '../../../storage'
import { api } from '../../api/client'
import type { ApiParams } from '../../api/types'
import { AccessScreen, type PolicyIo } from '../../forms/access'
import { ASSIGNABLE_ROLES } from '../../util/roles'

type Body = ApiParams<'systemPolicyUpdate'>['body']

const io: PolicyIo = {
  viewOp: 'systemPolicyView',
  updateOp: 'systemPolicyUpdate',
  fetch: () => api.call('systemPolicyView', {}),
  save: (assignments) =>
    mutate(
      'systemPolicyUpdate',
      { body: { roleAssignments: assignments } as Body },
      { invalidates: [{ endpoint: 'systemPolicyView' }] },
    ),
}

export default function SystemAccessPage() {
  const policy = useResource('systemPolicyView', {})
  return (
    <AccessScreen level="system" scopeLabel="the fleet" policy={policy} io={io} roles={ASSIGNABLE_ROLES} />
  )
}
