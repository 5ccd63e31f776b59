// System (fleet) access (GET/PUT /v1/system/policy): readable by fleet viewers, changeable by fleet
// admins. Identities from other silos are shown by id (the user and group lists are the silo's).
import { AccessScreen, usePolicy } from '../../forms/access'
import { ASSIGNABLE_ROLES } from '../../util/roles'

export default function SystemAccessPage() {
  const { policy, io } = usePolicy('system')
  return (
    <AccessScreen level="system" scopeLabel="the fleet" policy={policy} io={io} roles={ASSIGNABLE_ROLES} />
  )
}
