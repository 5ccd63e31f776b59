// The system screens need a role on the fleet (issue 15): a user without one gets the 403 page
// ("Action not authorized", spec sections 6 and 8) for the whole screen, not a layout of empty tables
// with an error each. The fleet policy is the probe: reading it needs a fleet viewer. Only the
// server's answer decides: offline with nothing cached, the screens show their offline state.
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react'
import { getCacheScope, subscribeCacheScope, useResource } from '../../storage'
import { StatusPage } from '../pages/NotFoundPage'
import { S, T } from '../strings'
import { NoGroupNotice } from '../ui/QueryError'

function FleetProbe({ onForbidden }: { onForbidden: (forbidden: boolean) => void }) {
  const policy = useResource('systemPolicyView', {})
  const forbidden = !policy.data && policy.error?.kind === 'forbidden'
  useEffect(() => onForbidden(forbidden), [forbidden, onForbidden])
  return null
}

export function FleetGuard({ active, children }: { active: boolean; children: ReactNode }) {
  // Read once the user (the cache scope) is known, like the pages under it. The probe is a sibling,
  // so the screens below keep their place in the tree while it loads.
  const scopeKnown = useSyncExternalStore(subscribeCacheScope, getCacheScope, getCacheScope) !== null
  const [forbidden, setForbidden] = useState(false)
  return (
    <>
      {active && scopeKnown && <FleetProbe onForbidden={setForbidden} />}
      {active && forbidden ? (
        <StatusPage title={S.notAuthorized} body={T.fleetRoleNeeded}>
          <NoGroupNotice />
        </StatusPage>
      ) : (
        children
      )}
    </>
  )
}

/**
 * Whether the user may see the system screens, as the user's own record says (nexus.json CurrentUser
 * `fleet_viewer`, read by the shell anyway): a silo-only user's console does not ask on every page
 * for a fleet policy the server would refuse.
 */
export function useFleetVisible(): boolean {
  return useResource('currentUserView', {}).data?.fleetViewer === true
}
