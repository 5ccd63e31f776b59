// A route under /projects/{project} for a project that does not exist is Page not found (spec
// section 2, issue 10), not the project's screens with an error box under a sidebar for it.
import { type ReactNode, useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { getCacheScope, subscribeCacheScope, useResource } from '../../storage'
import { NotFoundPage } from '../pages/NotFoundPage'

/** Reports whether the API says the project is not there (a 404, ObjectNotFound). */
function ProjectProbe({ project, onMissing }: { project: string; onMissing: (missing: boolean) => void }) {
  const view = useResource('projectView', { path: { project } })
  // Only an answer from the server decides: offline with nothing cached the error stays unset, so the
  // page shows its cached data or the offline state instead of claiming the project is gone.
  const missing = view.error?.kind === 'not_found'
  useEffect(() => onMissing(missing), [missing, onMissing])
  return null
}

export function ProjectGuard({ project, children }: { project: string | null; children: ReactNode }) {
  // The project is read only once the user (the cache scope) is known, like the pages under it: on a
  // first visit the layout waits for /v1/me, so the project is fetched once, into the user's cache.
  const scopeKnown = useSyncExternalStore(subscribeCacheScope, getCacheScope, getCacheScope) !== null
  const [missing, setMissing] = useState<string | null>(null)
  const onMissing = useCallback(
    (m: boolean) => setMissing((cur) => (m ? project : cur === project ? null : cur)),
    [project],
  )
  const isMissing = project !== null && missing === project
  return (
    <>
      {project !== null && scopeKnown && (
        <ProjectProbe key={project} project={project} onMissing={onMissing} />
      )}
      {isMissing ? <NotFoundPage /> : children}
    </>
  )
}
