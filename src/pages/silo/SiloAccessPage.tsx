// Silo access (GET/PUT /v1/policy): role assignments on the signed-in user's silo.
import { AccessScreen, usePolicy } from '../../forms/access'
import { ASSIGNABLE_ROLES } from '../../util/roles'

export default function SiloAccessPage() {
  const { policy, io } = usePolicy('silo')
  return <AccessScreen level="silo" scopeLabel="this silo" policy={policy} io={io} roles={ASSIGNABLE_ROLES} />
}
