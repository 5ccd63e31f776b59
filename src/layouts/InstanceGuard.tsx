// A route under /projects/{project}/instances/{instance} for an instance that does not exist is Page
// not found (spec section 2), as ProjectGuard does for the project: not an instance page with empty
// tabs and an error box. Meant to sit above the layout like ProjectGuard (for the nodes whose guard is
// 'instance'); the instance page also wraps itself in one, which stands aside when a guard above
// already covers the same instance.
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react'
import { getCacheScope, subscribeCacheScope, useResource } from '../../storage'
import { NotFoundPage } from '../pages/NotFoundPage'
import { instanceViewParams } from '../pages/project/instance/queries'

type Ref = { project: string; instance: string }

/** The instance a guard above already covers (its keyOf), if any. */
const Covered = createContext<string | null>(null)
const keyOf = (r: Ref) => JSON.stringify([r.project, r.instance])

const sameRef = (a: Ref | null, b: Ref | null) =>
  a !== null && b !== null && a.project === b.project && a.instance === b.instance

/** Reports whether the API says the instance is not there (a 404, ObjectNotFound). */
function InstanceProbe({ target, onMissing }: { target: Ref; onMissing: (missing: boolean) => void }) {
  // The same key the instance page reads, so the guard costs no request of its own.
  const view = useResource('instanceView', instanceViewParams(target))
  // Only an answer from the server decides: offline with nothing cached the error stays unset, so the
  // page shows its offline state instead of claiming the instance is gone.
  const missing = view.error?.kind === 'not_found'
  useEffect(() => onMissing(missing), [missing, onMissing])
  return null
}

export function InstanceGuard({
  project,
  instance,
  children,
}: {
  project: string | null
  instance: string | null
  children: ReactNode
}) {
  const scopeKnown = useSyncExternalStore(subscribeCacheScope, getCacheScope, getCacheScope) !== null
  const covered = useContext(Covered)
  const full = project !== null && instance !== null ? { project, instance } : null
  const target = full && keyOf(full) !== covered ? full : null
  const [missing, setMissing] = useState<Ref | null>(null)
  const targetProject = target?.project
  const targetInstance = target?.instance
  const onMissing = useCallback(
    (m: boolean) => {
      if (targetProject === undefined || targetInstance === undefined) return
      const here = { project: targetProject, instance: targetInstance }
      setMissing((cur) => (m ? here : sameRef(cur, here) ? null : cur))
    },
    [targetProject, targetInstance],
  )
  return (
    <Covered.Provider value={target ? keyOf(target) : covered}>
      {target !== null && scopeKnown && (
        <InstanceProbe key={keyOf(target)} target={target} onMissing={onMissing} />
      )}
      {sameRef(missing, target) ? <NotFoundPage /> : children}
    </Covered.Provider>
  )
}
